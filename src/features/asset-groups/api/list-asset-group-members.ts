import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '@/api/call';
import type { QueryValue } from '@/api/client';
import { assetGroupOps } from '@/api/operations/asset-groups';
import { queryKeys } from '@/api/query-keys';
import { apiQuery, pageCount, type TableState } from '@/components/table';

/**
 * assetGroupOps.listAssetGroupMembers:
 * one page (`skip`/`limit`), sorted (`sort_by`) and filtered on the server.
 */
export function listAssetGroupMembers(id: number, query: Record<string, QueryValue>, signal?: AbortSignal) {
  return call(assetGroupOps.listAssetGroupMembers, { params: { asset_group_id: id }, query, signal });
}

export const assetGroupMembersQueryOptions = (id: number, query: Record<string, QueryValue>) =>
  queryOptions({
    queryKey: queryKeys.assetGroups.members(id, query),
    queryFn: ({ signal }) => listAssetGroupMembers(id, query, signal),
    // While the next page, sort or filter loads, the rows on screen stay (of this group only).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === id ? keepPreviousData(previous) : undefined),
  });

/** One page of a group's members (the member table's state), with the next page fetched ahead so "Next page" answers at once. */
export function useAssetGroupMembers(id: number, state: TableState) {
  const client = useQueryClient();
  const result = useQuery(assetGroupMembersQueryOptions(id, apiQuery(state)));
  const count = result.isPlaceholderData ? undefined : result.data?.count;
  const { page, pageSize } = state;
  // The state is parsed anew on each render: depend on what it says.
  const key = JSON.stringify(state);
  useEffect(() => {
    if (count === undefined || page >= pageCount(count, pageSize)) return;
    const next: TableState = { ...(JSON.parse(key) as TableState), page: page + 1 };
    void client.prefetchQuery(assetGroupMembersQueryOptions(id, apiQuery(next)));
  }, [client, id, key, page, pageSize, count]);
  return result;
}
