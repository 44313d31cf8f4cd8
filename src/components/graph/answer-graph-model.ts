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
  /** The label drawn: the name, shortened to fit the view when it is long (see `fitToView`). */
  label: string;
  /** The whole name, drawn while the node is hovered or highlighted. */
  name: string;
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

/** The drawing's key of the answer's relationship at `index` (its position in the answer's edges). */
export const edgeKeyOf = (index: number) => `e${index}`;

/** The position in the answer's edges of the relationship drawn with `key`. */
export const edgeIndexOf = (key: string) => Number(key.slice(1));

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
  /** The relationship kinds drawn, most frequent first (edge labels show only with a selection: see `EDGE_LABELS`). */
  edgeKinds: { kind: string; count: number }[];
  /** Where ForceAtlas2 put each node, in its own units: `fitToView` spreads these over a view. */
  layout: ReadonlyMap<string, { x: number; y: number }>;
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
    settings: layoutSettings(graph.order),
  });
}

/**
 * ForceAtlas2's settings for a graph of `order` nodes: those it infers for the size, with a small answer spread
 * wider (leaves stand off their hub rather than crowd it) so the view has room for every label.
 */
export function layoutSettings(order: number): ReturnType<typeof forceAtlas2.inferSettings> {
  const inferred = forceAtlas2.inferSettings(order);
  return order <= LABEL_ALL_LIMIT ? { ...inferred, scalingRatio: 20, gravity: 1 } : inferred;
}

/** Up to this many nodes every node's label is drawn, and the layout is spread so none overlaps another. */
export const LABEL_ALL_LIMIT = 50;

/** Node labels' size in pixels at the fitted zoom (the theme's body text is 14 px, its small text 12 px). */
export const LABEL_SIZE = 13;
/** Relationship labels' size in pixels. */
export const EDGE_LABEL_SIZE = 12;

/**
 * When relationship labels show. Sigma draws them along their edge, rotated; with every node labelled they would
 * cross the node labels, so they show only on the relationships of the selected node (the legend lists the kinds).
 */
export const EDGE_LABELS = 'selection' as const;

/** Sigma's label settings for a graph of `order` nodes (see `LABEL_ALL_LIMIT`). */
export function labelSettings(order: number): {
  labelDensity: number;
  labelGridCellSize: number;
  labelRenderedSizeThreshold: number;
  allLabels: boolean;
} {
  // A large answer: sigma's grid keeps one label or so per cell, more as the view zooms in.
  if (order > LABEL_ALL_LIMIT)
    return { labelDensity: 0.5, labelGridCellSize: 150, labelRenderedSizeThreshold: 6, allLabels: false };
  return { labelDensity: 1, labelGridCellSize: 100, labelRenderedSizeThreshold: 0, allLabels: true };
}

/** The width of `text` in pixels at `size`: a text measure where there is one (a canvas), else this estimate. */
export function estimateTextWidth(text: string, size: number): number {
  return text.length * size * 0.62;
}

export type MeasureText = (text: string, size: number) => number;

