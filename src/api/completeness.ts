import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';
import { completenessResponse } from './schemas/entities';

/** GET /api/v2/completeness: shares of local-admin and session data collected (upstream names the keys; the reference does not). */
export function getCompleteness(signal?: AbortSignal) {
  return apiRequest({
    operation: 'Get collection completeness',
    path: '/api/v2/completeness',
    schema: completenessResponse,
    signal,
  }).then((r) => r.data);
}

export const completenessQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.completeness(), queryFn: ({ signal }) => getCompleteness(signal), staleTime: 60_000 });

export function useCompleteness({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...completenessQueryOptions(), enabled });
}
