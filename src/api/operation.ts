/**
 * One declaration per operation of the service (src/api/operations/, one file per area): its method and
 * path, the schemas of its path parameters, query, body and answer, who may call it, on which edition, and
 * its summary. Everything else follows from it:
 * - the mock's access check on every request (401, 403 naming the permission, 404 for an operation not
 *   declared or not on this edition), its input validation and its registration (src/mock-server/serve.ts);
 * - the API document the mock serves at GET /api/v2/spec (src/mock-server/openapi/document.ts);
 * - the console's calls (`call(op, input)` in src/api/call.ts: typed path and query parameters, the answer
 *   parsed by its schema, the summary naming the operation in every error), `useAccess(op)`, the pages'
 *   first reads and the navigation, all by reference, so a misspelt operation does not compile.
 *
 * Who may call an operation follows upstream's route registration (SpecterOps/BloodHound,
 * `cmd/api/src/api/registration/v2.go`): `RequirePermissions(...)` is `needs(...)`, `RequireAuth()` is
 * `signedIn`, a route with neither is `pub`, and `AuthorizeUserManagementAccess()` is `account(...)` (on
 * your own account auth.ManageSelf, on anyone else's auth.ManageUsers). The enterprise operations
 * (clients, events, jobs) are not in the public repository; they follow the permissions named after them,
 * and `client` marks what only a collection client's own token may call.
 */
import type { z } from 'zod';
import { Permission as P, permissionsOf, type HasRoles, type PermissionName } from '../shared/permissions';
import type { ListQuery } from './list-query';

export type Access =
  /** No token needed. */
  | { kind: 'public' }
  /** Any signed-in person. */
  | { kind: 'signed-in' }
  /** A signed-in person whose roles grant every one of `permissions`. */
  | { kind: 'permission'; permissions: readonly PermissionName[] }
  /**
   * An operation on an account: on your own it needs auth.ManageSelf, on
   * anyone else's auth.ManageUsers (plus `permissions`, if any). The account
   * is the `{user_id}` in the path, else the `user_id` query parameter, else
   * your own.
   */
  | { kind: 'account'; permissions: readonly PermissionName[] }
  /** Only a collection client, with its own token (never a person). */
  | { kind: 'client' };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const pub: Access = { kind: 'public' };
export const signedIn: Access = { kind: 'signed-in' };
export const client: Access = { kind: 'client' };
export const needs = (...permissions: PermissionName[]): Access => ({ kind: 'permission', permissions });
export const account = (...permissions: PermissionName[]): Access => ({ kind: 'account', permissions });

export { file, fillPath, isMediaContent, type MediaContent } from './operation-parts';
import type { MediaContent } from './operation-parts';

/** An error status an operation answers beyond those the document derives from its access and inputs. */
export type ExtraError = 404 | 409 | 410 | 413 | 415 | 429 | 503;

/** What one operation is, as its area declares it. */
export interface OperationSpec {
  method: Method;
  /**
   * OpenAPI-style path: `{name}` is one path segment. User paths are written with the API document's
   * word (`/api/v2/app-users`); the console calls, and the mock also serves, upstream's word as configured.
   */
  path: string;
  access: Access;
  /** Only on enterprise servers (404 on a community server). */
  enterprise?: boolean;
  summary: string;
  /** More than the summary says (a sentence or two). */
  description?: string;
  /** Path parameters by name, with the schema the mock reads each with; a `{name}` not given here is text. */
  params?: Readonly<Record<string, z.ZodType>>;
  /** The query: an object whose keys are the query parameters (optional keys are optional), or a list's query. */
  query?: z.ZodObject | ListQuery;
  /** The request body: a JSON schema, or another media type. */
  body?: z.ZodType | MediaContent;
  /** The success answer: a JSON schema, or another media type; no body when absent. */
  answer?: z.ZodType | MediaContent;
  /** The success status (default 200). */
  status?: 200 | 201 | 202 | 204 | 302 | 303;
  /** Error statuses beyond 400 (input), 401 (token), 403 (permission), 404 (path parameter, enterprise), 413 and 415 (JSON body). */
  errors?: readonly ExtraError[];
  /** Deprecated in favour of another operation. */
  deprecated?: boolean;
  /**
   * Why the mock does not serve this operation (it answers 404): such an operation stays out of the
   * document, and the console may still call it against a real server.
   */
  unserved?: string;
}

/** A declared operation: its spec, the document tag of its area, and its key there. */
export type Operation<S extends OperationSpec = OperationSpec> = S & {
  readonly tag: string;
  readonly key: string;
};

/**
 * Declares one area's operations under its document tag:
 * `export const userOps = defineOperations('Users', { list: { method: 'GET', path: '/api/v2/app-users', … } })`.
 */
export function defineOperations<const T extends Record<string, OperationSpec>>(
  tag: string,
  specs: T,
): { readonly [K in keyof T]: Operation<T[K]> } {
  return Object.fromEntries(Object.entries(specs).map(([key, spec]) => [key, { ...spec, tag, key }])) as {
    readonly [K in keyof T]: Operation<T[K]>;
  };
}

/** "GET /api/v2/app-users/{user_id}": how errors, tests and the document name an operation. */
export const operationKey = (op: Pick<OperationSpec, 'method' | 'path'>): string => `${op.method} ${op.path}`;

// ---------------------------------------------------------------------------
// Path parameters
// ---------------------------------------------------------------------------

/** The `{name}`s of a path, as a union of names. */
export type PathParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/** The values of a path's `{name}`s. */
export type PathParams<Path extends string> = { readonly [K in PathParamNames<Path>]: string | number };

// ---------------------------------------------------------------------------
// Who may call an operation
// ---------------------------------------------------------------------------

/** The permissions a person needs for `access`, acting on their own account (`self`) or someone else's. */
export function permissionsNeeded(access: Access, self = true): readonly PermissionName[] {
  switch (access.kind) {
    case 'permission':
      return access.permissions;
    case 'account':
      return [self ? P.AuthManageSelf : P.AuthManageUsers, ...access.permissions];
    default:
      return [];
  }
}

/** The first permission `user` lacks for `access`, or null when they may call it. */
export function missingPermission(user: HasRoles | null | undefined, access: Access, self = true): PermissionName | null {
  if (access.kind === 'client') return null;
  const held = permissionsOf(user);
  return permissionsNeeded(access, self).find((p) => !held.has(p)) ?? null;
}

/** True when `user` may call `op` (`self`: on their own account, for account operations). */
export function mayCall(user: HasRoles | null | undefined, op: Pick<OperationSpec, 'access'>, self = true): boolean {
  return op.access.kind !== 'client' && missingPermission(user, op.access, self) === null;
}
