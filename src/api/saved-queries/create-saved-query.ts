import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { savedQueryOps } from '../operations/saved-queries';
import { queryKeys } from '../query-keys';
import type { CreateSavedQueryBody } from '../schemas/saved-queries';

/** POST /api/v2/saved-queries (reference CreateSavedQuery): a new query owned by the caller (201). */
export function createSavedQuery(body: CreateSavedQueryBody) {
  return call(savedQueryOps.createSavedQuery, { body }).then((r) => r.data);
}

/** Creates a query; the lists read again. */
export function useCreateSavedQuery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createSavedQuery,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.savedQueries.lists() }),
  });
}
