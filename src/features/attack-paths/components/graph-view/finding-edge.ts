/**
 * The relationship kind a relationship finding type follows: upstream names each type after it with the
 * zone's prefix (`T0GenericAll` → GenericAll), but for two whose kind reads otherwise.
 */
const NAMED: Readonly<Record<string, string>> = {
  T0ReadLAPS: 'ReadLAPSPassword',
  T0Sessions: 'HasSession',
};

export function relationshipKindOf(finding: string): string {
  return NAMED[finding] ?? finding.replace(/^T0(?=[A-Z])/, '');
}
