import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { assetGroupOps } from '@/api/operations/asset-groups';
import { queryKeys } from '@/api/query-keys';
import type { CreateAssetGroupBody } from '@/api/schemas/asset-groups';

/** assetGroupOps.createAssetGroup: `{ name, tag }`. */
export function createAssetGroup(body: CreateAssetGroupBody) {
  return call(assetGroupOps.createAssetGroup, { body }).then((r) => r.data);
}

/** Creates a group; the lists refetch and the new group's detail is cached. */
export function useCreateAssetGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createAssetGroup,
    onSuccess: async (group) => {
      client.setQueryData(queryKeys.assetGroups.detail(group.id), group);
      await client.invalidateQueries({ queryKey: queryKeys.assetGroups.lists() });
    },
  });
}
