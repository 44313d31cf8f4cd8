/**
 * Which audit action each change is: one row per changing operation declared
 * (src/api/operations/), keyed by its method and declared path. The audit
 * middleware (src/mock-server/audit.ts) reads it; a test checks that every
 * changing, non-public declared operation has one here.
 *
 * Names are upstream's (`model.AuditLogAction`, cmd/api/src/model/auditlog.go)
 * where upstream audits the change, as upstream picks them (a password set on
 * an account without one is CreateAuthSecret, otherwise UpdateAuthSecret; MFA
 * and expiring a password are UpdateAuthSecret, as upstream writes them; a
 * provider's update is named after its type); the mock's own names, in the
 * same style, for changes upstream does not audit. Sign-in (LoginAttempt) and
 * refusals (UnauthorizedAccessAttempt) are written where they happen, not here.
 */
import type { DbState } from '../../store/db';

type Params = Record<string, string>;

export interface AuditRoute {
  /** The action, or how to pick it from the state before the change. */
  action: string | ((state: DbState, params: Params) => string);
  /** Fields every entry of this operation carries beside the request's (what kind of change it is). */
  fields?: Record<string, unknown>;
  /** Fields of a successful answer's `data` added to the outcome (default: the created or changed record's id and name). */
  answer?: readonly string[];
}

/** The answer fields kept by default: identifying ones only, never anything else an answer carries (keys, TOTP seeds, tokens). */
export const DEFAULT_ANSWER_FIELDS = ['id', 'name', 'principal_name'] as const;

const USERS = '/api/v2/app-users/{user_id}';

type Slice = Record<string, unknown>[] | undefined;
const rows = (state: DbState, slice: string): Record<string, unknown>[] =>
  ((state as unknown as Record<string, Slice>)[slice] ?? []).filter((r) => r.deleted_at === null || r.deleted_at === undefined);
const findIn = (state: DbState, slice: string, id: string) =>
  rows(state, slice).find((r) => String(r.id).toLowerCase() === id.toLowerCase());

/** A password set: CreateAuthSecret on an account without one (as upstream), else UpdateAuthSecret. */
function secretAction(state: DbState, params: Params): string {
  const user = findIn(state, 'users', params.user_id ?? '');
  return user && user.secret === null ? 'CreateAuthSecret' : 'UpdateAuthSecret';
}

function providerUpdateAction(state: DbState, params: Params): string {
  const type = findIn(state, 'ssoProviders', params.sso_provider_id ?? '')?.type;
  return type === 'SAML'
    ? 'UpdateSAMLIdentityProvider'
    : type === 'OIDC'
      ? 'UpdateOIDCIdentityProvider'
      : 'UpdateSSOIdentityProvider';
}

