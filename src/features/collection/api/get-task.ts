import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { collectionOps } from '@/api/operations/collection';
import { queryKeys } from '@/api/query-keys';
import { isJobFinished } from '@/api/schemas/collection';

/** How often a task that is not finished is read again. */
export const TASK_REFRESH_MS = 2000;

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
    // Until the task is finished, its status refreshes on its own.
    refetchInterval: (query) => (query.state.data && !isJobFinished(query.state.data.status) ? TASK_REFRESH_MS : false),
  });

export function useTask(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...taskQueryOptions(id), enabled });
}
