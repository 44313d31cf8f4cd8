import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';
import { rolesListResponse } from './schemas/roles';

/** GET /api/v2/roles (reference ListRoles): every role with its permissions (the users, roles and SSO pages share it). */
export function listRoles(signal?: AbortSignal) {
  return apiRequest({ operation: 'List roles', path: '/api/v2/roles', schema: rolesListResponse, signal }).then(
    (r) => r.data.roles,
  );
}

export const rolesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.roles.list(), queryFn: ({ signal }) => listRoles(signal), staleTime: 5 * 60_000 });

export function useRoles() {
  return useQuery(rolesQueryOptions());
}
