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
} from '../../../api/schemas/privilege-zones';
import { CERT_LIST, HISTORY_LIST } from '../../areas/privilege-zones/history';
import {
  COUNTS_PARAMS,
  MEMBERS_LIST,
  memberIdParam,
  selectorIdParam,
  tagIdParam,
} from '../../areas/privilege-zones/member-routes';
import { previewQuery } from '../../areas/privilege-zones/preview';
import { TAGS_LIST } from '../../areas/privilege-zones/routes';
import { SELECTORS_LIST } from '../../areas/privilege-zones/selectors';
import type { OperationArea } from '../operation';

const TAGS = '/api/v2/asset-group-tags';
const TAG = `${TAGS}/{asset_group_tag_id}`;
const SELECTOR = `${TAG}/selectors/{asset_group_tag_selector_id}`;
const tagId = { asset_group_tag_id: tagIdParam };
const selectorId = { ...tagId, asset_group_tag_selector_id: selectorIdParam };

export const privilegeZoneOperations: OperationArea = {
  tag: 'Privilege Zones',
  operations: {
    [`GET ${TAGS}`]: { summary: 'List zones and labels', query: TAGS_LIST.schema, answer: tagsListResponse },
    [`POST ${TAGS}`]: {
      summary: 'Create a zone or label',
      body: createTagBody,
      answer: tagWriteResponse,
      status: 201,
      errors: [409],
    },
    [`POST ${TAGS}/search`]: {
      summary: 'Search zones, labels, selectors and members',
      body: tagSearchBody,
      answer: tagSearchResponse,
    },
    [`POST ${TAGS}/preview-selectors`]: {
      summary: 'The members seeds would select',
      query: previewQuery,
      body: previewSelectorsBody,
      answer: previewSelectorsResponse,
    },
    [`GET ${TAGS}/certifications`]: {
      summary: 'List members awaiting or given certification',
      query: CERT_LIST.schema,
      answer: certificationsResponse,
    },
    [`POST ${TAGS}/certifications`]: { summary: 'Certify or revoke members', body: certifyBody },
    [`GET ${TAG}`]: { summary: 'Get a zone or label', params: tagId, answer: tagResponse },
    [`PATCH ${TAG}`]: {
      summary: 'Update a zone or label',
      params: tagId,
      body: updateTagBody,
      answer: tagWriteResponse,
      errors: [409],
    },
    [`DELETE ${TAG}`]: { summary: 'Delete a zone or label', params: tagId, status: 204 },
    [`GET ${TAG}/members`]: { summary: 'List members', params: tagId, query: MEMBERS_LIST.schema, answer: tagMembersResponse },
    [`GET ${TAG}/members/counts`]: {
      summary: 'Members counted by kind',
      params: tagId,
      query: COUNTS_PARAMS.schema,
      answer: memberCountsResponse,
    },
    [`GET ${TAG}/members/{asset_group_member_id}`]: {
      summary: 'Get a member',
      params: { ...tagId, asset_group_member_id: memberIdParam },
      answer: tagMemberResponse,
    },
    [`GET ${TAG}/selectors`]: {
      summary: 'List selectors',
      params: tagId,
      query: SELECTORS_LIST.schema,
      answer: selectorsListResponse,
    },
    [`POST ${TAG}/selectors`]: {
      summary: 'Create a selector',
      params: tagId,
      body: createSelectorBody,
      answer: selectorWriteResponse,
      status: 201,
      errors: [409],
    },
    [`GET ${SELECTOR}`]: { summary: 'Get a selector', params: selectorId, answer: selectorResponse },
    [`PATCH ${SELECTOR}`]: {
      summary: 'Update a selector',
      params: selectorId,
      body: updateSelectorBody,
      answer: selectorWriteResponse,
      errors: [409],
    },
    [`DELETE ${SELECTOR}`]: { summary: 'Delete a selector', params: selectorId, status: 204 },
    [`GET ${SELECTOR}/members`]: {
      summary: "List a selector's members",
      params: selectorId,
      query: MEMBERS_LIST.schema,
      answer: tagMembersResponse,
    },
    [`GET ${SELECTOR}/members/counts`]: {
      summary: "A selector's members counted by kind",
      params: selectorId,
      query: COUNTS_PARAMS.schema,
      answer: memberCountsResponse,
    },
    [`GET ${TAGS}-history`]: { summary: 'List changes to zones and labels', query: HISTORY_LIST.schema, answer: historyResponse },
    [`POST ${TAGS}-history`]: {
      summary: 'Search changes to zones and labels',
      query: HISTORY_LIST.schema,
      body: historySearchBody,
      answer: historyResponse,
    },
  },
};
