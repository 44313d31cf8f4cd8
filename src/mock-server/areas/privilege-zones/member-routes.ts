/**
 * Members of a tag and of a rule (reference GetAssetGroupTagMembers,
 * GetAssetGroupTagMemberCountsByKind, GetAssetGroupTagMemberInfo,
 * GetAssetGroupTagSelectorMembers, GetAssetGroupTagSelectorMemberCountsByKind):
 * paged (50 by default), `sort_by` id, objectid or name, `environments`,
 * filters on name, object_id and primary_kind. They read what the last
 * analysis computed (members.ts).
 */
import type { Context } from 'hono';
import { privilegeZoneOps, selectorIdParam, tagIdParam } from '../../../api/operations/privilege-zones';
import type { ListRequest } from '../../../api/list-query';
import type { MockEnv } from '../../auth';
import { conflict, notFound } from '../../errors';
import type { server } from '../../serve';
import { graphOf } from '../../seed/live-graph';
import type { MockDb } from '../../store/db';
import { readParam } from '../../validate';
import { selectorMemberIndex, tagMemberIndex, type MemberFilter, type MemberIndex, type MemberSortColumn } from './members';
import { findSelector, findTag, pzOf, requireAllEnvironments, selectorRecord } from './store';

type MembersRequest = ListRequest<MemberSortColumn, MemberFilter['column'], { environments?: string[] }>;

function page(c: Context, index: MemberIndex, req: MembersRequest) {
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

function counts(c: Context, index: MemberIndex, req: MembersRequest) {
  return c.json({ data: index.counts(req.params.environments ?? []) });
}

export function memberRoutes(route: ReturnType<typeof server>, db: MockDb): void {
  const tagIndex = (tagId: number) => {
    const tag = findTag(db.state, tagId);
    return { tag, index: tagMemberIndex(pzOf(db.state).membership, graphOf(db.state), tag.id) };
  };
  const selectorIndex = (tagId: number, selectorId: number) => {
    const tag = findTag(db.state, tagId);
    const selector = findSelector(db.state, tag, selectorId);
    if (selector.disabled_at !== null) {
      throw conflict(
        'asset_group_tag_selector_id',
        `The rule "${selector.name}" is disabled; a disabled rule selects no objects.`,
      );
    }
    return selectorMemberIndex(pzOf(db.state).membership, graphOf(db.state), tag.id, selector.id);
  };
  // A user limited to some environments is refused before anything is read, then an unknown tag or rule
  // (a 404, or a disabled rule's 409) before the query.
  const options = {
    guard: (c: Context<MockEnv>) => {
      requireAllEnvironments(c);
      const tagId = readParam(c, 'asset_group_tag_id', tagIdParam);
      if (c.req.param('asset_group_tag_selector_id') === undefined) tagIndex(tagId);
      else selectorIndex(tagId, readParam(c, 'asset_group_tag_selector_id', selectorIdParam));
    },
  };

  route(
    privilegeZoneOps.listAssetGroupTagMembersById,
    (c, { params, query }) => page(c, tagIndex(params.asset_group_tag_id).index, query),
    options,
  );
  route(
    privilegeZoneOps.listAssetGroupTagMemberCountByKind,
    (c, { params, query }) => counts(c, tagIndex(params.asset_group_tag_id).index, query),
    options,
  );
  route(
    privilegeZoneOps.getAssetGroupSelectorsByMemberId,
    (c, { params }) => {
      const { tag, index } = tagIndex(params.asset_group_tag_id);
      const memberId = params.asset_group_member_id;
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
    },
    options,
  );
  route(
    privilegeZoneOps.listAssetGroupTagMembersBySelector,
    (c, { params, query }) => page(c, selectorIndex(params.asset_group_tag_id, params.asset_group_tag_selector_id), query),
    options,
  );
  route(
    privilegeZoneOps.getAssetGroupSelectorMemberCountsByKind,
    (c, { params, query }) => counts(c, selectorIndex(params.asset_group_tag_id, params.asset_group_tag_selector_id), query),
    options,
  );
}
