import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { assetGroupsListResponse } from '@/api/schemas/asset-groups';

export interface AssetGroupsSummary {
  total: number;
  members: number;
}

/** GET /api/v2/asset-groups, summarised for the home page (groups and their members). */
export function getAssetGroupsSummary(signal?: AbortSignal): Promise<AssetGroupsSummary> {
  return apiRequest({
    operation: 'Count asset groups',
    path: '/api/v2/asset-groups',
    schema: assetGroupsListResponse,
    signal,
  }).then((r) => ({ total: r.data.asset_groups.length, members: r.data.asset_groups.reduce((n, g) => n + g.member_count, 0) }));
}

export const assetGroupsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.home.assetGroups(),
    queryFn: ({ signal }) => getAssetGroupsSummary(signal),
    staleTime: 30_000,
  });

export function useAssetGroupsSummary({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...assetGroupsSummaryQueryOptions(), enabled });
}
