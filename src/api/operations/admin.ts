import { defineOperations, needs, signedIn } from '../operation';
import { Permission as P } from '../../shared/permissions';
import { auditLogsResponse } from '../schemas/audit';
import {
  configListResponse,
  featureToggleResponse,
  featuresListResponse,
  setConfigBody,
  setConfigResponse,
} from '../schemas/config';
import { analysisRequestResponse, clearDatabaseBody, datapipeStatusResponse } from '../schemas/datapipe';
import { AUDIT_LIST } from '../../mock-server/areas/audit/routes';
import { CONFIG_LIST, FEATURES_LIST, featureIdParam } from '../../mock-server/areas/config/routes';

export const adminOps = defineOperations('Administration', {
  listAuditLogs: {
    method: 'GET',
    path: '/api/v2/audit',
    access: needs(P.AuthManageUsers),
    summary: 'List audit log entries',
    query: AUDIT_LIST.schema,
    answer: auditLogsResponse,
  },
  listAppConfigParams: {
    method: 'GET',
    path: '/api/v2/config',
    access: needs(P.AppReadConfig),
    summary: 'List configuration parameters',
    query: CONFIG_LIST.schema,
    answer: configListResponse,
  },
  setAppConfigParam: {
    method: 'PUT',
    path: '/api/v2/config',
    access: needs(P.AppWriteConfig),
    summary: 'Set a configuration parameter',
    body: setConfigBody,
    answer: setConfigResponse,
  },
  listFeatureFlags: {
    method: 'GET',
    path: '/api/v2/features',
    access: needs(P.AppReadConfig),
    summary: 'List feature flags',
    query: FEATURES_LIST.schema,
    answer: featuresListResponse,
  },
  toggleFeatureFlag: {
    method: 'PUT',
    path: '/api/v2/features/{feature_id}/toggle',
    access: needs(P.AppWriteConfig),
    summary: 'Turn a feature flag on or off',
    params: { feature_id: featureIdParam },
    answer: featureToggleResponse,
  },
  deleteBloodHoundDatabase: {
    method: 'POST',
    path: '/api/v2/clear-database',
    access: needs(P.DbWipe),
    summary: 'Clear the database (graph data, ingest history, data quality)',
    body: clearDatabaseBody,
    status: 204,
  },
  getDatapipeStatus: {
    method: 'GET',
    path: '/api/v2/datapipe/status',
    access: signedIn,
    summary: "The pipeline's status",
    answer: datapipeStatusResponse,
  },
  getAnalysisStatus: {
    method: 'GET',
    path: '/api/v2/analysis/status',
    access: needs(P.GraphDbRead),
    summary: "The analysis's status",
    deprecated: true,
    unserved: 'The pipeline status (GET /api/v2/datapipe/status) says it.',
  },
  getAnalysisRequest: {
    method: 'GET',
    path: '/api/v2/analysis',
    access: needs(P.GraphDbRead),
    summary: 'The pending analysis request',
    answer: analysisRequestResponse,
  },
  startAnalysis: {
    method: 'PUT',
    path: '/api/v2/analysis',
    access: needs(P.GraphDbWrite),
    summary: 'Request an analysis',
    status: 202,
  },
  cancelAnalysisRequest: {
    method: 'DELETE',
    path: '/api/v2/analysis',
    access: needs(P.GraphDbWrite),
    summary: 'Cancel the analysis request',
    status: 202,
  },
});
