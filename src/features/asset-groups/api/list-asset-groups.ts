import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { assetGroupsListResponse, type AssetGroupSortableColumn } from '../../../api/schemas/asset-groups';

export interface AssetGroupListSort {
  column: AssetGroupSortableColumn;
  descending: boolean;
}

/** GET /api/v2/asset-groups (reference ListAssetGroups), sorted by the server. */
export function listAssetGroups(sort: AssetGroupListSort | null, signal?: AbortSignal) {
  return apiRequest({
    operation: 'List asset groups',
    path: '/api/v2/asset-groups',
    query: { sort_by: sort ? `${sort.descending ? '-' : ''}${sort.column}` : undefined },
    schema: assetGroupsListResponse,
    signal,
  }).then((r) => r.data.asset_groups);
}

export const assetGroupsQueryOptions = (sort: AssetGroupListSort | null) =>
  queryOptions({
    queryKey: queryKeys.assetGroups.list({ sort_by: sort ? `${sort.descending ? '-' : ''}${sort.column}` : null }),
    queryFn: ({ signal }) => listAssetGroups(sort, signal),
  });

export function useAssetGroups(sort: AssetGroupListSort | null) {
  return useQuery(assetGroupsQueryOptions(sort));
}
