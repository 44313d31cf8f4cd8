import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { collectionOps } from '@/api/operations/collection';
import { queryKeys } from '@/api/query-keys';
import { JOB_REFRESH_MS, jobProgress } from '@/features/collection/job-progress';

/** How often a task that is not finished, and still changing, is read again. */
export const TASK_REFRESH_MS = JOB_REFRESH_MS;

/**
 * GET /api/v2/jobs/{job_id} (enterprise; upstream's job read, outside the
 * reference subset): one task, as the scheduled task or the job display record.
 */
export function getTask(id: number, signal?: AbortSignal) {
  return call(collectionOps.getClientJob, { params: { job_id: id }, signal }).then((r) => r.data);
}

export const taskQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.tasks.detail(id),
    queryFn: ({ signal }) => getTask(id, signal),
    // Until the task is finished, its status refreshes on its own: less often once it has gone quiet,
    // and only on request once it looks stalled (job-progress.ts), judged as of the last read.
    refetchInterval: (query) => (query.state.data ? jobProgress(query.state.data, query.state.dataUpdatedAt).refreshMs : false),
  });

export function useTask(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...taskQueryOptions(id), enabled });
}
