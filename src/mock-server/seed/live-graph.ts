/**
 * The live directory graph of a state: the generated graph minus what
 * clear-database deleted (graph.ts), with what uploaded files brought
 * (ingest/layer.ts), the changes Cypher mutations made (graph-changes.ts) and
 * the relationships the last analysis derived. Every endpoint that reads the
 * graph reads this one.
 */
import type { DbState } from '../store/db';
import { withDerived, withIngested, type IngestedLayer } from '../ingest/layer';
import { graphFor, type DirectoryGraph, type GraphDeletions } from './graph';
import { withChanges, type GraphChanges } from './graph-changes';

/** What the live graph is made of (all plain JSON, so a worker thread can rebuild it). */
export interface GraphLayers {
  deletions: GraphDeletions | undefined;
  changes: GraphChanges | undefined;
  ingested?: IngestedLayer | undefined;
}

/** The live graph without the derived relationships (what analysis derives from). */
export function underivedGraph(layers: GraphLayers): DirectoryGraph {
  return withChanges(withIngested(graphFor(layers.deletions), layers.ingested), layers.changes);
}

/** The graph these layers make. */
export function layeredGraph(layers: GraphLayers): DirectoryGraph {
  return withDerived(underivedGraph(layers), layers.ingested);
}

export const layersOf = (state: DbState): GraphLayers => ({
  deletions: state.graph?.deletions,
  changes: state.graph?.changes,
  ingested: state.ingested,
});

/** The live graph of a state (a state saved before deletions were kept has none). */
export function graphOf(state: DbState): DirectoryGraph {
  return layeredGraph(layersOf(state));
}
