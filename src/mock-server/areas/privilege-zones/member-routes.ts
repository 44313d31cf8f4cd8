/**
 * Members of a tag and of a rule (reference GetAssetGroupTagMembers,
 * GetAssetGroupTagMemberCountsByKind, GetAssetGroupTagMemberInfo,
 * GetAssetGroupTagSelectorMembers, GetAssetGroupTagSelectorMemberCountsByKind):
 * paged (50 by default), `sort_by` id, objectid or name, `environments`,
 * filters on name, object_id and primary_kind. They read what the last
 * analysis computed (members.ts).
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { intPathParam } from '../../../api/schemas/common';
import type { MockEnv } from '../../auth';
import { conflict, notFound } from '../../errors';
import { listParams, predicateFilter } from '../../list';
import { graphOf } from '../../seed/live-graph';
import type { MockDb } from '../../store/db';
import { readParam } from '../../validate';
import { MEMBER_SORT_COLUMNS, selectorMemberIndex, tagMemberIndex, type MemberFilter, type MemberIndex } from './members';
import { findSelector, findTag, pzOf, requireAllEnvironments, selectorRecord } from './store';

export const tagIdParam = intPathParam('asset_group_tag_id');
export const selectorIdParam = intPathParam('asset_group_tag_selector_id');
export const memberIdParam = intPathParam('asset_group_member_id');

/** `environments`: repeated, or comma-separated. */
const environmentsParam = z.union([z.string(), z.array(z.string())]).transform((v) =>
  (Array.isArray(v) ? v : [v])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean),
);

const MEMBER_FILTERS = ['name', 'object_id', 'primary_kind'] as const;
export const MEMBERS_LIST = listParams({
  paging: { defaultLimit: 50, overMax: 'cap' },
  params: { environments: environmentsParam.optional() },
  sortBy: MEMBER_SORT_COLUMNS,
  filters: {
    name: predicateFilter('name', ['eq', '~eq', 'neq']),
    object_id: predicateFilter('object_id', ['eq', '~eq', 'neq']),
    primary_kind: predicateFilter('primary_kind', ['eq', 'neq']),
  },
  unknown: (name) =>
    `"${name}" is not a parameter of this list; use skip, limit, sort_by (${MEMBER_SORT_COLUMNS.join(', ')}), environments or a filter on ${MEMBER_FILTERS.join(', ')}.`,
});

export const COUNTS_PARAMS = listParams({
  params: { environments: environmentsParam.optional() },
  unknown: (name) => `"${name}" is not a parameter of member counts; the only one is environments.`,
});

function page(c: Context, index: MemberIndex) {
  const req = MEMBERS_LIST.parse(c);
  const { count, rows } = index.query({
    skip: req.skip,
    limit: req.limit,
    sort: req.sorts[0],
    filters: req.filters.map((f): MemberFilter => ({
      column: f.column,
      predicate: f.predicate as MemberFilter['predicate'],
      value: String(f.value),
    })),
    environments: req.params.environments ?? [],
  });
  return c.json({ count, skip: req.skip, limit: req.limit, data: { members: rows.map((r) => r.member) } });
}

function counts(c: Context, index: MemberIndex) {
  const req = COUNTS_PARAMS.parse(c);
  return c.json({ data: index.counts(req.params.environments ?? []) });
}

export function memberRoutes(app: Hono<MockEnv>, db: MockDb): void {
  const tagIndex = (c: Context<MockEnv>) => {
    requireAllEnvironments(c);
    const tag = findTag(db.state, readParam(c, 'asset_group_tag_id', tagIdParam));
    return { tag, index: tagMemberIndex(pzOf(db.state).membership, graphOf(db.state), tag.id) };
  };
  const selectorIndex = (c: Context<MockEnv>) => {
    requireAllEnvironments(c);
    const tag = findTag(db.state, readParam(c, 'asset_group_tag_id', tagIdParam));
    const selector = findSelector(db.state, tag, readParam(c, 'asset_group_tag_selector_id', selectorIdParam));
    if (selector.disabled_at !== null) {
      throw conflict(
        'asset_group_tag_selector_id',
        `The rule "${selector.name}" is disabled; a disabled rule selects no objects.`,
      );
    }
    return selectorMemberIndex(pzOf(db.state).membership, graphOf(db.state), tag.id, selector.id);
  };

  app.get('/api/v2/asset-group-tags/:asset_group_tag_id/members', (c) => page(c, tagIndex(c).index));
  app.get('/api/v2/asset-group-tags/:asset_group_tag_id/members/counts', (c) => counts(c, tagIndex(c).index));
  app.get('/api/v2/asset-group-tags/:asset_group_tag_id/members/:asset_group_member_id', (c) => {
    const { tag, index } = tagIndex(c);
    const memberId = readParam(c, 'asset_group_member_id', memberIdParam);
    const row = index.row(memberId);
    if (!row)
      throw notFound(
        'asset_group_member_id',
        `The ${tag.name} ${tag.type === 2 ? 'label' : 'zone'} has no member with id ${memberId}.`,
      );
    const selectors = pzOf(db.state)
      .selectors.filter((s) => row.selectors.includes(s.id))
      .map((s) => selectorRecord(db.state, s, false));
    return c.json({ data: { member: { ...row.member, properties: { ...row.node.props }, selectors } } });
  });
  app.get('/api/v2/asset-group-tags/:asset_group_tag_id/selectors/:asset_group_tag_selector_id/members', (c) =>
    page(c, selectorIndex(c)),
  );
  app.get('/api/v2/asset-group-tags/:asset_group_tag_id/selectors/:asset_group_tag_selector_id/members/counts', (c) =>
    counts(c, selectorIndex(c)),
  );
}
