import { parseISO } from 'date-fns';
import { z } from 'zod';
import { defineOperations, needs, type Access } from '../operation';
import { ENTITY_INFO_KINDS, type EntityInfoKind } from '../schemas/entity-kinds';
import { RELATED_LISTS, type RelatedList, type RelatedListKind } from '../schemas/related-lists';
import { listQuery, predicateFilter } from '../list-query';
import { Permission as P } from '../../shared/permissions';
import { STRING_FILTER_PREDICATES } from '../schemas/wire-format';
import { cypherAnswerResponse, edgeCompositionResponse, graphKindsResponse } from '../schemas/cypher';
import { DATA_QUALITY_SORTABLE_COLUMNS, adDataQualityStatsResponse, availableDomainsResponse } from '../schemas/data-quality';
import {
  completenessResponse,
  controllersResponse,
  entityCountsQuery,
  entityInfoQuery,
  entityInfoResponse,
  entityListQuery,
  searchResponse,
  searchTextParam,
  userNodeInfoResponse,
} from '../schemas/entities';
import {
  GRAPH_SEARCH_TYPES,
  domainPatch,
  domainPatchResponse,
  graphSearchResponse,
  pathGraphResponse,
  bhGraphResponse,
} from '../schemas/pathfinding';

const notAParameter = (name: string, known: readonly string[]) =>
  `"${name}" is not a parameter of this operation; use ${known.join(', ')}.`;

/** A graph node's object id in a path. */
export const objectIdParam = z
  .string()
  .trim()
  .min(1, { error: 'object_id is required' })
  .max(256, { error: 'object_id is too long' });

const objectId = { object_id: objectIdParam };

/** An Active Directory domain's id in a path. */
export const domainIdParam = z
  .string()
  .trim()
  .min(1, { error: 'domain_id is required' })
  .max(256, { error: 'domain_id is too long' });

/** Columns the controllers list sorts by (upstream: "dependent on the entity object kind"). */
export const CONTROLLER_SORT_COLUMNS = ['name', 'objectID', 'label'] as const;

/** The body of a Cypher query. */
export const cypherBody = z.object({
  query: z.string({ error: 'query is required: the Cypher query to run' }).trim().min(1, { error: 'query is empty' }),
  include_properties: z.boolean({ error: 'include_properties must be true or false' }).optional(),
});

/** The kinds list's query: `type` filters node or edge kinds (`eq:node`, `neq:edge`); the mock reads the filter. */
export const kindsQuery = z.object({ type: z.union([z.string(), z.array(z.string())]).optional() });

/** Search's query: q, type, skip, limit (10 by default, more than MAX_LIMIT capped); anything else is a 400 naming it. */
const searchQuery = listQuery({
  paging: { defaultLimit: 10, overMax: 'cap' },
  params: {
    q: searchTextParam,
    type: z.string({ error: 'type must be given once, as text' }).optional(),
  },
  unknown: (name, known) => `"${name}" is not a parameter of the search; use ${known.join(', ')}.`,
});

const collectedFilter = predicateFilter('collected', ['eq', 'neq']).refine(
  (f) => !f || Array.isArray(f) || f.value === 'true' || f.value === 'false',
  { message: 'The collected filter takes true or false (for example collected=eq:true).' },
);

/** The available domains' query: sort_by, and name, objectid and collected filters; not paged. */
const domainsQuery = listQuery({
  sortBy: ['objectid', 'name'],
  filters: {
    objectid: predicateFilter('objectid', STRING_FILTER_PREDICATES),
    name: predicateFilter('name', STRING_FILTER_PREDICATES),
    collected: collectedFilter,
  },
  unknown: notAParameter,
});

