import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { customMemberCountResponse } from '@/api/schemas/asset-groups';
import { invalidateMembership } from '@/api/search';

/** GET /api/v2/asset-groups/{id}/custom-selectors (reference GetAssetGroupCustomMemberCount). */
export function getCustomMemberCount(id: number, signal?: AbortSignal): Promise<number> {
  return apiRequest({
    operation: 'Get asset group custom member count',
    path: `/api/v2/asset-groups/${id}/custom-selectors`,
    schema: customMemberCountResponse,
    signal,
  });
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
  return apiRequest({
    operation: 'Delete asset group selector',
    method: 'DELETE',
    path: `/api/v2/asset-groups/${groupId}/selectors/${selectorId}`,
  });
}

/** Removes one custom selector; the groups, their members and the entity pages are read again. */
export function useDeleteAssetGroupSelector() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteAssetGroupSelector, onSettled: () => invalidateMembership(client) });
}
