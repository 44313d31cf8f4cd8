/**
 * Upstream's checks of an uploaded extension schema, once decoded: the extension's name, version and
 * namespace are required, and at least one node kind; every kind, environment kind, principal kind and
 * finding is written with the namespace and an underscore before its name; no kind is defined twice; an
 * environment's kind and principal kinds are declared node kinds, and its source kind is given and is
 * not one of the schema's kinds; a finding's environment and relationship kinds are declared. Then the
 * checks against what is stored: a built-in extension is never replaced, a namespace belongs to one
 * extension, and a kind to one extension. Upstream answers every one with a 400; here each names its field.
 */
import type { ExtensionSchema } from '../../../api/schemas/extensions';
import type { ErrorDetail } from '../../errors';
import type { StoredExtension } from './store';

export function schemaErrors(schema: ExtensionSchema): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  const fail = (context: string, message: string) => errors.push({ context, message });
  const { name, version, namespace } = schema.schema;
  if (name.trim() === '') fail('schema.name', 'graph schema extension name is required');
  if (version.trim() === '') fail('schema.version', 'graph schema extension version is required');
  if (namespace.trim() === '') fail('schema.namespace', 'graph schema extension namespace is required');
  if (schema.node_kinds.length === 0) fail('node_kinds', 'graph schema node kinds are required');

  const prefix = `${namespace}_`;
  const prefixed = (kind: string) => namespace.trim() !== '' && kind.startsWith(prefix);
  const missingPrefix = (what: string, kind: string) =>
    `graph schema ${what} ${kind === '' ? '(no name)' : kind} is missing extension namespace prefix ${prefix}`;

  const nodeKinds = new Set<string>();
  const relationshipKinds = new Set<string>();
  schema.node_kinds.forEach((kind, i) => {
    const at = `node_kinds.${i}.name`;
    if (!prefixed(kind.name)) fail(at, missingPrefix('kind', kind.name));
    else if (nodeKinds.has(kind.name)) fail(at, `duplicate graph kinds: ${kind.name}`);
    nodeKinds.add(kind.name);
  });
  schema.relationship_kinds.forEach((kind, i) => {
    const at = `relationship_kinds.${i}.name`;
    if (!prefixed(kind.name)) fail(at, missingPrefix('edge kind', kind.name));
    else if (relationshipKinds.has(kind.name) || nodeKinds.has(kind.name)) fail(at, `duplicate graph kinds: ${kind.name}`);
    relationshipKinds.add(kind.name);
  });
  schema.environments.forEach((env, i) => {
    const at = `environments.${i}`;
    if (!prefixed(env.environment_kind)) fail(`${at}.environment_kind`, missingPrefix('environment kind', env.environment_kind));
    else if (!nodeKinds.has(env.environment_kind)) {
      fail(`${at}.environment_kind`, `graph schema environment ${env.environment_kind} not declared as a node kind`);
    }
    if (env.source_kind.trim() === '') fail(`${at}.source_kind`, 'graph schema environment source kind cannot be empty');
    else if (nodeKinds.has(env.source_kind)) {
      fail(`${at}.source_kind`, `graph schema environment source kind ${env.source_kind} should not be declared as a node kind`);
    } else if (relationshipKinds.has(env.source_kind)) {
      fail(
        `${at}.source_kind`,
        `graph schema environment source kind ${env.source_kind} should not be declared as a relationship kind`,
      );
    }
    env.principal_kinds.forEach((kind, j) => {
      const kindAt = `${at}.principal_kinds.${j}`;
      if (!prefixed(kind)) fail(kindAt, missingPrefix('environment principal kind', kind));
      else if (!nodeKinds.has(kind)) fail(kindAt, `graph schema environment principal kind ${kind} not declared node kind`);
    });
  });
  schema.relationship_findings.forEach((finding, i) => {
    const at = `relationship_findings.${i}`;
    if (!prefixed(finding.name)) fail(`${at}.name`, missingPrefix('relationship finding', finding.name));
    if (!prefixed(finding.environment_kind)) {
      fail(`${at}.environment_kind`, missingPrefix('relationship finding environment kind', finding.environment_kind));
    } else if (!nodeKinds.has(finding.environment_kind)) {
      fail(
        `${at}.environment_kind`,
        `graph schema relationship finding environment kind ${finding.environment_kind} not declared as a node kind`,
      );
    }
    if (!prefixed(finding.relationship_kind)) {
      fail(`${at}.relationship_kind`, missingPrefix('relationship finding relationship kind', finding.relationship_kind));
    } else if (!relationshipKinds.has(finding.relationship_kind)) {
      fail(
        `${at}.relationship_kind`,
        `graph schema relationship finding relationship kind ${finding.relationship_kind} not declared as a relationship kind`,
      );
    }
  });
  return errors;
}

/** The checks against the stored extensions (upstream's database refusals, answered as validation errors). */
export function conflictErrors(schema: ExtensionSchema, stored: readonly StoredExtension[]): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  const same = stored.find((e) => e.name === schema.schema.name);
  if (same?.is_builtin) return [{ context: 'schema.name', message: 'cannot modify a built-in graph extension' }];
  const others = stored.filter((e) => e !== same);
  const byNamespace = others.find((e) => e.namespace === schema.schema.namespace);
  if (byNamespace) {
    errors.push({
      context: 'schema.namespace',
      message: `duplicate graph schema extension namespace: ${schema.schema.namespace} belongs to the extension ${byNamespace.display_name}`,
    });
  }
  const owner = new Map<string, StoredExtension>();
  for (const e of others) for (const k of [...e.node_kinds, ...e.relationship_kinds]) owner.set(k.name, e);
  schema.node_kinds.forEach((kind, i) => {
    const by = owner.get(kind.name);
    if (by) {
      errors.push({
        context: `node_kinds.${i}.name`,
        message: `duplicate schema node kind name: ${kind.name} is defined by the extension ${by.display_name}`,
      });
    }
  });
  schema.relationship_kinds.forEach((kind, i) => {
    const by = owner.get(kind.name);
    if (by) {
      errors.push({
        context: `relationship_kinds.${i}.name`,
        message: `duplicate schema relationship kind name: ${kind.name} is defined by the extension ${by.display_name}`,
      });
    }
  });
  return errors;
}
