import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestPath } from '@/api/call';
import { apiRequest } from '@/api/client';
import { graphOps } from '@/api/operations/graph';
import { queryKeys } from '@/api/query-keys';
import { entityGraphResponse } from '@/api/schemas/entities';

/**
 * The name of a computer, which the controllers list does not carry: GET
 * /api/v2/computers/{object_id}/controllers?type=graph answers with the
 * computer's own node among the controllers', each with its name. Null when
 * the answer has no node for it.
 */
export function getComputerName(objectId: string, signal?: AbortSignal): Promise<string | null> {
  // The `graph` type answers another shape than the declared (list) answer: read with its own schema.
  const op = graphOps.getComputerEntityControllers;
  return apiRequest({
    operation: op.summary,
    path: requestPath(op, { object_id: objectId }),
    query: { type: 'graph' },
    schema: entityGraphResponse,
    signal,
  }).then((r) => {
    const id = objectId.toUpperCase();
    const node = Object.entries(r.data.nodes ?? {}).find(([key, n]) => (n.objectId ?? key).toUpperCase() === id)?.[1];
    return node?.label || null;
  });
}

export const computerNameQueryOptions = (objectId: string) =>
  queryOptions({
    queryKey: queryKeys.entities.computerControllers(objectId, { type: 'graph' }),
    queryFn: ({ signal }) => getComputerName(objectId, signal),
    // A name hardly changes: read once per visit.
    staleTime: 5 * 60_000,
  });

/** The computer's name, or null (unknown, or while it loads): the page then shows its object id alone. */
export function useComputerName(objectId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...computerNameQueryOptions(objectId), enabled });
}
