import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { assetGroupResponse, type CreateAssetGroupBody } from '@/api/schemas/asset-groups';

/** POST /api/v2/asset-groups (API document 4.2 #9): `{ name, tag }`. */
export function createAssetGroup(body: CreateAssetGroupBody) {
  return apiRequest({
    operation: 'Create asset group',
    method: 'POST',
    path: '/api/v2/asset-groups',
    json: body,
    schema: assetGroupResponse,
  }).then((r) => r.data);
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
