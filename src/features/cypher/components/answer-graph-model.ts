/**
 * A Cypher answer as a graphology graph, ready for sigma to draw: each node coloured by its kind, sized by its
 * number of relationships, labelled with its name, Tier Zero drawn as a diamond and Owned ringed; each
 * relationship labelled with its kind and drawn as an arrow from source to target. Positions start from a
 * deterministic spiral (neighbours next to each other) and are then spread by a bounded ForceAtlas2 run, so the
 * same answer is always drawn the same way. Pure: no DOM, no WebGL.
 */
import { MultiDirectedGraph } from 'graphology';
import forceAtlas2 from 'graphology-layout-forceatlas2';
import type { CypherEdge, CypherNode } from '@/api/schemas/cypher';
import { plural } from '@/shared/words';

export interface AnswerNodeAttributes {
  label: string;
  kind: string;
  color: string;
  size: number;
  /** `diamond` for Tier Zero, else `circle`. */
  shape: 'circle' | 'diamond';
  isTierZero: boolean;
  isOwned: boolean;
  x: number;
  y: number;
}

export interface AnswerEdgeAttributes {
  /** The relationship's kind (`MemberOf`, `AdminTo`, …). */
  label: string;
  size: number;
}

export type AnswerGraph = MultiDirectedGraph<AnswerNodeAttributes, AnswerEdgeAttributes>;

export interface LegendEntry {
  kind: string;
  color: string;
  /** How many nodes of the answer are of this kind. */
  count: number;
}

export interface AnswerGraphModel {
  graph: AnswerGraph;
  /** The kinds drawn, most frequent first, with their colours. */
  legend: LegendEntry[];
  tierZeroCount: number;
  ownedCount: number;
  /** Relationships left out because an end is not among the answer's nodes. */
  skippedEdges: number;
}

/**
 * Node colours. Each has at least 3:1 contrast (WCAG 1.4.11, graphical objects) against the paper background
 * of both colour schemes (#ffffff and #171b24), and neighbouring hues differ in lightness too.
 */
export const KIND_PALETTE = [
  '#2E86C1', // blue
  '#AD7A00', // amber
  '#D55E00', // vermilion
  '#009E73', // green
  '#8C6BC8', // violet
  '#E0607E', // rose
  '#6D8F00', // olive
  '#00897B', // teal
  '#C0392B', // red
  '#5E7CE2', // periwinkle
] as const;
/** The colour of any kind once the palette is used up. */
export const OTHER_KIND_COLOR = '#7A7A7A';

/** Fixed colours of the Active Directory kinds, so a User looks the same in every answer. */
const KNOWN_KIND_COLORS: Readonly<Record<string, string>> = {
  User: KIND_PALETTE[0],
  Group: KIND_PALETTE[1],
  Computer: KIND_PALETTE[2],
  Domain: KIND_PALETTE[3],
  OU: KIND_PALETTE[4],
  GPO: KIND_PALETTE[5],
  Container: KIND_PALETTE[6],
  CertTemplate: KIND_PALETTE[7],
  EnterpriseCA: KIND_PALETTE[8],
  RootCA: KIND_PALETTE[9],
};

/**
 * A colour for each kind: a kind with a custom colour (the server's custom node kinds) that colour, the
 * Active Directory kinds their fixed colour, other kinds (in name order) the palette's colours no kind of
 * this answer already has, then grey.
 */
export function kindColors(kinds: Iterable<string>, custom: ReadonlyMap<string, string> = new Map()): Map<string, string> {
  const colors = new Map<string, string>();
  const sorted = [...new Set(kinds)].sort();
  for (const kind of sorted) {
    const fixed = custom.get(kind) ?? KNOWN_KIND_COLORS[kind];
    if (fixed) colors.set(kind, fixed);
  }
  const taken = new Set(colors.values());
  const free = KIND_PALETTE.filter((c) => !taken.has(c));
  for (const kind of sorted) if (!colors.has(kind)) colors.set(kind, free.shift() ?? OTHER_KIND_COLOR);
  return colors;
}

/**
 * Node radius in pixels at the default zoom: larger in a small answer, which has room, and growing with the
 * square root of the node's relationships, up to 8 pixels more.
 */
export function nodeSize(degree: number, order: number): number {
  const base = order <= 50 ? 8 : order <= 300 ? 6 : 4;
  return base + Math.min(8, 1.5 * Math.sqrt(degree));
}

/** Relationship thickness in pixels: thin lines when there are hundreds of nodes. */
export function edgeSize(order: number): number {
  return order <= 300 ? 3 : 1.5;
}

/**
 * ForceAtlas2 iterations for a graph of `order` nodes: a small answer settles fully (200 passes), a large one
 * gets fewer (a pass costs O(n²), or O(n log n) with the Barnes–Hut approximation ForceAtlas2 takes above
 * 2,000 nodes), so the layout of 1,000 nodes (40 passes) stays within a few hundred milliseconds.
 */
