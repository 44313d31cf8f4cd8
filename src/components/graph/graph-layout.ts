/**
 * The layouts of an answer's drawing, on plain data so they run the same in the layout worker and, where a
 * browser has no workers (jsdom), in the page: ForceAtlas2 from a deterministic spiral, and a top-down layered
 * layout (`graph-layout-layered.ts`, which alone imports dagre). Both are deterministic: the same input gives the
 * same positions.
 */
import { MultiDirectedGraph } from 'graphology';
import forceAtlas2 from 'graphology-layout-forceatlas2';

export type LayoutKind = 'force' | 'hierarchical';

/** What a layout is given: the nodes in the drawing's order, each relationship by its ends' indices. */
export interface LayoutInput {
  /** The nodes' keys, in the order their positions come back. */
  keys: string[];
  /** Each node's radius in pixels, so the layered layout keeps them apart. */
  sizes: number[];
  /** Relationships as pairs of node indices: `[source0, target0, source1, target1, …]`. */
  edges: Int32Array;
}

/** Positions in the input's node order: `[x0, y0, x1, y1, …]`. */
export type LayoutPositions = Float64Array;

/**
 * ForceAtlas2 iterations for a graph of `order` nodes: a small answer settles fully (200 passes), a large one
 * gets fewer (a pass costs O(n²), or O(n log n) with the Barnes–Hut approximation ForceAtlas2 takes above
 * 2,000 nodes), so the layout of 1,000 nodes (40 passes) stays within a few hundred milliseconds.
 */
export function layoutIterations(order: number): number {
  if (order < 2) return 0;
  return Math.round(Math.min(200, Math.max(20, 40_000 / order)));
}

/** Up to this many nodes every node's label is drawn, and the layout is spread so none overlaps another. */
export const LABEL_ALL_LIMIT = 50;

/**
 * ForceAtlas2's settings for a graph of `order` nodes: those it infers for the size, with a small answer spread
 * wider (leaves stand off their hub rather than crowd it) so the view has room for every label.
 */
export function layoutSettings(order: number): ReturnType<typeof forceAtlas2.inferSettings> {
  const inferred = forceAtlas2.inferSettings(order);
  return order <= LABEL_ALL_LIMIT ? { ...inferred, scalingRatio: 20, gravity: 1 } : inferred;
}

/** The golden angle: successive points of the spiral never line up. */
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

type PlainGraph = MultiDirectedGraph<{ x: number; y: number }>;

/** The input as a graphology graph, every node at the origin. */
function graphOf(input: LayoutInput): PlainGraph {
  const graph: PlainGraph = new MultiDirectedGraph();
  for (const key of input.keys) graph.addNode(key, { x: 0, y: 0 });
  for (let i = 0; i + 1 < input.edges.length; i += 2) {
    graph.addDirectedEdge(input.keys[input.edges[i]!]!, input.keys[input.edges[i + 1]!]!);
  }
  return graph;
}

/**
 * The order nodes are placed along the spiral: breadth-first from the most connected node of each
 * component (ties by key), so neighbours start close together and the layout has little to undo.
 */
function placementOrder(graph: PlainGraph): string[] {
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

function positionsOf(graph: PlainGraph, keys: readonly string[]): LayoutPositions {
  const positions = new Float64Array(keys.length * 2);
  keys.forEach((key, i) => {
    const { x, y } = graph.getNodeAttributes(key);
    positions[2 * i] = x;
    positions[2 * i + 1] = y;
  });
  return positions;
}

/** A spiral in placement order, then ForceAtlas2 for `layoutIterations`. */
export function forceLayout(input: LayoutInput): LayoutPositions {
  const graph = graphOf(input);
  placementOrder(graph).forEach((node, i) => {
    const radius = 10 * Math.sqrt(i + 0.5);
    graph.mergeNodeAttributes(node, { x: radius * Math.cos(i * GOLDEN_ANGLE), y: radius * Math.sin(i * GOLDEN_ANGLE) });
  });
  const iterations = layoutIterations(graph.order);
  if (iterations > 0) {
    forceAtlas2.assign(graph, {
      iterations,
      // Several relationships between two nodes pull them together as one does, so they stay apart enough to read.
      getEdgeWeight: (_edge, _attributes, source, target) => 1 / graph.edges(source, target).length,
      settings: layoutSettings(graph.order),
    });
  }
  return positionsOf(graph, input.keys);
}
