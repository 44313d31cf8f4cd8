import { defineOperations, needs, file } from '../operation';
import { Permission as P } from '../../shared/permissions';
import { z } from 'zod';
import {
  SAVED_QUERY_ZIP_TYPES,
  createSavedQueryBody,
  importSavedQueriesResponse,
  revokeSavedQueryPermissionsBody,
  savedQueriesListResponse,
  savedQueryPermissionsResponse,
  savedQueryResponse,
  savedQueryScope,
  shareSavedQueryBody,
  shareSavedQueryResponse,
  updateSavedQueryBody,
} from '../schemas/saved-queries';
import { QUERIES_LIST, queryIdParam } from '../../mock-server/areas/saved-queries/routes';

const queryId = { saved_query_id: queryIdParam };
const download = file('application/octet-stream');

export const savedQueryOps = defineOperations('Saved queries', {
  listSavedQueries: {
    method: 'GET',
    path: '/api/v2/saved-queries',
    access: needs(P.SavedQueriesRead),
    summary: 'List saved queries',
    query: QUERIES_LIST.schema,
    answer: savedQueriesListResponse,
  },
  createSavedQuery: {
    method: 'POST',
    path: '/api/v2/saved-queries',
    access: needs(P.SavedQueriesWrite),
    summary: 'Save a query',
    body: createSavedQueryBody,
    answer: savedQueryResponse,
    status: 201,
    errors: [409],
  },
  exportSavedQueries: {
    method: 'GET',
    path: '/api/v2/saved-queries/export',
    access: needs(P.SavedQueriesRead),
    summary: 'Export saved queries (a ZIP)',
    // The route reads `scope` itself (required), with this schema.
    query: z.object({ scope: savedQueryScope }),
    answer: download,
  },
  importSavedQueries: {
    method: 'POST',
    path: '/api/v2/saved-queries/import',
    access: needs(P.SavedQueriesWrite),
    summary: 'Import saved queries (one JSON query or a ZIP of them)',
    body: file('application/json', ...SAVED_QUERY_ZIP_TYPES),
    answer: importSavedQueriesResponse,
    status: 201,
    errors: [409, 413, 415],
  },
  getSavedQuery: {
    method: 'GET',
    path: '/api/v2/saved-queries/{saved_query_id}',
    access: needs(P.SavedQueriesRead),
    summary: 'Get a saved query',
    params: queryId,
    answer: savedQueryResponse,
  },
  updateSavedQuery: {
    method: 'PUT',
    path: '/api/v2/saved-queries/{saved_query_id}',
    access: needs(P.SavedQueriesWrite),
    summary: 'Update a saved query',
    params: queryId,
    body: updateSavedQueryBody,
    answer: savedQueryResponse,
    errors: [409],
  },
  deleteSavedQuery: {
    method: 'DELETE',
    path: '/api/v2/saved-queries/{saved_query_id}',
    access: needs(P.SavedQueriesWrite),
    summary: 'Delete a saved query',
    params: queryId,
    status: 204,
  },
  getSavedQueryPermissions: {
    method: 'GET',
    path: '/api/v2/saved-queries/{saved_query_id}/permissions',
    access: needs(P.SavedQueriesRead),
    summary: 'Who a saved query is shared with',
    params: queryId,
    answer: savedQueryPermissionsResponse,
  },
  shareSavedQuery: {
    method: 'PUT',
    path: '/api/v2/saved-queries/{saved_query_id}/permissions',
    access: needs(P.SavedQueriesWrite),
    summary: 'Share a saved query (with people, or with everyone)',
    params: queryId,
    body: shareSavedQueryBody,
    answer: shareSavedQueryResponse,
    status: 201,
  },
  deleteSavedQueryPermissions: {
    method: 'DELETE',
    path: '/api/v2/saved-queries/{saved_query_id}/permissions',
    access: needs(P.SavedQueriesWrite),
    summary: 'Stop sharing a saved query with people',
    params: queryId,
    body: revokeSavedQueryPermissionsBody,
    status: 204,
  },
  exportSavedQuery: {
    method: 'GET',
    path: '/api/v2/saved-queries/{saved_query_id}/export',
    access: needs(P.SavedQueriesRead),
    summary: 'Export a saved query (JSON)',
    params: queryId,
    answer: download,
  },
});