const ROUTES: Record<string, AuditRoute> = {
  'POST /api/v2/logout': { action: 'Logout' },

  'POST /api/v2/sso-providers/saml': { action: 'CreateSAMLIdentityProvider' },
  'POST /api/v2/sso-providers/oidc': { action: 'CreateOIDCIdentityProvider' },
  'PATCH /api/v2/sso-providers/{sso_provider_id}': { action: providerUpdateAction },
  'DELETE /api/v2/sso-providers/{sso_provider_id}': { action: 'DeleteSSOIdentityProvider' },

  'POST /api/v2/app-users': { action: 'CreateUser' },
  [`PATCH ${USERS}`]: { action: 'UpdateUser' },
  [`DELETE ${USERS}`]: { action: 'DeleteUser' },
  [`PUT ${USERS}/secret`]: { action: secretAction, fields: { change: 'set_password' } },
  [`DELETE ${USERS}/secret`]: { action: 'UpdateAuthSecret', fields: { change: 'expire_password' } },
  [`POST ${USERS}/mfa`]: { action: 'UpdateAuthSecret', fields: { change: 'enrol_mfa' } },
  [`DELETE ${USERS}/mfa`]: { action: 'UpdateAuthSecret', fields: { change: 'disable_mfa' } },
  [`POST ${USERS}/mfa-activation`]: { action: 'UpdateAuthSecret', fields: { change: 'activate_mfa' } },

  'POST /api/v2/tokens': { action: 'CreateAuthToken' },
  'DELETE /api/v2/tokens/{token_id}': { action: 'DeleteAuthToken' },

  'PUT /api/v2/config': { action: 'UpdateParameter' },
  'PUT /api/v2/features/{feature_id}/toggle': { action: 'ToggleEarlyAccessFeatureFlag', answer: ['enabled'] },

  'POST /api/v2/clear-database': { action: 'DeleteBloodhoundData' },
  'PUT /api/v2/analysis': { action: 'RequestAnalysis' },
  'DELETE /api/v2/analysis': { action: 'CancelAnalysis' },
  'PUT /api/v2/attack-paths': { action: 'RequestAnalysis' },
  'PUT /api/v2/attack-paths/{attack_path_id}/acceptance': { action: 'UpdateRiskAcceptance' },

  'POST /api/v2/file-upload/start': { action: 'StartFileUploadJob' },
  'POST /api/v2/file-upload/{file_upload_job_id}': { action: 'UploadFile' },
  'POST /api/v2/file-upload/{file_upload_job_id}/end': { action: 'EndFileUploadJob' },

  'POST /api/v2/asset-groups': { action: 'CreateAssetGroup' },
  'PUT /api/v2/asset-groups/{asset_group_id}': { action: 'UpdateAssetGroup' },
  'DELETE /api/v2/asset-groups/{asset_group_id}': { action: 'DeleteAssetGroup' },
  'PUT /api/v2/asset-groups/{asset_group_id}/selectors': {
    action: 'UpdateAssetGroupSelectors',
    answer: ['added_selectors', 'removed_selectors'],
  },
  'POST /api/v2/asset-groups/{asset_group_id}/selectors': {
    action: 'UpdateAssetGroupSelectors',
    answer: ['added_selectors', 'removed_selectors'],
  },
  'DELETE /api/v2/asset-groups/{asset_group_id}/selectors/{asset_group_selector_id}': { action: 'DeleteAssetGroupSelector' },

  'POST /api/v2/asset-group-tags': { action: 'CreateAssetGroupTag' },
  'PATCH /api/v2/asset-group-tags/{asset_group_tag_id}': { action: 'UpdateAssetGroupTag' },
  'DELETE /api/v2/asset-group-tags/{asset_group_tag_id}': { action: 'DeleteAssetGroupTag' },
  'POST /api/v2/asset-group-tags/{asset_group_tag_id}/selectors': { action: 'CreateAssetGroupTagSelector' },
  'PATCH /api/v2/asset-group-tags/{asset_group_tag_id}/selectors/{asset_group_tag_selector_id}': {
    action: 'UpdateAssetGroupTagSelector',
  },
  'DELETE /api/v2/asset-group-tags/{asset_group_tag_id}/selectors/{asset_group_tag_selector_id}': {
    action: 'DeleteAssetGroupTagSelector',
  },
  'POST /api/v2/asset-group-tags/certifications': { action: 'UpdateAssetGroupTagCertification' },

  'POST /api/v2/custom-nodes': { action: 'CreateCustomNodes' },
  'PUT /api/v2/custom-nodes/{kind_name}': { action: 'UpdateCustomNode' },
  'DELETE /api/v2/custom-nodes/{kind_name}': { action: 'DeleteCustomNode' },

  'PUT /api/v2/extensions': { action: 'UpsertOpenGraphExtension' },
  'DELETE /api/v2/extensions/{extension_id}': { action: 'DeleteOpenGraphExtension' },

  'PATCH /api/v2/domains/{object_id}': { action: 'UpdateDomain' },

  'POST /api/v2/saved-queries': { action: 'CreateSavedQuery' },
  'PUT /api/v2/saved-queries/{saved_query_id}': { action: 'UpdateSavedQuery' },
  'DELETE /api/v2/saved-queries/{saved_query_id}': { action: 'DeleteSavedQuery' },
  'PUT /api/v2/saved-queries/{saved_query_id}/permissions': { action: 'ShareSavedQuery' },
  'DELETE /api/v2/saved-queries/{saved_query_id}/permissions': { action: 'UnshareSavedQuery' },
  'POST /api/v2/saved-queries/import': { action: 'ImportSavedQueries' },
  'GET /api/v2/saved-queries/export': { action: 'ExportSavedQueries' },
  'GET /api/v2/saved-queries/{saved_query_id}/export': { action: 'ExportSavedQuery' },

  'POST /api/v2/clients': { action: 'CreateClient' },
  'PUT /api/v2/clients/{client_id}': { action: 'UpdateClient' },
  'DELETE /api/v2/clients/{client_id}': { action: 'DeleteClient' },
  'PUT /api/v2/clients/{client_id}/token': { action: 'ReplaceClientToken' },
  'POST /api/v2/clients/{client_id}/tasks': { action: 'CreateClientTask' },
  'POST /api/v2/clients/{client_id}/jobs': { action: 'CreateClientJob' },
  'POST /api/v2/jobs/start': { action: 'StartClientJob' },
  'POST /api/v2/jobs/end': { action: 'EndClientJob' },
  'PUT /api/v2/jobs/{job_id}/cancel': { action: 'CancelClientJob' },
  'POST /api/v2/events': { action: 'CreateScheduledEvent' },
  'PUT /api/v2/events/{event_id}': { action: 'UpdateScheduledEvent' },
  'DELETE /api/v2/events/{event_id}': { action: 'DeleteScheduledEvent' },
};

