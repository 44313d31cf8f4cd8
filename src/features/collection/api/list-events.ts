import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { scheduledEventsListResponse } from '../../../api/schemas/collection';

export interface ListEventsParams {
  skip: number;
  limit: number;
  /** Reference sort columns, `-` for descending (`next_scheduled_at`, `id`, ...). */
  sortBy?: string;
  clientId?: string;
}

/** GET /api/v2/events (enterprise): one page of scheduled events. */
export function listEvents(params: ListEventsParams, signal?: AbortSignal) {
  return apiRequest({
    operation: 'List scheduled events',
    path: '/api/v2/events',
    query: {
      skip: params.skip,
      limit: params.limit,
      sort_by: params.sortBy,
      client_id: params.clientId ? `eq:${params.clientId}` : undefined,
    },
    schema: scheduledEventsListResponse,
    signal,
  });
}

export const eventsQueryOptions = (params: ListEventsParams) =>
  queryOptions({
    queryKey: queryKeys.events.list({ ...params }),
    queryFn: ({ signal }) => listEvents(params, signal),
    placeholderData: keepPreviousData,
  });

export function useEvents(params: ListEventsParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...eventsQueryOptions(params), enabled });
}
