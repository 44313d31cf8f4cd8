import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { usersPath } from '../../../api/config';
import { queryKeys } from '../../../api/query-keys';
import { usersListResponse } from '../../../api/schemas/users';

export interface UsersSummary {
  total: number;
  disabled: number;
}

/** GET /api/v2/<word>-users, summarised for the home page (how many, how many disabled). */
export function getUsersSummary(signal?: AbortSignal): Promise<UsersSummary> {
  return apiRequest({ operation: 'Count users', path: usersPath(), schema: usersListResponse, signal }).then((r) => {
    const live = r.data.users.filter((u) => !u.deleted_at.valid);
    return { total: live.length, disabled: live.filter((u) => u.is_disabled).length };
  });
}

export const usersSummaryQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.home.users(), queryFn: ({ signal }) => getUsersSummary(signal), staleTime: 30_000 });

export function useUsersSummary() {
  return useQuery(usersSummaryQueryOptions());
}
