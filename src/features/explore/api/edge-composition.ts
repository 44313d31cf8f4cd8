import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { graphOps } from '@/api/operations/graph';
import { queryKeys } from '@/api/query-keys';

/** A relationship by its two ends' graph ids (the keys of an answer's nodes) and its kind. */
export interface EdgeRef {
  source: string;
  target: string;
  kind: string;
}

/**
 * GET /api/v2/graphs/edge-composition (reference GetPathComposition): the nodes and relationships that make
 * a post-processed relationship; an empty graph for a kind made of no others.
 */
export function getEdgeComposition(edge: EdgeRef, signal?: AbortSignal) {
  return call(graphOps.getPathComposition, {
    query: { source_node: edge.source, target_node: edge.target, edge_type: edge.kind },
    signal,
  }).then((r) => r.data);
}

export const edgeCompositionQueryOptions = (edge: EdgeRef) =>
  queryOptions({
    queryKey: queryKeys.cypher.edgeComposition({ source: edge.source, target: edge.target, kind: edge.kind }),
    queryFn: ({ signal }) => getEdgeComposition(edge, signal),
  });

/** The composition of `edge`, read while `enabled` (a kind upstream composes, for someone who may ask). */
export function useEdgeComposition(edge: EdgeRef, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...edgeCompositionQueryOptions(edge), enabled });
}
