/**
 * The live directory graph of a state: the seeded graph minus what
 * clear-database deleted (graph.ts), with the changes Cypher mutations made
 * (graph-changes.ts). Every endpoint that reads the graph reads this one.
 */
import type { DbState } from '../store/db';
import { graphFor, type DirectoryGraph } from './graph';
import { withChanges } from './graph-changes';

/** The live graph of a state (a state saved before deletions were kept has none). */
export function graphOf(state: DbState): DirectoryGraph {
  return withChanges(graphFor(state.graph?.deletions), state.graph?.changes);
}
