/**
 * Rules (API word: selectors) of a tag:
 *
 *   GET    /asset-group-tags/{id}/selectors         paged; sort_by, counts, filters
 *   POST   /asset-group-tags/{id}/selectors         201 {data: rule}
 *   GET    /asset-group-tags/{id}/selectors/{sid}   {data:{selector}}
 *   PATCH  /asset-group-tags/{id}/selectors/{sid}   {data: rule}
 *   DELETE /asset-group-tags/{id}/selectors/{sid}   204
 *
 * As upstream: seeds all of one type; a Cypher seed must parse and stay under
 * the rule seeds' stricter complexity bound; auto-certification only on zones;
 * default rules take only auto_certify and disabled changes, cannot be
 * deleted, and one that may not be disabled cannot be (403); a duplicate name
 * in a tag is a 409. Every change requests an analysis.
 */
import type { Context } from 'hono';
import { privilegeZoneOps, selectorIdParam, tagIdParam } from '../../../api/operations/privilege-zones';
import {
  AutoCertify,
  SeedType,
  TagType,
  type CreateSelectorBody,
  type UpdateSelectorBody,
} from '../../../api/schemas/privilege-zones';
import { currentUser, type MockEnv } from '../../auth';
import type { MockConfig } from '../../config';
import { SELECTOR_FITNESS_BOUND, TOO_COMPLEX_MESSAGE, isTooComplex } from '../../cypher/complexity';
import { CypherError } from '../../cypher/errors';
import { parseQuery } from '../../cypher/parser';
import { badRequest, conflict, forbidden } from '../../errors';
import { boolean, defineList, number, text, time } from '../../list';
import type { server } from '../../serve';
import type { MockDb } from '../../store/db';
import { readParam } from '../../validate';
import type { StoredSelector, StoredTag } from './model';
import {
  findSelector,
  findTag,
  pzOf,
  requestMembershipAnalysis,
  requireAllEnvironments,
  selectorRecord,
  tagNoun,
  writeHistory,
} from './store';

/** GetAssetGroupTagSelectors: paged (50 by default), `sort_by`, filters; ties by id. */
export const SELECTORS_LIST = defineList<StoredSelector>()({
  query: privilegeZoneOps.getAssetGroupTagSelectors.query,
  columns: {
    id: number((s) => s.id),
    name: text((s) => s.name),
    description: text((s) => s.description),
    created_at: time((s) => s.created_at),
    updated_at: time((s) => s.updated_at),
    auto_certify: number((s) => s.auto_certify),
    is_default: boolean((s) => s.is_default),
    allow_disable: boolean((s) => s.allow_disable),
    disabled: boolean((s) => s.disabled_at !== null),
  },
  tieBreak: [{ column: 'id', descending: false }],
});

/** Seeds all of one type; each Cypher seed parses and is not too complex for a rule (400 naming the seed). */
export function checkSeeds(seeds: CreateSelectorBody['seeds']): void {
  const type = seeds[0]?.type;
  const other = seeds.findIndex((s) => s.type !== type);
  if (other !== -1)
    throw badRequest(`seeds.${other}.type`, 'seeds: all seeds of a rule must be of one type (object ids or Cypher).');
  if (type !== SeedType.Cypher) return;
  seeds.forEach((seed, i) => {
    const field = `seeds.${i}.value`;
    let query;
    try {
      query = parseQuery(seed.value);
    } catch (e) {
      if (e instanceof CypherError) throw badRequest(field, `${field}: the Cypher does not parse: ${e.describe(seed.value)}`);
      throw e;
    }
    if (isTooComplex(query, SELECTOR_FITNESS_BOUND)) throw badRequest(field, `${field}: ${TOO_COMPLEX_MESSAGE}`);
  });
}

function checkAutoCertify(tag: StoredTag, value: number | undefined): void {
  if (value !== undefined && value !== AutoCertify.Off && tag.type !== TagType.Zone) {
    throw badRequest(
      'auto_certify',
      `auto_certify: only rules of zones certify automatically; on a ${tag.type === TagType.Owned ? 'the Owned tag' : 'label'} it must be 0.`,
    );
  }
}

function checkName(db: MockDb, tag: StoredTag, name: string, except?: number): void {
  const key = name.trim().toLowerCase();
  const same = pzOf(db.state).selectors.find(
    (s) => s.asset_group_tag_id === tag.id && s.id !== except && s.name.toLowerCase() === key,
  );
  if (same)
    throw conflict('name', `The ${tagNoun(tag)} "${tag.name}" already has a rule named "${same.name}". Choose another name.`);
}

/** What a PATCH may not do to a rule (403). */
function checkUpdateAllowed(selector: StoredSelector, body: UpdateSelectorBody): void {
  if (selector.is_default) {
    const other = (['name', 'description', 'seeds'] as const).find((k) => body[k] !== undefined);
    if (other)
      throw forbidden(
        `"${selector.name}" is a default rule: only its auto-certification and whether it is enabled can change, not its ${other}.`,
      );
  }
  if (body.disabled === true && selector.disabled_at === null && !selector.allow_disable) {
    throw forbidden(`"${selector.name}" is a default rule that cannot be disabled.`);
  }
}

