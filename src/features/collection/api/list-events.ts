import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import type { QueryValue } from '@/api/client';
import { collectionOps } from '@/api/operations/collection';
import { queryKeys } from '@/api/query-keys';

/** The list query: `skip`, `limit`, `sort_by` (`next_scheduled_at`, `id`, …) and filters such as `client_id=eq:<id>`. */
export type ListEventsQuery = Record<string, QueryValue>;

/** GET /api/v2/events (enterprise): one page of scheduled events. */
export function listEvents(query: ListEventsQuery, signal?: AbortSignal) {
  return call(collectionOps.listClientSchedules, { query, signal });
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
