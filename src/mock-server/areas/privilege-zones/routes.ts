/**
 * Privilege Zones (API word: asset group tags), as upstream's server answers
 * (the operations are privilegeZoneOps):
 *
 *   GET    /asset-group-tags                   {data:{tags}}; counts, filters
 *   POST   /asset-group-tags                   enterprise; 201 {data: tag}
 *   GET    /asset-group-tags/{id}              {data:{tag}}
 *   PATCH  /asset-group-tags/{id}              {data: tag}
 *   DELETE /asset-group-tags/{id}              enterprise; 204
 *   POST   /asset-group-tags/search            tags, rules and members matching a text
 *
 * Rules are in selectors.ts, members in member-routes.ts, history and
 * certification in history.ts. Reads need graphdb.Read and refuse users limited
 * to some environments; writes need graphdb.Write (their declarations, privilegeZoneOps).
 * Every change writes a history record; one that alters membership requests an
 * analysis, and members change when it has run.
 */

import { privilegeZoneOps, tagIdParam } from '../../../api/operations/privilege-zones';
import { TagType, type AssetGroupTagMember, type UpdateTagBody } from '../../../api/schemas/privilege-zones';
import type { MockArea } from '../../area';
import { currentUser } from '../../auth';
import type { MockConfig } from '../../config';
import { badRequest, conflict, forbidden } from '../../errors';
import { defineList, number, text, time } from '../../list';
import { server } from '../../serve';
import { graphOf } from '../../seed/live-graph';
import type { MockDb } from '../../store/db';
import { readParam } from '../../validate';
import { historyRoutes } from './history';
import { memberRoutes } from './member-routes';
import { tagMemberIndex } from './members';
import type { StoredTag } from './model';
import { seedPrivilegeZones } from './seed';
import { selectorRoutes } from './selectors';
import {
  findTag,
  isTierZero,
  liveTags,
  pzOf,
  requestMembershipAnalysis,
  requireAllEnvironments,
  selectorRecord,
  tagNoun,
  tagRecord,
  writeHistory,
  zonesInOrder,
} from './store';

/** GetAssetGroupTags: not paged; filters on type, name, description, times and the zone flags; ties by id. */
export const TAGS_LIST = defineList<StoredTag>()({
  query: privilegeZoneOps.getAssetGroupTags.query,
  columns: {
    id: number((t) => t.id),
    type: number((t) => t.type),
    name: text((t) => t.name),
    description: text((t) => t.description),
    created_at: time((t) => t.created_at),
    updated_at: time((t) => t.updated_at),
    require_certify: text((t) => (t.require_certify === null ? null : String(t.require_certify))),
    analysis_enabled: text((t) => (t.analysis_enabled === null ? null : String(t.analysis_enabled))),
  },
  tieBreak: [{ column: 'id', descending: false }],
});

const SEARCH_LIMIT = 50;

/** The tag whose name is `name` (case ignored), other than `except`. */
function namedTag(db: MockDb, name: string, except?: number): StoredTag | undefined {
  const key = name.trim().toLowerCase();
  return liveTags(db.state).find((t) => t.id !== except && t.name.toLowerCase() === key);
}

/** Puts `tag` at `position` among the zones and numbers them 1..n again. */
function placeZone(db: MockDb, tag: StoredTag, position: number | null): void {
  const others = zonesInOrder(db.state).filter((z) => z.id !== tag.id);
  if (position !== null) others.splice(position - 1, 0, tag);
  others.forEach((z, i) => (z.position = i + 1));
}

function checkPosition(db: MockDb, position: number, creating: boolean): void {
  const max = zonesInOrder(db.state).length + (creating ? 1 : 0);
  if (position < 2 || position > max) {
    throw badRequest(
      'position',
      max < 2
        ? 'position: Tier Zero holds position 1; no other position exists yet.'
        : `position must be between 2 and ${max}: Tier Zero holds position 1 and positions are contiguous.`,
    );
  }
}

function checkGlyph(db: MockDb, glyph: string | null | undefined, except?: number): void {
  if (!glyph) return;
  const used = liveTags(db.state).find((t) => t.id !== except && t.glyph === glyph);
  if (used) throw conflict('glyph', `The glyph "${glyph}" is already the ${used.name} zone's. Choose another.`);
}

