/**
 * Asset-group selectors (reference UpdateAssetGroupSelectors,
 * DeleteAssetGroupSelector, GetAssetGroupCustomMemberCount).
 *
 * A group's members are computed from its selectors (members.ts), so a
 * selector change shows at once, and consistently, in the member table, the
 * member counts (list, detail, home page), the custom member count, the
 * search's `system_tags` and the user pages' `props.system_tags`. Admin Tier
 * Zero and Owned are the exception: their custom selectors are the object-id
 * rules of the Privilege Zones tags Tier Zero and Owned (privilege-zones/legacy.ts),
 * a change of them requests an analysis, and their members change when it has run.
 *
 * Rules:
 * - PUT (and POST, as upstream) takes a list of `{selector_name, sid, action}`;
 *   every entry is checked before anything changes, and every fault is
 *   reported at once, `context` naming the entry's field (`selectors[2].sid`).
 * - add: `sid` must be a node of the live directory graph (any case), not
 *   already selected by this group (nor twice in one list); `selector_name`
 *   defaults to the node's name.
 * - remove: `sid` must be selected by a custom selector of the group; a sid
 *   selected only by a system selector is a 409 (as DELETE's), one not
 *   selected at all a 400.
 * - DELETE of a system selector is 409 "Cannot delete system defined asset
 *   group selector." (reference), of an unknown selector 404.
 * - The Enterprise Fleet's members are a generated population, not the
 *   product of its selectors: its selectors cannot be changed on the mock (409).
 */
import { assetGroupOps, groupIdParam } from '../../../api/operations/asset-groups';
import { selectorSpec, type SelectorSpec } from '../../../api/schemas/asset-groups';
import { ApiFailure, conflict, notFound, type ErrorDetail } from '../../errors';
import type { Handler, server } from '../../serve';
import { graphOf } from '../../seed/live-graph';
import type { MockDb } from '../../store/db';
import { readParam } from '../../validate';
import type { Context } from 'hono';
import type { MockEnv } from '../../auth';
import { memberIndexOf } from './members';
import { requestAnalysis } from '../datapipe/pipeline';
import { linkLegacySelectors, tagOfLegacy } from '../privilege-zones/legacy';
import { nowOf, type MockConfig } from '../../config';
import { currentUser } from '../../auth';
import { sourceOf, toSelectorRecord, type StoredAssetGroup, type StoredAssetGroupSelector } from './store';

function findGroup(db: MockDb, id: number): StoredAssetGroup {
  const group = db.state.assetGroups.find((g) => g.id === id);
  if (!group) throw notFound('asset_group_id', `No asset group has id ${id}. It may have been deleted.`);
  return group;
}

function refuseGenerated(group: StoredAssetGroup): void {
  if (group.population) {
    throw conflict(
      'asset_group_id',
      `The members of "${group.name}" are a generated population on the mock, not the product of its selectors; its selectors cannot be changed.`,
    );
  }
}

type Planned = { action: 'add'; sid: string; name: string } | { action: 'remove'; selector: StoredAssetGroupSelector };

/** Checks every entry against the group and the live graph; the plan, or a 400 (409 for system selectors) naming each fault. */
export function planSelectorChanges(db: MockDb, group: StoredAssetGroup, entries: readonly unknown[]): Planned[] {
  const graph = graphOf(db.state);
  const errors: ErrorDetail[] = [];
  let systemRefusal = false;
  const plan: Planned[] = [];
  const seen = new Map<string, number>();
  entries.forEach((raw, i) => {
    const at = `selectors[${i}]`;
    const parsed = selectorSpec.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.length > 0 ? `${at}.${issue.path.join('.')}` : at;
        const message = issue.path.length > 0 ? issue.message : `${at} must be an object: {"selector_name", "sid", "action"}`;
        errors.push({ context: field, message: `${at}: ${message}` });
      }
      return;
    }
    const spec: SelectorSpec = parsed.data;
    const node = graph.byId.get(spec.sid) ?? graph.byId.get(spec.sid.toUpperCase());
    const sid = node?.objectid ?? spec.sid;
    const earlier = seen.get(sid.toUpperCase());
    if (earlier !== undefined) {
      errors.push({
        context: `${at}.sid`,
        message: `${at}: ${sid} is already in this list (selectors[${earlier}]); name each object once.`,
      });
      return;
    }
    seen.set(sid.toUpperCase(), i);
    const existing = group.selectors.filter((s) => s.selector.toUpperCase() === sid.toUpperCase());
    if (spec.action === 'add') {
      if (!node) {
        errors.push({
          context: `${at}.sid`,
          message: `${at}: no object of the directory has the object id ${spec.sid}. Search for the object and use its object id.`,
        });
      } else if (existing.length > 0) {
        errors.push({
          context: `${at}.sid`,
          message: `${at}: ${node.name} is already selected by "${existing[0]!.name}" in "${group.name}".`,
        });
      } else {
        plan.push({ action: 'add', sid: node.objectid, name: spec.selector_name?.trim() || node.name });
      }
      return;
    }
    const custom = existing.find((s) => !s.system_selector);
    if (custom) {
      plan.push({ action: 'remove', selector: custom });
    } else if (existing.length > 0) {
      systemRefusal = true;
      errors.push({
        context: `${at}.sid`,
        message: `${at}: "${existing[0]!.name}" is a system defined selector of "${group.name}"; it cannot be removed.`,
      });
    } else {
      errors.push({
        context: `${at}.sid`,
        message: `${at}: ${spec.sid} is not selected by "${group.name}"; there is nothing to remove.`,
      });
    }
  });
  if (errors.length > 0) throw new ApiFailure(systemRefusal && errors.length === 1 ? 409 : 400, errors);
  return plan;
}

