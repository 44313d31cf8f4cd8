/**
 * Asset groups, selectors and members — reference `model.asset-group`,
 * `model.asset-group-selector`, `model.asset-group-member`; the operations are
 * assetGroupOps (listAssetGroups, createAssetGroup, getAssetGroup,
 * updateAssetGroup, listAssetGroupMembers, …).
 */
import { z } from 'zod';
import {
  STRING_FILTER_PREDICATES,
  baseFields,
  dataEnvelope,
  paginationFields,
  parseDecimal,
  sortByParam,
  stringFilterParam,
  type ColumnFilter,
} from './wire-format';
import { ASSET_GROUP_NAME_MAX_LENGTH, ASSET_GROUP_TAG_MAX_LENGTH, requiredText } from './field-rules';

/** Reference `model.asset-group-selector`. */
export const selector = z.object({
  ...baseFields,
  asset_group_id: z.int(),
  name: z.string(),
  selector: z.string(),
  system_selector: z.boolean(),
});
export type Selector = z.infer<typeof selector>;

/** Reference `model.asset-group`. */
export const assetGroup = z.object({
  ...baseFields,
  name: z.string(),
  tag: z.string(),
  system_group: z.boolean(),
  selectors: z.array(selector),
  member_count: z.int(),
});
export type AssetGroup = z.infer<typeof assetGroup>;

/** The answer of assetGroupOps.getAssetGroup, createAssetGroup and updateAssetGroup: `{ data: assetGroup }`. */
export const assetGroupResponse = dataEnvelope(assetGroup);
export type AssetGroupResponse = z.infer<typeof assetGroupResponse>;

/** GET /api/v2/asset-groups (reference ListAssetGroups): `{ data: { asset_groups: assetGroup[] } }` (not paginated). */
export const assetGroupsListResponse = z.object({
  data: z.object({ asset_groups: z.array(assetGroup) }),
});
export type AssetGroupsListResponse = z.infer<typeof assetGroupsListResponse>;

/** Tag rule: lower-case letters, digits and underscores. */
export const ASSET_GROUP_TAG_PATTERN = /^[a-z0-9_]+$/;

const assetGroupName = requiredText('Name', { max: ASSET_GROUP_NAME_MAX_LENGTH, plain: true });

/** POST /api/v2/asset-groups body (assetGroupOps.createAssetGroup): `{ name, tag }`. */
export const createAssetGroupBody = z.object({
  name: assetGroupName,
  tag: requiredText('Tag', { max: ASSET_GROUP_TAG_MAX_LENGTH, plain: true }).regex(ASSET_GROUP_TAG_PATTERN, {
    error: 'Tag may contain only lower-case letters, digits and underscores',
  }),
});
export type CreateAssetGroupBody = z.infer<typeof createAssetGroupBody>;

/** PUT /api/v2/asset-groups/{id} body (assetGroupOps.updateAssetGroup): `{ name }`. */
export const updateAssetGroupBody = z.object({ name: assetGroupName });
export type UpdateAssetGroupBody = z.infer<typeof updateAssetGroupBody>;

/** Reference `model.asset-group-member`. */
export const assetGroupMember = z.object({
  asset_group_id: z.int(),
  object_id: z.string(),
  primary_kind: z.string(),
  kinds: z.array(z.string()),
  environment_id: z.string(),
  environment_kind: z.string(),
  name: z.string(),
  custom_member: z.boolean(),
});
export type AssetGroupMember = z.infer<typeof assetGroupMember>;

/**
 * GET /api/v2/asset-groups/{id}/members (assetGroupOps.listAssetGroupMembers):
 * `{ count, skip, limit, data: { members: member[] } }`.
 */
export const assetGroupMembersResponse = z.object({
  ...paginationFields,
  data: z.object({ members: z.array(assetGroupMember) }),
});
export type AssetGroupMembersResponse = z.infer<typeof assetGroupMembersResponse>;

/** The sortable columns of assetGroupOps.listAssetGroupMembers. */
export const MEMBER_SORTABLE_COLUMNS = [
  'object_id',
  'asset_group_id',
  'primary_kind',
  'environment_id',
  'environment_kind',
  'name',
] as const;
export type MemberSortableColumn = (typeof MEMBER_SORTABLE_COLUMNS)[number];

