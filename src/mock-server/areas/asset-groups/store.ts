/**
 * What the asset-groups area keeps in DbState: the groups and their
 * selectors (members are computed from those; see members.ts), and the group
 * record the routes answer with.
 */
import { graphOf } from '../../seed/live-graph';
import type { BaseStored, DbState } from '../../store/db';
import { baseOf } from '../../store/records';
import { legacyMembersOf } from '../privilege-zones/legacy';
import { memberCountOf, memberIndexOf, type MemberSourceSpec, type PopulationSpec } from './members';

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

/** What this part of the mock keeps in the state (one part of DbState, store/db.ts). */
export interface AssetGroupsState {
  assetGroups: StoredAssetGroup[];
}

/** Members of the big seeded group. */
export const FLEET_SIZE = 100_000;

/**
 * Where a group's members come from: for Admin Tier Zero and Owned, their Privilege Zones tag's members as the
 * last analysis computed them (privilege-zones/legacy.ts); else its selectors (or population) over the state's live graph.
 */
export function sourceOf(group: StoredAssetGroup, state: DbState): MemberSourceSpec {
  return {
    assetGroupId: group.id,
    selectors: group.selectors,
    population: group.population,
    graph: graphOf(state),
    deletions: state.graph?.deletions,
    computed: legacyMembersOf(state, group),
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

/** Reference `model.asset-group-selector`. */
export function toSelectorRecord(group: StoredAssetGroup, s: StoredAssetGroupSelector) {
  return {
    id: s.id,
    ...baseOf(s),
    asset_group_id: group.id,
    name: s.name,
    selector: s.selector,
    system_selector: s.system_selector,
  };
}

export function toAssetGroupRecord(group: StoredAssetGroup, state: DbState) {
  return {
    id: group.id,
    ...baseOf(group),
    name: group.name,
    tag: group.tag,
    system_group: group.system_group,
    selectors: group.selectors.map((s) => toSelectorRecord(group, s)),
    member_count: memberCountOf(sourceOf(group, state)),
  };
}

/** Whether an object is a member of a group now (through any of its selectors, nested groups too). */
export function isMemberOf(group: StoredAssetGroup, state: DbState, objectid: string): boolean {
  return memberIndexOf(sourceOf(group, state)).has(objectid);
}

/**
 * The system tags of objects (upstream's `system_tags` node property): the tags of the system groups
 * (`admin_tier_0`, `owned`) an object is a member of now, space-separated, '' for none. Read from the
 * groups' member indexes, so they say what the groups' member lists say.
 */
export function systemTagsOf(state: DbState): (objectid: string) => string {
  // Each group's index is looked up once here, not once per object asked about (the Cypher graph asks for every node).
  const systemGroups = state.assetGroups
    .filter((g) => g.system_group)
    .map((g) => ({ tag: g.tag, members: memberIndexOf(sourceOf(g, state)) }));
  return (objectid) =>
    systemGroups
      .filter((g) => g.members.has(objectid))
      .map((g) => g.tag)
      .join(' ');
}
