import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { assetGroupOps } from '@/api/operations/asset-groups';
import { queryKeys } from '@/api/query-keys';

/** DELETE /api/v2/asset-groups/{asset_group_id} (reference DeleteAssetGroup; no body in the answer). */
export function deleteAssetGroup(id: number) {
  return call(assetGroupOps.deleteAssetGroup, { params: { asset_group_id: id } });
}

/** Deletes a group; its detail and members leave the cache, the lists refetch. */
export function useDeleteAssetGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAssetGroup,
    onSuccess: async (_data, id) => {
      await client.cancelQueries({ queryKey: queryKeys.assetGroups.detail(id) });
      client.removeQueries({ queryKey: queryKeys.assetGroups.detail(id) });
      await client.invalidateQueries({ queryKey: queryKeys.assetGroups.lists() });
    },
  });
}
