import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { isHttpStatus } from '@/api/errors';
import { graphOps } from '@/api/operations/graph';
import { privilegeZoneOps } from '@/api/operations/privilege-zones';
import { queryKeys } from '@/api/query-keys';
import type { CypherAnswer, CypherNode } from '@/api/schemas/cypher';
import { TRAVERSABLE_EDGE_KINDS } from '@/api/schemas/edge-kinds';
import { SeedType, TagType, type AssetGroupTag } from '@/api/schemas/privilege-zones';
import { invalidateMembership } from '@/api/search';
import { cypherString, kindsFilterText, nodeCypher, type KindsFilter } from '../explore-state';
import { runCypher } from './cypher';

/** Under `entities`, so a change of the graph (an analysis, an upload) reads them again. */
const exploreKeys = {
  node: (objectId: string) => [...queryKeys.entities.all(), 'explore', 'node', objectId] as const,
  path: (params: Record<string, unknown>) => [...queryKeys.entities.all(), 'explore', 'path', params] as const,
  cypher: (query: string) => [...queryKeys.entities.all(), 'explore', 'cypher', query] as const,
};

/** One object drawn alone, by its object id: the answer of `MATCH (n {objectid: '…'}) RETURN n` (null: no such object). */
export function useObjectGraph(objectId: string | null) {
  return useQuery({
    queryKey: exploreKeys.node(objectId ?? ''),
    queryFn: ({ signal }) => runCypher({ query: nodeCypher(objectId!) }, signal),
    enabled: objectId !== null,
    staleTime: 30_000,
  });
}

/** The node of an object (its name, kinds, Tier Zero and Owned marks), from the same read. */
export function useObjectNode(objectId: string | null): { node: CypherNode | null; isPending: boolean } {
  const graph = useObjectGraph(objectId);
  const node = graph.data ? (Object.values(graph.data.nodes).find((n) => n.objectId === objectId) ?? null) : null;
  return { node, isPending: objectId !== null && graph.isPending };
}

export interface PathRequest {
  start: string;
  end: string;
  kinds: KindsFilter;
  traversable: boolean;
}

/**
 * GET /api/v2/graphs/shortest-path: every shortest path from `start` to `end` (object ids), over the kinds the
 * filter lets through. No path (404) is null, an answer rather than a failure.
 */
export function useShortestPaths(request: PathRequest | null) {
  const query = request
    ? {
        start_node: request.start,
        end_node: request.end,
        relationship_kinds: kindsFilterText(request.kinds) ?? undefined,
        only_traversable: request.traversable ? ('true' as const) : undefined,
      }
    : null;
  return useQuery({
    queryKey: exploreKeys.path(query ?? {}),
    queryFn: async ({ signal }): Promise<CypherAnswer | null> => {
      try {
        const answer = await call(graphOps.getShortestPath, { query: query as never, signal });
        const data = answer.data;
        return Object.keys(data.nodes).length === 0 ? null : { ...data, literals: data.literals ?? [] };
      } catch (error) {
        if (isHttpStatus(error, 404)) return null;
        throw error;
      }
    },
    enabled: query !== null,
    staleTime: 30_000,
  });
}

/** The pre-built "Shortest paths from Owned objects", ending at one object. */
export const pathsFromOwnedCypher = (objectId: string): string =>
  `MATCH p=shortestPath((s:Tag_Owned)-[:${TRAVERSABLE_EDGE_KINDS.join('|')}*1..]->(t:Base))\nWHERE t.objectid = ${cypherString(objectId)}\nAND s<>t\nRETURN p\nLIMIT 1000`;

export type Membership = 'tierZero' | 'owned';

/** Tier Zero (the zone at position 1) and Owned (the Owned label) among the tags. */
export function membershipTag(tags: readonly AssetGroupTag[], which: Membership): AssetGroupTag | undefined {
  if (which === 'owned') return tags.find((t) => t.type === TagType.Owned);
  return tags.find((t) => t.type === TagType.Zone && t.position === 1) ?? tags.find((t) => t.name === 'Tier Zero');
}

async function tagOf(which: Membership, signal?: AbortSignal): Promise<AssetGroupTag> {
  const tags = (await call(privilegeZoneOps.getAssetGroupTags, { query: {}, signal })).data.tags;
  const tag = membershipTag(tags, which);
  if (!tag) throw new Error(which === 'owned' ? 'The service has no Owned label.' : 'The service has no Tier Zero zone.');
  return tag;
}

/**
 * Adds an object to Tier Zero or Owned by a rule that selects it by its object id, or takes it out by removing
 * it from the object-id rules that name it. Analysis applies the change; the notice says so. An object selected
 * otherwise (by a Cypher rule) cannot be taken out here: the error says where to change it.
 */
export async function changeMembership({
  which,
  add,
  objectId,
  name,
}: {
  which: Membership;
  add: boolean;
  objectId: string;
  name: string;
}): Promise<void> {
  const tag = await tagOf(which);
  const params = { asset_group_tag_id: tag.id };
  if (add) {
    await call(privilegeZoneOps.createAssetGroupTagSelector, {
      params,
      body: {
        name: name.slice(0, 200),
        description: `Selects ${name} by its object id.`,
        seeds: [{ type: SeedType.ObjectId, value: objectId }],
      },
    });
    return;
  }
  const rules = (await call(privilegeZoneOps.getAssetGroupTagSelectors, { params, query: { limit: 1000 } })).data.selectors;
  const naming = rules.filter((r) => r.seeds.some((s) => s.type === SeedType.ObjectId && s.value === objectId));
  if (naming.length === 0) {
    throw new Error(`No rule of ${tag.name} names ${name} by its object id: change the rule that selects it in Privilege Zones.`);
  }
  for (const rule of naming) {
    const seeds = rule.seeds.filter((s) => !(s.type === SeedType.ObjectId && s.value === objectId));
    const ids = { ...params, asset_group_tag_selector_id: rule.id };
    if (seeds.length === 0) await call(privilegeZoneOps.deleteAssetGroupTagSelector, { params: ids });
    else await call(privilegeZoneOps.updateAssetGroupTagSelector, { params: ids, body: { seeds } });
  }
}

export function useChangeMembership() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeMembership,
    onSettled: () =>
      Promise.all([invalidateMembership(client), client.invalidateQueries({ queryKey: queryKeys.privilegeZones.all() })]),
  });
}