/**
 * After a change of a system group's selectors: when a Privilege Zones tag stands for the group, its rules follow
 * the change and an analysis is requested (the members change when it has run).
 */
function followedByAnalysis(c: Context<MockEnv>, db: MockDb, config: MockConfig, group: StoredAssetGroup): void {
  if (!group.system_group || !tagOfLegacy(db.state.privilegeZones, group.tag)) return;
  const user = currentUser(c);
  const now = nowOf(config);
  linkLegacySelectors(db.state, new Date(now).toISOString(), { id: user.id, email: user.email_address });
  requestAnalysis(db.state, user.id, now, config);
}

type Route = ReturnType<typeof server>;

export function selectorRoutes(route: Route, db: MockDb, config: MockConfig): void {
  const update: Handler<typeof assetGroupOps.updateAssetGroupSelectors> = (c, { params, body: entries }) => {
    const group = findGroup(db, params.asset_group_id);
    refuseGenerated(group);
    const plan = planSelectorChanges(db, group, entries);
    const now = new Date().toISOString();
    const added: StoredAssetGroupSelector[] = [];
    const removed: StoredAssetGroupSelector[] = [];
    for (const step of plan) {
      if (step.action === 'add') {
        const selector: StoredAssetGroupSelector = {
          id: db.nextId('asset-group-selector'),
          name: step.name,
          selector: step.sid,
          system_selector: false,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        };
        group.selectors.push(selector);
        added.push(selector);
      } else {
        group.selectors = group.selectors.filter((s) => s.id !== step.selector.id);
        removed.push({ ...step.selector, updated_at: now, deleted_at: now });
      }
    }
    group.updated_at = now;
    followedByAnalysis(c, db, config, group);
    return c.json(
      {
        data: {
          added_selectors: added.map((s) => toSelectorRecord(group, s)),
          removed_selectors: removed.map((s) => toSelectorRecord(group, s)),
        },
      },
      201,
    );
  };
  // An unknown group is a 404 before the body is read.
  const guard = (c: Context<MockEnv>) => void findGroup(db, readParam(c, 'asset_group_id', groupIdParam));
  route(assetGroupOps.updateAssetGroupSelectors, update, { guard });
  route(assetGroupOps.updateAssetGroupSelectorsDeprecated, update, { guard });

  route(assetGroupOps.deleteAssetGroupSelector, (c, { params }) => {
    const group = findGroup(db, params.asset_group_id);
    const id = params.asset_group_selector_id;
    const selector = group.selectors.find((s) => s.id === id);
    if (!selector) {
      throw notFound(
        'asset_group_selector_id',
        `"${group.name}" has no selector with id ${id}. It may have been removed already.`,
      );
    }
    if (selector.system_selector) throw conflict('asset_group_selector_id', 'Cannot delete system defined asset group selector.');
    refuseGenerated(group);
    group.selectors = group.selectors.filter((s) => s.id !== id);
    group.updated_at = new Date().toISOString();
    followedByAnalysis(c, db, config, group);
    return c.body(null, 200);
  });

  route(assetGroupOps.getAssetGroupCustomMemberCount, (c, { params }) => {
    const group = findGroup(db, params.asset_group_id);
    return c.json({ data: { custom_member_count: memberIndexOf(sourceOf(group, db.state)).customCount } });
  });
}
