/**
 * Asset groups (API document 2.5, 2.6, 4.2 #4, #6, #9, #11; reference
 * ListAssetGroups, CreateAssetGroup, GetAssetGroup, UpdateAssetGroup,
 * DeleteAssetGroup, ListAssetGroupMembers).
 *
 * DbState keeps the groups and their selectors only; members are computed
 * from the selectors over the live directory graph (what clear-database left
 * of it), or generated for the big group, and indexed outside the state
 * (members.ts).
 */
import {
  ASSET_GROUP_LIST_QUERY_PARAMS,
  ASSET_GROUP_SORTABLE_COLUMNS,
  MEMBER_FILTER_COLUMNS,
  MEMBER_SORTABLE_COLUMNS,
  assetGroupListQuery,
  createAssetGroupBody,
  memberListQuery,
  updateAssetGroupBody,
  type FilterPredicate,
} from '../../../api/schemas/asset-groups';
import { identityKey, intPathParam } from '../../../api/schemas/common';
import { confirmAccess } from '../../access';
import type { MockArea } from '../../area';

import { conflict, notFound } from '../../errors';
import { boolean, defineList, listParams, number, pickParams, text } from '../../list';
import type { MockDb } from '../../store/db';
import { readJson, readParam } from '../../validate';
import { memberIndexOf } from './members';
import { selectorRoutes } from './selectors';
import { seedAssetGroups } from './seed';
import { sourceOf, toAssetGroupRecord, type StoredAssetGroup } from './store';

export const groupIdParam = intPathParam('asset_group_id');

function findGroup(db: MockDb, id: number): StoredAssetGroup {
  const group = db.state.assetGroups.find((g) => g.id === id);
  if (!group) throw notFound('asset_group_id', `No asset group has id ${id}. It may have been deleted.`);
  return group;
}

/** ListAssetGroups: `sort_by` and one filter per column, not paged; ties by id. */
export const GROUPS_LIST = defineList<ReturnType<typeof toAssetGroupRecord>>()({
  columns: {
    name: text((g) => g.name),
    tag: text((g) => g.tag),
    system_group: boolean((g) => g.system_group),
    member_count: number((g) => g.member_count),
    id: number((g) => g.id),
  },
  sortBy: ASSET_GROUP_SORTABLE_COLUMNS,
  filters: pickParams(assetGroupListQuery.shape, ['name', 'tag', 'system_group', 'member_count', 'id']),
  tieBreak: [{ column: 'id', descending: false }],
  unknown: (name) =>
    `"${name}" is not a parameter of this list; use sort_by (name, tag, member_count) or a filter on ${ASSET_GROUP_LIST_QUERY_PARAMS.slice(1).join(', ')}.`,
});

/**
 * ListAssetGroupMembers: paged (100 by default, at most MAX_LIMIT; more is
 * capped), `sort_by`, one filter per column. Only the query is read here: the
 * member engine (engine.ts) answers it from indexes built once per member set,
 * because sorting up to 100,000 members per page request the generic way
 * (`select`) costs far more than a page may. The engine orders text by UTF-16
 * code units, as its index is built, not by compareText; ties by object_id.
 */
export const MEMBERS_LIST = listParams({
  paging: { defaultLimit: 100, overMax: 'cap', digitsOnly: true },
  sortBy: MEMBER_SORTABLE_COLUMNS,
  filters: pickParams(memberListQuery.shape, MEMBER_FILTER_COLUMNS),
  unknown: (name) =>
    `"${name}" is not a filterable column; filter on ${MEMBER_FILTER_COLUMNS.join(', ')} (other parameters: skip, limit, sort_by).`,
});

/** Two tags or two names are the same under `identityKey` (compatibility forms, case and accents ignored). */
function same(a: string, b: string): boolean {
  return identityKey(a.trim()) === identityKey(b.trim());
}

export const assetGroupsArea: MockArea = {
  name: 'asset-groups',
  seed(state) {
    seedAssetGroups(state);
  },
  routes(app, { db, config }) {
    app.get('/api/v2/asset-groups', (c) => {
      const req = GROUPS_LIST.parse(c);
      const records = db.state.assetGroups.map((g) => toAssetGroupRecord(g, db.state));
      return c.json({ data: { asset_groups: GROUPS_LIST.select(records, req) } });
    });

    app.post('/api/v2/asset-groups', async (c) => {
      const body = await readJson(c, createAssetGroupBody);
      confirmAccess(c);
      const sameTag = db.state.assetGroups.find((g) => same(g.tag, body.tag));
      if (sameTag)
        throw conflict('tag', `The tag "${body.tag}" is already used by the asset group "${sameTag.name}". Choose another tag.`);
      const named = db.state.assetGroups.find((g) => same(g.name, body.name));
      if (named) throw conflict('name', `An asset group named "${named.name}" already exists. Choose another name.`);
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
      return c.json({ data: toAssetGroupRecord(group, db.state) }, 200);
    });

    app.get('/api/v2/asset-groups/:asset_group_id', (c) => {
      const group = findGroup(db, readParam(c, 'asset_group_id', groupIdParam));
      return c.json({ data: toAssetGroupRecord(group, db.state) });
    });

    app.put('/api/v2/asset-groups/:asset_group_id', async (c) => {
      const group = findGroup(db, readParam(c, 'asset_group_id', groupIdParam));
      const body = await readJson(c, updateAssetGroupBody);
      confirmAccess(c);
      if (group.system_group) {
        throw conflict('asset_group_id', `"${group.name}" is a system defined asset group; it cannot be renamed.`);
      }
      const named = db.state.assetGroups.find((g) => g.id !== group.id && same(g.name, body.name));
      if (named) throw conflict('name', `An asset group named "${named.name}" already exists. Choose another name.`);
      if (group.name !== body.name) {
        group.name = body.name;
        group.updated_at = new Date().toISOString();
        db.changed();
      }
      return c.json({ data: toAssetGroupRecord(group, db.state) });
    });

    app.delete('/api/v2/asset-groups/:asset_group_id', (c) => {
      const group = findGroup(db, readParam(c, 'asset_group_id', groupIdParam));
      if (group.system_group) throw conflict('asset_group_id', 'Cannot delete a system defined asset group.');
      db.state.assetGroups = db.state.assetGroups.filter((g) => g.id !== group.id);
      db.changed();
      return c.body(null, 200);
    });

    app.get('/api/v2/asset-groups/:asset_group_id/members', (c) => {
      const id = readParam(c, 'asset_group_id', groupIdParam);
      const { skip, limit, sorts, filters } = MEMBERS_LIST.parse(c);
      const group = findGroup(db, id);
      const page = memberIndexOf(sourceOf(group, db.state)).query({
        filters: filters.map((f) => ({ column: f.column, predicate: f.predicate as FilterPredicate, value: String(f.value) })),
        sorts,
        skip,
        limit,
      });
      return c.json({ count: page.count, skip, limit, data: { members: page.members } });
    });

    selectorRoutes(app, db, config);
  },
};
