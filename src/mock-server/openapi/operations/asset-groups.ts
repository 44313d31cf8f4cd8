import {
  assetGroupMembersResponse,
  assetGroupResponse,
  assetGroupsListResponse,
  createAssetGroupBody,
  customMemberCountResponse,
  updateAssetGroupBody,
  updateSelectorsBody,
  updateSelectorsResponse,
} from '../../../api/schemas/asset-groups';
import { GROUPS_LIST, MEMBERS_LIST, groupIdParam } from '../../areas/asset-groups/routes';
import { selectorIdParam } from '../../areas/asset-groups/selectors';
import type { OperationArea } from '../operation';

const GROUP = '/api/v2/asset-groups/{asset_group_id}';
const groupId = { asset_group_id: groupIdParam };
const changeSelectors = {
  summary: "Add or remove an asset group's selectors",
  params: groupId,
  body: updateSelectorsBody,
  answer: updateSelectorsResponse,
};

export const assetGroupOperations: OperationArea = {
  tag: 'Asset groups',
  operations: {
    'GET /api/v2/asset-groups': { summary: 'List asset groups', query: GROUPS_LIST.schema, answer: assetGroupsListResponse },
    'POST /api/v2/asset-groups': {
      summary: 'Create an asset group',
      body: createAssetGroupBody,
      answer: assetGroupResponse,
      errors: [409],
    },
    [`GET ${GROUP}`]: { summary: 'Get an asset group', params: groupId, answer: assetGroupResponse },
    [`PUT ${GROUP}`]: {
      summary: 'Rename an asset group',
      params: groupId,
      body: updateAssetGroupBody,
      answer: assetGroupResponse,
      errors: [409],
    },
    [`DELETE ${GROUP}`]: { summary: 'Delete an asset group', params: groupId },
    [`GET ${GROUP}/custom-selectors`]: {
      summary: "How many of an asset group's members its custom selectors add",
      params: groupId,
      answer: customMemberCountResponse,
    },
    [`GET ${GROUP}/collections`]: {
      summary: "An asset group's membership history",
      params: groupId,
      unserved: 'The mock keeps no membership history of asset groups.',
    },
    [`GET ${GROUP}/members`]: {
      summary: "List an asset group's members",
      params: groupId,
      query: MEMBERS_LIST.schema,
      answer: assetGroupMembersResponse,
    },
    [`GET ${GROUP}/members/counts`]: {
      summary: "An asset group's members counted by kind",
      params: groupId,
      unserved: 'The console counts members from the member list.',
    },
    [`PUT ${GROUP}/selectors`]: changeSelectors,
    [`POST ${GROUP}/selectors`]: { ...changeSelectors, deprecated: true },
    [`DELETE ${GROUP}/selectors/{asset_group_selector_id}`]: {
      summary: 'Delete a selector of an asset group',
      params: { ...groupId, asset_group_selector_id: selectorIdParam },
    },
  },
};
