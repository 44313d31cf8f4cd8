import { cypherAnswerResponse, graphKindsResponse } from '../../../api/schemas/cypher';
import { adDataQualityStatsResponse, availableDomainsResponse } from '../../../api/schemas/data-quality';
import {
  completenessResponse,
  controllersResponse,
  entityInfoQuery,
  searchResponse,
  userNodeInfoResponse,
} from '../../../api/schemas/entities';
import { DOMAINS_LIST, STATS_LIST, domainIdParam } from '../../areas/data-quality/routes';
import { CONTROLLERS_LIST, objectIdParam } from '../../areas/entities/routes';
import { SEARCH_LIST } from '../../areas/entities/search';
import { cypherBody, kindsQuery } from '../../areas/graphs/routes';
import type { OperationArea } from '../operation';

const objectId = { object_id: objectIdParam };

export const graphOperations: OperationArea = {
  tag: 'Graph',
  operations: {
    'GET /api/v2/search': { summary: 'Search nodes by name or object ID', query: SEARCH_LIST.schema, answer: searchResponse },
    'GET /api/v2/available-domains': {
      summary: 'List collected domains and tenants',
      query: DOMAINS_LIST.schema,
      answer: availableDomainsResponse,
    },
    'GET /api/v2/completeness': { summary: "The graph's completeness", answer: completenessResponse },
    'POST /api/v2/graphs/cypher': { summary: 'Run a Cypher query', body: cypherBody, answer: cypherAnswerResponse },
    'GET /api/v2/graphs/kinds': {
      summary: 'The node and relationship kinds in the graph',
      query: kindsQuery,
      answer: graphKindsResponse,
    },
    'GET /api/v2/ad-domains/{domain_id}/data-quality-stats': {
      summary: "A domain's data-quality history",
      params: { domain_id: domainIdParam },
      query: STATS_LIST.schema,
      answer: adDataQualityStatsResponse,
    },
    'GET /api/v2/azure-tenants/{tenant_id}/data-quality-stats': {
      summary: "A tenant's data-quality history",
      unserved: 'The seeded graph has no Azure tenant.',
    },
    'GET /api/v2/platform/{platform_id}/data-quality-stats': {
      summary: "A platform's data-quality history",
      unserved: 'The console reads the data quality of AD domains only.',
    },
    'GET /api/v2/users/{object_id}': {
      summary: 'A user node',
      params: objectId,
      query: entityInfoQuery,
      answer: userNodeInfoResponse,
    },
    'GET /api/v2/computers/{object_id}/controllers': {
      summary: 'The principals controlling a computer',
      params: objectId,
      query: CONTROLLERS_LIST.schema,
      answer: controllersResponse,
    },
  },
};
