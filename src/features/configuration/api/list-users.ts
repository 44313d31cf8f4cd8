import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { usersPath } from '../../../api/config';
import { queryKeys } from '../../../api/query-keys';
import { usersListResponse } from '../../../api/schemas/users';

/** GET /api/v2/<word>-users: read to put names on the user ids a query is shared with. */
export function listUsersForSharing(signal?: AbortSignal) {
  return apiRequest({ operation: 'List users', path: usersPath(), schema: usersListResponse, signal }).then((r) => r.data.users);
}

export const sharingUsersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.savedQueries.users(),
    queryFn: ({ signal }) => listUsersForSharing(signal),
    staleTime: 60_000,
  });

export function useSharingUsers() {
  return useQuery(sharingUsersQueryOptions());
}
