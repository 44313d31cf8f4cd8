import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest, type QueryValue } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { assetGroupMembersResponse } from '../../../api/schemas/asset-groups';
import { memberApiQuery, pageCount, type MemberTableState } from '../member-table-state';

/**
 * GET /api/v2/asset-groups/{asset_group_id}/members (API document 4.2 #11):
 * one page (`skip`/`limit`), sorted (`sort_by`) and filtered on the server.
 */
export function listAssetGroupMembers(id: number, query: Record<string, QueryValue>, signal?: AbortSignal) {
  return apiRequest({
    operation: 'List asset group members',
    path: `/api/v2/asset-groups/${id}/members`,
    query,
    schema: assetGroupMembersResponse,
    signal,
  });
}

export const assetGroupMembersQueryOptions = (id: number, state: MemberTableState) => {
  const query = memberApiQuery(state);
  return queryOptions({
    queryKey: queryKeys.assetGroups.members(id, query),
    queryFn: ({ signal }) => listAssetGroupMembers(id, query, signal),
    // While the next page, sort or filter loads, the rows on screen stay (of this group only).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === id ? keepPreviousData(previous) : undefined),
  });
};

/** One page of a group's members, with the next page fetched ahead so "next page" answers at once. */
export function useAssetGroupMembers(id: number, state: MemberTableState) {
  const client = useQueryClient();
  const result = useQuery(assetGroupMembersQueryOptions(id, state));
  const count = result.isPlaceholderData ? undefined : result.data?.count;
  useEffect(() => {
    if (count === undefined || state.page >= pageCount(count, state.size)) return;
    void client.prefetchQuery(assetGroupMembersQueryOptions(id, { ...state, page: state.page + 1 }));
  }, [client, id, state, count]);
  return result;
}
