import type { FindingKind } from './compare';

/**
 * How the mock's API document differs from the upstream reference
 * (reference/openapi-subset.json), each difference with its reason. The
 * comparison test (reference.test.ts) fails on any difference not listed
 * here, and on any listed one that no longer occurs. Operations are written
 * as the mock's document writes them, with the users' path word
 * `bloodhound` (the reference's).
 */

export interface OwnOperation {
  operation: string;
  reason: string;
}

/** Operations the mock serves that the reference does not describe. */
export const MOCK_OWN_OPERATIONS: readonly OwnOperation[] = [
  ...[
    'GET /api/v2/sso/{sso_provider_slug}/login',
    'GET /api/v2/sso/{sso_provider_slug}/callback',
    'POST /api/v2/sso/{sso_provider_slug}/callback',
  ].map((operation) => ({
    operation,
    reason: "Upstream's SSO sign-in flow (its route registration serves it); the reference documents no redirect operation.",
  })),
  {
    operation: 'POST /api/v2/asset-groups/{asset_group_id}/selectors',
    reason:
      "The deprecated twin of PUT …/selectors in upstream's route table (declared in src/api/operations/asset-groups.ts); the reference's cut leaves it out.",
  },
];

export interface KnownDifference {
  kind: FindingKind;
  operation: string;
  /** The parameters or properties concerned; none for a whole-operation difference. */
  names?: readonly string[];
  reason: string;
}

const TASK_FILTERS = [
  'log_path',
  'session_collection',
  'local_group_collection',
  'cert_services_collection',
  'ca_registry_collection',
  'dc_registry_collection',
  'ad_structure_collection',
  'domain_controller',
  'event_title',
  'execution_time',
  'start_time',
  'end_time',
  'last_ingest',
  'created_at',
  'updated_at',
  'deleted_at',
];
const PAGING_FIELDS = ['count', 'limit', 'skip'];
const HYDRATION = ['hydrate_ous', 'hydrate_domains'];
/** Filters the reference lists that the mock's list does not take (a 400 naming the parameter, or ignored). */
const UNTAKEN_FILTERS = 'Filters of the reference the console never sends; the mock does not implement them.';

