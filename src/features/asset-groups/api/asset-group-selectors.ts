import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { assetGroupOps } from '@/api/operations/asset-groups';
import { queryKeys } from '@/api/query-keys';
import { invalidateMembership } from '@/api/search';

/** GET /api/v2/asset-groups/{id}/custom-selectors (reference GetAssetGroupCustomMemberCount). */
export function getCustomMemberCount(id: number, signal?: AbortSignal): Promise<number> {
  return call(assetGroupOps.getAssetGroupCustomMemberCount, { params: { asset_group_id: id }, signal });
}

export const customMemberCountQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.assetGroups.customMemberCount(id),
    queryFn: ({ signal }) => getCustomMemberCount(id, signal),
  });

export function useCustomMemberCount(id: number) {
  return useQuery(customMemberCountQueryOptions(id));
}

/** DELETE /api/v2/asset-groups/{id}/selectors/{selector_id} (reference DeleteAssetGroupSelector; no body in the answer). */
export function deleteAssetGroupSelector({ groupId, selectorId }: { groupId: number; selectorId: number }) {
  return call(assetGroupOps.deleteAssetGroupSelector, {
    params: { asset_group_id: groupId, asset_group_selector_id: selectorId },
  });
}

/** Removes one custom selector; the groups, their members and the entity pages are read again. */
export function useDeleteAssetGroupSelector() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteAssetGroupSelector, onSettled: () => invalidateMembership(client) });
}
