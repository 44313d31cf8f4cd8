import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { roleResponse } from '@/api/schemas/roles';

/** GET /api/v2/roles/{role_id} (API document 4.2 #7). */
export function getRole(id: number, signal?: AbortSignal) {
  return apiRequest({ operation: 'Get a role', path: `/api/v2/roles/${id}`, schema: roleResponse, signal }).then((r) => r.data);
}

export const roleQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.roles.detail(id), queryFn: ({ signal }) => getRole(id, signal), staleTime: 5 * 60_000 });

export function useRole(id: number, enabled = true) {
  return useQuery({ ...roleQueryOptions(id), enabled });
}
