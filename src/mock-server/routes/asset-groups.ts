/**
 * Asset groups (API document 2.5, 2.6, 4.2 #4, #6, #9, #11; reference
 * ListAssetGroups, CreateAssetGroup, GetAssetGroup, UpdateAssetGroup,
 * DeleteAssetGroup, ListAssetGroupMembers).
 *
 * DbState keeps the groups and their selectors only; members are computed
 * from the selectors over the directory graph, or generated for the big
 * group, and indexed outside the state (../asset-groups-members.ts).
 */
import type { Context } from 'hono';
import { Permission } from '../../api/permissions';
import {
  ASSET_GROUP_LIST_QUERY_PARAMS,
  MEMBER_FILTER_COLUMNS,
  MEMBER_QUERY_PARAMS,
  assetGroupListQuery,
  createAssetGroupBody,
  memberListQuery,
  updateAssetGroupBody,
  type AssetGroupListQuery,
} from '../../api/schemas/asset-groups';
import { intPathParam, type ColumnFilter } from '../../api/schemas/common';
import type { MockArea } from '../area';
import { requirePermission } from '../auth';
import { badRequest, conflict, notFound } from '../errors';
import {
  FLEET_ENVIRONMENTS,
  memberCountOf,
  memberIndexOf,
  type MemberSourceSpec,
  type PopulationSpec,
} from '../asset-groups-members';
import type { MemberFilter } from '../asset-groups-engine';
import { directoryGraph, type GraphNode } from '../seed/graph';
import { seedTime } from '../seed/random';
import type { BaseStored, DbState, MockDb } from '../store/db';
import { baseOf } from '../store/records';
import { readJson, readParam, readQuery } from '../validate';

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

declare module '../store/db' {
  interface DbState {
    assetGroups: StoredAssetGroup[];
  }
}

/** `limit` when the request gives none, and the most one page may hold (larger limits are capped). */
export const MEMBERS_DEFAULT_LIMIT = 100;
export const MEMBERS_MAX_LIMIT = 1000;

/** Members of the big seeded group. */
export const FLEET_SIZE = 100_000;

const groupIdParam = intPathParam('asset_group_id');

