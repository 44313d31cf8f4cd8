import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { collectionOps } from '@/api/operations/collection';
import { queryKeys } from '@/api/query-keys';

/** DELETE /api/v2/events/{event_id} (`collectionOps.deleteClientEvent`): the event and the tasks it scheduled. 204. */
export function deleteEvent(id: number) {
  return call(collectionOps.deleteClientEvent, { params: { event_id: id } });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: (_data, id) => {
      // The event's own page may still be on screen: mark it stale without
      // reading it again (it is gone), so a later visit asks the server.
      void queryClient.invalidateQueries({ queryKey: queryKeys.events.detail(id), refetchType: 'none' });
      // Lists of events, the clients that carry them, and the tasks that went with it
      // (not awaited: the dialog closes at once, the lists follow).
      void queryClient.invalidateQueries({ queryKey: queryKeys.events.all(), predicate: (q) => q.queryKey[1] === 'list' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients.all() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all() });
    },
  });
}
