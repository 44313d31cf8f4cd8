/**
 * Reading and changing the Privilege Zones state: finding tags and rules
 * (404 naming the parameter), their API records with counts, the history
 * record every change writes, the access rule of reads (users limited to
 * some environments are refused, as upstream), and the analysis a change
 * requests.
 */
import type { Context } from 'hono';
import { TagType, type AssetGroupTag, type AssetGroupTagSelector } from '../../../api/schemas/privilege-zones';
import { currentUser, type MockEnv } from '../../auth';
import { nowOf, type MockConfig } from '../../config';
import { forbidden, notFound } from '../../errors';
import { graphOf } from '../../seed/live-graph';
import type { DbState, MockDb } from '../../store/db';
import { requestAnalysis } from '../datapipe/pipeline';
import { selectorMemberIndex, tagMemberIndex } from './members';
import type { PrivilegeZonesState, StoredSelector, StoredTag } from './model';

export const pzOf = (state: DbState): PrivilegeZonesState => state.privilegeZones;

export const liveTags = (state: DbState) => pzOf(state).tags.filter((t) => t.deleted_at === null);
export const zonesInOrder = (state: DbState) =>
  liveTags(state)
    .filter((t) => t.type === TagType.Zone)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0));

export function findTag(state: DbState, id: number): StoredTag {
  const tag = pzOf(state).tags.find((t) => t.id === id && t.deleted_at === null);
  if (!tag) throw notFound('asset_group_tag_id', `No zone or label has id ${id}. It may have been deleted.`);
  return tag;
}

export function findSelector(state: DbState, tag: StoredTag, id: number): StoredSelector {
  const selector = pzOf(state).selectors.find((s) => s.id === id && s.asset_group_tag_id === tag.id);
  if (!selector) throw notFound('asset_group_tag_selector_id', `The ${tagNoun(tag)} "${tag.name}" has no rule with id ${id}.`);
  return selector;
}

export const tagNoun = (tag: Pick<StoredTag, 'type'>) => (tag.type === TagType.Label ? 'label' : 'zone');
export const isTierZero = (tag: StoredTag) => tag.type === TagType.Zone && tag.position === 1;

export function tagRecord(state: DbState, tag: StoredTag, withCounts: boolean): AssetGroupTag {
  if (!withCounts) return { ...tag };
  const selectors = pzOf(state).selectors.filter((s) => s.asset_group_tag_id === tag.id);
  const defaults = selectors.filter((s) => s.is_default).length;
  return {
    ...tag,
    counts: {
      members: tagMemberIndex(pzOf(state).membership, graphOf(state), tag.id).size,
      selectors: selectors.length,
      custom_selectors: selectors.length - defaults,
      default_selectors: defaults,
      disabled_selectors: selectors.filter((s) => s.disabled_at !== null).length,
    },
  };
}

export function selectorRecord(state: DbState, selector: StoredSelector, withCounts: boolean): AssetGroupTagSelector {
  const record: AssetGroupTagSelector = { ...selector, seeds: selector.seeds.map((s) => ({ ...s })) };
  if (withCounts) {
    const pz = pzOf(state);
    record.counts = {
      members: selectorMemberIndex(pz.membership, graphOf(state), selector.asset_group_tag_id, selector.id).size,
    };
  }
  return record;
}

/** Reads refuse a person whose access is limited to some environments (upstream answers 403). */
export function requireAllEnvironments(c: Context<MockEnv>): void {
  const principal = c.get('principal');
  if (principal?.kind === 'user' && !principal.user.all_environments) {
    throw forbidden('Privilege Zones are available only to users with access to all environments.');
  }
}

/** How long history records are kept (upstream keeps 90 days). */
export const HISTORY_RETENTION_DAYS = 90;

/** Writes one history record of a change by the request's person, and lets go of records past the retention. */
export function writeHistory(
  c: Context<MockEnv>,
  db: MockDb,
  fields: { action: string; target: string; tagId: number; note?: string | null; environmentId?: string | null },
): void {
  const user = currentUser(c);
  const pz = pzOf(db.state);
  const now = Date.now();
  const oldest = now - HISTORY_RETENTION_DAYS * 86_400_000;
  if (pz.history.some((h) => Date.parse(h.created_at) < oldest)) {
    pz.history = pz.history.filter((h) => Date.parse(h.created_at) >= oldest);
  }
  pz.history.push({
    id: pz.next.history++,
    created_at: new Date(now).toISOString(),
    actor: user.principal_name,
    email: user.email_address,
    action: fields.action,
    target: fields.target,
    asset_group_tag_id: fields.tagId,
    environment_id: fields.environmentId ?? null,
    note: fields.note ?? null,
  });
}

/** A change that alters membership requests an analysis (members change when it has run). */
export function requestMembershipAnalysis(c: Context<MockEnv>, db: MockDb, config: MockConfig): void {
  requestAnalysis(db.state, currentUser(c).id, nowOf(config), config);
}
