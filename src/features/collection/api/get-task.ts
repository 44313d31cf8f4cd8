import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { taskResponse } from '@/api/schemas/collection';
import { JOB_REFRESH_MS, jobProgress } from '@/features/collection/job-progress';

/** How often a task that is not finished, and still changing, is read again. */
export const TASK_REFRESH_MS = JOB_REFRESH_MS;

/**
 * GET /api/v2/jobs/{job_id} (enterprise; upstream's job read, outside the
 * reference subset): one task, as API document 2.9 or the job display record.
 */
export function getTask(id: number, signal?: AbortSignal) {
  return apiRequest({ operation: 'Get a collection job', path: `/api/v2/jobs/${id}`, schema: taskResponse, signal }).then(
    (r) => r.data,
  );
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
