import { operationKey, type Operation } from '../api/operation';
import { OPERATIONS } from '../api/operations';

/**
 * The declared operations by method and path (src/api/operations/): what the access check matches every
 * request against. A request no declaration matches is a 404, whatever routes exist.
 */

/** The declarations' spelling of a request path: the users' path word as they write it. */
const USERS = '/api/v2/app-users';
const UPSTREAM_USERS = '/api/v2/bloodhound-users';

function declaredPath(path: string): string {
  return path === UPSTREAM_USERS || path === `${UPSTREAM_USERS}-minimal` || path.startsWith(`${UPSTREAM_USERS}/`)
    ? USERS + path.slice(UPSTREAM_USERS.length)
    : path;
}

interface Compiled {
  op: Operation;
  segments: readonly string[];
}

const byMethod = new Map<string, Compiled[]>();
const byKey = new Map<string, Operation>();
for (const op of OPERATIONS) {
  const key = operationKey(op);
  if (byKey.has(key)) throw new Error(`${key} is declared twice (in ${byKey.get(key)!.tag} and ${op.tag})`);
  byKey.set(key, op);
  const list = byMethod.get(op.method) ?? [];
  list.push({ op, segments: op.path.split('/') });
  byMethod.set(op.method, list);
}

export interface MatchedRoute {
  op: Operation;
  /** The `{name}` segments of the path, decoded. */
  params: Record<string, string>;
}

/**
 * The declaration a request calls, with its path parameters; literal segments win over `{name}` ones
 * (`/jobs/end` is not `/jobs/{job_id}`). Undefined when no operation has that method and path.
 */
export function matchRoute(method: string, path: string): MatchedRoute | undefined {
  const segments = declaredPath(path).split('/');
  let best: { match: MatchedRoute; literals: number } | undefined;
  for (const { op, segments: pattern } of byMethod.get(method.toUpperCase()) ?? []) {
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    let ok = true;
    for (let i = 0; i < pattern.length && ok; i++) {
      const want = pattern[i]!;
      const got = segments[i]!;
      if (want.startsWith('{')) {
        if (got === '') ok = false;
        else params[want.slice(1, -1)] = safeDecode(got);
      } else if (want === got) literals++;
      else ok = false;
    }
    if (ok && (!best || literals > best.literals)) best = { match: { op, params }, literals };
  }
  return best?.match;
}

/** The declaration of "METHOD path" (as declared), or undefined. */
export const declared = (method: string, path: string): Operation | undefined => byKey.get(`${method} ${path}`);

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
