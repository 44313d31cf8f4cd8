/**
 * A Cypher answer as a graphology graph, ready for sigma to draw: each node coloured by its kind, sized by its
 * number of relationships, labelled with its name, Tier Zero drawn as a diamond and Owned ringed; each
 * relationship labelled with its kind and drawn as an arrow from source to target. Positions start from a
 * deterministic spiral (neighbours next to each other) and are then spread by a bounded ForceAtlas2 run, so the
 * same answer is always drawn the same way. Pure: no DOM, no WebGL.
 */
import { MultiDirectedGraph } from 'graphology';
import type { CypherEdge, CypherNode } from '@/api/schemas/cypher';
import { plural } from '@/shared/words';
import { groupLabel, type CollapsedGroup } from './graph-collapse';
import { forceLayout, LABEL_ALL_LIMIT, type LayoutInput, type LayoutPositions } from './graph-layout';

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
  /** A collapsed group's id (see `graph-collapse.ts`); absent on the answer's own nodes. */
  group?: string;
  x: number;
  y: number;
}

export interface AnswerEdgeAttributes {
  /** The relationship's kind (`MemberOf`, `AdminTo`, …). */
  label: string;
  size: number;
  /** How many of the answer's relationships it stands for (more than 1 from a collapsed group). */
  count?: number;
}

/** The drawing's key of the answer's relationship at `index` (its position in the answer's edges). */
export const edgeKeyOf = (index: number) => `e${index}`;

/** The position in the answer's edges of the relationship drawn with `key` (undefined for a collapsed group's). */
export const edgeIndexOf = (key: string): number | undefined => (/^e\d+$/.test(key) ? Number(key.slice(1)) : undefined);

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
  /** Where the layout put each node, in its own units: `fitToView` spreads these over a view. */
  layout: ReadonlyMap<string, { x: number; y: number }>;
  /** The groups drawn collapsed, by their key in the drawing. */
  groups: ReadonlyMap<string, CollapsedGroup>;
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

export { LABEL_ALL_LIMIT, layoutIterations, layoutSettings } from './graph-layout';

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
  const labels = new Map<string, string>();
  const boxes: LabelBox[] = graph.mapNodes((key, attributes) => {
    const label = labelled ? shortenLabel(attributes.name, maxLabel, LABEL_SIZE, measure) : attributes.name;
    labels.set(key, label);
    const r = attributes.size;
    const labelWidth = labelled ? measure(label, LABEL_SIZE) * LABEL_WIDTH_MARGIN + LABEL_OFFSET : 0;
    return { key, x: 0, y: 0, left: r, right: r + labelWidth, halfHeight: Math.max(r, labelled ? LABEL_SIZE * 0.75 : 0) };
  });
  const points = boxes.map((box) => layout.get(box.key) ?? { x: 0, y: 0 });
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [extreme(xs, Math.min), extreme(xs, Math.max), extreme(ys, Math.min), extreme(ys, Math.max)];

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
  // One update of every node (one event for the renderer), not one per node.
  const placed = new Map(boxes.map((box) => [box.key, box]));
  graph.updateEachNodeAttributes((key, attributes) => {
    const box = placed.get(key)!;
    return { ...attributes, label: labels.get(key) ?? attributes.label, x: box.x, y: box.y };
  });
  return { ratio, boxes };
}

