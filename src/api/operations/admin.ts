import { defineOperations, needs, signedIn } from '../operation';
import { Permission as P } from '../../shared/permissions';
import { listQuery } from '../list-query';
import { AUDIT_DEFAULT_LIMIT, AUDIT_FILTERS, AUDIT_SORTABLE_COLUMNS, auditLogsResponse, rfc3339Param } from '../schemas/audit';
import {
  configListResponse,
  configParameterFilter,
  featureIdParam,
  featureToggleResponse,
  featuresListResponse,
  setConfigBody,
  setConfigResponse,
} from '../schemas/config';
import { analysisRequestResponse, clearDatabaseBody, datapipeStatusResponse } from '../schemas/datapipe';

const AUDIT_FILTER_NAMES = Object.keys(AUDIT_FILTERS);

/** GET /api/v2/audit: paged, sorted, filtered, within `after`..`before`. */
const auditLogsQuery = listQuery({
  paging: { defaultLimit: AUDIT_DEFAULT_LIMIT, overMax: 'cap' },
  params: { before: rfc3339Param('before').optional(), after: rfc3339Param('after').optional() },
  // `source` is `source_ip_address`, accepted under both names.
  sortBy: [...AUDIT_SORTABLE_COLUMNS, 'source_ip_address'] as const,
  filters: AUDIT_FILTERS,
  unknown: (name) =>
    `Audit logs cannot be filtered by "${name}"; the parameters are skip, limit, sort_by, before, after and the filters ${AUDIT_FILTER_NAMES.join(', ')}.`,
});

/** GET /api/v2/config: filtered by key. */
const configParamsQuery = listQuery({
  filters: { parameter: configParameterFilter },
  unknown: (name) => `"${name}" is not a parameter of this list; filter with parameter=eq:<key>.`,
});

/** GET /api/v2/features: the whole list. */
const featureFlagsQuery = listQuery({});

export const adminOps = defineOperations('Administration', {
  listAuditLogs: {
    method: 'GET',
    path: '/api/v2/audit',
    access: needs(P.AuthManageUsers),
    summary: 'List audit log entries',
    query: auditLogsQuery,
    answer: auditLogsResponse,
  },
  listAppConfigParams: {
    method: 'GET',
    path: '/api/v2/config',
    access: needs(P.AppReadConfig),
    summary: 'List configuration parameters',
    query: configParamsQuery,
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
    // The whole list; it takes no parameters (others are ignored).
    query: featureFlagsQuery,
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