/** What a PATCH may not do to `tag` (403), by upstream's rules and the edition's. */
function checkUpdateAllowed(tag: StoredTag, body: UpdateTagBody, config: MockConfig): void {
  const changes = (Object.keys(body) as (keyof UpdateTagBody)[]).filter((k) => body[k] !== undefined && body[k] !== tag[k]);
  if (config.edition !== 'enterprise' && (!isTierZero(tag) || changes.some((k) => k !== 'description'))) {
    throw forbidden("On BloodHound Community Edition only Tier Zero's description can be changed.");
  }
  if ((isTierZero(tag) || tag.type === TagType.Owned) && changes.includes('name')) {
    throw forbidden(`${tag.name} cannot be renamed.`);
  }
  if (isTierZero(tag)) {
    const fixed = changes.find((k) => k === 'position' || k === 'analysis_enabled' || k === 'glyph');
    if (fixed) throw forbidden(`Tier Zero's ${fixed.replace('_', ' ')} is fixed and cannot be changed.`);
  }
  if (tag.type !== TagType.Zone) {
    const zoneOnly = (['position', 'require_certify', 'analysis_enabled', 'glyph'] as const).find(
      (k) => body[k] !== undefined && body[k] !== null,
    );
    if (zoneOnly)
      throw badRequest(
        zoneOnly,
        `${zoneOnly}: only zones have one; a ${tag.type === TagType.Owned ? 'the Owned tag' : 'label'} has none.`,
      );
  }
}

