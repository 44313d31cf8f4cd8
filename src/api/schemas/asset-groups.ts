/**
 * Asset groups, selectors and members — API document 2.5, 2.6 and 4.2 #4, #6,
 * #9, #11; reference `model.asset-group`, `model.asset-group-selector`,
 * `model.asset-group-member`, operations ListAssetGroups, CreateAssetGroup,
 * GetAssetGroup, UpdateAssetGroup, ListAssetGroupMembers.
 */
import { z } from 'zod';
import {
  STRING_FILTER_PREDICATES,
  baseFields,
  dataEnvelope,
  fieldError,
  paginationFields,
  paginationQuery,
  sortByParam,
  stringFilterParam,
} from './common';

/** Spec 2.5 Selector / reference `model.asset-group-selector`. */
export const selector = z.object({
  ...baseFields,
  asset_group_id: z.int(),
  name: z.string(),
  selector: z.string(),
  system_selector: z.boolean(),
});
export type Selector = z.infer<typeof selector>;

/** Spec 2.5 Asset group / reference `model.asset-group`. */
export const assetGroup = z.object({
  ...baseFields,
  name: z.string(),
  tag: z.string(),
  system_group: z.boolean(),
  selectors: z.array(selector),
  member_count: z.int(),
});
export type AssetGroup = z.infer<typeof assetGroup>;

/** Spec 4.2 #4, #6, #9: `{ data: assetGroup }`. */
export const assetGroupResponse = dataEnvelope(assetGroup);
export type AssetGroupResponse = z.infer<typeof assetGroupResponse>;

/** GET /api/v2/asset-groups (reference ListAssetGroups): `{ data: { asset_groups: assetGroup[] } }` (not paginated). */
export const assetGroupsListResponse = z.object({
  data: z.object({ asset_groups: z.array(assetGroup) }),
});
export type AssetGroupsListResponse = z.infer<typeof assetGroupsListResponse>;

/** Tag rule: lower-case letters, digits and underscores. */
export const ASSET_GROUP_TAG_PATTERN = /^[a-z0-9_]+$/;

const assetGroupName = z
  .string({ error: fieldError('Name', 'text') })
  .trim()
  .min(1, { error: 'Name is required' });

/** POST /api/v2/asset-groups body (spec 4.2 #9): `{ name, tag }`. */
export const createAssetGroupBody = z.object({
  name: assetGroupName,
  tag: z
    .string({ error: fieldError('Tag', 'text') })
    .trim()
    .min(1, { error: 'Tag is required', abort: true })
    .regex(ASSET_GROUP_TAG_PATTERN, {
      error: 'Tag may contain only lower-case letters, digits and underscores',
    }),
});
export type CreateAssetGroupBody = z.infer<typeof createAssetGroupBody>;

/** PUT /api/v2/asset-groups/{id} body (spec 4.2 #4): `{ name }`. */
export const updateAssetGroupBody = z.object({ name: assetGroupName });
export type UpdateAssetGroupBody = z.infer<typeof updateAssetGroupBody>;

/** Spec 2.6 Asset group member / reference `model.asset-group-member`. */
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

/** GET /api/v2/asset-groups/{id}/members (spec 4.2 #11): `{ count, skip, limit, data: { members: member[] } }`. */
export const assetGroupMembersResponse = z.object({
  ...paginationFields,
  data: z.object({ members: z.array(assetGroupMember) }),
});
export type AssetGroupMembersResponse = z.infer<typeof assetGroupMembersResponse>;

/** Spec 4.2 #11 sortable columns. */
export const MEMBER_SORTABLE_COLUMNS = [
  'object_id',
  'asset_group_id',
  'primary_kind',
  'environment_id',
  'environment_kind',
  'name',
] as const;
export type MemberSortableColumn = (typeof MEMBER_SORTABLE_COLUMNS)[number];

/** Spec 4.2 #11 filterable columns. */
export const MEMBER_FILTER_COLUMNS = [
  'object_id',
  'primary_kind',
  'environment_id',
  'environment_kind',
  'name',
  'custom_member',
] as const;
export type MemberFilterColumn = (typeof MEMBER_FILTER_COLUMNS)[number];

/** Spec 4.2 #11 / reference `api.params.predicate.filter.string` predicates. */
export const FILTER_PREDICATES = STRING_FILTER_PREDICATES;
export type FilterPredicate = (typeof FILTER_PREDICATES)[number];

/**
 * Query of GET /api/v2/asset-groups/{id}/members (spec 4.2 #11): skip, limit,
 * repeatable sort_by, and one `<predicate>:<value>` filter per column.
 * Output: numbers, parsed sort list, `{predicate, value}` filters.
 */
export const memberListQuery = paginationQuery.extend({
  sort_by: sortByParam(MEMBER_SORTABLE_COLUMNS).optional(),
  object_id: stringFilterParam('object_id').optional(),
  primary_kind: stringFilterParam('primary_kind').optional(),
  environment_id: stringFilterParam('environment_id').optional(),
  environment_kind: stringFilterParam('environment_kind').optional(),
  name: stringFilterParam('name').optional(),
  custom_member: stringFilterParam('custom_member').optional(),
});
export type MemberListQuery = z.output<typeof memberListQuery>;
