import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { usersPath } from '@/api/config';
import { queryKeys } from '@/api/query-keys';
import { userResponse } from '@/api/schemas/users';

/** GET /api/v2/app-users/{user_id} (API document 4.2 #12). */
export function getUser(id: string, signal?: AbortSignal) {
  return apiRequest({
    operation: 'Get a user',
    path: `${usersPath()}/${encodeURIComponent(id)}`,
    schema: userResponse,
    signal,
  }).then((r) => r.data);
}

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.users.detail(id), queryFn: ({ signal }) => getUser(id, signal) });

export function useUser(id: string, enabled = true) {
  return useQuery({ ...userQueryOptions(id), enabled });
}
