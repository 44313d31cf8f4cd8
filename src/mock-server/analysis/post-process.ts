/**
 * The edges upstream's analysis derives from a collected directory graph, computed from the graph alone:
 * `postProcess(graph)` returns the derived edges the graph does not already have (one per source, kind and
 * target). Each family of rules is in its own file, which explains its rule.
 */
import type { DirectoryGraph, GraphEdge } from '../seed/graph';
import { DCSYNC_EDGE_KINDS, postDCSync } from './dcsync';
import { EdgeSink, GraphIndex, edgeKey } from './graph-index';

/** The edge kinds `postProcess` derives. */
export const POST_PROCESSED_EDGE_KINDS = [...DCSYNC_EDGE_KINDS] as const;

export function postProcess(graph: DirectoryGraph): GraphEdge[] {
  const index = new GraphIndex(graph);
  const sink = new EdgeSink();
  postDCSync(index, sink);
  const existing = new Set<string>();
  for (const e of graph.edges) existing.add(edgeKey(e.source, e.kind, e.target));
  return sink.edges.filter((e) => !existing.has(edgeKey(e.source, e.kind, e.target)));
}
