import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import type { QueryValue } from '@/api/client';
import { privilegeZoneOps } from '@/api/operations/privilege-zones';
import { queryKeys } from '@/api/query-keys';

/** The POST search needs at least this many characters (upstream's rule). */
export const HISTORY_SEARCH_MIN_LENGTH = 3;

/**
 * GET /api/v2/asset-group-tags-history with skip, limit, sort_by and filters; with a search of 3 or more
 * characters, POST with `{query}` (case-insensitive over actor, e-mail, action and target) and the same
 * parameters. Newest first.
 */
export function listHistory(query: Record<string, QueryValue>, search: string, signal?: AbortSignal) {
  const searching = search.length >= HISTORY_SEARCH_MIN_LENGTH;
  return searching
    ? call(privilegeZoneOps.searchAssetGroupTagHistory, { query, body: { query: search }, write: false, signal })
    : call(privilegeZoneOps.getAssetGroupTagHistory, { query, signal });
}

export function useHistory(query: Record<string, QueryValue>, search: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.privilegeZones.history(query, search),
    queryFn: ({ signal }) => listHistory(query, search, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
