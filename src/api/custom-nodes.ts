import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './call';
import { customNodeOps } from './operations/custom-nodes';
import { queryKeys } from './query-keys';
import type { CustomNode } from './schemas/custom-nodes';

/** GET /api/v2/custom-nodes (reference GetCustomNodes): every custom node kind with its icon and colour. */
export function listCustomNodes(signal?: AbortSignal) {
  return call(customNodeOps.getCustomNodes, { signal }).then((r) => r.data);
}

export const customNodesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.customNodes.list(),
    queryFn: ({ signal }) => listCustomNodes(signal),
    // Kinds change seldom, and every change here invalidates the list: one read serves a page.
    staleTime: 5 * 60_000,
  });

/** Each kind's custom colour as the graph draws it (#RGB written as #RRGGBB); kinds without a valid colour are left out. */
export function customKindColors(kinds: readonly CustomNode[] | undefined): ReadonlyMap<string, string> {
  const colors = new Map<string, string>();
  for (const kind of kinds ?? []) {
    const color = kind.config.icon?.color?.trim() ?? '';
    if (/^#[0-9a-fA-F]{6}$/.test(color)) colors.set(kind.kindName, color.toUpperCase());
    else if (/^#[0-9a-fA-F]{3}$/.test(color))
      colors.set(kind.kindName, `#${[...color.slice(1)].map((c) => c + c).join('')}`.toUpperCase());
  }
  return colors;
}

/** The node kinds page and the Cypher graph read the kinds through this one query. */
export function useCustomNodes({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...customNodesQueryOptions(), enabled });
}
