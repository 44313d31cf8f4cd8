import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './call';
import { authOps } from './operations/auth';
import { queryKeys } from './query-keys';

/** GET /api/v2/roles (reference ListRoles): every role with its permissions (the users, roles and SSO pages share it). */
export function listRoles(signal?: AbortSignal) {
  return call(authOps.listRoles, { signal }).then((r) => r.data.roles);
}

export const rolesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.roles.list(), queryFn: ({ signal }) => listRoles(signal), staleTime: 5 * 60_000 });

export function useRoles() {
  return useQuery(rolesQueryOptions());
}
