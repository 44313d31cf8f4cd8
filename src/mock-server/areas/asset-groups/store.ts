/**
 * What the asset-groups area keeps in DbState: the groups and their
 * selectors (members are computed from those; see members.ts), and the group
 * record the routes answer with.
 */
import { graphOf } from '../../seed/graph';
import type { BaseStored, DbState } from '../../store/db';
import { baseOf } from '../../store/records';
import { memberCountOf, type MemberSourceSpec, type PopulationSpec } from './members';

export interface StoredAssetGroupSelector extends BaseStored {
  id: number;
  name: string;
  /** Object id of the selected graph node (or of an environment, for the generated population). */
  selector: string;
  system_selector: boolean;
}

export interface StoredAssetGroup extends BaseStored {
  id: number;
  name: string;
  tag: string;
  system_group: boolean;
  selectors: StoredAssetGroupSelector[];
  /** Generated members (the big group); null when the members come from the selectors. */
  population: PopulationSpec | null;
}

declare module '../../store/db' {
  interface DbState {
    assetGroups: StoredAssetGroup[];
  }
}

/** Members of the big seeded group. */
export const FLEET_SIZE = 100_000;

/** Where a group's members come from: its selectors (or population) over the state's live graph. */
export function sourceOf(group: StoredAssetGroup, state: DbState): MemberSourceSpec {
  return {
    assetGroupId: group.id,
    selectors: group.selectors,
    population: group.population,
    graph: graphOf(state),
    deletions: state.graph?.deletions,
  };
}

/**
 * Deletes the custom (non-system) selectors of a group, as clear-database's
 * deleteAssetGroupSelectors does; a generated population goes with them (its
 * selectors are what chose it). True when something was deleted.
 */
export function deleteCustomSelectors(group: StoredAssetGroup, at: string): boolean {
  const kept = group.selectors.filter((s) => s.system_selector);
  if (kept.length === group.selectors.length && group.population === null) return false;
  group.selectors = kept;
  group.population = null;
  group.updated_at = at;
  return true;
}

export function toAssetGroupRecord(group: StoredAssetGroup, state: DbState) {
  return {
    id: group.id,
    ...baseOf(group),
    name: group.name,
    tag: group.tag,
    system_group: group.system_group,
    selectors: group.selectors.map((s) => ({
      id: s.id,
      ...baseOf(s),
      asset_group_id: group.id,
      name: s.name,
      selector: s.selector,
      system_selector: s.system_selector,
    })),
    member_count: memberCountOf(sourceOf(group, state)),
  };
}
