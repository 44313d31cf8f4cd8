import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import type { QueryValue } from '@/api/client';
import { collectionOps } from '@/api/operations/collection';
import { queryKeys } from '@/api/query-keys';
import { isJobFinished } from '@/api/schemas/collection';
import { TASK_REFRESH_MS } from './get-task';

/**
 * The list query: `skip`, `limit`, `sort_by` (`id`, `status`, `start_time`, …) and
 * filters `client_id=eq:<id>`, `event_id=eq:<id>`, `status=eq:<n>`.
 */
export type ListTasksQuery = Record<string, QueryValue>;

/**
 * GET /api/v2/jobs (enterprise; upstream's job list, outside the reference
 * subset): one page of collection tasks, newest first by default.
 */
export function listTasks(query: ListTasksQuery, signal?: AbortSignal) {
  return call(collectionOps.getClientJobs, { query, signal });
}

export const tasksQueryOptions = (query: ListTasksQuery) =>
  queryOptions({
    queryKey: queryKeys.tasks.list({ ...query }),
    queryFn: ({ signal }) => listTasks(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((t) => !isJobFinished(t.status)) ? TASK_REFRESH_MS : false),
  });

export function useTasks(query: ListTasksQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...tasksQueryOptions(query), enabled });
}
