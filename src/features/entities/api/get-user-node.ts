import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { userNodeInfoResponse } from '@/api/schemas/entities';

/**
 * GET /api/v2/users/{object_id}: the user node's kinds, properties and (with
 * counts on) its integer count fields. The switch is sent under both names —
 * `count` (API document) and `counts` (upstream) — so either server obeys it.
 */
export function getUserNode(objectId: string, counts: boolean, signal?: AbortSignal) {
  return apiRequest({
    operation: 'Get a user node',
    path: `/api/v2/users/${encodeURIComponent(objectId)}`,
    query: { counts, count: counts },
    schema: userNodeInfoResponse,
    signal,
  }).then((r) => r.data);
}

export const userNodeQueryOptions = (objectId: string, counts: boolean) =>
  queryOptions({
    queryKey: queryKeys.entities.userNode(objectId, counts),
    queryFn: ({ signal }) => getUserNode(objectId, counts, signal),
  });

export function useUserNode(objectId: string, counts: boolean, enabled = true) {
  return useQuery({ ...userNodeQueryOptions(objectId, counts), enabled });
}
