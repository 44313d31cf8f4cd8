import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { assetGroupResponse, type UpdateAssetGroupBody } from '@/api/schemas/asset-groups';

/** PUT /api/v2/asset-groups/{asset_group_id} (API document 4.2 #4): `{ name }`. */
export function renameAssetGroup(id: number, body: UpdateAssetGroupBody) {
  return apiRequest({
    operation: 'Rename asset group',
    method: 'PUT',
    path: `/api/v2/asset-groups/${id}`,
    json: body,
    schema: assetGroupResponse,
  }).then((r) => r.data);
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
