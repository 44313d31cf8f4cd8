import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { scheduledEventResponse, type EventBodyInput } from '@/api/schemas/collection';

/** POST /api/v2/events (reference CreateClientSchedule): a new scheduled event. */
export function createEvent(body: EventBodyInput) {
  return apiRequest({
    operation: 'Schedule a collection',
    method: 'POST',
    path: '/api/v2/events',
    json: body,
    schema: scheduledEventResponse,
  }).then((r) => r.data);
}

/** PUT /api/v2/events/{event_id} (reference UpdateClientEvent): the event replaced by the body. */
export function updateEvent(id: number, body: EventBodyInput) {
  return apiRequest({
    operation: 'Change a scheduled event',
    method: 'PUT',
    path: `/api/v2/events/${id}`,
    json: body,
    schema: scheduledEventResponse,
  }).then((r) => r.data);
}

/** Creates (no id) or changes an event; the event's page, the lists and the clients (they carry events) follow. */
export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: EventBodyInput }) =>
      id === null ? createEvent(body) : updateEvent(id, body),
    onSuccess: (event) => {
      queryClient.setQueryData(queryKeys.events.detail(event.id), event);
      void queryClient.invalidateQueries({ queryKey: queryKeys.events.all(), predicate: (q) => q.queryKey[1] === 'list' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients.all() });
    },
  });
}
