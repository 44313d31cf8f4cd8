import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { savedQueryPermissionsResponse } from '@/api/schemas/saved-queries';

/** GET /api/v2/saved-queries/{id}/permissions: whom a query is shared with, and whether it is public. */
export function getSavedQueryPermissions(id: number, signal?: AbortSignal) {
  return apiRequest({
    operation: 'Get whom a saved query is shared with',
    path: `/api/v2/saved-queries/${id}/permissions`,
    schema: savedQueryPermissionsResponse,
    signal,
  }).then((r) => r.data);
}

export const savedQueryPermissionsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.savedQueries.permissions(id),
    queryFn: ({ signal }) => getSavedQueryPermissions(id, signal),
  });

export function useSavedQueryPermissions(id: number | null) {
  return useQuery({ ...savedQueryPermissionsQueryOptions(id ?? 0), enabled: id !== null });
}
