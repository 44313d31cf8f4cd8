import { defineOperations, needs, file } from '../operation';
import { listQuery } from '../list-query';
import { Permission as P } from '../../shared/permissions';
import { z } from 'zod';
import { intPathParam, stringFilterParam } from '../schemas/wire-format';
import {
  SAVED_QUERY_SCOPES,
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

/** A saved query's id in a path. */
export const queryIdParam = intPathParam('saved_query_id');

const queryId = { saved_query_id: queryIdParam };

/** The saved-query list: paged (10 by default, more than MAX_LIMIT capped), scope, sort_by, filters. */
const savedQueriesQuery = listQuery({
  paging: { defaultLimit: 10, overMax: 'cap' },
  params: { scope: savedQueryScope.optional() },
  sortBy: ['id', 'name', 'query', 'user_id', 'created_at', 'updated_at'],
  filters: { name: stringFilterParam('name'), query: stringFilterParam('query'), user_id: stringFilterParam('user_id') },
  unknown: (name, known) => `"${name}" is not a parameter of this list; use ${known.join(', ')}.`,
});

/**
 * The export's `scope`: required, one of SAVED_QUERY_SCOPES in any case (the first value when given twice);
 * each refusal names what was sent.
 */
export const exportScopeParam = z.preprocess(
  (v) => (Array.isArray(v) ? v[0] : v),
  z.unknown().transform((raw, ctx) => {
    const text = typeof raw === 'string' ? raw : undefined;
    if (text === undefined || text.trim() === '') {
      ctx.addIssue({
        code: 'custom',
        message: `The scope parameter is required: one of ${SAVED_QUERY_SCOPES.join(', ')}.`,
        input: raw,
      });
      return z.NEVER;
    }
    const scope = savedQueryScope.safeParse(text.trim().toLowerCase());
    if (!scope.success) {
      ctx.addIssue({ code: 'custom', message: `${scope.error.issues[0]!.message}, not "${text}".`, input: raw });
      return z.NEVER;
    }
    return scope.data;
  }),
);
const download = file('application/octet-stream');

export const savedQueryOps = defineOperations('Saved queries', {
  listSavedQueries: {
    method: 'GET',
    path: '/api/v2/saved-queries',
    access: needs(P.SavedQueriesRead),
    summary: 'List saved queries',
    query: savedQueriesQuery,
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
    query: z.object({ scope: exportScopeParam }),
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
