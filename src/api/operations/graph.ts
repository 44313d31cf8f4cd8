import { defineOperations, needs } from '../operation';
import { Permission as P } from '../../shared/permissions';
import { cypherAnswerResponse, graphKindsResponse } from '../schemas/cypher';
import { adDataQualityStatsResponse, availableDomainsResponse } from '../schemas/data-quality';
import {
  completenessResponse,
  controllersResponse,
  entityInfoQuery,
  searchResponse,
  userNodeInfoResponse,
} from '../schemas/entities';
import { DOMAINS_LIST, STATS_LIST, domainIdParam } from '../../mock-server/areas/data-quality/routes';
import { CONTROLLERS_LIST, objectIdParam } from '../../mock-server/areas/entities/routes';
import { SEARCH_LIST } from '../../mock-server/areas/entities/search';
import { cypherBody, kindsQuery } from '../../mock-server/areas/graphs/routes';

const objectId = { object_id: objectIdParam };

export const graphOps = defineOperations('Graph', {
  search: {
    method: 'GET',
    path: '/api/v2/search',
    access: needs(P.GraphDbRead),
    summary: 'Search nodes by name or object ID',
    query: SEARCH_LIST.schema,
    answer: searchResponse,
  },
  getAvailableDomains: {
    method: 'GET',
    path: '/api/v2/available-domains',
    access: needs(P.GraphDbRead),
    summary: 'List collected domains and tenants',
    query: DOMAINS_LIST.schema,
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
  getAdDomainDataQualityStats: {
    method: 'GET',
    path: '/api/v2/ad-domains/{domain_id}/data-quality-stats',
    access: needs(P.GraphDbRead),
    summary: "A domain's data-quality history",
    params: { domain_id: domainIdParam },
    query: STATS_LIST.schema,
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
  getComputerEntityControllers: {
    method: 'GET',
    path: '/api/v2/computers/{object_id}/controllers',
    access: needs(P.GraphDbRead),
    summary: 'The principals controlling a computer',
    params: objectId,
    query: CONTROLLERS_LIST.schema,
    answer: controllersResponse,
  },
});
