import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { assetGroupOps } from '@/api/operations/asset-groups';
import { queryKeys } from '@/api/query-keys';

/**
 * GET /api/v2/asset-groups (reference ListAssetGroups): every group, in one answer (the list is not paged).
 * The page sorts and pages it in the browser, so a change of sort asks the server nothing.
 */
export function listAssetGroups(signal?: AbortSignal) {
  return call(assetGroupOps.listAssetGroups, { signal }).then((r) => r.data.asset_groups);
}

export const assetGroupsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.assetGroups.list({}), queryFn: ({ signal }) => listAssetGroups(signal) });

export function useAssetGroups() {
  return useQuery(assetGroupsQueryOptions());
}