/** An RFC 3339 date-time query parameter, in milliseconds since the epoch. */
const timeParam = (name: string) =>
  z
    .string({ error: `${name} must be given once` })
    .transform((raw, ctx) => {
      const ok = z.iso.datetime({ offset: true }).safeParse(raw.trim()).success;
      const ms = parseISO(raw.trim()).getTime();
      if (!ok || Number.isNaN(ms)) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be an RFC 3339 date-time such as 2026-11-01T00:00:00Z, not "${raw}".`,
          input: raw,
        });
        return z.NEVER;
      }
      return ms;
    })
    .optional();

/** A domain's data-quality history: start, end, sort_by, skip, limit (1000 by default, more capped). */
const statsQuery = listQuery({
  paging: { defaultLimit: 1000, overMax: 'cap' },
  params: { start: timeParam('start'), end: timeParam('end') },
  sortBy: DATA_QUALITY_SORTABLE_COLUMNS,
  unknown: notAParameter,
});

/** The controllers list: paged (10 by default, more than MAX_LIMIT capped), `sort_by`, `type` (list or graph). */
const controllersQuery = listQuery({
  paging: { defaultLimit: 10, overMax: 'cap' },
  params: { type: entityListQuery(CONTROLLER_SORT_COLUMNS).shape.type },
  sortBy: CONTROLLER_SORT_COLUMNS,
  unknown: notAParameter,
});

/** One query parameter given once, with upstream's messages for a missing and a repeated one. */
const oneValue = (name: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? `Expected ${name} parameter to be set.` : `Expected only one ${name}.`),
  });

const INTEGER = /^[+-]?\d+$/;
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/**
 * A graph id in the query, read as upstream reads it (a base-10, 32-bit integer); `said` is the name
 * upstream's refusal gives it (`startID`, `endID`).
 */
const graphIdQueryParam = (name: string, said: string) =>
  oneValue(name)
    .refine((raw) => INTEGER.test(raw) && Number(raw) >= INT32_MIN && Number(raw) <= INT32_MAX, {
      error: (issue) => `Invalid value for ${said}: ${String(issue.input)}`,
    })
    .transform(Number);

/** The edge composition's query: the relationship's two ends by graph id, and its kind. */
export const edgeCompositionQuery = z.object({
  source_node: graphIdQueryParam('source_node', 'startID'),
  target_node: graphIdQueryParam('target_node', 'endID'),
  edge_type: oneValue('edge_type'),
});

/** The declaration of one entity-information operation (entity-kinds.ts), as its row makes it. */
interface EntityInfoSpec<Path extends string> {
  method: 'GET';
  path: `/api/v2/${Path}/{object_id}`;
  access: Access;
  summary: string;
  description: string;
  params: typeof objectId;
  query: typeof entityCountsQuery;
  answer: typeof entityInfoResponse;
}

/** One entity-information operation per row of ENTITY_INFO_KINDS, keyed by the row's operation id. */
function entityInfoOperations<const T extends Record<string, EntityInfoKind>>(
  table: T,
): { [K in keyof T]: EntityInfoSpec<T[K]['path']> } {
  return Object.fromEntries(
    Object.entries(table).map(([key, row]) => {
      const spec: EntityInfoSpec<string> = {
        method: 'GET',
        path: `/api/v2/${row.path}/{object_id}`,
        access: needs(P.GraphDbRead),
        summary: row.summary,
        description:
          row.kind === 'Base'
            ? `The properties and kinds of any node, with counts on also: ${row.counts.join(', ')}.`
            : `The properties and kinds of a ${row.kind} node (another kind is a 404), with counts on also: ${row.counts.join(', ')}.`,
        params: objectId,
        query: entityCountsQuery,
        answer: entityInfoResponse,
      };
      return [key, spec];
    }),
  ) as { [K in keyof T]: EntityInfoSpec<T[K]['path']> };
}

/** The declaration of one related list (related-lists.ts), as its row makes it. */
interface RelatedListSpec<Path extends string> {
  method: 'GET';
  path: Path;
  access: Access;
  summary: string;
  description: string;
  params: typeof objectId;
  query: typeof controllersQuery;
  answer: typeof controllersResponse;
}

/** Every row of the table with its kind's path word. */
type Row = {
  [W in RelatedListKind]: (typeof RELATED_LISTS)[W][number] extends infer R
    ? R extends RelatedList
      ? { word: W; list: R['list']; operationId: R['operationId'] }
      : never
    : never;
}[RelatedListKind];

/** One operation per related list of every kind, keyed by the row's operation id. */
function relatedListOperations(table: typeof RELATED_LISTS): {
  [R in Row as R['operationId']]: RelatedListSpec<`/api/v2/${R['word']}/{object_id}/${R['list']}`>;
} {
  const out: Record<string, RelatedListSpec<string>> = {};
  for (const [word, rows] of Object.entries(table)) {
    for (const row of rows) {
      out[row.operationId] = {
        method: 'GET',
        path: `/api/v2/${word}/{object_id}/${row.list}`,
        access: needs(P.GraphDbRead),
        summary: row.summary,
        description: `${row.summary}: paged (skip, limit), sorted by sort_by (name, objectID, label); type=graph answers the same objects as a graph.`,
        params: objectId,
        query: controllersQuery,
        answer: controllersResponse,
      };
    }
  }
  return out as never;
}

export const graphOps = defineOperations('Graph', {
  ...entityInfoOperations(ENTITY_INFO_KINDS),
  ...relatedListOperations(RELATED_LISTS),
  search: {
    method: 'GET',
    path: '/api/v2/search',
    access: needs(P.GraphDbRead),
    summary: 'Search nodes by name or object ID',
    query: searchQuery,
    answer: searchResponse,
  },
  getAvailableDomains: {
    method: 'GET',
    path: '/api/v2/available-domains',
    access: needs(P.GraphDbRead),
    summary: 'List collected domains and tenants',
    query: domainsQuery,
    answer: availableDomainsResponse,
  },
  getCompletenessStats: {
    method: 'GET',
    path: '/api/v2/completeness',
    access: needs(P.GraphDbRead),
    summary: "The graph's completeness",
    answer: completenessResponse,
  },
  runCypherQuery: {
    method: 'POST',
    path: '/api/v2/graphs/cypher',
    access: needs(P.GraphDbRead),
    summary: 'Run a Cypher query',
    body: cypherBody,
    answer: cypherAnswerResponse,
  },
  getKinds: {
    method: 'GET',
    path: '/api/v2/graphs/kinds',
    access: needs(P.GraphDbRead),
    summary: 'The node and relationship kinds in the graph',
    query: kindsQuery,
    answer: graphKindsResponse,
  },
  getPathComposition: {
    method: 'GET',
    path: '/api/v2/graphs/edge-composition',
    access: needs(P.GraphDbRead),
    summary: 'How a relationship is made',
    description:
      'The nodes and relationships that make a post-processed relationship (an ADCS finding, an NTLM relay), given by its two ends and its kind; empty for a kind made of no others.',
    query: edgeCompositionQuery,
    answer: edgeCompositionResponse,
  },
  getAdDomainDataQualityStats: {
    method: 'GET',
    path: '/api/v2/ad-domains/{domain_id}/data-quality-stats',
    access: needs(P.GraphDbRead),
    summary: "A domain's data-quality history",
    params: { domain_id: domainIdParam },
    query: statsQuery,
    answer: adDataQualityStatsResponse,
  },
  getAzureTenantDataQualityStats: {
    method: 'GET',
    path: '/api/v2/azure-tenants/{tenant_id}/data-quality-stats',
    access: needs(P.GraphDbRead),
    summary: "A tenant's data-quality history",
    unserved: 'The seeded graph has no Azure tenant.',
  },
  getPlatformDataQualityAggregate: {
    method: 'GET',
    path: '/api/v2/platform/{platform_id}/data-quality-stats',
    access: needs(P.GraphDbRead),
    summary: "A platform's data-quality history",
    unserved: 'The console reads the data quality of AD domains only.',
  },
  getUserEntity: {
    method: 'GET',
    path: '/api/v2/users/{object_id}',
    access: needs(P.GraphDbRead),
    summary: 'A user node',
    params: objectId,
    query: entityInfoQuery,
    answer: userNodeInfoResponse,
  },
  graphSearch: {
    method: 'GET',
    path: '/api/v2/graph-search',
    access: needs(P.GraphDbRead),
    summary: 'Search the graph for nodes by name',
    query: z.object({
      query: oneValue('query'),
      type: z.enum(GRAPH_SEARCH_TYPES, { error: 'type must be fuzzy or exact' }).optional(),
    }),
    answer: graphSearchResponse,
  },
  getShortestPath: {
    method: 'GET',
    path: '/api/v2/graphs/shortest-path',
    access: needs(P.GraphDbRead),
    summary: 'The shortest paths between two nodes',
    description:
      'Every shortest path from start_node to end_node (object ids), walking the relationship kinds relationship_kinds names (in:A,B or nin:A,B) and, with only_traversable, only the traversable ones.',
    query: z.object({
      start_node: oneValue('start_node'),
      end_node: oneValue('end_node'),
      relationship_kinds: z.string({ error: 'relationship_kinds must be given once' }).optional(),
      only_traversable: z.stringbool({ error: 'only_traversable must be true or false' }).optional(),
    }),
    answer: pathGraphResponse,
  },
  pathfinding: {
    method: 'GET',
    path: '/api/v2/pathfinding',
    access: needs(P.GraphDbRead),
    summary: 'The shortest paths between two nodes (deprecated)',
    deprecated: true,
    query: z.object({ start_node: oneValue('start_node'), end_node: oneValue('end_node') }),
    answer: bhGraphResponse,
  },
  getRelayTargets: {
    method: 'GET',
    path: '/api/v2/graphs/relay-targets',
    access: needs(P.GraphDbRead),
    summary: 'The relay targets of an NTLM relay relationship',
    query: edgeCompositionQuery,
    answer: pathGraphResponse,
  },
  getAclInheritancePath: {
    method: 'GET',
    path: '/api/v2/graphs/acl-inheritance',
    access: needs(P.GraphDbRead),
    summary: 'Where an inherited permission comes from',
    query: edgeCompositionQuery,
    answer: pathGraphResponse,
  },
  updateDomainEntity: {
    method: 'PATCH',
    path: '/api/v2/domains/{object_id}',
    // Upstream asks graphdb.Read only, not graphdb.Write.
    access: needs(P.GraphDbRead),
    summary: 'Mark a domain collected or not',
    description:
      "Sets the domain's collected property (the available domains' collected flag follows) and answers it; another kind of node is a 404.",
    params: objectId,
    body: domainPatch,
    answer: domainPatchResponse,
  },
});
