import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { privilegeZoneOps } from '@/api/operations/privilege-zones';
import type { CreateTagBody, UpdateTagBody } from '@/api/schemas/privilege-zones';
import { queryKeys } from '@/api/query-keys';

/** POST /api/v2/asset-group-tags (enterprise): 201 with the tag in `data`. */
export function createTag(body: CreateTagBody) {
  return call(privilegeZoneOps.createAssetGroupTag, { body }).then((r) => r.data);
}

/** PATCH /api/v2/asset-group-tags/{id}: the fields that change; the tag in `data`. */
export function updateTag({ id, body }: { id: number; body: UpdateTagBody }) {
  return call(privilegeZoneOps.updateAssetGroupTag, { params: { asset_group_tag_id: id }, body }).then((r) => r.data);
}

/** DELETE /api/v2/asset-group-tags/{id} (enterprise): its rules go with it; 204. */
export function deleteTag(id: number) {
  return call(privilegeZoneOps.deleteAssetGroupTag, { params: { asset_group_tag_id: id } });
}

/** A write of the area: on success every list, count and history of the area is read again. */
function useZoneWrite<A, R>(write: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.privilegeZones.all() }),
  });
}

export const useCreateTag = () => useZoneWrite(createTag);
export const useUpdateTag = () => useZoneWrite(updateTag);
export const useDeleteTag = () => useZoneWrite(deleteTag);
