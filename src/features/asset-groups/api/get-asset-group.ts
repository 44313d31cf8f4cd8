import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { assetGroupOps } from '@/api/operations/asset-groups';
import { queryKeys } from '@/api/query-keys';

/** assetGroupOps.getAssetGroup. */
export function getAssetGroup(id: number, signal?: AbortSignal) {
  return call(assetGroupOps.getAssetGroup, { params: { asset_group_id: id }, signal }).then((r) => r.data);
}

export const assetGroupQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.assetGroups.detail(id), queryFn: ({ signal }) => getAssetGroup(id, signal) });

export function useAssetGroup(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...assetGroupQueryOptions(id), enabled });
}
