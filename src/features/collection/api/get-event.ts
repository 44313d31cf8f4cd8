import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { collectionOps } from '@/api/operations/collection';
import { queryKeys } from '@/api/query-keys';

/** GET /api/v2/events/{event_id} (`collectionOps.getClientSchedule`): a scheduled event. */
export function getEvent(id: number, signal?: AbortSignal) {
  return call(collectionOps.getClientSchedule, { params: { event_id: id }, signal }).then((r) => r.data);
}

export const eventQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.events.detail(id), queryFn: ({ signal }) => getEvent(id, signal) });

export function useEvent(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...eventQueryOptions(id), enabled });
}
