import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { usersPath } from '../../../api/config';
import { queryKeys } from '../../../api/query-keys';
import { usersListResponse } from '../../../api/schemas/users';

export interface LinkedUser {
  id: string;
  principalName: string;
}

/**
 * GET <usersPath()> (reference ListUsers), reduced to who signs in through
 * which SSO provider: provider id → its users. Only ids and principal names
 * are kept in the cache.
 */
export function listLinkedUsers(signal?: AbortSignal) {
  return apiRequest({ operation: 'List users', path: usersPath(), schema: usersListResponse, signal }).then((r) => {
    const byProvider: Record<number, LinkedUser[]> = {};
    for (const u of r.data.users) {
      if (!u.sso_provider_id.valid) continue;
      (byProvider[u.sso_provider_id.int32] ??= []).push({ id: u.id, principalName: u.principal_name });
    }
    return byProvider;
  });
}

export const linkedUsersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.ssoProviders.linkedUsers(),
    queryFn: ({ signal }) => listLinkedUsers(signal),
    staleTime: 0,
  });

/** The users who sign in through provider `ssoProviderId` (read only while `enabled`, e.g. while a delete dialog is open). */
export function useLinkedUsers(ssoProviderId: number, enabled: boolean) {
  return useQuery({ ...linkedUsersQueryOptions(), enabled, select: (byProvider) => byProvider[ssoProviderId] ?? [] });
}
