import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './call';
import { mayCall } from './operation';
import { userOps } from './operations/users';
import { queryKeys } from './query-keys';
import { useSelf } from './self';
import type { User, UserMinimal } from './schemas/users';
import type { NullableString } from './schemas/wire-format';

/**
 * GET /api/v2/app-users (reference ListUsers): every user, read once under one cache key by every page
 * that needs users (the users table, SSO providers' linked users, saved-query sharing, the home page's
 * counts); a page that needs less takes a projection with `select`.
 */
export function listUsers(signal?: AbortSignal) {
  return call(userOps.listUsers, { signal }).then((r) => r.data.users);
}

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.users.list(),
    queryFn: ({ signal }) => listUsers(signal),
    placeholderData: keepPreviousData,
  });

/** True when the signed-in person may list users (userOps.listUsers: auth.ManageUsers). */
export function useMayListUsers(): boolean {
  return mayCall(useSelf().data, userOps.listUsers);
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

/** A person as pickers and name labels need them: names and email, and, from the full list, more. */
export type Person = Pick<User, 'id' | 'first_name' | 'last_name' | 'email_address'> &
  Partial<Pick<User, 'principal_name' | 'is_disabled'>>;

const text = (value: string | undefined): NullableString => ({ string: value ?? '', valid: !!value });

function personOf(u: UserMinimal): Person {
  return {
    id: u.id,
    first_name: u.first_name ?? text(undefined),
    last_name: u.last_name ?? text(undefined),
    email_address: text(u.email),
  };
}

/**
 * GET /api/v2/app-users-minimal (reference ListUsersMinimal, auth.ReadUsers): every user who may sign in,
 * by id, names and email: what people pickers (sharing, the audit log's actor filter) offer.
 */
export function listUsersMinimal(signal?: AbortSignal): Promise<Person[]> {
  return call(userOps.listUsersMinimal, { signal }).then((r) => r.data.users.map(personOf));
}

/** True when the signed-in person may read the minimal users list (userOps.listUsersMinimal: auth.ReadUsers). */
export function useMayListPeople(): boolean {
  return mayCall(useSelf().data, userOps.listUsersMinimal);
}

/** The people to pick from, or a projection (`select`); unread (no data, no error) for anyone who may not list them. */
export function usePeople<T = Person[]>({ select }: { select?: (people: Person[]) => T } = {}) {
  const allowed = useMayListPeople();
  return useQuery({
    queryKey: queryKeys.users.minimal(),
    queryFn: ({ signal }) => listUsersMinimal(signal),
    select,
    enabled: allowed,
  });
}
