import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { userOps } from '@/api/operations/users';
import { queryKeys } from '@/api/query-keys';

/** GET /api/v2/app-users/{user_id} (userOps.getUser). */
export function getUser(id: string, signal?: AbortSignal) {
  return call(userOps.getUser, { params: { user_id: id }, signal }).then((r) => r.data);
}

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.users.detail(id), queryFn: ({ signal }) => getUser(id, signal) });

export function useUser(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...userQueryOptions(id), enabled });
}
