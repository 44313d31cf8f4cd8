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
} from '../../../api/schemas/saved-queries';
import { QUERIES_LIST, queryIdParam } from '../../areas/saved-queries/routes';
import { file, type OperationArea } from '../operation';

const QUERY = '/api/v2/saved-queries/{saved_query_id}';
const queryId = { saved_query_id: queryIdParam };
const download = file('application/octet-stream');

export const savedQueryOperations: OperationArea = {
  tag: 'Saved queries',
  operations: {
    'GET /api/v2/saved-queries': { summary: 'List saved queries', query: QUERIES_LIST.schema, answer: savedQueriesListResponse },
    'POST /api/v2/saved-queries': {
      summary: 'Save a query',
      body: createSavedQueryBody,
      answer: savedQueryResponse,
      status: 201,
      errors: [409],
    },
    'GET /api/v2/saved-queries/export': {
      summary: 'Export saved queries (a ZIP)',
      // The route reads `scope` itself (required), with this schema.
      query: z.object({ scope: savedQueryScope }),
      answer: download,
    },
    'POST /api/v2/saved-queries/import': {
      summary: 'Import saved queries (one JSON query or a ZIP of them)',
      body: file('application/json', ...SAVED_QUERY_ZIP_TYPES),
      answer: importSavedQueriesResponse,
      status: 201,
      errors: [409, 413, 415],
    },
    [`GET ${QUERY}`]: { summary: 'Get a saved query', params: queryId, answer: savedQueryResponse },
    [`PUT ${QUERY}`]: {
      summary: 'Update a saved query',
      params: queryId,
      body: updateSavedQueryBody,
      answer: savedQueryResponse,
      errors: [409],
    },
    [`DELETE ${QUERY}`]: { summary: 'Delete a saved query', params: queryId, status: 204 },
    [`GET ${QUERY}/permissions`]: {
      summary: 'Who a saved query is shared with',
      params: queryId,
      answer: savedQueryPermissionsResponse,
    },
    [`PUT ${QUERY}/permissions`]: {
      summary: 'Share a saved query (with people, or with everyone)',
      params: queryId,
      body: shareSavedQueryBody,
      answer: shareSavedQueryResponse,
      status: 201,
    },
    [`DELETE ${QUERY}/permissions`]: {
      summary: 'Stop sharing a saved query with people',
      params: queryId,
      body: revokeSavedQueryPermissionsBody,
      status: 204,
    },
    [`GET ${QUERY}/export`]: { summary: 'Export a saved query (JSON)', params: queryId, answer: download },
  },
};
