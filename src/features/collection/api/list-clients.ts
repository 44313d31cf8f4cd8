import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import type { QueryValue } from '@/api/client';
import { collectionOps } from '@/api/operations/collection';
import { queryKeys } from '@/api/query-keys';
import { isJobFinished, taskViewFromDisplay, type Client, type TaskView } from '@/api/schemas/collection';
import { TASK_REFRESH_MS } from './get-task';

/** The list query: `skip`, `limit`, `sort_by` (`name`, `hostname`, `last_checkin`, …) and the `name` filter (`name=~eq:hq`). */
export type ListClientsQuery = Record<string, QueryValue>;

/** GET /api/v2/clients (enterprise): one page of collection clients. */
export function listClients(query: ListClientsQuery, signal?: AbortSignal) {
  return call(collectionOps.listClients, { query, signal });
}

/** The task a client is working on, if any. */
export function currentTaskOf(client: Client): TaskView | null {
  const display = client.current_task ?? client.current_job;
  return display && client.current_task_id?.valid !== false ? taskViewFromDisplay(display) : null;
}

/** The task a client is still working on (a new one would wait for it), if any. */
export function busyWith(client: Client): TaskView | null {
  const task = currentTaskOf(client);
  return task && !isJobFinished(task.status) ? task : null;
}

export const clientsQueryOptions = (query: ListClientsQuery) =>
  queryOptions({
    queryKey: queryKeys.clients.list({ ...query }),
    queryFn: ({ signal }) => listClients(query, signal),
    placeholderData: keepPreviousData,
    // While any client's task is still moving, its status refreshes on its own.
    refetchInterval: (query) =>
      query.state.data?.data.some((c) => {
        const task = currentTaskOf(c);
        return task !== null && !isJobFinished(task.status);
      })
        ? TASK_REFRESH_MS
        : false,
  });

export function useClients(query: ListClientsQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...clientsQueryOptions(query), enabled });
}

/** Every client's name by id (events carry only the client id). */
export function useClientNames({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...clientsQueryOptions({ skip: 0, limit: 1000, sort_by: 'name' }),
    enabled,
    refetchInterval: false,
    select: (r) => new Map(r.data.map((c) => [c.id, c.name])),
  });
}
