import { z } from 'zod';
import { defineOperations, needs } from '../operation';
import { flagParam, listQuery, predicateFilter } from '../list-query';
import { Permission as P } from '../../shared/permissions';
import { intPathParam, nonNegativeIntQuery } from '../schemas/wire-format';
import { timeFilterParam } from '../schemas/users';
import {
  certificationsResponse,
  certifyBody,
  createSelectorBody,
  createTagBody,
  historyResponse,
  historySearchBody,
  memberCountsResponse,
  previewSelectorsBody,
  previewSelectorsResponse,
  selectorResponse,
  selectorWriteResponse,
  selectorsListResponse,
  tagMemberResponse,
  tagMembersResponse,
  tagResponse,
  tagSearchBody,
  tagSearchResponse,
  tagWriteResponse,
  tagsListResponse,
  updateSelectorBody,
  updateTagBody,
} from '../schemas/privilege-zones';

/** A zone's or label's id in a path. */
export const tagIdParam = intPathParam('asset_group_tag_id');
/** A rule's (selector's) id in a path. */
export const selectorIdParam = intPathParam('asset_group_tag_selector_id');
/** A member's id in a path. */
export const memberIdParam = intPathParam('asset_group_member_id');

/** A true/false filter parameter: `true`, `false`, or either after `eq:` or `neq:` (400 naming it otherwise). */
export const boolFilter = (name: string) =>
  z.string({ error: `The ${name} filter must be given once` }).transform((raw, ctx) => {
    const match = /^(?:(eq|neq):)?(true|false)$/.exec(raw);
    if (!match) {
      ctx.addIssue({
        code: 'custom',
        message: `The ${name} filter must be true or false, optionally after eq: or neq:`,
        input: raw,
      });
      return z.NEVER;
    }
    return { predicate: match[1] ?? 'eq', value: match[2]! };
  });

const textFilter = (name: string) => predicateFilter(name, ['eq', '~eq', 'neq']);

/** The zone and label list: not paged; `counts`, filters on type, name, description, times and the zone flags. */
const tagsQuery = listQuery({
  params: { counts: flagParam('counts') },
  filters: {
    type: predicateFilter('type', ['eq', 'neq'], { integer: true }),
    name: predicateFilter('name', ['eq', '~eq', 'neq']),
    description: predicateFilter('description', ['eq', '~eq', 'neq'], { allowEmpty: true }),
    created_at: timeFilterParam('created_at'),
    updated_at: timeFilterParam('updated_at'),
    require_certify: boolFilter('require_certify'),
    analysis_enabled: boolFilter('analysis_enabled'),
  },
  unknown: (name) =>
    `"${name}" is not a parameter of this list; use counts or a filter on type, name, description, created_at, updated_at, require_certify, analysis_enabled.`,
});

const SELECTOR_SORTABLE = ['id', 'name', 'created_at', 'updated_at'] as const;

/** A tag's rules: paged (50 by default, more than MAX_LIMIT capped), `sort_by`, `counts`, filters. */
const selectorsQuery = listQuery({
  paging: { defaultLimit: 50, overMax: 'cap' },
  params: { counts: flagParam('counts') },
  sortBy: SELECTOR_SORTABLE,
  filters: {
    name: predicateFilter('name', ['eq', '~eq', 'neq']),
    description: predicateFilter('description', ['eq', '~eq', 'neq'], { allowEmpty: true }),
    auto_certify: predicateFilter('auto_certify', ['eq', 'neq'], { integer: true }),
    is_default: boolFilter('is_default'),
    allow_disable: boolFilter('allow_disable'),
    disabled: boolFilter('disabled'),
  },
  unknown: (name) =>
    `"${name}" is not a parameter of this list; use skip, limit, sort_by (${SELECTOR_SORTABLE.join(', ')}), counts or a filter on name, description, auto_certify, is_default, allow_disable, disabled.`,
});

/** Columns a member list sorts by. */
export const MEMBER_SORT_COLUMNS = ['id', 'objectid', 'name'] as const;

/** `environments`: repeated, or comma-separated. */
const environmentsParam = z.union([z.string(), z.array(z.string())]).transform((v) =>
  (Array.isArray(v) ? v : [v])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean),
);

const MEMBER_FILTERS = ['name', 'object_id', 'primary_kind'] as const;

