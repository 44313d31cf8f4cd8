/**
 * One Cypher request from text to answer, as the engine's worker runs it
 * (worker.ts) and as tests run it in-process: parse (updating clauses only
 * when the server runs mutations), judge the query's complexity, evaluate,
 * build the answer. A mutation runs on a private copy of the graph and comes
 * back with its delta for the server to apply.
 */
import { toAnswer, type CypherAnswer } from './answer';
import { EXPLORE_FITNESS_BOUND, TOO_COMPLEX_MESSAGE, isTooComplex } from './complexity';
import { CypherError } from './errors';
import { evaluate } from './evaluate';
import { cypherGraph, mutableCopy, type CypherGraph } from './graph';
import { parseQuery } from './parser';
import { GraphUpdater, type GraphDelta } from './update';
import { UPDATING_CLAUSES } from './ast';
import { chooseDirectoryGraphScale, type GraphDeletions } from '../seed/graph';
import type { GraphChanges } from '../seed/graph-changes';
import type { IngestedLayer } from '../ingest/layer';
import { layeredGraph } from '../seed/live-graph';

/** What the live graph is made of: small inputs the worker rebuilds its copy from when they change. */
export interface LiveGraphInputs {
  /** The directory's size (MOCK_GRAPH_SCALE; null: the seeded graph), which a worker thread chooses for itself. */
  scale: number | null;
  deletions: GraphDeletions | undefined;
  changes: GraphChanges | undefined;
  /** What uploaded files brought, and what the last analysis derived. */
  ingested?: IngestedLayer | undefined;
  /** The object ids of each system tag's members now, by tag (`admin_tier_0`, `owned`). */
  tags: Record<string, readonly string[]>;
}

export interface CypherRequest {
  query: string;
  includeProperties: boolean;
  /** The server runs mutations (MOCK_CYPHER_MUTATIONS=1). */
  mutations: boolean;
  /** The person may change the graph (graphdb.Mutate). */
  mayMutate: boolean;
  /** The fitness at or below which the query is too complex; null: no static limit. */
  complexityBound: number | null;
}

export type CypherOutcome =
  /** `delta`: what a mutation changed (absent for a read). */
  | { kind: 'answer'; answer: CypherAnswer; delta?: GraphDelta }
  /** 400 with a message (a syntax error, an unsupported construct, a query too complex). */
  | { kind: 'refused'; message: string }
  /** A mutation by someone without graphdb.Mutate. */
  | { kind: 'forbidden' };

export const DEFAULT_REQUEST: Omit<CypherRequest, 'query'> = {
  includeProperties: false,
  mutations: false,
  mayMutate: false,
  complexityBound: EXPLORE_FITNESS_BOUND,
};

/** The engine's view of the live graph these inputs describe. */
export function liveCypherGraph(inputs: LiveGraphInputs): CypherGraph {
  chooseDirectoryGraphScale(inputs.scale);
  const graph = layeredGraph(inputs);
  const members = Object.entries(inputs.tags).map(([tag, ids]) => [tag, new Set(ids)] as const);
  return cypherGraph(graph, (objectid) =>
    members
      .filter(([, ids]) => ids.has(objectid))
      .map(([tag]) => tag)
      .join(' '),
  );
}

/** The first free graph ids of a graph with these changes. */
function freeIds(graph: CypherGraph, changes: GraphChanges | undefined): { node: number; edge: number } {
  let node = changes?.nextNodeId ?? 0;
  let edge = changes?.nextEdgeId ?? 0;
  for (const n of graph.nodes) node = Math.max(node, n.id + 1);
  for (const r of graph.rels) edge = Math.max(edge, r.id + 1);
  return { node, edge };
}

/**
 * Runs one request. `onMutation` is told, before evaluation starts, that the
 * query changes the graph and may (the server writes the audit intent then).
 */
export function runCypher(
  graph: CypherGraph,
  request: CypherRequest,
  options: { changes?: GraphChanges; onMutation?: () => void; now?: number } = {},
): CypherOutcome {
  try {
    const query = parseQuery(request.query, { mutations: request.mutations });
    const mutation = query.clauses.some((c) => UPDATING_CLAUSES.has(c.kind));
    if (request.complexityBound !== null && isTooComplex(query, request.complexityBound)) {
      return { kind: 'refused', message: TOO_COMPLEX_MESSAGE };
    }
    if (!mutation) {
      const result = evaluate(graph, query, options.now === undefined ? {} : { now: options.now });
      return { kind: 'answer', answer: toAnswer(result, request.includeProperties) };
    }
    if (!request.mayMutate) return { kind: 'forbidden' };
    options.onMutation?.();
    const copy = mutableCopy(graph);
    const updates = new GraphUpdater(copy.nodes, copy.rels, freeIds(graph, options.changes));
    const result = evaluate(copy, query, { updates, ...(options.now === undefined ? {} : { now: options.now }) });
    const delta = updates.delta();
    return { kind: 'answer', answer: toAnswer(result, request.includeProperties), delta };
  } catch (e) {
    if (e instanceof CypherError) return { kind: 'refused', message: e.describe(request.query) };
    // A query nested too deep for the engine's recursion is refused as too complex, never a 500.
    if (e instanceof RangeError) return { kind: 'refused', message: 'the query is too complex: it nests too deeply' };
    throw e;
  }
}