/** Every operation the table names, as `METHOD /path` (for the test that walks the access table). */
export const AUDITED_OPERATIONS: readonly string[] = Object.keys(ROUTES);

/** Reads upstream audits as it audits changes (an intent, then the outcome): saved queries leaving as files. */
export const AUDITED_READS: readonly string[] = [
  'GET /api/v2/saved-queries/export',
  'GET /api/v2/saved-queries/{saved_query_id}/export',
];

/** Operations sent as POST that only read (a Cypher query, a search, a preview), which upstream does not audit. */
export const READ_ONLY_OPERATIONS: readonly string[] = [
  'POST /api/v2/graphs/cypher',
  'POST /api/v2/asset-group-tags/search',
  'POST /api/v2/asset-group-tags-history',
  'POST /api/v2/asset-group-tags/preview-selectors',
];

/**
 * The audit row of an operation; an operation missing from the table (added
 * to the access table since) is still recorded, named by its method and path
 * as upstream's newer audit middleware names every route.
 */
export function auditRouteOf(method: string, tablePath: string): AuditRoute {
  return ROUTES[`${method} ${tablePath}`] ?? { action: `${method} ${tablePath}` };
}

export function actionOf(route: AuditRoute, state: DbState, params: Params): string {
  return typeof route.action === 'string' ? route.action : route.action(state, params);
}

/**
 * How a path parameter's record is named in an entry, so a reader knows what
 * was changed even once it is gone: the state slice it is in, and which of its
 * fields go in the entry under which name.
 */
const IDENTIFY: Record<string, { slice: string; fields: Record<string, string> }> = {
  user_id: { slice: 'users', fields: { principal_name: 'principal_name' } },
  sso_provider_id: { slice: 'ssoProviders', fields: { sso_provider_name: 'name', sso_provider_type: 'type' } },
  asset_group_id: { slice: 'assetGroups', fields: { asset_group_name: 'name', asset_group_tag: 'tag' } },
  token_id: { slice: 'authTokens', fields: { token_name: 'name', user_id: 'user_id' } },
  feature_id: { slice: 'featureFlags', fields: { feature_key: 'key', feature_name: 'name' } },
  saved_query_id: { slice: 'savedQueries', fields: { saved_query_name: 'name' } },
  client_id: { slice: 'collectionClients', fields: { client_name: 'name' } },
};

/** The identifying fields of the records a request's path names, read before the change. */
export function identify(state: DbState, params: Params): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [param, value] of Object.entries(params)) {
    const how = IDENTIFY[param];
    const record = how && findIn(state, how.slice, value);
    if (record) for (const [field, from] of Object.entries(how.fields)) out[field] = record[from];
  }
  return out;
}
