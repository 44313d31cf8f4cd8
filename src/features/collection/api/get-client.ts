import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { collectionOps } from '@/api/operations/collection';
import { queryKeys } from '@/api/query-keys';
import { isJobFinished } from '@/api/schemas/collection';
import { TASK_REFRESH_MS } from './get-task';
import { currentTaskOf } from './list-clients';

/** GET /api/v2/clients/{client_id} (reference GetClient, enterprise): one client with its events and current task. */
export function getClient(id: string, signal?: AbortSignal) {
  return call(collectionOps.getClient, { params: { client_id: id }, signal }).then((r) => r.data);
}

export const clientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.clients.detail(id),
    queryFn: ({ signal }) => getClient(id, signal),
    // While its task is still moving, the client is read again on its own.
    refetchInterval: (query) => {
      const task = query.state.data ? currentTaskOf(query.state.data) : null;
      return task && !isJobFinished(task.status) ? TASK_REFRESH_MS : false;
    },
  });

export function useClient(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...clientQueryOptions(id), enabled });
}