/** `text` cut at the end with "…" so it is at most `width` pixels wide at `size`. */
export function shortenLabel(text: string, width: number, size: number, measure: MeasureText = estimateTextWidth): string {
  if (measure(text, size) <= width) return text;
  let end = text.length - 1;
  while (end > 1 && measure(`${text.slice(0, end)}…`, size) > width) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** A node's box on screen: the node and its label on its right. */
export interface LabelBox {
  key: string;
  /** The node's centre. */
  x: number;
  y: number;
  /** From the node's centre to the box's left and right edges, and half its height. */
  left: number;
  right: number;
  halfHeight: number;
}

/** Pixels kept between two boxes, and between the boxes and the view's edge. */
export const BOX_GAP = 6;
const LABEL_OFFSET = 4;
/** Sigma's label text runs a little wider than a canvas measures it in the same font. */
const LABEL_WIDTH_MARGIN = 1.15;

/** Whether two boxes come closer than `gap` pixels. */
export function boxesOverlap(a: LabelBox, b: LabelBox, gap = 0): boolean {
  return (
    a.x - a.left < b.x + b.right + gap &&
    b.x - b.left < a.x + a.right + gap &&
    Math.abs(a.y - b.y) < a.halfHeight + b.halfHeight + gap
  );
}

/**
 * Spreads the laid-out graph over a view of `width` × `height` pixels, one graph unit a pixel with the origin at
 * the view's centre (sigma with `autoRescale: false`, the camera at its default state). Up to `LABEL_ALL_LIMIT`
 * nodes each label is shortened to at most 45% of the view's width (the whole name shows on hover), and the nodes
 * are then moved apart until no box (node and label) overlaps another; when the view has too little room the area
 * grows, and the returned `ratio` (1 or more) is the camera zoom that still shows it all. Deterministic.
 */
export function fitToView(
  model: Pick<AnswerGraphModel, 'graph' | 'layout'>,
  view: { width: number; height: number; /** Pixels at the right kept clear (the view's toolbar). */ insetRight?: number },
  measure: MeasureText = estimateTextWidth,
): { ratio: number; boxes: LabelBox[] } {
  const { graph, layout } = model;
  const width = Math.max(view.width, 120);
  const height = Math.max(view.height, 120);
  const labelled = labelSettings(graph.order).allLabels;
  const maxLabel = Math.max(90, width * 0.45);
  const boxes: LabelBox[] = graph.mapNodes((key, attributes) => {
    const label = labelled ? shortenLabel(attributes.name, maxLabel, LABEL_SIZE, measure) : attributes.name;
    graph.setNodeAttribute(key, 'label', label);
    const r = attributes.size;
    const labelWidth = labelled ? measure(label, LABEL_SIZE) * LABEL_WIDTH_MARGIN + LABEL_OFFSET : 0;
    return { key, x: 0, y: 0, left: r, right: r + labelWidth, halfHeight: Math.max(r, labelled ? LABEL_SIZE * 0.75 : 0) };
  });
  const points = boxes.map((box) => layout.get(box.key) ?? { x: 0, y: 0 });
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];

  let ratio = 1;
  for (let attempt = 0; attempt < 8; attempt++) {
    const w = width * ratio;
    const h = height * ratio;
    // The box edges' bounds, the view's less the gap.
    const bounds = {
      x1: -w / 2 + BOX_GAP,
      x2: w / 2 - BOX_GAP - (view.insetRight ?? 0) * ratio,
      y1: -h / 2 + BOX_GAP,
      y2: h / 2 - BOX_GAP,
    };
    const clamp = (box: LabelBox) => {
      box.x = Math.min(Math.max(box.x, bounds.x1 + box.left), Math.max(bounds.x1 + box.left, bounds.x2 - box.right));
      box.y = Math.min(
        Math.max(box.y, bounds.y1 + box.halfHeight),
        Math.max(bounds.y1 + box.halfHeight, bounds.y2 - box.halfHeight),
      );
    };
    // The layout stretched over the bounds (each axis apart: a wide view gets a wide drawing), every box inside.
    boxes.forEach((box, i) => {
      const p = points[i]!;
      const tx = maxX > minX ? (p.x - minX) / (maxX - minX) : 0.5;
      const ty = maxY > minY ? (p.y - minY) / (maxY - minY) : 0.5;
      box.x = bounds.x1 + box.left + tx * Math.max(0, bounds.x2 - bounds.x1 - box.left - box.right);
      box.y = bounds.y1 + box.halfHeight + ty * Math.max(0, bounds.y2 - bounds.y1 - 2 * box.halfHeight);
      clamp(box);
    });
    if (!labelled || separate(boxes, clamp)) break;
    ratio *= 1.15;
  }
  for (const box of boxes) graph.mergeNodeAttributes(box.key, { x: box.x, y: box.y });
  return { ratio, boxes };
}

