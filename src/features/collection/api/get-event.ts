import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { scheduledEventResponse } from '@/api/schemas/collection';

/** GET /api/v2/events/{event_id} (API document 4.2 #22): a scheduled event (2.10). */
export function getEvent(id: number, signal?: AbortSignal) {
  return apiRequest({
    operation: 'Get a scheduled event',
    path: `/api/v2/events/${id}`,
    schema: scheduledEventResponse,
    signal,
  }).then((r) => r.data);
}

export const eventQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.events.detail(id), queryFn: ({ signal }) => getEvent(id, signal) });

export function useEvent(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...eventQueryOptions(id), enabled });
}
