import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { savedQueryOps } from '../operations/saved-queries';
import { queryKeys } from '../query-keys';

/** DELETE /api/v2/saved-queries/{id} (reference DeleteSavedQuery, 204): the owner deletes it and its sharing. */
export function deleteSavedQuery(id: number) {
  return call(savedQueryOps.deleteSavedQuery, { params: { saved_query_id: id } });
}

/** Deletes a query; its sharing is forgotten and the lists read again. */
export function useDeleteSavedQuery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedQuery,
    onSuccess: async (_data, id) => {
      client.removeQueries({ queryKey: queryKeys.savedQueries.permissions(id) });
      await client.invalidateQueries({ queryKey: queryKeys.savedQueries.lists() });
    },
  });
}
