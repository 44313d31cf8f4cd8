import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import type { QueryValue } from '@/api/client';
import { collectionOps } from '@/api/operations/collection';
import { queryKeys } from '@/api/query-keys';

/**
 * GET /api/v2/clients/{client_id}/completed-jobs (reference ListClientCompletedJobs, enterprise): a
 * page of the client's finished jobs with their domain results; `skip`, `limit`, `sort_by`.
 */
export function listCompletedJobs(clientId: string, query: Record<string, QueryValue>, signal?: AbortSignal) {
  return call(collectionOps.listClientCompletedJobs, { params: { client_id: clientId }, query, signal });
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
