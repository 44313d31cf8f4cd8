import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { assetGroupOps } from '@/api/operations/asset-groups';
import { queryKeys } from '@/api/query-keys';

export interface AssetGroupsSummary {
  total: number;
  members: number;
}

/** GET /api/v2/asset-groups, summarised for the home page (groups and their members). */
export function getAssetGroupsSummary(signal?: AbortSignal): Promise<AssetGroupsSummary> {
  return call(assetGroupOps.listAssetGroups, { signal }).then((r) => ({
    total: r.data.asset_groups.length,
    members: r.data.asset_groups.reduce((n, g) => n + g.member_count, 0),
  }));
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
