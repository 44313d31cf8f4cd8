import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { savedQueryOps } from '../operations/saved-queries';
import { queryKeys } from '../query-keys';

/** DELETE /api/v2/saved-queries/{id}/permissions with `user_ids` (204): the users lose access to the query. */
export function revokeSavedQueryPermissions(input: { queryId: number; userIds: string[] }) {
  return call(savedQueryOps.deleteSavedQueryPermissions, {
    params: { saved_query_id: input.queryId },
    body: { user_ids: input.userIds },
  });
}

export function useRevokeSavedQueryPermissions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeSavedQueryPermissions,
    onSuccess: (_data, input) =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.savedQueries.permissions(input.queryId) }),
        client.invalidateQueries({ queryKey: queryKeys.savedQueries.lists() }),
      ]),
  });
}