export const KNOWN_DIFFERENCES: readonly KnownDifference[] = [
  // Answers
  ...['GET /api/v2/custom-nodes/{kind_name}', 'PUT /api/v2/custom-nodes/{kind_name}'].flatMap((operation): KnownDifference[] => [
    {
      kind: 'answer-property',
      operation,
      names: ['data', 'config', 'id', 'kindName'],
      reason:
        'Defect of the reference: it shows the record bare, but upstream answers through its basic response wrapper ({data: record}), as the list and create operations do; the console reads data.',
    },
  ]),
  {
    kind: 'answer-property',
    operation: 'GET /api/v2/asset-groups/{asset_group_id}/custom-selectors',
    names: ['data'],
    reason:
      'Defect of the reference: it shows {custom_member_count} bare; upstream answers {data: {custom_member_count}}, which the console reads.',
  },
  ...['GET /api/v2/search', 'GET /api/v2/asset-group-tags/{asset_group_tag_id}/selectors', 'GET /api/v2/jobs'].map(
    (operation): KnownDifference => ({
      kind: 'answer-property',
      operation,
      names: PAGING_FIELDS,
      reason:
        "The mock's page also says where it is (count, skip, limit), as its other paged lists do; the reference leaves them out, and the console reads them only where present.",
    }),
  ),
  {
    kind: 'answer-shape',
    operation: 'POST /api/v2/saved-queries/import',
    reason:
      'The reference describes the answer as text/plain; the mock answers {data: "imported N queries"} in JSON, which the console reads (importSavedQueriesResponse).',
  },

  // Query parameters the mock takes beyond the reference
  {
    kind: 'query-param',
    operation: 'GET /api/v2/sso-providers',
    names: ['sort_by'],
    reason: 'The mock also orders the list (sort_by); the reference lists no parameter for it.',
  },
  {
    kind: 'query-param',
    operation: 'GET /api/v2/audit',
    names: ['source_ip_address'],
    reason:
      'The mock also filters the audit log on source_ip_address (docs/mock-server.md, "Audit log"); the reference does not list it.',
  },
  {
    kind: 'query-param',
    operation: 'GET /api/v2/file-upload',
    names: [...HYDRATION],
    reason: 'Accepted (and ignored) for the console that sends them with every collection list; the reference has none.',
  },
  {
    kind: 'query-param',
    operation: 'GET /api/v2/asset-group-tags/{asset_group_tag_id}',
    names: ['counts'],
    reason:
      "The zone page asks for one tag's member and rule counts as upstream's tag list takes them (counts=true); the reference's one-tag read does not declare the parameter.",
  },
  {
    kind: 'query-param',
    operation: 'GET /api/v2/asset-group-tags',
    names: ['analysis_enabled'],
    reason: "A filter on the zone's analysis switch, a field of upstream's current tags; the reference's cut has no such filter.",
  },
  {
    kind: 'query-param',
    operation: 'POST /api/v2/asset-group-tags/preview-selectors',
    names: ['limit'],
    reason: "The preview's ?limit (200 by default) of upstream's current release; the reference's cut omits it.",
  },
  {
    kind: 'query-param',
    operation: 'GET /api/v2/asset-group-tags/certifications',
    names: ['sort_by', 'environment_id', 'environments'],
    reason:
      'The mock filters by environment_id (one value, repeatable) where the reference names the parameter environments; sort_by as upstream.',
  },
  {
    kind: 'query-param',
    operation: 'GET /api/v2/asset-group-tags/{asset_group_tag_id}/selectors',
    names: ['allow_disable', 'disabled'],
    reason: 'Filters on two fields of a rule the console shows (is it disabled, may it be); the reference has none.',
  },
  {
    kind: 'query-param',
    operation: 'POST /api/v2/asset-group-tags-history',
    names: ['created_at', 'target', 'environment_id'],
    reason:
      'The search takes the same filters as GET …-history (the console sends them with a search); the reference lists them on the GET only.',
  },
  {
    kind: 'query-param',
    operation: 'GET /api/v2/users/{object_id}',
    names: ['count'],
    reason: 'A second name for counts, sent by the console too; the mock takes both (and refuses them when they disagree).',
  },
  {
    kind: 'query-param',
    operation: 'GET /api/v2/jobs',
    names: ['skip', 'limit', ...HYDRATION],
    reason:
      "Paging as upstream's list does, and the hydration switches of the client and event lists; the reference's cut lists neither.",
  },
  {
    kind: 'query-param',
    operation: 'GET /api/v2/events/{event_id}',
    names: ['skip', 'limit', 'sort_by', ...HYDRATION],
    reason:
      "The event read takes the event list's parameters (hydration; paging and sort_by are accepted and change nothing); the reference has none.",
  },

  // Filters of the reference the mock does not take
  {
    kind: 'query-param',
    operation: 'GET /api/v2/permissions',
    names: ['sort_by', 'authority', 'name', 'id', 'created_at', 'updated_at', 'deleted_at'],
    reason: UNTAKEN_FILTERS,
  },
  {
    kind: 'query-param',
    operation: 'GET /api/v2/roles',
    names: ['sort_by', 'name', 'id', 'created_at', 'updated_at', 'deleted_at'],
    reason: UNTAKEN_FILTERS,
  },
  {
    kind: 'query-param',
    operation: 'GET /api/v2/file-upload',
    names: [
      'user_email_address',
      'status_message',
      'start_time',
      'end_time',
      'last_ingest',
      'created_at',
      'updated_at',
      'deleted_at',
    ],
    reason: UNTAKEN_FILTERS,
  },
  {
    kind: 'query-param',
    operation: 'GET /api/v2/asset-groups',
    names: ['created_at', 'updated_at', 'deleted_at'],
    reason: UNTAKEN_FILTERS,
  },
  {
    kind: 'query-param',
    operation: 'GET /api/v2/asset-group-tags',
    names: ['created_by', 'updated_by', 'deleted_at', 'deleted_by'],
    reason: UNTAKEN_FILTERS,
  },
  {
    kind: 'query-param',
    operation: 'GET /api/v2/asset-group-tags/{asset_group_tag_id}/selectors',
    names: ['environments', 'created_at', 'created_by', 'disabled_at', 'disabled_by', 'updated_at', 'updated_by', 'type'],
    reason: UNTAKEN_FILTERS,
  },
  { kind: 'query-param', operation: 'GET /api/v2/asset-group-tags-history', names: ['note'], reason: UNTAKEN_FILTERS },
  {
    kind: 'query-param',
    operation: 'GET /api/v2/clients',
    names: [
      'created_at',
      'updated_at',
      'deleted_at',
      'ip_address',
      'hostname',
      'configured_user',
      'version',
      'user_sid',
      'last_checkin',
      'current_job_id',
      'completed_job_count',
      'domain_controller',
      'id',
    ],
    reason: UNTAKEN_FILTERS,
  },
  {
    kind: 'query-param',
    operation: 'GET /api/v2/clients/{client_id}/completed-tasks',
    names: [...TASK_FILTERS, 'client_id'],
    reason: UNTAKEN_FILTERS,
  },
  ...['GET /api/v2/jobs', 'GET /api/v2/jobs/finished', 'GET /api/v2/jobs/available'].map((operation): KnownDifference => ({
    kind: 'query-param',
    operation,
    names: TASK_FILTERS,
    reason: UNTAKEN_FILTERS,
  })),
  {
    kind: 'query-param',
    operation: 'GET /api/v2/clients/{client_id}/completed-jobs',
    names: [...TASK_FILTERS, 'client_id'],
    reason: UNTAKEN_FILTERS,
  },
  {
    kind: 'query-param',
    operation: 'GET /api/v2/events',
    names: [
      'id',
      'next_scheduled_at',
      'session_collection',
      'local_group_collection',
      'ad_structure_collection',
      'cert_services_collection',
      'ca_registry_collection',
      'dc_registry_collection',
      'created_at',
      'updated_at',
      'deleted_at',
    ],
    reason: UNTAKEN_FILTERS,
  },
];