export const privilegeZonesArea: MockArea = {
  name: 'privilege-zones',
  // Names seeded people as the actors of the rules and history it seeds.
  seedsAfter: ['users'],
  seed(state, config) {
    seedPrivilegeZones(state, config);
  },
  routes(app, { db, config }) {
    const route = server(app, db);
    // A user limited to some environments is refused before anything is read.
    const everyEnvironment = { guard: requireAllEnvironments };
    // Before GET /asset-group-tags/{id}: `certifications` is not a tag id.
    historyRoutes(route, db, config);
    route(
      privilegeZoneOps.getAssetGroupTags,
      (c, { query: req }) => {
        const tags = TAGS_LIST.select(liveTags(db.state), req);
        return c.json({ data: { tags: tags.map((t) => tagRecord(db.state, t, req.params.counts === 'true')) } });
      },
      everyEnvironment,
    );

    route(privilegeZoneOps.createAssetGroupTag, (c, { body }) => {
      const zone = body.type === TagType.Zone;
      if (!zone) {
        const zoneOnly = (['position', 'require_certify', 'analysis_enabled', 'glyph'] as const).find(
          (k) => body[k] !== undefined && body[k] !== null,
        );
        if (zoneOnly) throw badRequest(zoneOnly, `${zoneOnly}: only zones have one; leave it out for a label.`);
      }
      const same = namedTag(db, body.name);
      if (same) throw conflict('name', `A ${tagNoun(same)} named "${same.name}" already exists. Choose another name.`);
      if (zone && body.position != null) checkPosition(db, body.position, true);
      if (zone) checkGlyph(db, body.glyph);
      const user = currentUser(c);
      const now = new Date().toISOString();
      const pz = pzOf(db.state);
      const id = pz.next.tag++;
      const tag: StoredTag = {
        id,
        type: body.type,
        kind_id: 100 + id,
        name: body.name,
        description: body.description ?? '',
        created_at: now,
        created_by: user.principal_name,
        updated_at: now,
        updated_by: user.principal_name,
        deleted_at: null,
        deleted_by: null,
        position: null,
        require_certify: zone ? (body.require_certify ?? false) : null,
        analysis_enabled: zone ? (body.analysis_enabled ?? true) : null,
        glyph: zone ? (body.glyph ?? null) : null,
      };
      pz.tags.push(tag);
      if (zone) placeZone(db, tag, body.position ?? zonesInOrder(db.state).length);
      writeHistory(c, db, { action: 'CreateTag', target: tag.name, tagId: tag.id });
      if (zone) requestMembershipAnalysis(c, db, config);
      return c.json({ data: tagRecord(db.state, tag, false) }, 201);
    });

    route(
      privilegeZoneOps.getAssetGroupTag,
      (c, { params }) => {
        const tag = findTag(db.state, params.asset_group_tag_id);
        const counts = c.req.query('counts') === 'true';
        return c.json({ data: { tag: tagRecord(db.state, tag, counts) } });
      },
      everyEnvironment,
    );

    route(
      privilegeZoneOps.updateAssetGroupTag,
      (c, { params, body }) => {
        const tag = findTag(db.state, params.asset_group_tag_id);
        checkUpdateAllowed(tag, body, config);
        if (body.name !== undefined && body.name !== tag.name) {
          const same = namedTag(db, body.name, tag.id);
          if (same) throw conflict('name', `A ${tagNoun(same)} named "${same.name}" already exists. Choose another name.`);
        }
        if (tag.type === TagType.Zone && body.position != null && body.position !== tag.position)
          checkPosition(db, body.position, false);
        if (tag.type === TagType.Zone && body.glyph !== undefined) checkGlyph(db, body.glyph, tag.id);
        if (tag.type === TagType.Zone && body.position === null) throw badRequest('position', 'position: a zone must have one.');
        const before = { ...tag };
        if (body.name !== undefined) tag.name = body.name;
        if (body.description !== undefined) tag.description = body.description;
        if (tag.type === TagType.Zone) {
          if (body.require_certify != null) tag.require_certify = body.require_certify;
          if (body.analysis_enabled != null) tag.analysis_enabled = body.analysis_enabled;
          if (body.glyph !== undefined) tag.glyph = body.glyph;
          if (body.position != null && body.position !== tag.position) placeZone(db, tag, body.position);
        }
        const changed = (Object.keys(before) as (keyof StoredTag)[]).some((k) => before[k] !== tag[k]);
        if (changed) {
          tag.updated_at = new Date().toISOString();
          tag.updated_by = currentUser(c).principal_name;
          const analysisChanged = before.analysis_enabled !== tag.analysis_enabled;
          const action = analysisChanged ? (tag.analysis_enabled ? 'AnalysisEnabledTag' : 'AnalysisDisabledTag') : 'UpdateTag';
          writeHistory(c, db, { action, target: tag.name, tagId: tag.id });
          if (
            analysisChanged &&
            (before.name !== tag.name || before.description !== tag.description || before.position !== tag.position)
          ) {
            writeHistory(c, db, { action: 'UpdateTag', target: tag.name, tagId: tag.id });
          }
          if (analysisChanged || before.position !== tag.position || before.require_certify !== tag.require_certify) {
            requestMembershipAnalysis(c, db, config);
          }
        }
        return c.json({ data: tagRecord(db.state, tag, false) });
      },
      // An unknown tag is a 404 before the body is read.
      { guard: (c) => void findTag(db.state, readParam(c, 'asset_group_tag_id', tagIdParam)) },
    );

    route(privilegeZoneOps.deleteAssetGroupTag, (c, { params }) => {
      const tag = findTag(db.state, params.asset_group_tag_id);
      if (isTierZero(tag) || tag.type === TagType.Owned) throw forbidden(`${tag.name} cannot be deleted.`);
      const pz = pzOf(db.state);
      const user = currentUser(c);
      tag.deleted_at = new Date().toISOString();
      tag.deleted_by = user.principal_name;
      if (tag.type === TagType.Zone) placeZone(db, tag, null);
      tag.position = tag.type === TagType.Zone ? null : tag.position;
      pz.selectors = pz.selectors.filter((s) => s.asset_group_tag_id !== tag.id);
      pz.certifications = pz.certifications.filter((r) => r.asset_group_tag_id !== tag.id);
      writeHistory(c, db, { action: 'DeleteTag', target: tag.name, tagId: tag.id });
      requestMembershipAnalysis(c, db, config);
      return c.body(null, 204);
    });

    route(
      privilegeZoneOps.assetGroupTagSearch,
      (c, { body }) => {
        const needle = body.query.toLowerCase();
        const tags = liveTags(db.state).filter(
          (t) => t.type === body.tag_type && (body.asset_group_tag_id === undefined || t.id === body.asset_group_tag_id),
        );
        if (body.asset_group_tag_id !== undefined && tags.length === 0) findTag(db.state, body.asset_group_tag_id);
        const tagIds = new Set(tags.map((t) => t.id));
        const selectors = pzOf(db.state)
          .selectors.filter((s) => tagIds.has(s.asset_group_tag_id) && s.name.toLowerCase().includes(needle))
          .slice(0, SEARCH_LIMIT);
        const members: AssetGroupTagMember[] = [];
        const graph = graphOf(db.state);
        // Members whose name, then whose object id, holds the text.
        for (const column of ['name', 'object_id'] as const) {
          for (const t of tags) {
            if (members.length >= SEARCH_LIMIT) break;
            const { rows } = tagMemberIndex(pzOf(db.state).membership, graph, t.id).query({
              skip: 0,
              limit: SEARCH_LIMIT,
              sort: { column: 'name', descending: false },
              filters: [{ column, predicate: '~eq', value: needle }],
              environments: [],
            });
            for (const r of rows) {
              const seen = members.some((m) => m.id === r.member.id && m.asset_group_tag_id === r.member.asset_group_tag_id);
              if (!seen && members.length < SEARCH_LIMIT) members.push(r.member);
            }
          }
        }
        return c.json({
          data: {
            tags: tags
              .filter((t) => t.name.toLowerCase().includes(needle))
              .slice(0, SEARCH_LIMIT)
              .map((t) => tagRecord(db.state, t, false)),
            selectors: selectors.map((s) => selectorRecord(db.state, s, false)),
            members,
          },
        });
      },
      everyEnvironment,
    );

    selectorRoutes(route, db, config);
    memberRoutes(route, db);
  },
};
