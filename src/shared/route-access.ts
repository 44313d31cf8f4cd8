/**
 * Who may call each operation: one table, route → permission(s), used by the
 * mock server on every request (src/mock-server/access.ts) and by the console
 * to offer only what a person may do (navigation, pages, actions).
 *
 * Taken from upstream's route registration (SpecterOps/BloodHound,
 * `cmd/api/src/api/registration/v2.go`, v8 series): `RequirePermissions(...)`
 * becomes `permission`, `RequireAuth()` becomes `signed-in`, a route with
 * neither is `public`, and `AuthorizeUserManagementAccess()` becomes
 * `account` (on your own account auth.ManageSelf, on anyone else's
 * auth.ManageUsers). The enterprise operations (clients, events, jobs) are not
 * in the public repository; they follow the permissions named after them
 * (clients.Read to look, clients.Manage to change, clients.Tasking to run a
 * collection) and `client` marks what only a collection client's own token
 * may call.
 */
import { Permission as P, permissionsOf, type HasRoles, type PermissionName } from './permissions';

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

export interface RouteAccess {
  method: Method;
  /** OpenAPI-style path: `{name}` is one path segment. */
  path: string;
  access: Access;
  /** Only on enterprise servers (404 on a community server). */
  enterprise?: boolean;
}

const pub: Access = { kind: 'public' };
const signedIn: Access = { kind: 'signed-in' };
const client: Access = { kind: 'client' };
const needs = (...permissions: PermissionName[]): Access => ({ kind: 'permission', permissions });
const account = (...permissions: PermissionName[]): Access => ({ kind: 'account', permissions });

/**
 * The users' path word: the API document writes `app-users`, upstream
 * `bloodhound-users`. The table spells it `app-users`; `accessFor` reads both.
 */
const USERS = '/api/v2/app-users';
const UPSTREAM_USERS = '/api/v2/bloodhound-users';

type Row = [Method, string, Access, ('enterprise' | undefined)?];

