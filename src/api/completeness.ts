import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './call';
import { graphOps } from './operations/graph';
import { queryKeys } from './query-keys';

/** GET /api/v2/completeness: shares of local-admin and session data collected (upstream names the keys; the reference does not). */
export function getCompleteness(signal?: AbortSignal) {
  return call(graphOps.getCompletenessStats, { signal }).then((r) => r.data);
}

export const completenessQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.completeness(), queryFn: ({ signal }) => getCompleteness(signal), staleTime: 60_000 });

export function useCompleteness({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...completenessQueryOptions(), enabled });
}
