import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { collectionOps } from '@/api/operations/collection';
import { queryKeys } from '@/api/query-keys';
import type { EventBodyInput } from '@/api/schemas/collection';

/** POST /api/v2/events (reference CreateClientSchedule): a new scheduled event. */
export function createEvent(body: EventBodyInput) {
  return call(collectionOps.createClientSchedule, { body }).then((r) => r.data);
}

/** PUT /api/v2/events/{event_id} (reference UpdateClientEvent): the event replaced by the body. */
export function updateEvent(id: number, body: EventBodyInput) {
  return call(collectionOps.updateClientEvent, { params: { event_id: id }, body }).then((r) => r.data);
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
