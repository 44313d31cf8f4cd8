import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { graphOps } from '@/api/operations/graph';
import { queryKeys } from '@/api/query-keys';
import type { RelatedListOperationId } from '@/api/schemas/related-lists';

/** The rows of one page of a related list. */
export const RELATED_PAGE_SIZE = 10;

/**
 * GET /api/v2/{kind}/{object_id}/{list} (one operation per row of related-lists.ts): one page of the list,
 * sorted by name.
 */
export function getRelatedList(operationId: RelatedListOperationId, objectId: string, skip: number, signal?: AbortSignal) {
  return call(graphOps[operationId], {
    params: { object_id: objectId },
    query: { skip, limit: RELATED_PAGE_SIZE, sort_by: 'name', type: 'list' },
    signal,
  });
}

export const relatedListQueryOptions = (operationId: RelatedListOperationId, objectId: string, skip: number) =>
  queryOptions({
    queryKey: queryKeys.entities.relatedList(objectId, operationId, { skip, limit: RELATED_PAGE_SIZE, sort_by: 'name' }),
    queryFn: ({ signal }) => getRelatedList(operationId, objectId, skip, signal),
  });

/** One page of the list while `enabled` (its section open); the page before stays shown while the next loads. */
export function useRelatedList(
  operationId: RelatedListOperationId,
  objectId: string,
  skip: number,
  { enabled }: { enabled: boolean },
) {
  return useQuery({ ...relatedListQueryOptions(operationId, objectId, skip), enabled, placeholderData: keepPreviousData });
}
