import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from './call';
import { pipelineMayHaveStarted } from './datapipe';
import { assetGroupOps } from './operations/asset-groups';
import { graphOps } from './operations/graph';
import { queryKeys } from './query-keys';
import type { SelectorSpec } from './schemas/asset-groups';
import type { SearchResult } from './schemas/entities';

/**
 * GET /api/v2/search (reference Search): directory objects whose name or object id contains the text,
 * case-insensitive, best first (exact, then prefix, then contains; by name within each), optionally of
 * one kind (`type`: `User`, `Computer`, `Group`, `Domain`, `Base`, …). Needs graphdb.Read.
 *
 * On the mock it covers the live directory graph: domains, users, computers, groups and OUs (not the
 * Enterprise Fleet's generated members).
 */
export interface SearchParams {
  /** The text; blank text is never sent (the hook stays idle). */
  q: string;
  /** A node kind, or null for any. */
  type?: string | null;
  skip?: number;
  /** Results per page (the server's default is 10, its cap 1000). */
  limit?: number;
}

export interface SearchPage {
  results: SearchResult[];
  /** How many objects matched in all, when the server says (the mock does; the reference does not). */
  count: number | null;
}

/** Params as they are keyed and sent: text trimmed, defaults filled in. */
export function normalSearchParams(p: SearchParams): { q: string; type: string | null; skip: number; limit: number } {
  return { q: p.q.trim(), type: p.type || null, skip: p.skip ?? 0, limit: p.limit ?? 10 };
}

export function searchDirectory(params: SearchParams, signal?: AbortSignal): Promise<SearchPage> {
  const p = normalSearchParams(params);
  return call(graphOps.search, {
    query: { q: p.q, type: p.type ?? undefined, skip: p.skip || undefined, limit: p.limit },
    signal,
  }).then((r) => ({ results: r.data, count: r.count ?? null }));
}

export const searchQueryOptions = (params: SearchParams) =>
  queryOptions({
    queryKey: queryKeys.search.results(normalSearchParams(params)),
    queryFn: ({ signal }) => searchDirectory(params, signal),
    staleTime: 30_000,
  });

/** `value`, once it has stayed the same for `ms` (search-as-you-type asks once the typing pauses). */
export function useDebounced<T>(value: T, ms = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/**
 * Search as the person types: pass what is typed; the request goes out once the typing pauses
 * (`debounceMs`), keyed by the trimmed text, so "adm" and "adm " share an answer and the previous
 * answer stays on screen while the next loads. Idle while the text is blank or `enabled` is false.
 * `settled` is false while the typed text has not been asked for yet.
 */
export function useDirectorySearch(
  params: SearchParams,
  { enabled = true, debounceMs = 250 }: { enabled?: boolean; debounceMs?: number } = {},
) {
  const typed = normalSearchParams(params);
  const asked = useDebounced(typed.q, debounceMs);
  const query = useQuery({
    ...searchQueryOptions({ ...typed, q: asked }),
    enabled: enabled && asked !== '',
    placeholderData: keepPreviousData,
  });
  return { ...query, settled: asked === typed.q, asked };
}

// ---------------------------------------------------------------------------
// Membership: what a search result is to an asset group, and changing it
// (the group page's "Add members" and the entity pages' "Add to Tier Zero / Owned" share these).
// ---------------------------------------------------------------------------

/** Whether an object is a member of a group now: the members list filtered to its object id (one row at most). */
export function getGroupMembership(groupId: number, objectId: string, signal?: AbortSignal): Promise<boolean> {
  return call(assetGroupOps.listAssetGroupMembers, {
    params: { asset_group_id: groupId },
    query: { object_id: `eq:${objectId}`, limit: 1 },
    signal,
  }).then((r) => r.count > 0);
}

export const groupMembershipQueryOptions = (groupId: number, objectId: string) =>
  queryOptions({
    // Under the group's members, so every change to the group refreshes it.
    queryKey: queryKeys.assetGroups.members(groupId, { object_id: `eq:${objectId}`, membership: true }),
    queryFn: ({ signal }) => getGroupMembership(groupId, objectId, signal),
    staleTime: 30_000,
  });

/** PUT /api/v2/asset-groups/{id}/selectors (reference UpdateAssetGroupSelectors): one request, several changes. */
export function updateAssetGroupSelectors(groupId: number, specs: SelectorSpec[]) {
  return call(assetGroupOps.updateAssetGroupSelectors, { params: { asset_group_id: groupId }, body: specs }).then((r) => r.data);
}

/**
 * Changes a group's selectors. Everything computed from them is read again: the groups (counts, the
 * home page, selectors, members, custom count) and the entity pages and search results (system tags).
 */
export function useUpdateAssetGroupSelectors() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, specs }: { groupId: number; specs: SelectorSpec[] }) => updateAssetGroupSelectors(groupId, specs),
    onSettled: () => invalidateMembership(client),
  });
}

/**
 * After a membership change: the asset groups and everything entity-shaped (pages, search). A change of
 * Tier Zero's or Owned's selectors requests an analysis, which changes their members when it has run: the
 * pipeline status is read at once, so its watch refreshes them then.
 */
export function invalidateMembership(client: QueryClient) {
  pipelineMayHaveStarted();
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.assetGroups.all() }),
    client.invalidateQueries({ queryKey: queryKeys.entities.all() }),
  ]);
}
