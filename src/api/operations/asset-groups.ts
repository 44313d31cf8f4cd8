import { defineOperations, needs } from '../operation';
import { listQuery, pickParams } from '../list-query';
import { Permission as P } from '../../shared/permissions';
import { intPathParam } from '../schemas/wire-format';
import {
  ASSET_GROUP_LIST_QUERY_PARAMS,
  ASSET_GROUP_SORTABLE_COLUMNS,
  MEMBER_FILTER_COLUMNS,
  MEMBER_SORTABLE_COLUMNS,
  assetGroupListQuery,
  memberListQuery,
  assetGroupMembersResponse,
  assetGroupResponse,
  assetGroupsListResponse,
  createAssetGroupBody,
  customMemberCountResponse,
  updateAssetGroupBody,
  updateSelectorsBody,
  updateSelectorsResponse,
} from '../schemas/asset-groups';

/** An asset group's id in a path. */
export const groupIdParam = intPathParam('asset_group_id');
/** An asset-group selector's id in a path. */
export const selectorIdParam = intPathParam('asset_group_selector_id');

/** The asset-group list: `sort_by` and one filter per column, not paged. */
const assetGroupsQuery = listQuery({
  sortBy: ASSET_GROUP_SORTABLE_COLUMNS,
  filters: pickParams(assetGroupListQuery.shape, ['name', 'tag', 'system_group', 'member_count', 'id']),
  unknown: (name) =>
    `"${name}" is not a parameter of this list; use sort_by (name, tag, member_count) or a filter on ${ASSET_GROUP_LIST_QUERY_PARAMS.slice(1).join(', ')}.`,
});

/** An asset group's members: paged (100 by default, more than MAX_LIMIT capped), `sort_by`, one filter per column. */
const membersQuery = listQuery({
  paging: { defaultLimit: 100, overMax: 'cap', digitsOnly: true },
  sortBy: MEMBER_SORTABLE_COLUMNS,
  filters: pickParams(memberListQuery.shape, MEMBER_FILTER_COLUMNS),
  unknown: (name) =>
    `"${name}" is not a filterable column; filter on ${MEMBER_FILTER_COLUMNS.join(', ')} (other parameters: skip, limit, sort_by).`,
});

const groupId = { asset_group_id: groupIdParam };
const changeSelectors = {
  summary: "Add or remove an asset group's selectors",
  params: groupId,
  body: updateSelectorsBody,
  answer: updateSelectorsResponse,
};

export const assetGroupOps = defineOperations('Asset groups', {
  listAssetGroups: {
    method: 'GET',
    path: '/api/v2/asset-groups',
    access: needs(P.GraphDbRead),
    summary: 'List asset groups',
    query: assetGroupsQuery,
    answer: assetGroupsListResponse,
  },
  createAssetGroup: {
    method: 'POST',
    path: '/api/v2/asset-groups',
    access: needs(P.GraphDbWrite),
    summary: 'Create an asset group',
    body: createAssetGroupBody,
    answer: assetGroupResponse,
    errors: [409],
  },
  getAssetGroup: {
    method: 'GET',
    path: '/api/v2/asset-groups/{asset_group_id}',
    access: needs(P.GraphDbRead),
    summary: 'Get an asset group',
    params: groupId,
    answer: assetGroupResponse,
  },
  updateAssetGroup: {
    method: 'PUT',
    path: '/api/v2/asset-groups/{asset_group_id}',
    access: needs(P.GraphDbWrite),
    summary: 'Rename an asset group',
    params: groupId,
    body: updateAssetGroupBody,
    answer: assetGroupResponse,
    errors: [409],
  },
  deleteAssetGroup: {
    method: 'DELETE',
    path: '/api/v2/asset-groups/{asset_group_id}',
    access: needs(P.GraphDbWrite),
    summary: 'Delete an asset group',
    params: groupId,
  },
  getAssetGroupCustomMemberCount: {
    method: 'GET',
    path: '/api/v2/asset-groups/{asset_group_id}/custom-selectors',
    access: needs(P.GraphDbRead),
    summary: "How many of an asset group's members its custom selectors add",
    params: groupId,
    answer: customMemberCountResponse,
  },
  listAssetGroupCollections: {
    method: 'GET',
    path: '/api/v2/asset-groups/{asset_group_id}/collections',
    access: needs(P.GraphDbRead),
    summary: "An asset group's membership history",
    params: groupId,
    unserved: 'The mock keeps no membership history of asset groups.',
  },
  listAssetGroupMembers: {
    method: 'GET',
    path: '/api/v2/asset-groups/{asset_group_id}/members',
    access: needs(P.GraphDbRead),
    summary: "List an asset group's members",
    params: groupId,
    query: membersQuery,
    answer: assetGroupMembersResponse,
  },
  listAssetGroupMemberCountByKind: {
    method: 'GET',
    path: '/api/v2/asset-groups/{asset_group_id}/members/counts',
    access: needs(P.GraphDbRead),
    summary: "An asset group's members counted by kind",
    params: groupId,
    unserved: 'The console counts members from the member list.',
  },
  updateAssetGroupSelectors: {
    method: 'PUT',
    path: '/api/v2/asset-groups/{asset_group_id}/selectors',
    access: needs(P.GraphDbWrite),
    ...changeSelectors,
  },
  updateAssetGroupSelectorsDeprecated: {
    method: 'POST',
    path: '/api/v2/asset-groups/{asset_group_id}/selectors',
    access: needs(P.GraphDbWrite),
    ...changeSelectors,
    deprecated: true,
  },
  deleteAssetGroupSelector: {
    method: 'DELETE',
    path: '/api/v2/asset-groups/{asset_group_id}/selectors/{asset_group_selector_id}',
    access: needs(P.GraphDbWrite),
    summary: 'Delete a selector of an asset group',
    params: { ...groupId, asset_group_selector_id: selectorIdParam },
  },
});
