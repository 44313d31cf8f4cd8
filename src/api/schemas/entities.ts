/**
 * Graph entity queries and data quality — reference responses
 * `related-entity-query-results`, `entity-info-query-results`; the operations
 * graphOps.getComputerEntityControllers, graphOps.getUserEntity, the entity-information
 * operations of entity-kinds.ts, graphOps.getCompletenessStats.
 */
import { z } from 'zod';
import { labelsFor } from '../../shared/value-labels';
import { dataEnvelope, nonNegativeIntQuery, pagedEnvelope, sortByParam } from './wire-format';

/**
 * Node kinds this console knows: upstream's built-in Active Directory and Azure kinds (and `Base`,
 * `AZBase`, which every node of each carries). Kinds are open-ended (OpenGraph adds any): every kind
 * field is read as plain text, and a kind not listed here shows as it came, marked unknown.
 */
export const NODE_KINDS = [
  'Base',
  'User',
  'Computer',
  'Group',
  'Domain',
  'OU',
  'Container',
  'GPO',
  'AIACA',
  'RootCA',
  'EnterpriseCA',
  'NTAuthStore',
  'CertTemplate',
  'IssuancePolicy',
  'AZBase',
  'AZApp',
  'AZAutomationAccount',
  'AZContainerRegistry',
  'AZDevice',
  'AZFunctionApp',
  'AZGroup',
  'AZKeyVault',
  'AZLogicApp',
  'AZManagedCluster',
  'AZManagementGroup',
  'AZResourceGroup',
  'AZRole',
  'AZServicePrincipal',
  'AZSubscription',
  'AZTenant',
  'AZUser',
  'AZVM',
  'AZVMScaleSet',
  'AZWebApp',
] as const;

/** A node kind as its name ("User"); a kind this console does not know as it came, unknown. */
export const nodeKindLabel = labelsFor(Object.fromEntries(NODE_KINDS.map((k) => [k, k])));

/** An entity list's entry: reference `paged-node-list-entry`. */
export const entityListEntry = z.object({
  objectID: z.string(),
  name: z.string(),
  label: z.string(),
  kinds: z.array(z.string()),
});
export type EntityListEntry = z.infer<typeof entityListEntry>;

/**
 * GET /api/v2/computers/{object_id}/controllers?type=list (graphOps.getComputerEntityControllers):
 * `{ count, skip, limit, data: entry[] }`.
 */
export const controllersResponse = pagedEnvelope(entityListEntry);
export type ControllersResponse = z.infer<typeof controllersResponse>;

/** Reference `query.entity.type`: `list` (documented) or `graph` (unsupported). */
export const ENTITY_QUERY_TYPES = ['list', 'graph'] as const;

/**
 * Query of the entity list endpoints (graphOps.getComputerEntityControllers, reference
 * `query.entity.*`): skip default 0, limit default 10, type default `list`.
 * Sortable columns depend on the entity kind, so `sortColumns` is a parameter.
 */
export function entityListQuery<const C extends readonly string[]>(sortColumns: C) {
  return z.object({
    skip: nonNegativeIntQuery('skip').default(0),
    limit: nonNegativeIntQuery('limit').default(10),
    type: z.enum(ENTITY_QUERY_TYPES, { error: 'type must be "list" or "graph"' }).default('list'),
    sort_by: sortByParam(sortColumns).optional(),
  });
}

/**
 * Reference `entity-info-query-results` data: `props` (graph node
 * properties), `kinds` (optional: a server may leave it out),
 * plus — when `counts=true` — integer count fields whose names the reference
 * does not list. A loose object, so unknown count fields pass through; read
 * them with `entityCounts`.
 */
export const entityInfo = z.looseObject({
  props: z.record(z.string(), z.unknown()),
  kinds: z.array(z.string()).optional(),
});
export type EntityInfo = z.infer<typeof entityInfo>;

/** A user node's entity info (the same shape as every kind's). */
export const userNodeInfo = entityInfo;
export type UserNodeInfo = EntityInfo;

/**
 * GET /api/v2/{base,computers,groups,…}/{object_id} (graphOps.getEntity, graphOps.getComputerEntity, …:
 * entity-kinds.ts): `{ data: entityInfo }`.
 */
export const entityInfoResponse = dataEnvelope(entityInfo);
export type EntityInfoResponse = z.infer<typeof entityInfoResponse>;

/** Query of the entity-information operations but the user's: `counts`, default true. */
export const entityCountsQuery = z.object({
  counts: z.stringbool({ error: 'counts must be true or false' }).optional(),
});

