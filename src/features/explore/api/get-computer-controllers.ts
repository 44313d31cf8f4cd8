import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import type { QueryValue } from '@/api/client';
import { graphOps } from '@/api/operations/graph';
import { queryKeys } from '@/api/query-keys';

/** A page of the list: `skip`, `limit` and repeated `sort_by` (`name`, `-name`, …), as a table's `query` gives them. */
export type ControllersParams = Record<string, QueryValue>;

/** GET /api/v2/computers/{object_id}/controllers?type=list: one page of the principals that control a computer. */
export function getComputerControllers(objectId: string, params: ControllersParams, signal?: AbortSignal) {
  return call(graphOps.getComputerEntityControllers, {
    params: { object_id: objectId },
    query: { ...params, type: 'list' },
    signal,
  });
}

export const computerControllersQueryOptions = (objectId: string, params: ControllersParams) =>
  queryOptions({
    queryKey: queryKeys.entities.computerControllers(objectId, { ...params }),
    queryFn: ({ signal }) => getComputerControllers(objectId, params, signal),
    placeholderData: keepPreviousData,
  });

export function useComputerControllers(
  objectId: string,
  params: ControllersParams,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...computerControllersQueryOptions(objectId, params), enabled });
}
