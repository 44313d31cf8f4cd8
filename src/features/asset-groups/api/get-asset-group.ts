import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { assetGroupResponse } from '@/api/schemas/asset-groups';

/** GET /api/v2/asset-groups/{asset_group_id} (API document 4.2 #6). */
export function getAssetGroup(id: number, signal?: AbortSignal) {
  return apiRequest({
    operation: 'Get asset group',
    path: `/api/v2/asset-groups/${id}`,
    schema: assetGroupResponse,
    signal,
  }).then((r) => r.data);
}

export const assetGroupQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.assetGroups.detail(id), queryFn: ({ signal }) => getAssetGroup(id, signal) });

export function useAssetGroup(id: number, enabled = true) {
  return useQuery({ ...assetGroupQueryOptions(id), enabled });
}
