/**
 * Asset groups (assetGroupOps.listAssetGroups, createAssetGroup, getAssetGroup,
 * updateAssetGroup, deleteAssetGroup, listAssetGroupMembers; reference
 * ListAssetGroups, CreateAssetGroup, GetAssetGroup, UpdateAssetGroup,
 * DeleteAssetGroup, ListAssetGroupMembers).
 *
 * DbState keeps the groups and their selectors only; members are computed
 * from the selectors over the live directory graph (what clear-database left
 * of it), or generated for the big group, and indexed outside the state
 * (members.ts).
 */
import { assetGroupOps, groupIdParam } from '../../../api/operations/asset-groups';
import type { FilterPredicate } from '../../../api/schemas/asset-groups';
import { identityKey } from '../../../api/schemas/field-rules';
import type { MockArea } from '../../area';

import { conflict, notFound } from '../../errors';
import { boolean, defineList, number, text } from '../../list';
import { server } from '../../serve';
import type { MockDb } from '../../store/db';
import { readParam } from '../../validate';
import { memberIndexOf } from './members';
import { selectorRoutes } from './selectors';
import { seedAssetGroups } from './seed';
import { sourceOf, toAssetGroupRecord, type StoredAssetGroup } from './store';

function findGroup(db: MockDb, id: number): StoredAssetGroup {
  const group = db.state.assetGroups.find((g) => g.id === id);
  if (!group) throw notFound('asset_group_id', `No asset group has id ${id}. It may have been deleted.`);
  return group;
}

/** ListAssetGroups: `sort_by` and one filter per column, not paged; ties by id. */
export const GROUPS_LIST = defineList<ReturnType<typeof toAssetGroupRecord>>()({
  query: assetGroupOps.listAssetGroups.query,
  columns: {
    name: text((g) => g.name),
    tag: text((g) => g.tag),
    system_group: boolean((g) => g.system_group),
    member_count: number((g) => g.member_count),
    id: number((g) => g.id),
  },
  tieBreak: [{ column: 'id', descending: false }],
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
    const route = server(app, db);

    route(assetGroupOps.listAssetGroups, (c, { query: req }) => {
      const records = db.state.assetGroups.map((g) => toAssetGroupRecord(g, db.state));
      return c.json({ data: { asset_groups: GROUPS_LIST.select(records, req) } });
    });

    route(assetGroupOps.createAssetGroup, (c, { body }) => {
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
      return c.json({ data: toAssetGroupRecord(group, db.state) }, 200);
    });

    route(assetGroupOps.getAssetGroup, (c, { params }) => {
      const group = findGroup(db, params.asset_group_id);
      return c.json({ data: toAssetGroupRecord(group, db.state) });
    });

    route(
      assetGroupOps.updateAssetGroup,
      (c, { params, body }) => {
        const group = findGroup(db, params.asset_group_id);
        if (group.system_group) {
          throw conflict('asset_group_id', `"${group.name}" is a system defined asset group; it cannot be renamed.`);
        }
        const named = db.state.assetGroups.find((g) => g.id !== group.id && same(g.name, body.name));
        if (named) throw conflict('name', `An asset group named "${named.name}" already exists. Choose another name.`);
        if (group.name !== body.name) {
          group.name = body.name;
          group.updated_at = new Date().toISOString();
        }
        return c.json({ data: toAssetGroupRecord(group, db.state) });
      },
      // An unknown group is a 404 before the body is read.
      { guard: (c) => void findGroup(db, readParam(c, 'asset_group_id', groupIdParam)) },
    );

    route(assetGroupOps.deleteAssetGroup, (c, { params }) => {
      const group = findGroup(db, params.asset_group_id);
      if (group.system_group) throw conflict('asset_group_id', 'Cannot delete a system defined asset group.');
      db.state.assetGroups = db.state.assetGroups.filter((g) => g.id !== group.id);
      return c.body(null, 200);
    });

    // The member engine (engine.ts) answers the declared query from indexes built once per member set: sorting
    // up to 100,000 members per page request the generic way costs far more than a page may. It orders text by
    // UTF-16 code units, as its index is built, not by compareText; ties by object_id.
    route(assetGroupOps.listAssetGroupMembers, (c, { params, query: { skip, limit, sorts, filters } }) => {
      const group = findGroup(db, params.asset_group_id);
      const page = memberIndexOf(sourceOf(group, db.state)).query({
        filters: filters.map((f) => ({ column: f.column, predicate: f.predicate as FilterPredicate, value: String(f.value) })),
        sorts,
        skip,
        limit,
      });
      return c.json({ count: page.count, skip, limit, data: { members: page.members } });
    });

    selectorRoutes(route, db, config);
  },
};
