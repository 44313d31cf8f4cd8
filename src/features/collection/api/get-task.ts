import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { isJobFinished, taskResponse } from '@/api/schemas/collection';

/** How often a task that is not finished is read again. */
export const TASK_REFRESH_MS = 2000;

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
    // Until the task is finished, its status refreshes on its own.
    refetchInterval: (query) => (query.state.data && !isJobFinished(query.state.data.status) ? TASK_REFRESH_MS : false),
  });

export function useTask(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...taskQueryOptions(id), enabled });
}