export function layoutIterations(order: number): number {
  if (order < 2) return 0;
  return Math.round(Math.min(200, Math.max(20, 40_000 / order)));
}

/** The golden angle: successive points of the spiral never line up. */
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/**
 * The order nodes are placed along the spiral: breadth-first from the most connected node of each
 * component (ties by key), so neighbours start close together and the layout has little to undo.
 */
function placementOrder(graph: AnswerGraph): string[] {
  const byDegree = graph.nodes().sort((a, b) => graph.degree(b) - graph.degree(a) || (a < b ? -1 : a > b ? 1 : 0));
  const seen = new Set<string>();
  const order: string[] = [];
  for (const start of byDegree) {
    if (seen.has(start)) continue;
    seen.add(start);
    const queue = [start];
    for (let i = 0; i < queue.length; i++) {
      const node = queue[i]!;
      order.push(node);
      const next = graph.neighbors(node).filter((n) => !seen.has(n));
      next.sort();
      for (const n of next) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  return order;
}

/** Gives every node its place: a spiral in placement order, then ForceAtlas2 for `layoutIterations`. */
export function layOut(graph: AnswerGraph): void {
  placementOrder(graph).forEach((node, i) => {
    const radius = 10 * Math.sqrt(i + 0.5);
    graph.mergeNodeAttributes(node, { x: radius * Math.cos(i * GOLDEN_ANGLE), y: radius * Math.sin(i * GOLDEN_ANGLE) });
  });
  const iterations = layoutIterations(graph.order);
  if (iterations === 0) return;
  forceAtlas2.assign(graph, {
    iterations,
    // Several relationships between two nodes pull them together as one does, so they stay apart enough to read.
    getEdgeWeight: (_edge, _attributes, source, target) => 1 / graph.edges(source, target).length,
    settings: forceAtlas2.inferSettings(graph),
  });
}

/**
 * Builds and lays out the graph of an answer: `nodes` keyed by graph id, edges' ends among those keys;
 * `customColors` the custom node kinds' colours by kind name.
 */
export function buildAnswerGraph(
  nodes: Record<string, CypherNode>,
  edges: readonly CypherEdge[],
  customColors: ReadonlyMap<string, string> = new Map(),
): AnswerGraphModel {
  const graph: AnswerGraph = new MultiDirectedGraph();
  const entries = Object.entries(nodes);
  const colors = kindColors(
    entries.map(([, node]) => node.kind),
    customColors,
  );
  const counts = new Map<string, number>();
  let tierZeroCount = 0;
  let ownedCount = 0;
  for (const [id, node] of entries) {
    counts.set(node.kind, (counts.get(node.kind) ?? 0) + 1);
    if (node.isTierZero) tierZeroCount++;
    if (node.isOwnedObject) ownedCount++;
    graph.addNode(id, {
      label: node.label || node.objectId || id,
      kind: node.kind,
      color: colors.get(node.kind) ?? OTHER_KIND_COLOR,
      size: 0,
      shape: node.isTierZero ? 'diamond' : 'circle',
      isTierZero: node.isTierZero,
      isOwned: node.isOwnedObject,
      x: 0,
      y: 0,
    });
  }
  let skippedEdges = 0;
  edges.forEach((edge, i) => {
    if (!graph.hasNode(edge.source) || !graph.hasNode(edge.target)) {
      skippedEdges++;
      return;
    }
    graph.addDirectedEdgeWithKey(`e${i}`, edge.source, edge.target, { label: edge.kind || edge.label, size: 0 });
  });
  graph.forEachNode((node) => graph.setNodeAttribute(node, 'size', nodeSize(graph.degree(node), graph.order)));
  graph.updateEachEdgeAttributes((_edge, attributes) => ({ ...attributes, size: edgeSize(graph.order) }));
  layOut(graph);
  const legend = [...counts]
    .map(([kind, count]) => ({ kind, count, color: colors.get(kind) ?? OTHER_KIND_COLOR }))
    .sort((a, b) => b.count - a.count || (a.kind < b.kind ? -1 : 1));
  return { graph, legend, tierZeroCount, ownedCount, skippedEdges };
}

/** A node and its neighbours, and the relationships between the node and them: what a selection highlights. */
export function neighbourhood(graph: AnswerGraph, node: string): { nodes: string[]; edges: string[] } {
  if (!graph.hasNode(node)) return { nodes: [], edges: [] };
  return { nodes: [node, ...graph.neighbors(node)], edges: graph.edges(node) };
}

/** "Graph of 12 nodes and 15 relationships": the drawing's accessible name. */
export function graphSummary(graph: AnswerGraph): string {
  return `Graph of ${plural(graph.order, 'node')} and ${plural(graph.size, 'relationship')}`;
}
