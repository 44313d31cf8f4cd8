import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { assetGroupsListResponse } from '@/api/schemas/asset-groups';

/**
 * GET /api/v2/asset-groups (reference ListAssetGroups): every group, in one answer (the list is not paged).
 * The page sorts and pages it in the browser, so a change of sort asks the server nothing.
 */
export function listAssetGroups(signal?: AbortSignal) {
  return apiRequest({
    operation: 'List asset groups',
    path: '/api/v2/asset-groups',
    schema: assetGroupsListResponse,
    signal,
  }).then((r) => r.data.asset_groups);
}

export const assetGroupsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.assetGroups.list({}), queryFn: ({ signal }) => listAssetGroups(signal) });

export function useAssetGroups() {
  return useQuery(assetGroupsQueryOptions());
}
