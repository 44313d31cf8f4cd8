import { defineOperations, needs } from '../operation';
import { Permission as P } from '../../shared/permissions';
import {
  assetGroupMembersResponse,
  assetGroupResponse,
  assetGroupsListResponse,
  createAssetGroupBody,
  customMemberCountResponse,
  updateAssetGroupBody,
  updateSelectorsBody,
  updateSelectorsResponse,
} from '../schemas/asset-groups';
import { GROUPS_LIST, MEMBERS_LIST, groupIdParam } from '../../mock-server/areas/asset-groups/routes';
import { selectorIdParam } from '../../mock-server/areas/asset-groups/selectors';

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
    query: GROUPS_LIST.schema,
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
    query: MEMBERS_LIST.schema,
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
