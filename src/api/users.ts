import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { mayCall } from '../shared/route-access';
import { apiRequest } from './client';
import { usersPath } from './config';
import { queryKeys } from './query-keys';
import { useSelf } from './self';
import { usersListResponse, type User } from './schemas/users';

/**
 * GET /api/v2/app-users (reference ListUsers): every user, read once under one cache key by every page
 * that needs users (the users table, SSO providers' linked users, saved-query sharing, the home page's
 * counts); a page that needs less takes a projection with `select`.
 */
export function listUsers(signal?: AbortSignal) {
  return apiRequest({ operation: 'List users', path: usersPath(), schema: usersListResponse, signal }).then((r) => r.data.users);
}

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.users.list(),
    queryFn: ({ signal }) => listUsers(signal),
    placeholderData: keepPreviousData,
  });

/** True when the signed-in person may list users (auth.ManageUsers, by the access table). */
export function useMayListUsers(): boolean {
  return mayCall(useSelf().data, 'GET', '/api/v2/app-users');
}

/**
 * The users list, or a projection of it (`select`), read while `enabled` and
 * only for people who may list users: for anyone else it stays unread (no
 * data, no error), so pages that only borrow names from it show ids instead.
 */
export function useUsers<T = User[]>({ select, enabled = true }: { select?: (users: User[]) => T; enabled?: boolean } = {}) {
  const allowed = useMayListUsers();
  return useQuery({ ...usersQueryOptions(), select, enabled: enabled && allowed });
}
