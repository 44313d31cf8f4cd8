import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type QueryValue } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { scheduledEventsListResponse } from '@/api/schemas/collection';

/** The list query: `skip`, `limit`, `sort_by` (`next_scheduled_at`, `id`, …) and filters such as `client_id=eq:<id>`. */
export type ListEventsQuery = Record<string, QueryValue>;

/** GET /api/v2/events (enterprise): one page of scheduled events. */
export function listEvents(query: ListEventsQuery, signal?: AbortSignal) {
  return apiRequest({
    operation: 'List scheduled events',
    path: '/api/v2/events',
    query,
    schema: scheduledEventsListResponse,
    signal,
  });
}

export const eventsQueryOptions = (query: ListEventsQuery) =>
  queryOptions({
    queryKey: queryKeys.events.list({ ...query }),
    queryFn: ({ signal }) => listEvents(query, signal),
    placeholderData: keepPreviousData,
  });

export function useEvents(query: ListEventsQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...eventsQueryOptions(query), enabled });
}