const ROWS: Row[] = [
  // Sign-in, session, version
  ['POST', '/api/v2/login', pub],
  ['POST', '/api/v2/logout', signedIn],
  ['GET', '/api/v2/self', signedIn],
  ['GET', '/api/version', signedIn],
  // The API's own document, public as upstream's
  ['GET', '/api/v2/spec', pub],

  // SSO providers; the list is public so the sign-in page can offer them
  ['GET', '/api/v2/sso-providers', pub],
  ['POST', '/api/v2/sso-providers/saml', needs(P.AuthManageProviders)],
  ['POST', '/api/v2/sso-providers/oidc', needs(P.AuthManageProviders)],
  ['PATCH', '/api/v2/sso-providers/{sso_provider_id}', needs(P.AuthManageProviders)],
  ['DELETE', '/api/v2/sso-providers/{sso_provider_id}', needs(P.AuthManageProviders)],
  ['GET', '/api/v2/sso-providers/{sso_provider_id}/signing-certificate', needs(P.AuthManageProviders)],
  ['GET', '/api/v2/saml/providers/{saml_provider_id}', needs(P.AuthManageProviders)],
  ['GET', '/api/v2/sso/{sso_provider_slug}/login', pub],
  ['GET', '/api/v2/sso/{sso_provider_slug}/callback', pub],
  ['POST', '/api/v2/sso/{sso_provider_slug}/callback', pub],
  ['GET', '/api/v2/sso/{sso_provider_slug}/metadata', pub],

  // Roles and permissions
  ['GET', '/api/v2/permissions', needs(P.AuthManageSelf)],
  ['GET', '/api/v2/permissions/{permission_id}', needs(P.AuthManageSelf)],
  ['GET', '/api/v2/roles', needs(P.AuthManageSelf)],
  ['GET', '/api/v2/roles/{role_id}', needs(P.AuthManageSelf)],

  // Users, their secrets and MFA
  ['GET', USERS, needs(P.AuthManageUsers)],
  ['POST', USERS, needs(P.AuthManageUsers)],
  ['GET', `${USERS}-minimal`, needs(P.AuthReadUsers)],
  ['GET', `${USERS}/{user_id}`, needs(P.AuthManageUsers)],
  ['PATCH', `${USERS}/{user_id}`, needs(P.AuthManageUsers)],
  ['DELETE', `${USERS}/{user_id}`, needs(P.AuthManageUsers)],
  ['PUT', `${USERS}/{user_id}/secret`, account()],
  ['DELETE', `${USERS}/{user_id}/secret`, account()],
  ['POST', `${USERS}/{user_id}/mfa`, account()],
  ['DELETE', `${USERS}/{user_id}/mfa`, account()],
  ['GET', `${USERS}/{user_id}/mfa-activation`, account()],
  ['POST', `${USERS}/{user_id}/mfa-activation`, account()],

  // API tokens
  ['GET', '/api/v2/tokens', account(P.AuthCreateToken)],
  ['POST', '/api/v2/tokens', account(P.AuthCreateToken)],
  ['DELETE', '/api/v2/tokens/{token_id}', account(P.AuthCreateToken)],

  // Custom node kinds (upstream: reads for anyone signed in, changes with app.WriteAppConfig)
  ['GET', '/api/v2/custom-nodes', signedIn],
  ['POST', '/api/v2/custom-nodes', needs(P.AppWriteConfig)],
  ['GET', '/api/v2/custom-nodes/{kind_name}', signedIn],
  ['PUT', '/api/v2/custom-nodes/{kind_name}', needs(P.AppWriteConfig)],
  ['DELETE', '/api/v2/custom-nodes/{kind_name}', needs(P.AppWriteConfig)],

  // Audit log
  ['GET', '/api/v2/audit', needs(P.AuthManageUsers)],

  // Configuration and feature flags
  ['GET', '/api/v2/config', needs(P.AppReadConfig)],
  ['PUT', '/api/v2/config', needs(P.AppWriteConfig)],
  ['GET', '/api/v2/features', needs(P.AppReadConfig)],
  ['PUT', '/api/v2/features/{feature_id}/toggle', needs(P.AppWriteConfig)],

  // Database, analysis and the pipeline
  ['POST', '/api/v2/clear-database', needs(P.DbWipe)],
  ['GET', '/api/v2/datapipe/status', signedIn],
  ['GET', '/api/v2/analysis/status', needs(P.GraphDbRead)],
  ['GET', '/api/v2/analysis', needs(P.GraphDbRead)],
  ['PUT', '/api/v2/analysis', needs(P.GraphDbWrite)],
  ['DELETE', '/api/v2/analysis', needs(P.GraphDbWrite)],

  // File ingest
  ['GET', '/api/v2/file-upload', signedIn],
  ['GET', '/api/v2/file-upload/accepted-types', signedIn],
  ['POST', '/api/v2/file-upload/start', needs(P.GraphDbIngest)],
  ['POST', '/api/v2/file-upload/{file_upload_job_id}', needs(P.GraphDbIngest)],
  ['GET', '/api/v2/file-upload/{file_upload_job_id}/completed-tasks', needs(P.GraphDbIngest)],
  ['POST', '/api/v2/file-upload/{file_upload_job_id}/end', needs(P.GraphDbIngest)],

  // Collector downloads: anyone signed in, as upstream; the kennel (its manifest and assets) only on enterprise
  ['GET', '/api/v2/collectors/{collector_type}', signedIn],
  ['GET', '/api/v2/collectors/{collector_type}/{release_tag}', signedIn],
  ['GET', '/api/v2/collectors/{collector_type}/{release_tag}/checksum', signedIn],
  ['GET', '/api/v2/kennel/manifest', signedIn, 'enterprise'],
  ['GET', '/api/v2/kennel/download/{asset_name}', signedIn, 'enterprise'],

  // Search, data quality
  ['GET', '/api/v2/search', needs(P.GraphDbRead)],
  ['GET', '/api/v2/available-domains', needs(P.GraphDbRead)],
  ['GET', '/api/v2/completeness', needs(P.GraphDbRead)],

  // Cypher over the graph, and the kinds it holds
  ['POST', '/api/v2/graphs/cypher', needs(P.GraphDbRead)],
  ['GET', '/api/v2/graphs/kinds', needs(P.GraphDbRead)],
  ['GET', '/api/v2/ad-domains/{domain_id}/data-quality-stats', needs(P.GraphDbRead)],
  ['GET', '/api/v2/azure-tenants/{tenant_id}/data-quality-stats', needs(P.GraphDbRead)],
  ['GET', '/api/v2/platform/{platform_id}/data-quality-stats', needs(P.GraphDbRead)],

  // Asset groups
  ['GET', '/api/v2/asset-groups', needs(P.GraphDbRead)],
  ['POST', '/api/v2/asset-groups', needs(P.GraphDbWrite)],
  ['GET', '/api/v2/asset-groups/{asset_group_id}', needs(P.GraphDbRead)],
  ['PUT', '/api/v2/asset-groups/{asset_group_id}', needs(P.GraphDbWrite)],
  ['DELETE', '/api/v2/asset-groups/{asset_group_id}', needs(P.GraphDbWrite)],
  ['GET', '/api/v2/asset-groups/{asset_group_id}/custom-selectors', needs(P.GraphDbRead)],
  ['GET', '/api/v2/asset-groups/{asset_group_id}/collections', needs(P.GraphDbRead)],
  ['GET', '/api/v2/asset-groups/{asset_group_id}/members', needs(P.GraphDbRead)],
  ['GET', '/api/v2/asset-groups/{asset_group_id}/members/counts', needs(P.GraphDbRead)],
  ['PUT', '/api/v2/asset-groups/{asset_group_id}/selectors', needs(P.GraphDbWrite)],
  ['POST', '/api/v2/asset-groups/{asset_group_id}/selectors', needs(P.GraphDbWrite)],
  ['DELETE', '/api/v2/asset-groups/{asset_group_id}/selectors/{asset_group_selector_id}', needs(P.GraphDbWrite)],

  // Privilege Zones (asset group tags): creating and deleting tags, and certification, only on enterprise
  ['GET', '/api/v2/asset-group-tags', needs(P.GraphDbRead)],
  ['POST', '/api/v2/asset-group-tags', needs(P.GraphDbWrite), 'enterprise'],
  ['POST', '/api/v2/asset-group-tags/search', needs(P.GraphDbRead)],
  ['POST', '/api/v2/asset-group-tags/preview-selectors', needs(P.GraphDbRead)],
  ['GET', '/api/v2/asset-group-tags/certifications', needs(P.GraphDbRead), 'enterprise'],
  ['POST', '/api/v2/asset-group-tags/certifications', needs(P.GraphDbWrite), 'enterprise'],
  ['GET', '/api/v2/asset-group-tags/{asset_group_tag_id}', needs(P.GraphDbRead)],
  ['PATCH', '/api/v2/asset-group-tags/{asset_group_tag_id}', needs(P.GraphDbWrite)],
  ['DELETE', '/api/v2/asset-group-tags/{asset_group_tag_id}', needs(P.GraphDbWrite), 'enterprise'],
  ['GET', '/api/v2/asset-group-tags/{asset_group_tag_id}/members', needs(P.GraphDbRead)],
  ['GET', '/api/v2/asset-group-tags/{asset_group_tag_id}/members/counts', needs(P.GraphDbRead)],
  ['GET', '/api/v2/asset-group-tags/{asset_group_tag_id}/members/{asset_group_member_id}', needs(P.GraphDbRead)],
  ['GET', '/api/v2/asset-group-tags/{asset_group_tag_id}/selectors', needs(P.GraphDbRead)],
  ['POST', '/api/v2/asset-group-tags/{asset_group_tag_id}/selectors', needs(P.GraphDbWrite)],
  ['GET', '/api/v2/asset-group-tags/{asset_group_tag_id}/selectors/{asset_group_tag_selector_id}', needs(P.GraphDbRead)],
  ['PATCH', '/api/v2/asset-group-tags/{asset_group_tag_id}/selectors/{asset_group_tag_selector_id}', needs(P.GraphDbWrite)],
  ['DELETE', '/api/v2/asset-group-tags/{asset_group_tag_id}/selectors/{asset_group_tag_selector_id}', needs(P.GraphDbWrite)],
  ['GET', '/api/v2/asset-group-tags/{asset_group_tag_id}/selectors/{asset_group_tag_selector_id}/members', needs(P.GraphDbRead)],
  [
    'GET',
    '/api/v2/asset-group-tags/{asset_group_tag_id}/selectors/{asset_group_tag_selector_id}/members/counts',
    needs(P.GraphDbRead),
  ],
  ['GET', '/api/v2/asset-group-tags-history', needs(P.GraphDbRead)],
  ['POST', '/api/v2/asset-group-tags-history', needs(P.GraphDbRead)],

  // Entities (the graph)
  ['GET', '/api/v2/users/{object_id}', needs(P.GraphDbRead)],
  ['GET', '/api/v2/computers/{object_id}/controllers', needs(P.GraphDbRead)],

  // Saved queries and their sharing
  ['GET', '/api/v2/saved-queries', needs(P.SavedQueriesRead)],
  ['POST', '/api/v2/saved-queries', needs(P.SavedQueriesWrite)],
  ['GET', '/api/v2/saved-queries/export', needs(P.SavedQueriesRead)],
  ['POST', '/api/v2/saved-queries/import', needs(P.SavedQueriesWrite)],
  ['GET', '/api/v2/saved-queries/{saved_query_id}', needs(P.SavedQueriesRead)],
  ['PUT', '/api/v2/saved-queries/{saved_query_id}', needs(P.SavedQueriesWrite)],
  ['DELETE', '/api/v2/saved-queries/{saved_query_id}', needs(P.SavedQueriesWrite)],
  ['GET', '/api/v2/saved-queries/{saved_query_id}/permissions', needs(P.SavedQueriesRead)],
  ['PUT', '/api/v2/saved-queries/{saved_query_id}/permissions', needs(P.SavedQueriesWrite)],
  ['DELETE', '/api/v2/saved-queries/{saved_query_id}/permissions', needs(P.SavedQueriesWrite)],
  ['GET', '/api/v2/saved-queries/{saved_query_id}/export', needs(P.SavedQueriesRead)],

  // Collection clients, their tasks, jobs and scheduled events (enterprise)
  ['GET', '/api/v2/clients', needs(P.ClientsRead), 'enterprise'],
  ['POST', '/api/v2/clients', needs(P.ClientsManage), 'enterprise'],
  ['GET', '/api/v2/clients/{client_id}', needs(P.ClientsRead), 'enterprise'],
  ['PUT', '/api/v2/clients/{client_id}', needs(P.ClientsManage), 'enterprise'],
  ['DELETE', '/api/v2/clients/{client_id}', needs(P.ClientsManage), 'enterprise'],
  ['PUT', '/api/v2/clients/{client_id}/token', needs(P.ClientsManage), 'enterprise'],
  ['GET', '/api/v2/clients/{client_id}/completed-tasks', needs(P.ClientsRead), 'enterprise'],
  ['POST', '/api/v2/clients/{client_id}/tasks', needs(P.ClientsTasking), 'enterprise'],
  ['GET', '/api/v2/jobs', needs(P.ClientsRead), 'enterprise'],
  ['GET', '/api/v2/jobs/{job_id}', needs(P.ClientsRead), 'enterprise'],
  ['POST', '/api/v2/jobs/end', client, 'enterprise'],
  ['GET', '/api/v2/clients/{client_id}/completed-jobs', needs(P.ClientsRead), 'enterprise'],
  ['POST', '/api/v2/clients/{client_id}/jobs', needs(P.ClientsTasking), 'enterprise'],
  ['GET', '/api/v2/jobs/finished', needs(P.ClientsRead), 'enterprise'],
  ['PUT', '/api/v2/jobs/{job_id}/cancel', needs(P.ClientsTasking), 'enterprise'],
  ['GET', '/api/v2/jobs/{job_id}/log', needs(P.ClientsRead), 'enterprise'],
  ['GET', '/api/v2/jobs/available', client, 'enterprise'],
  ['GET', '/api/v2/jobs/current', client, 'enterprise'],
  ['POST', '/api/v2/jobs/start', client, 'enterprise'],
  ['GET', '/api/v2/events', needs(P.ClientsRead), 'enterprise'],
  ['POST', '/api/v2/events', needs(P.ClientsManage), 'enterprise'],
  ['GET', '/api/v2/events/{event_id}', needs(P.ClientsRead), 'enterprise'],
  ['PUT', '/api/v2/events/{event_id}', needs(P.ClientsManage), 'enterprise'],
  ['DELETE', '/api/v2/events/{event_id}', needs(P.ClientsManage), 'enterprise'],
];

