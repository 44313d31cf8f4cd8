import { auditLogsResponse } from '../../../api/schemas/audit';
import {
  configListResponse,
  featureToggleResponse,
  featuresListResponse,
  setConfigBody,
  setConfigResponse,
} from '../../../api/schemas/config';
import { analysisRequestResponse, clearDatabaseBody, datapipeStatusResponse } from '../../../api/schemas/datapipe';
import { AUDIT_LIST } from '../../areas/audit/routes';
import { CONFIG_LIST, FEATURES_LIST, featureIdParam } from '../../areas/config/routes';
import type { OperationArea } from '../operation';

export const adminOperations: OperationArea = {
  tag: 'Administration',
  operations: {
    'GET /api/v2/audit': { summary: 'List audit log entries', query: AUDIT_LIST.schema, answer: auditLogsResponse },
    'GET /api/v2/config': { summary: 'List configuration parameters', query: CONFIG_LIST.schema, answer: configListResponse },
    'PUT /api/v2/config': { summary: 'Set a configuration parameter', body: setConfigBody, answer: setConfigResponse },
    'GET /api/v2/features': { summary: 'List feature flags', query: FEATURES_LIST.schema, answer: featuresListResponse },
    'PUT /api/v2/features/{feature_id}/toggle': {
      summary: 'Turn a feature flag on or off',
      params: { feature_id: featureIdParam },
      answer: featureToggleResponse,
    },
    'POST /api/v2/clear-database': {
      summary: 'Clear the database (graph data, ingest history, data quality)',
      body: clearDatabaseBody,
      status: 204,
    },
    'GET /api/v2/datapipe/status': { summary: "The pipeline's status", answer: datapipeStatusResponse },
    'GET /api/v2/analysis/status': {
      summary: "The analysis's status",
      deprecated: true,
      unserved: 'The pipeline status (GET /api/v2/datapipe/status) says it.',
    },
    'GET /api/v2/analysis': { summary: 'The pending analysis request', answer: analysisRequestResponse },
    'PUT /api/v2/analysis': { summary: 'Request an analysis', status: 202 },
    'DELETE /api/v2/analysis': { summary: 'Cancel the analysis request', status: 202 },
  },
};
