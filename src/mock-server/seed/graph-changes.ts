/**
 * What Cypher mutations changed in the directory graph (MOCK_CYPHER_MUTATIONS=1),
 * kept in DbState (`graph.changes`) so they persist with MOCK_DB and a reset
 * restores the seed: nodes and relationships created (with the graph ids they
 * were given), seeded ones deleted, and the labels and properties of changed
 * nodes. `withChanges` lays them over the graph clear-database left; graphOf
 * (graph.ts) answers that, so search, entity pages, members, completeness and
 * Cypher itself all read the changed graph. Each change gives the changes a
 * new `stamp`, which names the graph's version.
 */
import type { DbState } from '../store/db';
import type { DeltaEdge, DeltaNode, GraphDelta } from '../cypher/update';
import { directoryGraph, nodeSurvives, type DirectoryGraph, type GraphDeletions, type GraphEdge, type GraphNode } from './graph';

export interface GraphChanges {
  /** New with every change: part of the live graph's version. */
  stamp: string;
  /** The next free graph ids (created nodes and relationships never take a seeded one's). */
  nextNodeId: number;
  nextEdgeId: number;
  createdNodes: DeltaNode[];
  createdEdges: DeltaEdge[];
  /** Object ids of seeded nodes deleted. */
  deletedNodes: string[];
  /** Graph ids (positions in the seeded edge list) of seeded relationships deleted. */
  deletedEdges: number[];
  /** Seeded nodes whose labels or properties changed: their kinds and properties now, by object id. */
  editedNodes: Record<string, { kinds: string[]; props: Record<string, unknown> }>;
}

/** No changes yet: ids continue after the seeded graph's. */
export function noChanges(): GraphChanges {
  const seeded = directoryGraph();
  return {
    stamp: '',
    nextNodeId: seeded.domains.length + seeded.nodes.length,
    nextEdgeId: seeded.edges.length,
    createdNodes: [],
    createdEdges: [],
    deletedNodes: [],
    deletedEdges: [],
    editedNodes: {},
  };
}

/** The graph ids of created nodes and relationships (seeded ones are their positions; see cypher/graph.ts). */
const createdIds = new WeakMap<GraphNode | GraphEdge, number>();

/** Gives an ingested or derived node or relationship its graph id (ingest/layer.ts). */
export function giveGraphId(item: GraphNode | GraphEdge, id: number): void {
  createdIds.set(item, id);
}

/** The graph id a created node or relationship was given; undefined for seeded ones. */
export const createdGraphId = (item: GraphNode | GraphEdge): number | undefined => createdIds.get(item);

let seededEdgeIds: Map<GraphEdge, number> | undefined;
function seededEdgeId(edge: GraphEdge): number | undefined {
  seededEdgeIds ??= new Map(directoryGraph().edges.map((e, i) => [e, i]));
  return seededEdgeIds.get(edge);
}

function toGraphNode(n: DeltaNode, primaryKind: string, domainSid: string): GraphNode {
  return {
    objectid: n.objectid,
    name: typeof n.props.name === 'string' ? n.props.name : n.objectid,
    kinds: n.kinds,
    primaryKind,
    domainSid,
    props: n.props,
  };
}

/** The primary kind of a created node: its last kind that says what it is (not where it came from). */
const primaryKindOf = (kinds: readonly string[]) => [...kinds].reverse().find((k) => k !== 'Base' && k !== 'AZBase') ?? '';

const applied = new Map<string, DirectoryGraph>();
const MAX_APPLIED = 16;