export const ROUTE_ACCESS: readonly RouteAccess[] = ROWS.map(([method, path, access, edition]) => ({
  method,
  path,
  access,
  ...(edition === 'enterprise' ? { enterprise: true } : {}),
}));

/** The table's spelling of a request path: the users' path word as the table writes it. */
function tablePath(path: string): string {
  return path === UPSTREAM_USERS || path === `${UPSTREAM_USERS}-minimal` || path.startsWith(`${UPSTREAM_USERS}/`)
    ? USERS + path.slice(UPSTREAM_USERS.length)
    : path;
}

interface Compiled {
  route: RouteAccess;
  segments: readonly string[];
}

const byMethod = new Map<string, Compiled[]>();
for (const route of ROUTE_ACCESS) {
  const list = byMethod.get(route.method) ?? [];
  list.push({ route, segments: route.path.split('/') });
  byMethod.set(route.method, list);
}

export interface MatchedRoute {
  route: RouteAccess;
  /** The `{name}` segments of the path, decoded. */
  params: Record<string, string>;
}

/**
 * The table's row for a request, with its path parameters; literal segments
 * win over `{name}` ones (`/jobs/end` is not `/jobs/{job_id}`). Undefined when
 * no operation has that method and path.
 */
export function matchRoute(method: string, path: string): MatchedRoute | undefined {
  const segments = tablePath(path).split('/');
  let best: { match: MatchedRoute; literals: number } | undefined;
  for (const { route, segments: pattern } of byMethod.get(method.toUpperCase()) ?? []) {
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
    if (ok && (!best || literals > best.literals)) best = { match: { route, params }, literals };
  }
  return best?.match;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The access rule of an operation the console calls, by method and table path (throws on a typo: a test walks every use). */
export function accessOf(method: Method, path: string): Access {
  const found = ACCESS_BY_OPERATION.get(`${method} ${tablePath(path)}`);
  if (!found) throw new Error(`No operation ${method} ${path} in the access table`);
  return found;
}

/** The table by "METHOD path" (a page asks several times per row: which actions to offer). */
const ACCESS_BY_OPERATION = new Map(ROUTE_ACCESS.map((r) => [`${r.method} ${r.path}`, r.access]));

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

/** True when `user` may call the operation (`self`: on their own account, for account operations). */
export function mayCall(user: HasRoles | null | undefined, method: Method, path: string, self = true): boolean {
  const access = accessOf(method, path);
  return access.kind !== 'client' && missingPermission(user, access, self) === null;
}
