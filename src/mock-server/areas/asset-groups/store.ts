/**
 * What the asset-groups area keeps in DbState: the groups and their
 * selectors (members are computed from those; see members.ts), and the group
 * record the routes answer with.
 */
import type { BaseStored } from '../../store/db';
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

export function sourceOf(group: StoredAssetGroup): MemberSourceSpec {
  return { assetGroupId: group.id, selectors: group.selectors, population: group.population };
}

export function toAssetGroupRecord(group: StoredAssetGroup) {
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
    member_count: memberCountOf(sourceOf(group)),
  };
}
