import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { usersPath } from '../../../api/config';
import { queryKeys } from '../../../api/query-keys';
import { usersListResponse } from '../../../api/schemas/users';

/** GET /api/v2/app-users (reference ListUsers): every user. The console sorts and filters the list itself. */
export function listUsers(signal?: AbortSignal) {
  return apiRequest({ operation: 'List users', path: usersPath(), schema: usersListResponse, signal }).then((r) => r.data.users);
}

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.users.list(),
    queryFn: ({ signal }) => listUsers(signal),
    placeholderData: keepPreviousData,
  });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