/** `graph` (the seeded graph minus clear-database's deletions) with `changes` laid over it; memoized by both versions. */
export function withChanges(graph: DirectoryGraph, changes: GraphChanges | undefined): DirectoryGraph {
  if (!changes || changes.stamp === '') return graph;
  const version = `${graph.version}#${changes.stamp}`;
  let result = applied.get(version);
  if (result) return result;
  const deleted = new Set(changes.deletedNodes);
  const edit = (n: GraphNode): GraphNode => {
    const e = changes.editedNodes[n.objectid];
    if (!e) return n;
    const primaryKind = e.kinds.includes(n.primaryKind) ? n.primaryKind : primaryKindOf(e.kinds);
    return toGraphNode({ graphId: 0, objectid: n.objectid, ...e }, primaryKind, n.domainSid);
  };
  const created = changes.createdNodes.map((c) => {
    const node = toGraphNode(c, primaryKindOf(c.kinds), typeof c.props.domainsid === 'string' ? c.props.domainsid : '');
    createdIds.set(node, c.graphId);
    return node;
  });
  const all = [...graph.domains, ...graph.nodes].filter((n) => !deleted.has(n.objectid)).map(edit);
  all.push(...created);
  const isDomain = (n: GraphNode) => n.kinds.includes('Domain');
  const byId = new Map(all.map((n) => [n.objectid, n]));
  const deletedEdges = new Set(changes.deletedEdges);
  const edges = graph.edges.filter(
    (e) => !deletedEdges.has(createdIds.get(e) ?? seededEdgeId(e) ?? -1) && byId.has(e.source) && byId.has(e.target),
  );
  for (const c of changes.createdEdges) {
    if (!byId.has(c.source) || !byId.has(c.target)) continue;
    const edge: GraphEdge = { source: c.source, target: c.target, kind: c.kind };
    createdIds.set(edge, c.graphId);
    edges.push(edge);
  }
  result = { domains: all.filter(isDomain), nodes: all.filter((n) => !isDomain(n)), byId, edges, version };
  applied.set(version, result);
  while (applied.size > MAX_APPLIED) applied.delete(applied.keys().next().value!);
  return result;
}

/** Records a mutation's delta in the state's changes (a new stamp, so every endpoint reads the changed graph). */
export function applyDelta(state: DbState, delta: GraphDelta): void {
  // A state saved before the graph's changes were kept has no `graph`.
  state.graph ??= { deletions: { all: false, sourceless: false, sourceKinds: [], relationships: [] } };
  const changes = state.graph.changes ?? noChanges();
  const createdNode = new Map(changes.createdNodes.map((n) => [n.objectid, n]));
  const createdEdge = new Set(changes.createdEdges.map((e) => e.graphId));
  for (const n of delta.editedNodes) {
    const mine = createdNode.get(n.objectid);
    if (mine) Object.assign(mine, { kinds: n.kinds, props: n.props });
    else changes.editedNodes[n.objectid] = { kinds: n.kinds, props: n.props };
  }
  for (const objectid of delta.deletedNodes) {
    if (createdNode.has(objectid)) changes.createdNodes = changes.createdNodes.filter((n) => n.objectid !== objectid);
    else changes.deletedNodes.push(objectid);
    delete changes.editedNodes[objectid];
  }
  for (const id of delta.deletedEdges) {
    if (createdEdge.has(id)) changes.createdEdges = changes.createdEdges.filter((e) => e.graphId !== id);
    else changes.deletedEdges.push(id);
  }
  changes.createdNodes.push(...delta.createdNodes);
  changes.createdEdges.push(...delta.createdEdges);
  for (const n of delta.createdNodes) changes.nextNodeId = Math.max(changes.nextNodeId, n.graphId + 1);
  for (const e of delta.createdEdges) changes.nextEdgeId = Math.max(changes.nextEdgeId, e.graphId + 1);
  changes.stamp = crypto.randomUUID();
  state.graph.changes = changes;
}

/** After clear-database: created nodes the new deletions remove go, with their relationships and those of deleted kinds. */
export function pruneChanges(state: DbState, deletions: GraphDeletions): void {
  const changes = state.graph.changes;
  if (!changes || changes.stamp === '') return;
  changes.createdNodes = changes.createdNodes.filter((n) => nodeSurvives(n.kinds, deletions));
  const kept = new Set(changes.createdNodes.map((n) => n.objectid));
  const seeded = directoryGraph().byId;
  const present = (objectid: string) =>
    kept.has(objectid) || (seeded.has(objectid) && nodeSurvives(seeded.get(objectid)!.kinds, deletions));
  changes.createdEdges = changes.createdEdges.filter(
    (e) => !deletions.relationships.includes(e.kind) && present(e.source) && present(e.target),
  );
  changes.stamp = crypto.randomUUID();
}
