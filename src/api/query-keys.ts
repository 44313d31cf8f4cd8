/**
 * Query-key factories: one place that names every piece of server state the
 * console caches, so invalidation after a mutation is exact. Keys are arrays
 * from general to specific; invalidating a prefix refreshes everything under it.
 * Secrets (passwords, OTPs, TOTP seeds) are never part of a key.
 */
type Params = Record<string, unknown>;

export const queryKeys = {
  version: () => ['version'] as const,
  self: () => ['self'] as const,

  users: {
    all: () => ['users'] as const,
    list: () => ['users', 'list'] as const,
    minimal: () => ['users', 'minimal'] as const,
    detail: (id: string) => ['users', 'detail', id] as const,
    mfaStatus: (id: string) => ['users', 'detail', id, 'mfa-activation'] as const,
  },
  roles: {
    all: () => ['roles'] as const,
    list: () => ['roles', 'list'] as const,
    detail: (id: number) => ['roles', 'detail', id] as const,
  },
  permissions: { list: () => ['permissions', 'list'] as const },
  /** API tokens (never their keys: the key of a new token stays in its dialog). `userId` null: your own. */
  tokens: {
    all: () => ['tokens'] as const,
    list: (userId: string | null) => ['tokens', 'list', userId] as const,
  },

  ssoProviders: {
    all: () => ['sso-providers'] as const,
    list: () => ['sso-providers', 'list'] as const,
    saml: (id: number) => ['sso-providers', 'saml', id] as const,
  },

  assetGroups: {
    all: () => ['asset-groups'] as const,
    lists: () => ['asset-groups', 'list'] as const,
    list: (params: Params) => ['asset-groups', 'list', params] as const,
    detail: (id: number) => ['asset-groups', 'detail', id] as const,
    members: (id: number, params: Params) => ['asset-groups', 'detail', id, 'members', params] as const,
    /** GET …/custom-selectors: how many members custom selectors bring in. */
    customMemberCount: (id: number) => ['asset-groups', 'detail', id, 'custom-selectors'] as const,
  },

  /** Privilege Zones (asset group tags): zones and labels, their rules and members; analysis changes the members. */
  privilegeZones: {
    all: () => ['asset-group-tags'] as const,
    lists: () => ['asset-group-tags', 'list'] as const,
    tags: (params: Params) => ['asset-group-tags', 'list', params] as const,
    tag: (id: number) => ['asset-group-tags', 'detail', id] as const,
    selectors: (id: number, params: Params) => ['asset-group-tags', 'detail', id, 'selectors', params] as const,
    selector: (id: number, selectorId: number) => ['asset-group-tags', 'detail', id, 'selector', selectorId] as const,
    members: (id: number, params: Params) => ['asset-group-tags', 'detail', id, 'members', params] as const,
    memberCounts: (id: number, params: Params) => ['asset-group-tags', 'detail', id, 'member-counts', params] as const,
    member: (id: number, memberId: number) => ['asset-group-tags', 'detail', id, 'member', memberId] as const,
    preview: (body: Params) => ['asset-group-tags', 'preview', body] as const,
    certifications: (params: Params) => ['asset-group-tags', 'certifications', params] as const,
    history: (params: Params, search: string) => ['asset-group-tags', 'history', params, search] as const,
  },

  events: {
    all: () => ['events'] as const,
    list: (params: Params) => ['events', 'list', params] as const,
    detail: (id: number) => ['events', 'detail', id] as const,
  },
  clients: {
    all: () => ['clients'] as const,
    list: (params: Params) => ['clients', 'list', params] as const,
    /** One client (never its token: a new token stays in its dialog). */
    detail: (id: string) => ['clients', 'detail', id] as const,
    completedJobs: (id: string, params: Params) => ['clients', 'detail', id, 'completed-jobs', params] as const,
  },
  tasks: {
    all: () => ['tasks'] as const,
    list: (params: Params) => ['tasks', 'list', params] as const,
    detail: (id: number) => ['tasks', 'detail', id] as const,
    log: (id: number) => ['tasks', 'detail', id, 'log'] as const,
    /** Whether the console runs on the mock service (its developer controls for collection clients). */
    mockService: () => ['tasks', 'mock-service'] as const,
  },

  fileUploads: {
    all: () => ['file-upload'] as const,
    list: (params: Params) => ['file-upload', 'list', params] as const,
    acceptedTypes: () => ['file-upload', 'accepted-types'] as const,
    completedTasks: (id: number, finished: boolean) => ['file-upload', 'completed-tasks', id, { finished }] as const,
  },

  entities: {
    all: () => ['entities'] as const,
    /** A node of any kind: its kind (GET /api/v2/base/{id}), then its kind's entity information. */
    node: (id: string, counts: boolean) => ['entities', 'node', id, { counts }] as const,
    /** A node's entity information with counts, by its kind's operation (null: the base information says the kind). */
    kindInfo: (id: string, kind: string | null) => ['entities', 'node', id, { kind }] as const,
    /** One page of a node's related list (related-lists.ts), by the list's operation id. */
    relatedList: (id: string, operationId: string, params: Params) =>
      ['entities', 'node', id, 'related', operationId, params] as const,
    /** The relay targets of an NTLM relay relationship, by its two ends' graph ids and its kind. */
    relayTargets: (edge: { source: string; target: string; kind: string }) => ['entities', 'relay-targets', edge] as const,
    /** Where an inherited permission comes from, by the relationship's two ends' graph ids and its kind. */
    aclInheritance: (edge: { source: string; target: string; kind: string }) => ['entities', 'acl-inheritance', edge] as const,
  },
  /** Cypher over the graph (src/features/explore): under `entities`, so a change of the graph refreshes them. */
  cypher: {
    /** The graph's node and relationship kinds (both: `allKinds`). */
    allKinds: () => ['entities', 'cypher', 'kinds'] as const,
    kinds: (type: 'node' | 'edge') => ['entities', 'cypher', 'kinds', type] as const,
    nodeProperties: (id: string) => ['entities', 'cypher', 'node', id] as const,
    edgeComposition: (edge: { source: string; target: string; kind: string }) =>
      ['entities', 'cypher', 'edge-composition', edge] as const,
  },
  completeness: () => ['completeness'] as const,
  /** Directory search (src/api/search.ts): one key per trimmed text, type and page; under `entities` so a clear refreshes it. */
  search: {
    all: () => ['entities', 'search'] as const,
    results: (params: { q: string; type: string | null; skip: number; limit: number }) => ['entities', 'search', params] as const,
  },
  /** The data pipeline's status and the pending analysis request (polled: see src/api/datapipe.ts). */
  datapipe: {
    all: () => ['datapipe'] as const,
    status: () => ['datapipe', 'status'] as const,
    analysisRequest: () => ['datapipe', 'analysis-request'] as const,
  },
  /** Available domains and their data-quality history (a clear or a finished analysis changes both: invalidate `all`). */
  domains: {
    all: () => ['domains'] as const,
    available: () => ['domains', 'available'] as const,
    dataQuality: (domainId: string, window: { start: string; end: string }) =>
      ['domains', 'data-quality', domainId, window] as const,
    latest: (domainId: string) => ['domains', 'data-quality', domainId, 'latest'] as const,
  },

  config: {
    all: () => ['config'] as const,
    list: (parameter?: string) => ['config', 'list', parameter ?? null] as const,
  },
  features: { list: () => ['features', 'list'] as const },
  /** Custom node kinds' icons and colours (the node kinds page, the Cypher graph). */
  customNodes: { list: () => ['custom-nodes', 'list'] as const },
  /** OpenGraph extensions, and the relationship kinds they define (the extensions page). */
  extensions: {
    all: () => ['extensions'] as const,
    list: () => ['extensions', 'list'] as const,
    edgeKinds: () => ['extensions', 'edge-kinds'] as const,
  },
  /** Collector releases: each collector's manifest, and the enterprise kennel's. */
  collectors: {
    manifest: (type: string) => ['collectors', 'manifest', type] as const,
    kennel: () => ['collectors', 'kennel'] as const,
  },

  savedQueries: {
    all: () => ['saved-queries'] as const,
    lists: () => ['saved-queries', 'list'] as const,
    list: (params: Params) => ['saved-queries', 'list', params] as const,
    permissions: (id: number) => ['saved-queries', 'permissions', id] as const,
    detail: (id: number) => ['saved-queries', 'detail', id] as const,
  },

  /**
   * Attack paths and risk posture (enterprise): findings, their types and documentation, posture figures and
   * their history. Analysis and acceptance change them all: invalidate `all`.
   */
  attackPaths: {
    all: () => ['attack-paths'] as const,
    /** Each finding type's documentation (GET /api/v2/attack-paths/details' finding_assets). */
    documentation: () => ['attack-paths', 'documentation'] as const,
    findingTypes: (params: Params) => ['attack-paths', 'finding-types', params] as const,
    availableTypes: (domainId: string, zoneId: number | null) => ['attack-paths', 'available-types', domainId, zoneId] as const,
    details: (domainId: string, params: Params) => ['attack-paths', 'details', domainId, params] as const,
    sparkline: (domainId: string, params: Params) => ['attack-paths', 'sparkline', domainId, params] as const,
    findings: (params: Params) => ['attack-paths', 'findings', params] as const,
    trends: (params: Params) => ['attack-paths', 'trends', params] as const,
    comboTree: (domainId: string, zoneId: number | null) => ['attack-paths', 'combo-tree', domainId, zoneId] as const,
    postureStats: (params: Params) => ['attack-paths', 'posture-stats', params] as const,
    postureHistory: (dataType: string, params: Params) => ['attack-paths', 'posture-history', dataType, params] as const,
  },

  /** The audit log: one page of entries per view (filters, dates, sort, paging). */
  audit: {
    all: () => ['audit'] as const,
    list: (params: Params) => ['audit', 'list', params] as const,
  },

  /** The home page's summaries, each under its resource's prefix so that resource's changes refresh it. */
  home: {
    assetGroups: () => ['asset-groups', 'list', { for: 'home' }] as const,
    recentUploads: () => ['file-upload', 'list', { for: 'home' }] as const,
  },
};
