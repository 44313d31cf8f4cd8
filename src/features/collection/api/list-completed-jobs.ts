import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type QueryValue } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { completedJobsResponse } from '@/api/schemas/collection';

/**
 * GET /api/v2/clients/{client_id}/completed-jobs (reference ListClientCompletedJobs, enterprise): a
 * page of the client's finished jobs with their domain results; `skip`, `limit`, `sort_by`.
 */
export function listCompletedJobs(clientId: string, query: Record<string, QueryValue>, signal?: AbortSignal) {
  return apiRequest({
    operation: 'List the completed jobs of a collection client',
    path: `/api/v2/clients/${encodeURIComponent(clientId)}/completed-jobs`,
    query,
    schema: completedJobsResponse,
    signal,
  });
}

export function useCompletedJobs(
  clientId: string,
  query: Record<string, QueryValue>,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    ...queryOptions({
      queryKey: queryKeys.clients.completedJobs(clientId, { ...query }),
      queryFn: ({ signal }) => listCompletedJobs(clientId, query, signal),
      placeholderData: keepPreviousData,
    }),
    enabled,
  });
}