/** GET /api/v2/users/{object_id} (graphOps.getUserEntity): `{ data: userNodeInfo }`. */
export const userNodeInfoResponse = dataEnvelope(userNodeInfo);
export type UserNodeInfoResponse = z.infer<typeof userNodeInfoResponse>;

/** The integer count fields of an entity info object (everything but props/kinds that is an integer). */
export function entityCounts(info: Record<string, unknown>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(info)) {
    if (k !== 'props' && k !== 'kinds' && typeof v === 'number' && Number.isInteger(v)) out[k] = v;
  }
  return out;
}

/**
 * Reference GetCompletenessStats (graphOps.getCompletenessStats): `data` is an object
 * whose values are numbers (double) — the percentages of local admins and
 * sessions collected. The reference names no keys.
 */
export const completeness = z.record(z.string(), z.number());
export type Completeness = z.infer<typeof completeness>;

/** GET /api/v2/completeness (graphOps.getCompletenessStats): `{ data: completeness }`. */
export const completenessResponse = dataEnvelope(completeness);
export type CompletenessResponse = z.infer<typeof completenessResponse>;

/**
 * Query of GET /api/v2/users/{object_id} (graphOps.getUserEntity): `counts`, as the reference names it, or
 * `count`, the same switch. Default true.
 */
export const entityInfoQuery = z.object({
  counts: z.stringbool({ error: 'counts must be true or false' }).optional(),
  count: z.stringbool({ error: 'count must be true or false' }).optional(),
});
export type EntityInfoQuery = z.output<typeof entityInfoQuery>;

/** Whether counts were asked for: `counts` (reference) or `count` (the same switch), default true. */
export function wantsCounts(q: EntityInfoQuery): boolean {
  return q.counts ?? q.count ?? true;
}

/**
 * GET /api/v2/computers/{object_id}/controllers?type=graph (the undocumented `graph` type, reference
 * `related-entity-query-results`): the controllers and the computer itself as a graph whose nodes carry
 * names. Read loosely: the console only takes a node's name (`label`) from it.
 */
export const entityGraphResponse = z.looseObject({
  data: z.looseObject({
    nodes: z.record(z.string(), z.looseObject({ label: z.string().optional(), objectId: z.string().optional() })).optional(),
  }),
});
export type EntityGraphResponse = z.infer<typeof entityGraphResponse>;

/** Reference `model.search-result`: one directory object found by GET /api/v2/search. */
export const searchResult = z.object({
  objectid: z.string(),
  /** The object's kind (`User`, `Computer`, `Group`, `Domain`, …). */
  type: z.string(),
  name: z.string(),
  distinguishedname: z.string().optional(),
  /** Tags of the system asset groups the object is a member of, space-separated (`admin_tier_0 owned`); empty when none. */
  system_tags: z.string().optional(),
});
export type SearchResult = z.infer<typeof searchResult>;

/**
 * GET /api/v2/search (reference Search): `{ data: searchResult[] }`. The mock also says how many objects
 * matched (`count`) and the page it answered (`skip`, `limit`); the reference does not, so they are optional.
 */
export const searchResponse = z.object({
  count: z.int().min(0).optional(),
  skip: z.int().min(0).optional(),
  limit: z.int().min(0).optional(),
  data: z.array(searchResult),
});
export type SearchResponse = z.infer<typeof searchResponse>;

/** Longest `q` the search takes. */
export const SEARCH_QUERY_MAX_LENGTH = 256;

/** Reference Search `q`: required, not blank, at most SEARCH_QUERY_MAX_LENGTH characters. */
export const searchTextParam = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'q is required: the text to look for in names and object ids' : 'q must be given once, as text',
  })
  .refine((v) => v.trim() !== '', { error: 'q must not be empty: give some text to look for in names and object ids' })
  .refine((v) => v.length <= SEARCH_QUERY_MAX_LENGTH, {
    error: `q must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`,
  });

/** Node kinds the search's `type` takes (upstream's built-in kinds; the mock's graph holds the AD ones). */
export const SEARCH_NODE_TYPES = [
  'Base',
  'Domain',
  'User',
  'Computer',
  'Group',
  'OU',
  'Container',
  'GPO',
  'AIACA',
  'RootCA',
  'EnterpriseCA',
  'NTAuthStore',
  'CertTemplate',
  'IssuancePolicy',
  'AZBase',
  'AZUser',
  'AZGroup',
  'AZDevice',
  'AZApp',
  'AZTenant',
] as const;
