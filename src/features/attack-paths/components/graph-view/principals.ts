import type { CypherNode } from '@/api/schemas/cypher';
import { ZERO_TIME } from '@/api/schemas/wire-format';
import type { DomainFinding } from '@/features/attack-paths/api/attack-paths';

/** One end of a finding: its object id, name (its object id when the graph gives none) and kind. */
export interface Principal {
  id: string;
  name: string;
  kind: string;
}

const nameOf = (props: Readonly<Record<string, unknown>>, id: string) =>
  typeof props.name === 'string' && props.name.trim() ? props.name : id;

export const isRelationshipFinding = (f: DomainFinding): f is Extract<DomainFinding, { FromPrincipal: string }> =>
  'FromPrincipal' in f;

/** A relationship finding's two ends, or a list finding's one principal (as `to`). */
export function principalsOf(f: DomainFinding): { from: Principal | null; to: Principal } {
  if (isRelationshipFinding(f))
    return {
      from: { id: f.FromPrincipal, name: nameOf(f.FromPrincipalProps, f.FromPrincipal), kind: f.FromPrincipalKind },
      to: { id: f.ToPrincipal, name: nameOf(f.ToPrincipalProps, f.ToPrincipal), kind: f.ToPrincipalKind },
    };
  return { from: null, to: { id: f.Principal, name: nameOf(f.Props, f.Principal), kind: f.PrincipalKind } };
}

/** How a finding is named in buttons and messages: "A → B", or the principal. */
export function findingName(f: DomainFinding): string {
  const { from, to } = principalsOf(f);
  return from ? `${from.name} → ${to.name}` : to.name;
}

/** A principal as a node of a drawing, keyed by its object id, when the graph is not asked (a list finding). */
export function principalNode(p: Principal, zoneMember: boolean): CypherNode {
  return {
    label: p.name,
    kind: p.kind,
    kinds: [p.kind],
    objectId: p.id,
    isTierZero: zoneMember,
    isOwnedObject: false,
    lastSeen: ZERO_TIME,
  };
}
