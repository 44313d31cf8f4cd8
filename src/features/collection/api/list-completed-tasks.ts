import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type QueryValue } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { completedTasksResponse } from '@/api/schemas/collection';

/**
 * GET /api/v2/clients/{client_id}/completed-tasks (reference ListClientCompletedTasks, enterprise): a
 * page of the client's finished tasks with their domain results; `skip`, `limit`, `sort_by`.
 */
export function listCompletedTasks(clientId: string, query: Record<string, QueryValue>, signal?: AbortSignal) {
  return apiRequest({
    operation: 'List the completed tasks of a collection client',
    path: `/api/v2/clients/${encodeURIComponent(clientId)}/completed-tasks`,
    query,
    schema: completedTasksResponse,
    signal,
  });
}

export function useCompletedTasks(
  clientId: string,
  query: Record<string, QueryValue>,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    ...queryOptions({
      queryKey: queryKeys.clients.completedTasks(clientId, { ...query }),
      queryFn: ({ signal }) => listCompletedTasks(clientId, query, signal),
      placeholderData: keepPreviousData,
    }),
    enabled,
  });
}
