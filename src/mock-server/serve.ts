import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { ListQuery, ListRequest } from '../api/list-query';
import { isListQuery } from '../api/list-query';
import { isMediaContent, operationKey, type Operation, type OperationSpec, type PathParamNames } from '../api/operation';
import { confirmAccess } from './access';
import type { MockEnv } from './auth';
import { readListQuery } from './list';
import type { MockDb } from './store/db';
import { readJson, readParam, readQuery } from './validate';

/**
 * The mock's one way to serve an operation: `serve(app, db, op, handler)` with its declaration
 * (src/api/operations/). The registration itself
 * - serves the declared path (user paths under both path words, `app` and `bloodhound`);
 * - reads and validates the inputs the declaration names: path parameters by their schemas, the query
 *   (a list's unknown parameters refused first), a JSON body (415, 413, 400 naming each field);
 * - checks the request's access again (the session, the account, its roles as they are now) in the
 *   synchronous step that runs a change: before a synchronous handler, and, for a handler that must await
 *   something first (a password hash, a worker), before the `commit` it answers with;
 * - marks the state changed after every operation that changes it (every method but GET, and a GET
 *   declared to write), so MOCK_DB saves it before the answer goes out.
 * Access control (401, 403, 404 for an operation not declared or not on this edition) runs before any
 * of this for every request (access.ts), from the same declarations.
 */

type ParamValue<O, K> = O extends { params: infer PS }
  ? K extends keyof PS
    ? PS[K] extends z.ZodType
      ? z.output<PS[K]>
      : string
    : string
  : string;

/** An operation's inputs as the registration read them. */
export interface Input<O extends OperationSpec> {
  params: { readonly [K in PathParamNames<O['path']>]: ParamValue<O, K> };
  query: O extends { query: infer Q }
    ? Q extends ListQuery<infer S, infer F, infer P>
      ? ListRequest<S, F, P>
      : Q extends z.ZodType
        ? z.output<Q>
        : undefined
    : undefined;
  body: O extends { body: infer B } ? (B extends z.ZodType ? z.output<B> : undefined) : undefined;
}

/** The change a handler makes once it has awaited what it needed; run after access is checked again. */
export class Commit {
  constructor(readonly apply: () => Response) {}
}

/**
 * The change a handler that awaited something makes: `return commit(() => { …change…; return c.json(…) })`.
 * The registration checks the request's access again right before running it.
 */
export const commit = (apply: () => Response): Commit => new Commit(apply);

export type Handler<O extends OperationSpec> = (
  c: Context<MockEnv>,
  input: Input<O>,
) => Response | Commit | Promise<Response | Commit>;

export interface ServeOptions {
  /** A GET that changes the state (a collection client's check-in): marked changed as a write is. */
  writes?: boolean;
  /** A refusal that comes before the inputs are read (an operation switched off by configuration). */
  guard?: (c: Context<MockEnv>) => void;
}

/** The keys of the operations served by the mock apps built in this process (a test compares them with the declarations). */
export const servedOperations = new Set<string>();

const USERS = '/api/v2/app-users';
const UPSTREAM_USERS = '/api/v2/bloodhound-users';

/** The Hono paths of a declared path: `{name}` as `:name`, user paths under both words. */
function honoPaths(path: string): string[] {
  const paths = path.startsWith(USERS) ? [path, UPSTREAM_USERS + path.slice(USERS.length)] : [path];
  return paths.map((p) => p.replace(/\{([^}]+)\}/g, ':$1'));
}

async function readInput<O extends OperationSpec>(c: Context<MockEnv>, op: O): Promise<Input<O>> {
  const params: Record<string, unknown> = {};
  for (const [, name] of op.path.matchAll(/\{([^}]+)\}/g)) {
    const schema = op.params?.[name!];
    params[name!] = schema ? readParam(c, name!, schema) : c.req.param(name!);
  }
  let query: unknown;
  if (op.query) query = isListQuery(op.query) ? readListQuery(c, op.query) : readQuery(c, op.query);
  let body: unknown;
  if (op.body && !isMediaContent(op.body)) body = await readJson(c, op.body);
  return { params, query, body } as Input<O>;
}

/** Serves `op` with `handler` on `app` (see above). */
export function serve<O extends Operation>(
  app: Hono<MockEnv>,
  db: MockDb,
  op: O,
  handler: Handler<O>,
  options: ServeOptions = {},
): void {
  if (op.unserved) throw new Error(`${operationKey(op)} is declared unserved: ${op.unserved}`);
  const writes = op.method !== 'GET' || options.writes === true;
  const run = async (c: Context<MockEnv>) => {
    options.guard?.(c);
    const input = await readInput(c, op);
    if (writes) confirmAccess(c);
    let out = handler(c, input);
    if (out instanceof Promise) out = await out;
    if (out instanceof Commit) {
      confirmAccess(c);
      out = out.apply();
    }
    if (writes) db.changed();
    return out;
  };
  for (const path of honoPaths(op.path)) app.on(op.method, path, run);
  servedOperations.add(operationKey(op));
}

/** `serve` bound to one app and state: `const route = server(app, db); route(ops.list, handler)`. */
export function server(app: Hono<MockEnv>, db: MockDb) {
  return <O extends Operation>(op: O, handler: Handler<O>, options?: ServeOptions) => serve(app, db, op, handler, options);
}
