import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { assetGroupOps } from '@/api/operations/asset-groups';
import { queryKeys } from '@/api/query-keys';

/** The system asset groups (Tier Zero, Owned): GET /api/v2/asset-groups?system_group=eq:true, with their selectors. */
export function listSystemGroups(signal?: AbortSignal) {
  return call(assetGroupOps.listAssetGroups, { query: { system_group: 'eq:true', sort_by: 'name' }, signal }).then(
    (r) => r.data.asset_groups,
  );
}

export const systemGroupsQueryOptions = () =>
  queryOptions({
    // Under the groups' lists, so every selector change refreshes it.
    queryKey: queryKeys.assetGroups.list({ system_group: true }),
    queryFn: ({ signal }) => listSystemGroups(signal),
  });

export function useSystemGroups({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...systemGroupsQueryOptions(), enabled });
}
