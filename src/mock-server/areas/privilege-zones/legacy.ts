/**
 * One truth for Tier Zero and Owned: the legacy system asset groups
 * (`admin_tier_0`, `owned`) and the Privilege Zones tags they stand for
 * (Tier Zero, the zone at position 1; Owned) are the same membership.
 *
 * - Each custom selector of a legacy system group is an object-id rule of its
 *   tag (`linkLegacySelectors`, run by the legacy selector routes and at the
 *   start of every analysis): a new legacy selector gets its rule, a removed one
 *   takes its rule with it, and a linked rule deleted through Privilege Zones
 *   takes its legacy selector with it.
 * - The legacy groups' members are the tag's members as the last analysis
 *   computed them (`legacyMembersOf`), so their lists, counts, `system_tags`,
 *   the entity pages, search and Cypher's `Tag_Tier_Zero` / `Tag_Owned` all
 *   report the same objects, and change when an analysis has run.
 */
import { TagType } from '../../../api/schemas/privilege-zones';
import type { StoredAssetGroup } from '../asset-groups/store';
import type { DbState } from '../../store/db';
import type { ComputedMember, PrivilegeZonesState, StoredSelector, StoredTag } from './model';

export type LegacySystemTag = 'admin_tier_0' | 'owned';

/** The legacy system tag a Privilege Zones tag stands for: Tier Zero `admin_tier_0`, Owned `owned`. */
export function legacyTagOf(tag: Pick<StoredTag, 'type' | 'position'>): LegacySystemTag | null {
  if (tag.type === TagType.Zone && tag.position === 1) return 'admin_tier_0';
  if (tag.type === TagType.Owned) return 'owned';
  return null;
}

/** The live Privilege Zones tag a legacy system group stands for, if any. */
export function tagOfLegacy(zones: PrivilegeZonesState | undefined, legacy: string): StoredTag | undefined {
  return zones?.tags.find((t) => t.deleted_at === null && legacyTagOf(t) === legacy);
}

/** Who makes the changes the link makes: the person changing legacy selectors, or the analysis. */
export interface LinkActor {
  id: string;
  email: string | null;
}

const ANALYSIS_ACTOR: LinkActor = { id: 'BloodHound', email: null };

/** A rule name not yet used in the tag: the object's name, numbered when taken. */
function freeRuleName(zones: PrivilegeZonesState, tagId: number, name: string): string {
  const taken = new Set(zones.selectors.filter((s) => s.asset_group_tag_id === tagId).map((s) => s.name.toLowerCase()));
  if (!taken.has(name.toLowerCase())) return name;
  let n = 2;
  while (taken.has(`${name} (${n})`.toLowerCase())) n++;
  return `${name} (${n})`;
}

/**
 * Brings the rules of Tier Zero and Owned in line with the custom selectors of
 * the legacy `admin_tier_0` and `owned` groups (see the file's comment), writing
 * a history record per rule created or deleted. True when something changed.
 */
export function linkLegacySelectors(state: DbState, at: string, actor: LinkActor = ANALYSIS_ACTOR): boolean {
  const zones = state.privilegeZones;
  if (!zones || !state.assetGroups) return false;
  const links = (zones.legacy_rules ??= {});
  let changed = false;
  const history = (tag: StoredTag, action: 'CreateSelector' | 'DeleteSelector', target: string, note: string) => {
    zones.history.unshift({
      id: zones.next.history++,
      created_at: at,
      actor: actor.id,
      email: actor.email,
      action,
      target,
      asset_group_tag_id: tag.id,
      environment_id: null,
      note,
    });
  };
  for (const group of state.assetGroups) {
    if (!group.system_group) continue;
    const tag = tagOfLegacy(zones, group.tag);
    if (!tag) continue;
    const legacyIds = new Set(group.selectors.map((s) => s.id));
    // Linked rules whose legacy selector is gone go with it.
    for (const [legacyId, ruleId] of Object.entries(links)) {
      const rule = zones.selectors.find((s) => s.id === ruleId);
      if (!rule || rule.asset_group_tag_id !== tag.id || legacyIds.has(Number(legacyId))) continue;
      zones.selectors = zones.selectors.filter((s) => s.id !== ruleId);
      delete links[Number(legacyId)];
      history(tag, 'DeleteSelector', rule.name, `Its selector was removed from the legacy asset group "${group.name}".`);
      changed = true;
    }
    for (const selector of group.selectors) {
      if (selector.system_selector) continue;
      const ruleId = links[selector.id];
      if (ruleId !== undefined) {
        // The linked rule was deleted through Privilege Zones: the legacy selector goes too.
        if (!zones.selectors.some((s) => s.id === ruleId)) {
          group.selectors = group.selectors.filter((s) => s.id !== selector.id);
          group.updated_at = at;
          delete links[selector.id];
          changed = true;
        }
        continue;
      }
      const rule: StoredSelector = {
        id: zones.next.selector++,
        asset_group_tag_id: tag.id,
        created_at: at,
        created_by: actor.id,
        updated_at: at,
        updated_by: actor.id,
        disabled_at: null,
        disabled_by: null,
        name: freeRuleName(zones, tag.id, selector.name),
        description: `Selector of the legacy asset group "${group.name}".`,
        auto_certify: 0,
        is_default: false,
        allow_disable: true,
        seeds: [{ type: 1, value: selector.selector }],
      };
      zones.selectors.push(rule);
      links[selector.id] = rule.id;
      history(tag, 'CreateSelector', rule.name, `Added through the legacy asset group "${group.name}".`);
      changed = true;
    }
  }
  return changed;
}

/** A legacy group's members as the last analysis computed them: each object, and whether a custom (non-default) rule selects it. */
export interface LegacyMembers {
  /** Names this computed list (it changes only when an analysis has run). */
  key: string;
  members: readonly { object_id: string; custom: boolean }[];
}

const legacyViews = new WeakMap<readonly ComputedMember[], LegacyMembers>();
let views = 0;

/**
 * The members of a legacy system group (`admin_tier_0`, `owned`) from the
 * computed membership of its tag; null when there is no such tag or no
 * analysis has computed it (the group's selectors answer then).
 */
export function legacyMembersOf(state: DbState, group: Pick<StoredAssetGroup, 'system_group' | 'tag'>): LegacyMembers | null {
  if (!group.system_group) return null;
  const zones = state.privilegeZones;
  const tag = tagOfLegacy(zones, group.tag);
  const computed = tag ? zones.membership?.tags[tag.id] : undefined;
  if (!tag || !computed) return null;
  let view = legacyViews.get(computed);
  if (!view) {
    const defaults = new Set(zones.selectors.filter((s) => s.is_default).map((s) => s.id));
    view = {
      key: `computed-${++views}`,
      members: computed.map((m) => ({ object_id: m.object_id, custom: m.selectors.some((id) => !defaults.has(id)) })),
    };
    legacyViews.set(computed, view);
  }
  return view;
}
