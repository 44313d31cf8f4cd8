import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { authOps } from '@/api/operations/auth';
import { queryKeys } from '@/api/query-keys';

/** GET /api/v2/roles/{role_id} (authOps.getRole). */
export function getRole(id: number, signal?: AbortSignal) {
  return call(authOps.getRole, { params: { role_id: id }, signal }).then((r) => r.data);
}

export const roleQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.roles.detail(id), queryFn: ({ signal }) => getRole(id, signal), staleTime: 5 * 60_000 });

export function useRole(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...roleQueryOptions(id), enabled });
}