/** The filterable columns of assetGroupOps.listAssetGroupMembers. */
export const MEMBER_FILTER_COLUMNS = [
  'object_id',
  'primary_kind',
  'environment_id',
  'environment_kind',
  'name',
  'custom_member',
] as const;
export type MemberFilterColumn = (typeof MEMBER_FILTER_COLUMNS)[number];

/** The filter predicates of assetGroupOps.listAssetGroupMembers (reference `api.params.predicate.filter.string`). */
export const FILTER_PREDICATES = STRING_FILTER_PREDICATES;
export type FilterPredicate = (typeof FILTER_PREDICATES)[number];

/**
 * A `skip` / `limit` query parameter: given once, a whole number of 0 or more
 * written in digits (no sign, exponent or spaces). Outputs the number.
 */
export function countQueryParam(label: string) {
  const message = `${label} must be a whole number of 0 or more`;
  return z.union([z.string(), z.array(z.string())], { error: message }).transform((v, ctx): number => {
    if (Array.isArray(v)) {
      ctx.addIssue({ code: 'custom', message: `${label} may be given only once`, input: v });
      return z.NEVER;
    }
    const n = Number(v);
    if (!/^\d+$/.test(v) || !Number.isSafeInteger(n)) {
      ctx.addIssue({ code: 'custom', message: `${message}, not "${v}"`, input: v });
      return z.NEVER;
    }
    return n;
  });
}

/** A string column filter given at most once (`name=~eq:adm`); see {@link stringFilterParam}. */
function singleStringFilter(label: string) {
  const single = stringFilterParam(label);
  return z
    .union([z.string(), z.array(z.string())], { error: `${label} filter must be text` })
    .transform((v, ctx): ColumnFilter => {
      if (Array.isArray(v)) {
        ctx.addIssue({ code: 'custom', message: `Give at most one ${label} filter`, input: v });
        return z.NEVER;
      }
      const result = single.safeParse(v);
      if (!result.success) {
        for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, input: v });
        return z.NEVER;
      }
      return result.data;
    });
}

/**
 * A boolean column filter (`custom_member=eq:true`): predicate `eq` or `neq`
 * (default `eq`), value `true` or `false`.
 */
export function booleanFilterParam(label: string) {
  return singleStringFilter(label).transform((f, ctx): ColumnFilter => {
    if (f.predicate === '~eq') {
      ctx.addIssue({ code: 'custom', message: `${label} is true or false: filter it with eq or neq, not ~eq`, input: f });
      return z.NEVER;
    }
    if (f.value !== 'true' && f.value !== 'false') {
      ctx.addIssue({ code: 'custom', message: `${label} filter value must be true or false, not "${f.value}"`, input: f });
      return z.NEVER;
    }
    return f;
  });
}

/**
 * Query of GET /api/v2/asset-groups/{id}/members (assetGroupOps.listAssetGroupMembers): skip, limit,
 * repeatable sort_by, and one `<predicate>:<value>` filter per column.
 * Output: numbers, parsed sort list, `{predicate, value}` filters.
 * Unknown parameters are the caller's to refuse (see MEMBER_QUERY_PARAMS).
 */
export const memberListQuery = z.object({
  skip: countQueryParam('skip').optional(),
  limit: countQueryParam('limit').optional(),
  sort_by: sortByParam(MEMBER_SORTABLE_COLUMNS).optional(),
  object_id: singleStringFilter('object_id').optional(),
  primary_kind: singleStringFilter('primary_kind').optional(),
  environment_id: singleStringFilter('environment_id').optional(),
  environment_kind: singleStringFilter('environment_kind').optional(),
  name: singleStringFilter('name').optional(),
  custom_member: booleanFilterParam('custom_member').optional(),
});
export type MemberListQuery = z.output<typeof memberListQuery>;

/** Every query parameter the members operation knows. */
export const MEMBER_QUERY_PARAMS: readonly string[] = ['skip', 'limit', 'sort_by', ...MEMBER_FILTER_COLUMNS];

/** Reference ListAssetGroups: sortable columns. */
export const ASSET_GROUP_SORTABLE_COLUMNS = ['name', 'tag', 'member_count'] as const;
export type AssetGroupSortableColumn = (typeof ASSET_GROUP_SORTABLE_COLUMNS)[number];

