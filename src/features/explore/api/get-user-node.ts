import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { graphOps } from '@/api/operations/graph';
import { queryKeys } from '@/api/query-keys';

/**
 * GET /api/v2/users/{object_id}: the user node's kinds, properties and (with
 * counts on) its integer count fields. The switch is sent under both names —
 * `counts` (upstream's) and `count` (the same switch, as `graphOps.getUserEntity`
 * declares it too) — so a server that reads either obeys it.
 */
export function getUserNode(objectId: string, counts: boolean, signal?: AbortSignal) {
  return call(graphOps.getUserEntity, { params: { object_id: objectId }, query: { counts, count: counts }, signal }).then(
    (r) => r.data,
  );
}

export const userNodeQueryOptions = (objectId: string, counts: boolean) =>
  queryOptions({
    queryKey: queryKeys.entities.userNode(objectId, counts),
    queryFn: ({ signal }) => getUserNode(objectId, counts, signal),
  });

export function useUserNode(objectId: string, counts: boolean, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...userNodeQueryOptions(objectId, counts), enabled });
}
