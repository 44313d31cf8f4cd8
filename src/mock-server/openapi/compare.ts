/**
 * Compares two OpenAPI 3 documents operation by operation: the mock's own
 * (document.ts) with the upstream reference (reference/openapi-subset.json).
 * Each difference is one finding with a stable key, so the known ones can be
 * listed with their reasons (reference-differences.ts) and anything else fails.
 */

type Json = Record<string, unknown>;

export type FindingKind =
  /** The mock serves an operation the reference lacks. */
  | 'not-in-reference'
  /** A path parameter is named otherwise. */
  | 'path-param'
  /** A query parameter only one document has. */
  | 'query-param'
  /** A query parameter both have, required in one only. */
  | 'query-required'
  /** A top-level property of the 2xx JSON answer only one document has. */
  | 'answer-property'
  /** One document answers JSON with properties, the other something else (no body, a file, a list). */
  | 'answer-shape';

export interface Finding {
  kind: FindingKind;
  /** "GET /api/v2/app-users/{user_id}" as the mock writes it. */
  operation: string;
  /** The parameter or property concerned (absent for whole-operation findings). */
  name?: string;
  /** What differs, for the report. */
  detail: string;
}

/** A finding's key: "kind operation name". */
export const findingKey = (f: Pick<Finding, 'kind' | 'operation' | 'name'>) =>
  [f.kind, f.operation, f.name].filter(Boolean).join(' ');

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** `#/components/x/y` in `doc`. */
function resolve(doc: Json, value: unknown): Json {
  let node = value as Json;
  for (let i = 0; i < 20 && node && typeof node.$ref === 'string'; i++) {
    node = (node.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, part) => (at as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc) as Json;
  }
  return node ?? {};
}

/** `/api/v2/x/{id}/y` → `/api/v2/x/{}/y`: the path's shape, whatever its parameters are named. */
const shapeOf = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

interface Param {
  name: string;
  in: string;
  required: boolean;
}

function parametersOf(doc: Json, item: Json, op: Json): Param[] {
  const all = [...((item.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])].map((p) => resolve(doc, p));
  return all.map((p) => ({ name: String(p.name), in: String(p.in), required: p.required === true }));
}

/**
 * The top-level property names of an operation's 2xx JSON answer; null when
 * it has none (no body, not JSON, not an object with properties).
 */
function answerProperties(doc: Json, op: Json): string[] | null {
  const responses = (op.responses as Json | undefined) ?? {};
  const success = Object.keys(responses).find((status) => /^2\d\d$/.test(status));
  if (!success) return null;
  const content = (resolve(doc, responses[success]).content as Json | undefined) ?? {};
  const json = content['application/json'] as Json | undefined;
  if (!json?.schema) return null;
  const names = new Set<string>();
  const collect = (schema: Json, depth = 0) => {
    const s = resolve(doc, schema);
    for (const key of Object.keys((s.properties as Json | undefined) ?? {})) names.add(key);
    for (const part of [
      ...((s.allOf as Json[]) ?? []),
      ...(depth < 1 ? [...((s.oneOf as Json[]) ?? []), ...((s.anyOf as Json[]) ?? [])] : []),
    ])
      collect(part, depth + 1);
  };
  collect(json.schema as Json);
  return names.size > 0 ? [...names].sort() : null;
}

/** Every difference between the mock's document and the reference, over the mock's operations. */
export function compareWithReference(mock: Json, reference: Json): Finding[] {
  const findings: Finding[] = [];
  const referencePaths = new Map<string, string>();
  for (const path of Object.keys(reference.paths as Json)) referencePaths.set(shapeOf(path), path);

  for (const [path, rawItem] of Object.entries(mock.paths as Json)) {
    const item = rawItem as Json;
    const refPath = referencePaths.get(shapeOf(path));
    const refItem = refPath ? ((reference.paths as Json)[refPath] as Json) : undefined;
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const operation = `${method.toUpperCase()} ${path}`;
      const refOp = refItem?.[method] as Json | undefined;
      if (!refOp || !refItem) {
        findings.push({
          kind: 'not-in-reference',
          operation,
          detail: `the reference has no ${method.toUpperCase()} ${shapeOf(path)}`,
        });
        continue;
      }
      const ours = parametersOf(mock, item, op);
      const theirs = parametersOf(reference, refItem, refOp);

      // Path parameters, in order.
      const ourPath = ours.filter((p) => p.in === 'path').map((p) => p.name);
      const refNames = [...refPath!.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      ourPath.forEach((name, i) => {
        if (refNames[i] !== name) {
          findings.push({ kind: 'path-param', operation, name, detail: `the reference names it {${refNames[i]}}` });
        }
      });

      // Query parameters: names and required-ness.
      const ourQuery = new Map(ours.filter((p) => p.in === 'query').map((p) => [p.name, p]));
      const refQuery = new Map(theirs.filter((p) => p.in === 'query').map((p) => [p.name, p]));
      for (const [name, p] of ourQuery) {
        const r = refQuery.get(name);
        if (!r)
          findings.push({
            kind: 'query-param',
            operation,
            name,
            detail: 'the mock reads it; the reference has no such parameter',
          });
        else if (r.required !== p.required) {
          findings.push({
            kind: 'query-required',
            operation,
            name,
            detail: `required in the ${p.required ? 'mock' : 'reference'} only`,
          });
        }
      }
      for (const name of refQuery.keys()) {
        if (!ourQuery.has(name))
          findings.push({ kind: 'query-param', operation, name, detail: 'the reference has it; the mock does not read it' });
      }

      // The 2xx JSON answer's top-level properties.
      const ourAnswer = answerProperties(mock, op);
      const refAnswer = answerProperties(reference, refOp);
      if (ourAnswer === null || refAnswer === null) {
        if (ourAnswer !== refAnswer) {
          findings.push({
            kind: 'answer-shape',
            operation,
            detail: `answer properties: mock ${ourAnswer?.join(', ') ?? 'none'}; reference ${refAnswer?.join(', ') ?? 'none'}`,
          });
        }
        continue;
      }
      for (const name of ourAnswer) {
        if (!refAnswer.includes(name))
          findings.push({ kind: 'answer-property', operation, name, detail: "in the mock's answer only" });
      }
      for (const name of refAnswer) {
        if (!ourAnswer.includes(name))
          findings.push({ kind: 'answer-property', operation, name, detail: "in the reference's answer only" });
      }
    }
  }
  return findings;
}