export function selectorRoutes(route: ReturnType<typeof server>, db: MockDb, config: MockConfig): void {
  const target = (params: { asset_group_tag_id: number; asset_group_tag_selector_id: number }) => {
    const tag = findTag(db.state, params.asset_group_tag_id);
    return { tag, selector: findSelector(db.state, tag, params.asset_group_tag_selector_id) };
  };
  // An unknown tag or rule is a 404 before the query or the body is read.
  const tagOf = (c: Context<MockEnv>) => findTag(db.state, readParam(c, 'asset_group_tag_id', tagIdParam));
  const targetOf = (c: Context<MockEnv>) =>
    void findSelector(db.state, tagOf(c), readParam(c, 'asset_group_tag_selector_id', selectorIdParam));

  route(
    privilegeZoneOps.getAssetGroupTagSelectors,
    (c, { params, query: req }) => {
      const tag = findTag(db.state, params.asset_group_tag_id);
      const rows = SELECTORS_LIST.select(
        pzOf(db.state).selectors.filter((s) => s.asset_group_tag_id === tag.id),
        req,
      );
      const { data, ...paging } = SELECTORS_LIST.page(rows, req, (s) =>
        selectorRecord(db.state, s, req.params.counts === 'true'),
      );
      return c.json({ ...paging, data: { selectors: data } });
    },
    {
      guard: (c) => {
        requireAllEnvironments(c);
        tagOf(c);
      },
    },
  );

  route(
    privilegeZoneOps.createAssetGroupTagSelector,
    (c, { params, body }) => {
      const tag = findTag(db.state, params.asset_group_tag_id);
      checkSeeds(body.seeds);
      checkAutoCertify(tag, body.auto_certify);
      checkName(db, tag, body.name);
      const pz = pzOf(db.state);
      const user = currentUser(c).principal_name;
      const now = new Date().toISOString();
      const selector: StoredSelector = {
        id: pz.next.selector++,
        asset_group_tag_id: tag.id,
        created_at: now,
        created_by: user,
        updated_at: now,
        updated_by: user,
        disabled_at: body.disabled ? now : null,
        disabled_by: body.disabled ? user : null,
        name: body.name,
        description: body.description ?? '',
        auto_certify: body.auto_certify ?? AutoCertify.Off,
        is_default: false,
        allow_disable: true,
        seeds: body.seeds.map((s) => ({ type: s.type, value: s.value })),
      };
      pz.selectors.push(selector);
      writeHistory(c, db, { action: 'CreateSelector', target: selector.name, tagId: tag.id });
      requestMembershipAnalysis(c, db, config);
      return c.json({ data: selectorRecord(db.state, selector, false) }, 201);
    },
    { guard: (c) => void tagOf(c) },
  );

  route(
    privilegeZoneOps.getAssetGroupTagSelector,
    (c, { params }) => {
      const { selector } = target(params);
      return c.json({ data: { selector: selectorRecord(db.state, selector, c.req.query('counts') === 'true') } });
    },
    { guard: requireAllEnvironments },
  );

  route(
    privilegeZoneOps.updateAssetGroupTagSelector,
    (c, { params, body }) => {
      const { tag, selector } = target(params);
      checkUpdateAllowed(selector, body);
      if (body.seeds !== undefined) checkSeeds(body.seeds);
      checkAutoCertify(tag, body.auto_certify);
      if (body.name !== undefined) checkName(db, tag, body.name, selector.id);
      const before = JSON.stringify(selector);
      const user = currentUser(c).principal_name;
      const now = new Date().toISOString();
      if (body.name !== undefined) selector.name = body.name;
      if (body.description !== undefined) selector.description = body.description;
      if (body.auto_certify !== undefined) selector.auto_certify = body.auto_certify;
      if (body.seeds !== undefined) selector.seeds = body.seeds.map((s) => ({ type: s.type, value: s.value }));
      if (body.disabled === true && selector.disabled_at === null) {
        selector.disabled_at = now;
        selector.disabled_by = user;
      } else if (body.disabled === false && selector.disabled_at !== null) {
        selector.disabled_at = null;
        selector.disabled_by = null;
      }
      if (JSON.stringify(selector) !== before) {
        selector.updated_at = now;
        selector.updated_by = user;
        writeHistory(c, db, { action: 'UpdateSelector', target: selector.name, tagId: tag.id });
        requestMembershipAnalysis(c, db, config);
      }
      return c.json({ data: selectorRecord(db.state, selector, false) });
    },
    { guard: targetOf },
  );

  route(privilegeZoneOps.deleteAssetGroupTagSelector, (c, { params }) => {
    const { tag, selector } = target(params);
    if (selector.is_default)
      throw forbidden(
        `"${selector.name}" is a default rule; default rules cannot be deleted (disable it instead, if it may be disabled).`,
      );
    const pz = pzOf(db.state);
    pz.selectors = pz.selectors.filter((s) => s.id !== selector.id);
    writeHistory(c, db, { action: 'DeleteSelector', target: selector.name, tagId: tag.id });
    requestMembershipAnalysis(c, db, config);
    return c.body(null, 204);
  });
}
