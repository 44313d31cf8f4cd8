import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../call';
import { savedQueryOps } from '../operations/saved-queries';
import { queryKeys } from '../query-keys';

/** GET /api/v2/saved-queries/{id}/permissions: whom a query is shared with, and whether it is public. */
export function getSavedQueryPermissions(id: number, signal?: AbortSignal) {
  return call(savedQueryOps.getSavedQueryPermissions, { params: { saved_query_id: id }, signal }).then((r) => r.data);
}

export const savedQueryPermissionsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.savedQueries.permissions(id),
    queryFn: ({ signal }) => getSavedQueryPermissions(id, signal),
  });

export function useSavedQueryPermissions(id: number | null) {
  return useQuery({ ...savedQueryPermissionsQueryOptions(id ?? 0), enabled: id !== null });
}