function sourceOf(group: StoredAssetGroup): MemberSourceSpec {
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

function findGroup(db: MockDb, id: number): StoredAssetGroup {
  const group = db.state.assetGroups.find((g) => g.id === id);
  if (!group) throw notFound('asset_group_id', `No asset group has id ${id}. It may have been deleted.`);
  return group;
}

/** A query parameter the operation does not know is a 400 that names it. */
function refuseUnknownParams(c: Context, known: readonly string[], describe: (name: string) => string): void {
  for (const name of Object.keys(c.req.queries())) {
    if (!known.includes(name)) throw badRequest(name, describe(name));
  }
}

function matchesString(value: string, f: ColumnFilter): boolean {
  if (f.predicate === 'eq') return value === f.value;
  if (f.predicate === 'neq') return value !== f.value;
  return value.toLowerCase().includes(f.value.toLowerCase());
}

function matchesInteger(value: number, f: { predicate: string; value: number }): boolean {
  switch (f.predicate) {
    case 'eq':
      return value === f.value;
    case 'neq':
      return value !== f.value;
    case 'gt':
      return value > f.value;
    case 'gte':
      return value >= f.value;
    case 'lt':
      return value < f.value;
    default:
      return value <= f.value;
  }
}

/** Text order of the group list (one collator; `localeCompare` with options builds one per call). */
const GROUP_ORDER = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function listGroups(db: MockDb, q: AssetGroupListQuery) {
  let records = db.state.assetGroups.map(toAssetGroupRecord);
  if (q.name) records = records.filter((g) => matchesString(g.name, q.name!));
  if (q.tag) records = records.filter((g) => matchesString(g.tag, q.tag!));
  if (q.system_group) records = records.filter((g) => matchesString(String(g.system_group), q.system_group!));
  if (q.member_count) records = records.filter((g) => matchesInteger(g.member_count, q.member_count!));
  if (q.id) records = records.filter((g) => matchesInteger(g.id, q.id!));
  const sorts = q.sort_by ?? [];
  return records.sort((a, b) => {
    for (const s of sorts) {
      const d = s.column === 'member_count' ? a.member_count - b.member_count : GROUP_ORDER.compare(a[s.column], b[s.column]);
      if (d !== 0) return s.descending ? -d : d;
    }
    return a.id - b.id;
  });
}

function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export const assetGroupsArea: MockArea = {
  name: 'asset-groups',
  seed(state) {
    seedAssetGroups(state);
  },
  routes(app, { db }) {
    app.get('/api/v2/asset-groups', (c) => {
      refuseUnknownParams(
        c,
        ASSET_GROUP_LIST_QUERY_PARAMS,
        (name) =>
          `"${name}" is not a parameter of this list; use sort_by (name, tag, member_count) or a filter on ${ASSET_GROUP_LIST_QUERY_PARAMS.slice(1).join(', ')}.`,
      );
      const q = readQuery(c, assetGroupListQuery);
      return c.json({ data: { asset_groups: listGroups(db, q) } });
    });

    app.post('/api/v2/asset-groups', async (c) => {
      requirePermission(c, db, Permission.GraphDbWrite);
      const body = await readJson(c, createAssetGroupBody);
      const sameTag = db.state.assetGroups.find((g) => g.tag === body.tag);
      if (sameTag)
        throw badRequest(
          'tag',
          `The tag "${body.tag}" is already used by the asset group "${sameTag.name}". Choose another tag.`,
        );
      const named = db.state.assetGroups.find((g) => sameName(g.name, body.name));
      if (named) throw badRequest('name', `An asset group named "${named.name}" already exists. Choose another name.`);
      const now = new Date().toISOString();
      const group: StoredAssetGroup = {
        id: db.nextId('asset-group'),
        name: body.name,
        tag: body.tag,
        system_group: false,
        selectors: [],
        population: null,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      };
      db.state.assetGroups.push(group);
      db.changed();
      return c.json({ data: toAssetGroupRecord(group) }, 200);
    });

    app.get('/api/v2/asset-groups/:asset_group_id', (c) => {
      const group = findGroup(db, readParam(c, 'asset_group_id', groupIdParam));
      return c.json({ data: toAssetGroupRecord(group) });
    });

    app.put('/api/v2/asset-groups/:asset_group_id', async (c) => {
      requirePermission(c, db, Permission.GraphDbWrite);
      const group = findGroup(db, readParam(c, 'asset_group_id', groupIdParam));
      const body = await readJson(c, updateAssetGroupBody);
      if (group.system_group) {
        throw conflict('asset_group_id', `"${group.name}" is a system defined asset group; it cannot be renamed.`);
      }
      const named = db.state.assetGroups.find((g) => g.id !== group.id && sameName(g.name, body.name));
      if (named) throw badRequest('name', `An asset group named "${named.name}" already exists. Choose another name.`);
      if (group.name !== body.name) {
        group.name = body.name;
        group.updated_at = new Date().toISOString();
        db.changed();
      }
      return c.json({ data: toAssetGroupRecord(group) });
    });

    app.delete('/api/v2/asset-groups/:asset_group_id', (c) => {
      requirePermission(c, db, Permission.GraphDbWrite);
      const group = findGroup(db, readParam(c, 'asset_group_id', groupIdParam));
      if (group.system_group) throw conflict('asset_group_id', 'Cannot delete a system defined asset group.');
      db.state.assetGroups = db.state.assetGroups.filter((g) => g.id !== group.id);
      db.changed();
      return c.body(null, 200);
    });

    app.get('/api/v2/asset-groups/:asset_group_id/members', (c) => {
      const id = readParam(c, 'asset_group_id', groupIdParam);
      refuseUnknownParams(
        c,
        MEMBER_QUERY_PARAMS,
        (name) =>
          `"${name}" is not a filterable column; filter on ${MEMBER_FILTER_COLUMNS.join(', ')} (other parameters: skip, limit, sort_by).`,
      );
      const q = readQuery(c, memberListQuery);
      const group = findGroup(db, id);
      const skip = q.skip ?? 0;
      const limit = Math.min(q.limit ?? MEMBERS_DEFAULT_LIMIT, MEMBERS_MAX_LIMIT);
      const filters: MemberFilter[] = [];
      for (const column of MEMBER_FILTER_COLUMNS) {
        const f = q[column];
        if (f) filters.push({ column, predicate: f.predicate, value: f.value });
      }
      const page = memberIndexOf(sourceOf(group)).query({ filters, sorts: q.sort_by ?? [], skip, limit });
      return c.json({ count: page.count, skip, limit, data: { members: page.members } });
    });
  },
};

/** The seeded groups: two system groups, four selector groups (one empty) and the big generated one. */
export function seedAssetGroups(state: DbState): void {
  const graph = directoryGraph();
  const byName = new Map(graph.nodes.map((n) => [n.name, n]));
  let selectorId = 0;
  const selector = (node: GraphNode | undefined, system: boolean, day: number): StoredAssetGroupSelector[] => {
    if (!node) return [];
    const at = seedTime(day);
    return [
      {
        id: ++selectorId,
        name: node.name,
        selector: node.objectid,
        system_selector: system,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      },
    ];
  };
  const named = (name: string) => byName.get(name);
  const domains = graph.domains;
  const [corp, lab] = [domains[0]?.name ?? '', domains[1]?.name ?? ''];
  const usersOf = (domain: string) =>
    graph.nodes.filter(
      (n) => n.primaryKind === 'User' && n.name.endsWith(`@${domain}`) && !/^(ADMINISTRATOR|KRBTGT|SVC_)/.test(n.name),
    );
  const serversOf = (domain: string, prefix: RegExp) =>
    graph.nodes.filter((n) => n.primaryKind === 'Computer' && n.name.endsWith(`.${domain}`) && prefix.test(n.name));

  const tierZero = [
    ...domains.flatMap((d) => [
      ...selector(d, true, -290),
      ...selector(named(`DOMAIN ADMINS@${d.name}`), true, -290),
      ...selector(named(`ENTERPRISE ADMINS@${d.name}`), true, -290),
      ...selector(named(`DOMAIN CONTROLLERS@${d.name}`), true, -290),
      ...selector(named(`ADMINISTRATOR@${d.name}`), true, -290),
      ...selector(named(`KRBTGT@${d.name}`), true, -290),
    ]),
    ...selector(named(`SRV-CA01.${corp}`), false, -120),
  ];
  const corpUsers = usersOf(corp);
  const owned = [
    ...[corpUsers[7], corpUsers[23], corpUsers[61], usersOf(lab)[5]].flatMap((n) => selector(n, false, -14)),
    ...selector(named(`WS0003.${corp}`), false, -13),
    ...selector(named(`WS1002.${lab}`), false, -12),
  ];
  const crownJewels = [
    ...serversOf(corp, /^SRV-(SQL|FS)/).flatMap((n) => selector(n, false, -80)),
    ...selector(named(`SVC_SQL@${corp}`), false, -79),
  ];
  const helpdesk = selector(named(`IT HELPDESK@${corp}`), false, -60);
  const labServers = [
    ...selector(named(`DOMAIN CONTROLLERS@${lab}`), false, -45),
    ...serversOf(lab, /^SRV-/).flatMap((n) => selector(n, false, -45)),
  ];
  const fleetSelectors = [
    ...domains.map((d) => ({ id: d.objectid, name: d.name })),
    ...FLEET_ENVIRONMENTS.map((e) => ({ id: e.id, name: e.name })),
  ].map((e) => {
    const at = seedTime(-30);
    return {
      id: ++selectorId,
      name: e.name,
      selector: e.id,
      system_selector: false,
      created_at: at,
      updated_at: at,
      deleted_at: null,
    };
  });

  const group = (
    id: number,
    name: string,
    tag: string,
    system: boolean,
    selectors: StoredAssetGroupSelector[],
    day: number,
    population: PopulationSpec | null = null,
  ): StoredAssetGroup => ({
    id,
    name,
    tag,
    system_group: system,
    selectors,
    population,
    created_at: seedTime(day),
    updated_at: seedTime(day + 1),
    deleted_at: null,
  });
  state.assetGroups = [
    group(1, 'Admin Tier Zero', 'admin_tier_0', true, tierZero, -300),
    group(2, 'Owned', 'owned', true, owned, -300),
    group(3, 'Crown Jewels', 'crown_jewels', false, crownJewels, -90),
    group(4, 'Help Desk', 'helpdesk', false, helpdesk, -70),
    group(5, 'Lab Servers', 'lab_servers', false, labServers, -50),
    group(6, 'Enterprise Fleet', 'enterprise_fleet', false, fleetSelectors, -40, { kind: 'fleet', size: FLEET_SIZE }),
    group(7, 'Decommissioned Hosts', 'decommissioned', false, [], -20),
  ];
  state.counters['asset-group'] = state.assetGroups.length;
  state.counters['asset-group-selector'] = selectorId;
}
