import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';
import { savedQueryResponse, type CreateSavedQueryBody } from './schemas/saved-queries';

/** POST /api/v2/saved-queries (reference CreateSavedQuery): a new query owned by the caller (201). */
export function createSavedQuery(body: CreateSavedQueryBody) {
  return apiRequest({
    operation: 'Create a saved query',
    method: 'POST',
    path: '/api/v2/saved-queries',
    json: body,
    schema: savedQueryResponse,
  }).then((r) => r.data);
}

/** Creates a query; the lists read again. */
export function useCreateSavedQuery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createSavedQuery,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.savedQueries.lists() }),
  });
}
