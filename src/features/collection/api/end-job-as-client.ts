import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call } from '@/api/call';
import { apiRequest } from '@/api/client';
import { collectionOps } from '@/api/operations/collection';
import { queryKeys } from '@/api/query-keys';
import { mockClientTokenResponse, taskViewFromTask } from '@/api/schemas/collection';

/**
 * Developer controls that exist only on the mock service: POST
 * /api/v2/jobs/end is called by a collection client with its own token, never
 * by a person, so the console can reach it only where the mock hands out
 * client tokens (POST /__mock/clients/{client_id}/token).
 */
const mockHealth = z.object({ ok: z.literal(true), edition: z.string() });

/** GET /__mock/health: answers only when the console runs on the mock service (a real server, or a proxy to one, does not). */
export const mockServiceQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.tasks.mockService(),
    queryFn: ({ signal }) =>
      apiRequest({ operation: 'Look for the mock service', path: '/__mock/health', auth: false, schema: mockHealth, signal })
        .then(() => true)
        .catch(() => false),
    staleTime: Infinity,
    retry: false,
  });

export function useOnMockService(): boolean {
  return useQuery(mockServiceQueryOptions()).data === true;
}

/**
 * As the collection client: take its token from the mock, then POST
 * /api/v2/jobs/end (`collectionOps.endClientJob`) with it. The token lives only in
 * this call: never cached, stored or shown.
 */
export async function endJobAsClient(clientId: string) {
  const { data } = await apiRequest({
    operation: 'Get a client token from the mock service',
    method: 'POST',
    path: `/__mock/clients/${encodeURIComponent(clientId)}/token`,
    auth: false,
    // The mock answers its controls only to requests another web page cannot forge.
    headers: { 'X-Mock-Control': '1' },
    schema: mockClientTokenResponse,
  });
  const ended = await call(collectionOps.endClientJob, {
    auth: false,
    headers: { Authorization: `Bearer ${data.token}` },
  });
  return ended.data;
}

export function useEndJobAsClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endJobAsClient,
    onSuccess: (task) => {
      queryClient.setQueryData(queryKeys.tasks.detail(task.id), taskViewFromTask(task));
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients.all() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all(), predicate: (q) => q.queryKey[1] === 'list' });
    },
  });
}
