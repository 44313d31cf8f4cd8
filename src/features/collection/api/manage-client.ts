import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { collectionOps } from '@/api/operations/collection';
import { queryKeys } from '@/api/query-keys';
import type { CreateClientBodyInput, UpdateClientBodyInput } from '@/api/schemas/collection';

/**
 * Registering, editing and deleting collection clients, and regenerating a client's token (reference
 * CreateClient, UpdateClient, DeleteClient, ReplaceClientToken; enterprise). A token's key is in the
 * creation's and the regeneration's answer only: it is handed to the caller and never cached (the
 * mutations keep no result: `gcTime: 0`, and callers `reset` them).
 */

/** Lists and pages of clients (and their events, shown with them) are read again. */
function refreshClients(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.clients.all() });
}

/** POST /api/v2/clients: the new client with its token (shown once). */
export function createClient(body: CreateClientBodyInput) {
  return call(collectionOps.createClient, { body }).then((r) => r.data);
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createClient, gcTime: 0, onSuccess: () => refreshClients(queryClient) });
}

/** PUT /api/v2/clients/{client_id}: a new name or domain controller. */
export function updateClient({ id, body }: { id: string; body: UpdateClientBodyInput }) {
  return call(collectionOps.updateClient, { params: { client_id: id }, body }).then((r) => r.data);
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: (client) => {
      queryClient.setQueryData(queryKeys.clients.detail(client.id), client);
      refreshClients(queryClient);
      // Task records carry the client's name.
      void queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all() });
    },
  });
}

/** DELETE /api/v2/clients/{client_id}: the client, its events and its tasks. */
export function deleteClient(id: string) {
  return call(collectionOps.deleteClient, { params: { client_id: id } });
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: (_data, id) => {
      // Its page may still be on screen: gone, so not read again.
      queryClient.removeQueries({ queryKey: queryKeys.clients.detail(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients.all(), predicate: (q) => q.queryKey[1] === 'list' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.events.all() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all() });
    },
  });
}

/** PUT /api/v2/clients/{client_id}/token: a new token (shown once); the old one stops working at once. */
export function regenerateClientToken(id: string) {
  return call(collectionOps.replaceClientToken, { params: { client_id: id } }).then((r) => r.data);
}

export function useRegenerateClientToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateClientToken,
    gcTime: 0,
    onSuccess: (_token, id) => void queryClient.invalidateQueries({ queryKey: queryKeys.clients.detail(id) }),
  });
}
