import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { collectionOps } from '@/api/operations/collection';
import { queryKeys } from '@/api/query-keys';
import { TASK_REFRESH_MS } from './get-task';

/** GET /api/v2/jobs/{job_id}/log (reference GetClientJobLog, clients.Read): what the job's run wrote, as text. */
export function getJobLog(id: number, signal?: AbortSignal) {
  return call(collectionOps.getClientJobLog, { params: { job_id: id }, signal }).then((r) => r.data.log ?? '');
}

/** A job's log, read again every few seconds while `running` (the job is not finished). */
export function useJobLog(id: number, { running, enabled = true }: { running: boolean; enabled?: boolean }) {
  return useQuery({
    ...queryOptions({ queryKey: queryKeys.tasks.log(id), queryFn: ({ signal }) => getJobLog(id, signal) }),
    refetchInterval: running ? TASK_REFRESH_MS : false,
    enabled,
  });
}
