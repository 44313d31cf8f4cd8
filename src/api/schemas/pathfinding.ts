/**
 * The explorer's graph reads beyond Cypher: GET /api/v2/graph-search (reference GetSearchResult),
 * GET /api/v2/graphs/shortest-path (GetShortestPath), GET /api/v2/pathfinding (Pathfinding, deprecated),
 * GET /api/v2/graphs/relay-targets (GetRelayTargets), GET /api/v2/graphs/acl-inheritance
 * (GetACLInheritancePath), and PATCH /api/v2/domains/{object_id} (UpdateDomainEntity).
 */
import { z } from 'zod';
import { dataEnvelope } from './wire-format';
import { unifiedGraph } from './cypher';

/** Reference GetSearchResult `type`: how the name is matched (default fuzzy). */
export const GRAPH_SEARCH_TYPES = ['fuzzy', 'exact'] as const;

/**
 * Reference `model.bh-graph.node`, read loosely: the console takes the label's text and the node's data
 * (the node's properties with `objectid`, `name`, `kind`, `kinds` and upstream's legacy `nodetype`, and
 * `level` 0 for Tier Zero).
 */
export const bhGraphNode = z.looseObject({
  label: z.looseObject({ text: z.string().optional() }).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type BhGraphNode = z.infer<typeof bhGraphNode>;

/** Reference `model.bh-graph.edge`: its two ends' graph ids (`id1`, `id2`) and its kind as the label's text. */
export const bhGraphEdge = z.looseObject({
  id1: z.string(),
  id2: z.string(),
  label: z.looseObject({ text: z.string().optional() }).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type BhGraphEdge = z.infer<typeof bhGraphEdge>;

/** Reference `model.bh-graph.graph`: nodes by graph id and relationships by `rel_<id>`, in one object. */
export const bhGraph = z.record(z.string(), z.union([bhGraphEdge, bhGraphNode]));
export type BhGraph = z.infer<typeof bhGraph>;

/** GET /api/v2/pathfinding (deprecated): `{ data: bh-graph }`. */
export const bhGraphResponse = dataEnvelope(bhGraph);
export type BhGraphResponse = z.infer<typeof bhGraphResponse>;

/** GET /api/v2/graph-search: `{ data: { [graph id]: node } }`. */
export const graphSearchResponse = dataEnvelope(z.record(z.string(), bhGraphNode));
export type GraphSearchResponse = z.infer<typeof graphSearchResponse>;

/** A path's or a relay's answer: `{ data: unified graph }`. */
export const pathGraphResponse = dataEnvelope(unifiedGraph);
export type PathGraphResponse = z.infer<typeof pathGraphResponse>;

/** PATCH /api/v2/domains/{object_id}'s body and answer: whether the domain is counted as collected. */
export const domainPatch = z.object({ collected: z.boolean({ error: 'collected must be true or false' }) });
export const domainPatchResponse = dataEnvelope(domainPatch);
