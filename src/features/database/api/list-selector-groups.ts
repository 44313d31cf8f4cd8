import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { assetGroupOps } from '@/api/operations/asset-groups';
import { queryKeys } from '@/api/query-keys';
import type { AssetGroup } from '@/api/schemas/asset-groups';
import { compareText } from '@/shared/compare-text';

/** An asset group as the database page offers it: its name and how many custom (not built-in) selectors it has. */
export interface SelectorGroup {
  id: number;
  name: string;
  customSelectors: number;
}

export const selectorGroupOf = (g: AssetGroup): SelectorGroup => ({
  id: g.id,
  name: g.name,
  customSelectors: g.selectors.filter((s) => !s.system_selector).length,
});

/** GET /api/v2/asset-groups, for "custom selectors of chosen asset groups" (by name). */
export function listSelectorGroups(signal?: AbortSignal): Promise<SelectorGroup[]> {
  return call(assetGroupOps.listAssetGroups, { signal }).then((r) =>
    r.data.asset_groups.map(selectorGroupOf).sort((a, b) => compareText(a.name, b.name)),
  );
}

export const selectorGroupsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.assetGroups.list({ for: 'database' }),
    queryFn: ({ signal }) => listSelectorGroups(signal),
  });

export function useSelectorGroups() {
  return useQuery(selectorGroupsQueryOptions());
}
