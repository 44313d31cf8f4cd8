import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../call';
import { savedQueryOps } from '../operations/saved-queries';
import { queryKeys } from '../query-keys';
import type { SavedQueryScope } from '../schemas/saved-queries';

export interface SavedQueriesParams {
  skip: number;
  limit: number;
  scope: SavedQueryScope;
  /** Columns in order, `-` in front for descending (sent as repeated `sort_by`). */
  sortBy?: readonly string[];
  /** Part of the name to look for (sent as `name=~eq:<text>`). */
  name?: string;
}

/** GET /api/v2/saved-queries: one page of the caller's saved queries in a scope. */
export function listSavedQueries(params: SavedQueriesParams, signal?: AbortSignal) {
  return call(savedQueryOps.listSavedQueries, {
    query: {
      skip: params.skip,
      limit: params.limit,
      scope: params.scope,
      sort_by: params.sortBy && params.sortBy.length > 0 ? params.sortBy : undefined,
      name: params.name ? `~eq:${params.name}` : undefined,
    },
    signal,
  });
}

export const savedQueriesQueryOptions = (params: SavedQueriesParams) =>
  queryOptions({
    queryKey: queryKeys.savedQueries.list({ ...params }),
    queryFn: ({ signal }) => listSavedQueries(params, signal),
    placeholderData: keepPreviousData,
  });

export function useSavedQueries(params: SavedQueriesParams) {
  return useQuery(savedQueriesQueryOptions(params));
}