/** Pushes overlapping boxes apart along the axis they overlap least on; true once none overlaps. */
function separate(boxes: LabelBox[], clamp: (box: LabelBox) => void): boolean {
  for (let pass = 0; pass < 400; pass++) {
    let overlaps = 0;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (!boxesOverlap(a, b, BOX_GAP)) continue;
        overlaps++;
        // Overlap on x: a's box left of b's, or right of it, whichever is nearer.
        const aLeftOfB = a.x + a.right + BOX_GAP - (b.x - b.left);
        const aRightOfB = b.x + b.right + BOX_GAP - (a.x - a.left);
        const dxPush = aLeftOfB < aRightOfB ? -aLeftOfB : aRightOfB;
        const dy = a.y - b.y;
        const dyOverlap = a.halfHeight + b.halfHeight + BOX_GAP - Math.abs(dy);
        const dyPush = (dy > 0 || (dy === 0 && i % 2 === 0) ? 1 : -1) * dyOverlap;
        // Moving up or down is cheaper: labels are wide and short, so prefer it unless x needs much less.
        if (Math.abs(dxPush) < dyOverlap * 0.5) {
          a.x += dxPush / 2 + Math.sign(dxPush) * 0.5;
          b.x -= dxPush / 2 + Math.sign(dxPush) * 0.5;
        } else {
          a.y += dyPush / 2 + Math.sign(dyPush) * 0.5;
          b.y -= dyPush / 2 + Math.sign(dyPush) * 0.5;
        }
        clamp(a);
        clamp(b);
      }
    }
    if (overlaps === 0) return true;
  }
  return false;
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
      name: node.label || node.objectId || id,
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
  const edgeCounts = new Map<string, number>();
  edges.forEach((edge, i) => {
    if (!graph.hasNode(edge.source) || !graph.hasNode(edge.target)) {
      skippedEdges++;
      return;
    }
    const kind = edge.kind || edge.label;
    edgeCounts.set(kind, (edgeCounts.get(kind) ?? 0) + 1);
    graph.addDirectedEdgeWithKey(edgeKeyOf(i), edge.source, edge.target, { label: kind, size: 0 });
  });
  graph.forEachNode((node) => graph.setNodeAttribute(node, 'size', nodeSize(graph.degree(node), graph.order)));
  graph.updateEachEdgeAttributes((_edge, attributes) => ({ ...attributes, size: edgeSize(graph.order) }));
  layOut(graph);
  const legend = [...counts]
    .map(([kind, count]) => ({ kind, count, color: colors.get(kind) ?? OTHER_KIND_COLOR }))
    .sort((a, b) => b.count - a.count || (a.kind < b.kind ? -1 : 1));
  const edgeKinds = [...edgeCounts]
    .map(([kind, count]) => ({ kind, count }))
    .sort((a, b) => b.count - a.count || (a.kind < b.kind ? -1 : 1));
  const layout = new Map(graph.mapNodes((key, { x, y }) => [key, { x, y }] as const));
  return { graph, legend, tierZeroCount, ownedCount, skippedEdges, edgeKinds, layout };
}

/** A node and its neighbours, and the relationships between the node and them: what a selection highlights. */
export function neighbourhood(graph: AnswerGraph, node: string): { nodes: string[]; edges: string[] } {
  if (!graph.hasNode(node)) return { nodes: [], edges: [] };
  return { nodes: [node, ...graph.neighbors(node)], edges: graph.edges(node) };
}

/** A relationship drawn with `key` and its two ends (nothing when it is not drawn). */
export function relationshipAndEnds(graph: AnswerGraph, key: string): { nodes: string[]; edges: string[] } {
  if (!graph.hasEdge(key)) return { nodes: [], edges: [] };
  return { nodes: [...new Set(graph.extremities(key))], edges: [key] };
}

/** "Graph of 12 nodes and 15 relationships": the drawing's accessible name. */
export function graphSummary(graph: AnswerGraph): string {
  return `Graph of ${plural(graph.order, 'node')} and ${plural(graph.size, 'relationship')}`;
}
