import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { isJobFinished, tasksListResponse } from '../../../api/schemas/collection';
import { TASK_REFRESH_MS } from './get-task';

export interface ListTasksParams {
  skip: number;
  limit: number;
  sortBy?: string;
  clientId?: string;
  eventId?: number;
}

/**
 * GET /api/v2/jobs (enterprise; upstream's job list, outside the reference
 * subset): one page of collection tasks, newest first by default.
 */
export function listTasks(params: ListTasksParams, signal?: AbortSignal) {
  return apiRequest({
    operation: 'List collection tasks',
    path: '/api/v2/jobs',
    query: {
      skip: params.skip,
      limit: params.limit,
      sort_by: params.sortBy,
      client_id: params.clientId ? `eq:${params.clientId}` : undefined,
      event_id: params.eventId !== undefined ? `eq:${params.eventId}` : undefined,
    },
    schema: tasksListResponse,
    signal,
  });
}

export const tasksQueryOptions = (params: ListTasksParams) =>
  queryOptions({
    queryKey: queryKeys.tasks.list({ ...params }),
    queryFn: ({ signal }) => listTasks(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((t) => !isJobFinished(t.status)) ? TASK_REFRESH_MS : false),
  });

export function useTasks(params: ListTasksParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...tasksQueryOptions(params), enabled });
}