/** A tag's or a rule's members: paged (50 by default, more capped), `sort_by`, `environments`, filters. */
const membersQuery = listQuery({
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

/** Member counts by kind: `environments` only. */
const countsQuery = listQuery({
  params: { environments: environmentsParam.optional() },
  unknown: (name) => `"${name}" is not a parameter of member counts; the only one is environments.`,
});

/** The preview's query: `limit`, 1 or more. */
export const previewQuery = z.object({
  limit: nonNegativeIntQuery('limit')
    .refine((n) => n >= 1, { error: 'limit must be a whole number of 1 or more' })
    .optional(),
});

const HISTORY_SORTABLE = ['created_at', 'id', 'actor', 'action', 'target'] as const;

/** The history: paged (100 by default, more capped), `sort_by`, filters. */
const historyQuery = listQuery({
  paging: { defaultLimit: 100, overMax: 'cap' },
  sortBy: HISTORY_SORTABLE,
  filters: {
    created_at: timeFilterParam('created_at'),
    actor: textFilter('actor'),
    email: textFilter('email'),
    action: textFilter('action'),
    target: textFilter('target'),
    asset_group_tag_id: predicateFilter('asset_group_tag_id', ['eq', 'neq'], { integer: true }),
    environment_id: textFilter('environment_id'),
  },
  unknown: (name) =>
    `"${name}" is not a parameter of the history; use skip, limit, sort_by (${HISTORY_SORTABLE.join(', ')}) or a filter on created_at, actor, email, action, target, asset_group_tag_id, environment_id.`,
});

const CERT_SORTABLE = ['name', 'created_at', 'certified', 'id'] as const;

/** The certification list: paged (50 by default, more capped), `sort_by`, filters. */
const certificationsQuery = listQuery({
  paging: { defaultLimit: 50, overMax: 'cap' },
  sortBy: CERT_SORTABLE,
  filters: {
    name: textFilter('name'),
    object_id: textFilter('object_id'),
    environment_id: predicateFilter('environment_id', ['eq', 'neq']),
    primary_kind: predicateFilter('primary_kind', ['eq', 'neq']),
    asset_group_tag_id: predicateFilter('asset_group_tag_id', ['eq', 'neq'], { integer: true }),
    certified: predicateFilter('certified', ['eq', 'neq'], { integer: true }),
    certified_by: textFilter('certified_by'),
    created_at: timeFilterParam('created_at'),
  },
  unknown: (name) =>
    `"${name}" is not a parameter of the certification list; use skip, limit, sort_by (${CERT_SORTABLE.join(', ')}) or a filter on name, object_id, environment_id, primary_kind, asset_group_tag_id, certified, certified_by, created_at.`,
});

const tagId = { asset_group_tag_id: tagIdParam };
const selectorId = { ...tagId, asset_group_tag_selector_id: selectorIdParam };

export const privilegeZoneOps = defineOperations('Privilege Zones', {
  getAssetGroupTags: {
    method: 'GET',
    path: '/api/v2/asset-group-tags',
    access: needs(P.GraphDbRead),
    summary: 'List zones and labels',
    query: tagsQuery,
    answer: tagsListResponse,
  },
  createAssetGroupTag: {
    method: 'POST',
    path: '/api/v2/asset-group-tags',
    access: needs(P.GraphDbWrite),
    enterprise: true,
    summary: 'Create a zone or label',
    body: createTagBody,
    answer: tagWriteResponse,
    status: 201,
    errors: [409],
  },
  assetGroupTagSearch: {
    method: 'POST',
    path: '/api/v2/asset-group-tags/search',
    access: needs(P.GraphDbRead),
    summary: 'Search zones, labels, selectors and members',
    body: tagSearchBody,
    answer: tagSearchResponse,
  },
  previewSelectors: {
    method: 'POST',
    path: '/api/v2/asset-group-tags/preview-selectors',
    access: needs(P.GraphDbRead),
    summary: 'The members seeds would select',
    query: previewQuery,
    body: previewSelectorsBody,
    answer: previewSelectorsResponse,
  },
  getAssetGroupTagsCertifications: {
    method: 'GET',
    path: '/api/v2/asset-group-tags/certifications',
    access: needs(P.GraphDbRead),
    enterprise: true,
    summary: 'List members awaiting or given certification',
    query: certificationsQuery,
    answer: certificationsResponse,
  },
  certifyOrRevokeObjects: {
    method: 'POST',
    path: '/api/v2/asset-group-tags/certifications',
    access: needs(P.GraphDbWrite),
    enterprise: true,
    summary: 'Certify or revoke members',
    body: certifyBody,
  },
  getAssetGroupTag: {
    method: 'GET',
    path: '/api/v2/asset-group-tags/{asset_group_tag_id}',
    access: needs(P.GraphDbRead),
    summary: 'Get a zone or label',
    params: tagId,
    // `counts=true` adds the member and rule counts; any other value leaves them out.
    query: z.object({ counts: z.union([z.string(), z.array(z.string())]).optional() }),
    answer: tagResponse,
  },
  updateAssetGroupTag: {
    method: 'PATCH',
    path: '/api/v2/asset-group-tags/{asset_group_tag_id}',
    access: needs(P.GraphDbWrite),
    summary: 'Update a zone or label',
    params: tagId,
    body: updateTagBody,
    answer: tagWriteResponse,
    errors: [409],
  },
  deleteAssetGroupTag: {
    method: 'DELETE',
    path: '/api/v2/asset-group-tags/{asset_group_tag_id}',
    access: needs(P.GraphDbWrite),
    enterprise: true,
    summary: 'Delete a zone or label',
    params: tagId,
    status: 204,
  },
  listAssetGroupTagMembersById: {
    method: 'GET',
    path: '/api/v2/asset-group-tags/{asset_group_tag_id}/members',
    access: needs(P.GraphDbRead),
    summary: 'List members',
    params: tagId,
    query: membersQuery,
    answer: tagMembersResponse,
  },
  listAssetGroupTagMemberCountByKind: {
    method: 'GET',
    path: '/api/v2/asset-group-tags/{asset_group_tag_id}/members/counts',
    access: needs(P.GraphDbRead),
    summary: 'Members counted by kind',
    params: tagId,
    query: countsQuery,
    answer: memberCountsResponse,
  },
  getAssetGroupSelectorsByMemberId: {
    method: 'GET',
    path: '/api/v2/asset-group-tags/{asset_group_tag_id}/members/{asset_group_member_id}',
    access: needs(P.GraphDbRead),
    summary: 'Get a member',
    params: { ...tagId, asset_group_member_id: memberIdParam },
    answer: tagMemberResponse,
  },
  getAssetGroupTagSelectors: {
    method: 'GET',
    path: '/api/v2/asset-group-tags/{asset_group_tag_id}/selectors',
    access: needs(P.GraphDbRead),
    summary: 'List selectors',
    params: tagId,
    query: selectorsQuery,
    answer: selectorsListResponse,
  },
  createAssetGroupTagSelector: {
    method: 'POST',
    path: '/api/v2/asset-group-tags/{asset_group_tag_id}/selectors',
    access: needs(P.GraphDbWrite),
    summary: 'Create a selector',
    params: tagId,
    body: createSelectorBody,
    answer: selectorWriteResponse,
    status: 201,
    errors: [409],
  },
  getAssetGroupTagSelector: {
    method: 'GET',
    path: '/api/v2/asset-group-tags/{asset_group_tag_id}/selectors/{asset_group_tag_selector_id}',
    access: needs(P.GraphDbRead),
    summary: 'Get a selector',
    params: selectorId,
    answer: selectorResponse,
  },
  updateAssetGroupTagSelector: {
    method: 'PATCH',
    path: '/api/v2/asset-group-tags/{asset_group_tag_id}/selectors/{asset_group_tag_selector_id}',
    access: needs(P.GraphDbWrite),
    summary: 'Update a selector',
    params: selectorId,
    body: updateSelectorBody,
    answer: selectorWriteResponse,
    errors: [409],
  },
  deleteAssetGroupTagSelector: {
    method: 'DELETE',
    path: '/api/v2/asset-group-tags/{asset_group_tag_id}/selectors/{asset_group_tag_selector_id}',
    access: needs(P.GraphDbWrite),
    summary: 'Delete a selector',
    params: selectorId,
    status: 204,
  },
  listAssetGroupTagMembersBySelector: {
    method: 'GET',
    path: '/api/v2/asset-group-tags/{asset_group_tag_id}/selectors/{asset_group_tag_selector_id}/members',
    access: needs(P.GraphDbRead),
    summary: "List a selector's members",
    params: selectorId,
    query: membersQuery,
    answer: tagMembersResponse,
  },
  getAssetGroupSelectorMemberCountsByKind: {
    method: 'GET',
    path: '/api/v2/asset-group-tags/{asset_group_tag_id}/selectors/{asset_group_tag_selector_id}/members/counts',
    access: needs(P.GraphDbRead),
    summary: "A selector's members counted by kind",
    params: selectorId,
    query: countsQuery,
    answer: memberCountsResponse,
  },
  getAssetGroupTagHistory: {
    method: 'GET',
    path: '/api/v2/asset-group-tags-history',
    access: needs(P.GraphDbRead),
    summary: 'List changes to zones and labels',
    query: historyQuery,
    answer: historyResponse,
  },
  searchAssetGroupTagHistory: {
    method: 'POST',
    path: '/api/v2/asset-group-tags-history',
    access: needs(P.GraphDbRead),
    summary: 'Search changes to zones and labels',
    query: historyQuery,
    body: historySearchBody,
    answer: historyResponse,
  },
});
