import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';
import { savedQueryResponse, type UpdateSavedQueryBody } from './schemas/saved-queries';

/** PUT /api/v2/saved-queries/{id} (reference UpdateSavedQuery): the owner changes its name, description or query. */
export function updateSavedQuery(id: number, body: UpdateSavedQueryBody) {
  return apiRequest({
    operation: 'Update a saved query',
    method: 'PUT',
    path: `/api/v2/saved-queries/${id}`,
    json: body,
    schema: savedQueryResponse,
  }).then((r) => r.data);
}

/** Updates query `id`; the lists read again. */
export function useUpdateSavedQuery(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSavedQueryBody) => updateSavedQuery(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.savedQueries.lists() }),
  });
}