/** An integer column filter (reference `api.params.predicate.filter.integer`): `<eq|neq|gt|gte|lt|lte>:<n>`. */
export const INTEGER_FILTER_PREDICATES = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'] as const;
export type IntegerFilterPredicate = (typeof INTEGER_FILTER_PREDICATES)[number];

export function integerFilterParam(label: string) {
  return z
    .string({ error: `${label} filter must be text` })
    .transform((raw, ctx): { predicate: IntegerFilterPredicate; value: number } => {
      const m = /^(?:(eq|neq|gt|gte|lt|lte):)?([\s\S]*)$/.exec(raw)!;
      const value = parseDecimal(m[2]!, { signed: true });
      if (value === null) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} filter must be <predicate>:<whole number> with a predicate of ${INTEGER_FILTER_PREDICATES.join(', ')}`,
          input: raw,
        });
        return z.NEVER;
      }
      return { predicate: (m[1] ?? 'eq') as IntegerFilterPredicate, value };
    });
}

/** Query of GET /api/v2/asset-groups (reference ListAssetGroups). */
export const assetGroupListQuery = z.object({
  sort_by: sortByParam(ASSET_GROUP_SORTABLE_COLUMNS).optional(),
  name: singleStringFilter('name').optional(),
  tag: singleStringFilter('tag').optional(),
  system_group: booleanFilterParam('system_group').optional(),
  member_count: integerFilterParam('member_count').optional(),
  id: integerFilterParam('id').optional(),
});
export type AssetGroupListQuery = z.output<typeof assetGroupListQuery>;
export const ASSET_GROUP_LIST_QUERY_PARAMS: readonly string[] = ['sort_by', 'name', 'tag', 'system_group', 'member_count', 'id'];

/** What a selector change does (reference `model.asset-group-selector-spec` `action`). */
export const SELECTOR_ACTIONS = ['add', 'remove'] as const;
export type SelectorAction = (typeof SELECTOR_ACTIONS)[number];

/** Longest selector name. */
export const SELECTOR_NAME_MAX_LENGTH = 256;

/**
 * One entry of PUT /api/v2/asset-groups/{id}/selectors (reference `model.asset-group-selector-spec`):
 * `sid` the object id of a directory object, `action` add or remove, `selector_name` the selector's name
 * (for add; the object's name when blank or absent).
 */
export const selectorSpec = z.object({
  selector_name: z
    .string({ error: 'selector_name must be text' })
    .max(SELECTOR_NAME_MAX_LENGTH, { error: `selector_name must be at most ${SELECTOR_NAME_MAX_LENGTH} characters` })
    .optional(),
  sid: z
    .string({ error: 'sid is required: the object id of a directory object' })
    .trim()
    .min(1, { error: 'sid is required: the object id of a directory object' })
    .max(256, { error: 'sid must be at most 256 characters' }),
  action: z.enum(SELECTOR_ACTIONS, { error: 'action must be "add" or "remove"' }),
});
export type SelectorSpec = z.infer<typeof selectorSpec>;

/** The body of PUT /api/v2/asset-groups/{id}/selectors: a list of specs (each entry is checked on its own, see the mock). */
export const updateSelectorsBody = z
  .array(z.unknown(), { error: 'The body must be a list of selectors: [{"selector_name", "sid", "action"}]' })
  .min(1, { error: 'The list of selectors is empty: give at least one selector to add or remove' })
  .max(1000, { error: 'Give at most 1000 selectors at once' });

/** 201 of PUT /api/v2/asset-groups/{id}/selectors: the selectors added and removed. */
export const updateSelectorsResponse = dataEnvelope(
  z.object({ added_selectors: z.array(selector), removed_selectors: z.array(selector) }),
);
export type UpdateSelectorsResponse = z.infer<typeof updateSelectorsResponse>;

/**
 * GET /api/v2/asset-groups/{id}/custom-selectors (reference GetAssetGroupCustomMemberCount): how many
 * members custom selectors bring in. Upstream wraps it in `data`; the reference shows it bare: both are read.
 */
export const customMemberCountResponse = z
  .union([dataEnvelope(z.object({ custom_member_count: z.int().min(0) })), z.object({ custom_member_count: z.int().min(0) })])
  .transform((r) => ('data' in r ? r.data.custom_member_count : r.custom_member_count));
