import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import type { QueryValue } from '@/api/client';
import { pipelineMayHaveStarted } from '@/api/datapipe';
import { privilegeZoneOps } from '@/api/operations/privilege-zones';
import { queryKeys } from '@/api/query-keys';
import type { CreateSelectorBody, PreviewSelectorsBody, UpdateSelectorBody } from '@/api/schemas/privilege-zones';

/**
 * The Privilege Zones operations the zone, label and rule pages use (API word: asset group tags), as upstream's
 * server answers them (src/api/schemas/privilege-zones.ts).
 */

/** How preview-selectors expands seeds (previewSelectorsBody's `expansion`). */
export const PreviewExpansion = { None: 0, All: 1, Children: 2, Parents: 3 } as const;

/** A tag's rules are read in one page: Tier Zero carries about 40 default rules, and a tag rarely more than a few hundred. */
export const SELECTOR_PAGE_LIMIT = 500;
/** The sample of a rule's results the form shows (the server's cap for preview-selectors). */
export const PREVIEW_LIMIT = 200;

/** GET /api/v2/asset-group-tags/{id}: one zone or label, with its counts. */
export function getTag(id: number, signal?: AbortSignal) {
  return call(privilegeZoneOps.getAssetGroupTag, { params: { asset_group_tag_id: id }, query: { counts: true }, signal }).then(
    (r) => r.data.tag,
  );
}

export const tagQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.privilegeZones.tag(id), queryFn: ({ signal }) => getTag(id, signal) });

export function useTag(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...tagQueryOptions(id), enabled });
}

/** GET …/{id}/selectors?counts=true: every rule of a tag with its member count, by name. */
export function listSelectors(tagId: number, signal?: AbortSignal) {
  return call(privilegeZoneOps.getAssetGroupTagSelectors, {
    params: { asset_group_tag_id: tagId },
    query: { counts: true, limit: SELECTOR_PAGE_LIMIT, sort_by: 'name' },
    signal,
  }).then((r) => r.data.selectors);
}

export function useSelectors(tagId: number) {
  return useQuery({
    queryKey: queryKeys.privilegeZones.selectors(tagId, {}),
    queryFn: ({ signal }) => listSelectors(tagId, signal),
  });
}

/** GET …/selectors/{sid}: one rule (the form reads it afresh before an edit). */
export function getSelector(tagId: number, selectorId: number, signal?: AbortSignal) {
  return call(privilegeZoneOps.getAssetGroupTagSelector, {
    params: { asset_group_tag_id: tagId, asset_group_tag_selector_id: selectorId },
    signal,
  }).then((r) => r.data.selector);
}

/**
 * The members query: the table's skip, limit, sort_by and filters; the domain filter travels as upstream's
 * `environments` parameter (a plain value, not a predicate).
 */
export function membersQuery(table: Record<string, QueryValue>): Record<string, QueryValue> {
  const { environments, ...rest } = table;
  return typeof environments === 'string' ? { ...rest, environments: environments.replace(/^eq:/, '') } : rest;
}

/** GET …/{id}/members: one page of a tag's objects, sorted and filtered on the server. */
export function listTagMembers(tagId: number, query: Record<string, QueryValue>, signal?: AbortSignal) {
  return call(privilegeZoneOps.listAssetGroupTagMembersById, {
    params: { asset_group_tag_id: tagId },
    query: membersQuery(query),
    signal,
  });
}

export function useTagMembers(tagId: number, query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: queryKeys.privilegeZones.members(tagId, query),
    queryFn: ({ signal }) => listTagMembers(tagId, query, signal),
    // While the next page, sort or filter loads, the rows on screen stay (of this tag only).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === tagId ? keepPreviousData(previous) : undefined),
  });
}

/** GET …/{id}/members/counts: how many objects of each kind (in the chosen domain, if any). */
export function getTagMemberCounts(tagId: number, environment: string | null, signal?: AbortSignal) {
  return call(privilegeZoneOps.listAssetGroupTagMemberCountByKind, {
    params: { asset_group_tag_id: tagId },
    query: { environments: environment ?? undefined },
    signal,
  }).then((r) => r.data);
}

export function useTagMemberCounts(tagId: number, environment: string | null) {
  return useQuery({
    queryKey: queryKeys.privilegeZones.memberCounts(tagId, { environment }),
    queryFn: ({ signal }) => getTagMemberCounts(tagId, environment, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET …/{id}/members/{asset_group_member_id}: one object with its properties and the rules that select it. */
export function getTagMember(tagId: number, memberId: number, signal?: AbortSignal) {
  return call(privilegeZoneOps.getAssetGroupSelectorsByMemberId, {
    params: { asset_group_tag_id: tagId, asset_group_member_id: memberId },
    signal,
  }).then((r) => r.data.member);
}

export function useTagMember(tagId: number, memberId: number | null) {
  return useQuery({
    queryKey: queryKeys.privilegeZones.member(tagId, memberId ?? 0),
    queryFn: ({ signal }) => getTagMember(tagId, memberId!, signal),
    enabled: memberId !== null,
  });
}

/** POST /api/v2/asset-group-tags/preview-selectors?limit=200: what seeds select now, each with its source. */
export function previewSelectors(body: PreviewSelectorsBody, signal?: AbortSignal) {
  return call(privilegeZoneOps.previewSelectors, {
    query: { limit: PREVIEW_LIMIT },
    body,
    // A preview reads; it changes nothing on the server.
    write: false,
    signal,
  }).then((r) => r.data.members);
}

/**
 * After a rule changes: the tag's rules and counts are read again now (the server asked for analysis, which the
 * top bar's pipeline status now shows); its members change when analysis has run (see refreshAnalyzed).
 */
function afterRuleChange(client: QueryClient, tagId: number) {
  pipelineMayHaveStarted();
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.privilegeZones.tag(tagId) }),
    client.invalidateQueries({ queryKey: queryKeys.privilegeZones.lists() }),
  ]);
}

/** POST …/{id}/selectors → 201 with the new rule. */
export function createSelector({ tagId, body }: { tagId: number; body: CreateSelectorBody }) {
  return call(privilegeZoneOps.createAssetGroupTagSelector, { params: { asset_group_tag_id: tagId }, body }).then((r) => r.data);
}

/** PATCH …/selectors/{sid}: the changed fields only (a default rule accepts auto_certify and disabled). */
export function updateSelector({ tagId, selectorId, body }: { tagId: number; selectorId: number; body: UpdateSelectorBody }) {
  return call(privilegeZoneOps.updateAssetGroupTagSelector, {
    params: { asset_group_tag_id: tagId, asset_group_tag_selector_id: selectorId },
    body,
  }).then((r) => r.data);
}

/** DELETE …/selectors/{sid} → 204 (custom rules only). */
export function deleteSelector({ tagId, selectorId }: { tagId: number; selectorId: number }) {
  return call(privilegeZoneOps.deleteAssetGroupTagSelector, {
    params: { asset_group_tag_id: tagId, asset_group_tag_selector_id: selectorId },
  });
}

export function useCreateSelector() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createSelector, onSuccess: (_, v) => afterRuleChange(client, v.tagId) });
}

export function useUpdateSelector() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateSelector, onSuccess: (_, v) => afterRuleChange(client, v.tagId) });
}

export function useDeleteSelector() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteSelector, onSuccess: (_, v) => afterRuleChange(client, v.tagId) });
}
