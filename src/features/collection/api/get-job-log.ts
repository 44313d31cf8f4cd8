import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { collectionOps } from '@/api/operations/collection';
import { queryKeys } from '@/api/query-keys';

/** GET /api/v2/jobs/{job_id}/log (reference GetClientJobLog, clients.Read): what the job's run wrote, as text. */
export function getJobLog(id: number, signal?: AbortSignal) {
  return call(collectionOps.getClientJobLog, { params: { job_id: id }, signal }).then((r) => r.data.log ?? '');
}

/** A job's log, read again every `refreshMs` (as often as the job itself; false: only on request). */
export function useJobLog(id: number, { refreshMs, enabled = true }: { refreshMs: number | false; enabled?: boolean }) {
  return useQuery({
    ...queryOptions({ queryKey: queryKeys.tasks.log(id), queryFn: ({ signal }) => getJobLog(id, signal) }),
    refetchInterval: refreshMs,
    enabled,
  });
}
