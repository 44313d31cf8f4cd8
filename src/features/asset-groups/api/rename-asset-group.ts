import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { assetGroupOps } from '@/api/operations/asset-groups';
import { queryKeys } from '@/api/query-keys';
import type { UpdateAssetGroupBody } from '@/api/schemas/asset-groups';

/** assetGroupOps.updateAssetGroup: `{ name }`. */
export function renameAssetGroup(id: number, body: UpdateAssetGroupBody) {
  return call(assetGroupOps.updateAssetGroup, { params: { asset_group_id: id }, body }).then((r) => r.data);
}

/** Renames a group; its detail takes the answer, the lists refetch (members are unchanged). */
export function useRenameAssetGroup(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAssetGroupBody) => renameAssetGroup(id, body),
    onSuccess: async (group) => {
      client.setQueryData(queryKeys.assetGroups.detail(id), group);
      await client.invalidateQueries({ queryKey: queryKeys.assetGroups.lists() });
    },
  });
}
