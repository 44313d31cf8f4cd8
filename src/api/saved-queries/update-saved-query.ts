import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { savedQueryOps } from '../operations/saved-queries';
import { queryKeys } from '../query-keys';
import type { UpdateSavedQueryBody } from '../schemas/saved-queries';

/** PUT /api/v2/saved-queries/{id} (reference UpdateSavedQuery): the owner changes its name, description or query. */
export function updateSavedQuery(id: number, body: UpdateSavedQueryBody) {
  return call(savedQueryOps.updateSavedQuery, { params: { saved_query_id: id }, body }).then((r) => r.data);
}

/** Updates query `id`; the lists read again. */
export function useUpdateSavedQuery(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSavedQueryBody) => updateSavedQuery(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.savedQueries.lists() }),
  });
}