/** The least or greatest of `values` (0 for none), without spreading thousands of arguments. */
function extreme(values: readonly number[], pick: (a: number, b: number) => number): number {
  if (values.length === 0) return 0;
  let best = values[0]!;
  for (const v of values) best = pick(best, v);
  return best;
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

export interface BuildOptions {
  /** Groups to draw as one node each (their members and relationships left out). */
  collapsed?: readonly CollapsedGroup[];
  /** Lay out in place with ForceAtlas2 (the default), or leave the layout to the caller (`withPositions`). */
  layout?: 'force' | false;
}

/**
 * Builds the graph of an answer: `nodes` keyed by graph id, edges' ends among those keys; `customColors` the
 * custom node kinds' colours by kind name. Laid out with ForceAtlas2 unless `options.layout` is false.
 */
export function buildAnswerGraph(
  nodes: Record<string, CypherNode>,
  edges: readonly CypherEdge[],
  customColors: ReadonlyMap<string, string> = new Map(),
  options: BuildOptions = {},
): AnswerGraphModel {
  const graph: AnswerGraph = new MultiDirectedGraph();
  const entries = Object.entries(nodes);
  const colors = kindColors(
    entries.map(([, node]) => node.kind),
    customColors,
  );
  const hidden = new Set<string>();
  const hiddenEdges = new Set<number>();
  const groups = new Map<string, CollapsedGroup>();
  for (const group of options.collapsed ?? []) {
    groups.set(group.id, group);
    for (const member of group.members) hidden.add(member);
    for (const index of group.edges) hiddenEdges.add(index);
  }
  const counts = new Map<string, number>();
  let tierZeroCount = 0;
  let ownedCount = 0;
  for (const [id, node] of entries) {
    counts.set(node.kind, (counts.get(node.kind) ?? 0) + 1);
    if (node.isTierZero) tierZeroCount++;
    if (node.isOwnedObject) ownedCount++;
    if (hidden.has(id)) continue;
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
  for (const group of groups.values()) {
    if (!graph.hasNode(group.hub)) continue;
    const label = groupLabel(group);
    graph.addNode(group.id, {
      label,
      name: label,
      kind: group.nodeKind,
      color: colors.get(group.nodeKind) ?? OTHER_KIND_COLOR,
      size: 0,
      shape: 'circle',
      isTierZero: group.members.some((m) => nodes[m]?.isTierZero),
      isOwned: group.members.some((m) => nodes[m]?.isOwnedObject),
      group: group.id,
      x: 0,
      y: 0,
    });
  }
  let skippedEdges = 0;
  const edgeCounts = new Map<string, number>();
  edges.forEach((edge, i) => {
    if (!(edge.source in nodes) || !(edge.target in nodes)) {
      skippedEdges++;
      return;
    }
    const kind = edge.kind || edge.label;
    edgeCounts.set(kind, (edgeCounts.get(kind) ?? 0) + 1);
    if (hiddenEdges.has(i)) return;
    graph.addDirectedEdgeWithKey(edgeKeyOf(i), edge.source, edge.target, { label: kind, size: 0 });
  });
  for (const group of groups.values()) {
    if (!graph.hasNode(group.id)) continue;
    const [source, target] = group.direction === 'out' ? [group.hub, group.id] : [group.id, group.hub];
    graph.addDirectedEdgeWithKey(`${group.id}:edge`, source, target, {
      label: group.edgeKind,
      size: 0,
      count: group.edges.length,
    });
  }
  graph.forEachNode((node, attributes) => {
    const degree = attributes.group ? (groups.get(attributes.group)?.members.length ?? 1) : graph.degree(node);
    graph.setNodeAttribute(node, 'size', nodeSize(degree, graph.order));
  });
  graph.updateEachEdgeAttributes((_edge, attributes) => ({ ...attributes, size: edgeSize(graph.order) }));
  const legend = [...counts]
    .map(([kind, count]) => ({ kind, count, color: colors.get(kind) ?? OTHER_KIND_COLOR }))
    .sort((a, b) => b.count - a.count || (a.kind < b.kind ? -1 : 1));
  const edgeKinds = [...edgeCounts]
    .map(([kind, count]) => ({ kind, count }))
    .sort((a, b) => b.count - a.count || (a.kind < b.kind ? -1 : 1));
  const model: AnswerGraphModel = {
    graph,
    legend,
    tierZeroCount,
    ownedCount,
    skippedEdges,
    edgeKinds,
    layout: new Map(),
    groups,
  };
  if (options.layout === false) return model;
  return withPositions(model, forceLayout(layoutInput(model)));
}

/** What the layouts are given for a model's graph: its nodes in the graph's order, their sizes and relationships. */
export function layoutInput(model: Pick<AnswerGraphModel, 'graph'>): LayoutInput {
  const { graph } = model;
  const keys = graph.nodes();
  const index = new Map(keys.map((key, i) => [key, i]));
  const edges = new Int32Array(graph.size * 2);
  let i = 0;
  graph.forEachEdge((_edge, _attributes, source, target) => {
    edges[i++] = index.get(source)!;
    edges[i++] = index.get(target)!;
  });
  return { keys, sizes: keys.map((key) => graph.getNodeAttribute(key, 'size')), edges };
}

/** The model with `positions` (in `layoutInput`'s order) as its layout; the graph's own positions set to them. */
export function withPositions(model: AnswerGraphModel, positions: LayoutPositions): AnswerGraphModel {
  const layout = new Map<string, { x: number; y: number }>();
  model.graph.forEachNode((key) => {
    const i = layout.size;
    layout.set(key, { x: positions[2 * i] ?? 0, y: positions[2 * i + 1] ?? 0 });
  });
  model.graph.updateEachNodeAttributes((key, attributes) => ({ ...attributes, ...layout.get(key)! }));
  return { ...model, layout };
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
