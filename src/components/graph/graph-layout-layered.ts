/**
 * The hierarchical layout: layers top down, sources above their targets. Up to `DAGRE_LIMIT` nodes it is dagre's
 * layered drawing (network-simplex layers, crossing reduction); above that dagre takes seconds to minutes, so
 * layers come from the longest paths and each layer is ordered by two barycentre sweeps, in linear time. The
 * only module that imports dagre: the layout worker loads it, and the page only where it has no workers.
 * Deterministic.
 */
import dagre from '@dagrejs/dagre';
import type { LayoutInput, LayoutPositions } from './graph-layout';

/** Up to this many nodes dagre lays the graph out (a few seconds at most, in the worker). */
export const DAGRE_LIMIT = 500;

export function layeredLayout(input: LayoutInput): LayoutPositions {
  return input.keys.length <= DAGRE_LIMIT ? dagreLayout(input) : quickLayers(input);
}

function dagreLayout(input: LayoutInput): LayoutPositions {
  const graph = new dagre.graphlib.Graph({ multigraph: true });
  graph.setGraph({ rankdir: 'TB', nodesep: 40, ranksep: 80, marginx: 0, marginy: 0 });
  graph.setDefaultEdgeLabel(() => ({}));
  input.keys.forEach((key, i) => {
    const side = 2 * (input.sizes[i] ?? 4);
    graph.setNode(key, { width: side, height: side });
  });
  for (let i = 0; i + 1 < input.edges.length; i += 2) {
    const source = input.keys[input.edges[i]!]!;
    const target = input.keys[input.edges[i + 1]!]!;
    if (source !== target) graph.setEdge(source, target, {}, String(i / 2));
  }
  dagre.layout(graph);
  const positions = new Float64Array(input.keys.length * 2);
  input.keys.forEach((key, i) => {
    const node = graph.node(key);
    positions[2 * i] = node?.x ?? 0;
    // Sigma's y axis points up: the first layer goes on top.
    positions[2 * i + 1] = -(node?.y ?? 0);
  });
  return positions;
}

/**
 * Layers by the longest path from the nodes nothing points at, each target below all its sources (but where a
 * cycle is broken); layers ordered by barycentre, down then up.
 */
export function quickLayers(input: LayoutInput): LayoutPositions {
  const n = input.keys.length;
  const out: number[][] = Array.from({ length: n }, () => []);
  const into: number[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i + 1 < input.edges.length; i += 2) {
    const s = input.edges[i]!;
    const t = input.edges[i + 1]!;
    if (s === t) continue;
    out[s]!.push(t);
    into[t]!.push(s);
  }
  // Longest path from the nodes nothing points at (Kahn's order); a cycle is broken at its first node by index.
  const rank = new Int32Array(n);
  const pending = Int32Array.from(into, (sources) => sources.length);
  const done = new Uint8Array(n);
  const queued = new Uint8Array(n);
  const visit: number[] = [];
  const enqueue = (v: number) => {
    queued[v] = 1;
    visit.push(v);
  };
  for (let v = 0; v < n; v++) if (pending[v] === 0) enqueue(v);
  let nextFree = 0;
  for (let q = 0; visit.length < n || q < visit.length; q++) {
    if (q === visit.length) {
      while (queued[nextFree]) nextFree++;
      enqueue(nextFree);
    }
    const v = visit[q]!;
    done[v] = 1;
    for (const t of out[v]!) {
      if (done[t]) continue;
      rank[t] = Math.max(rank[t]!, rank[v]! + 1);
      if (--pending[t]! === 0 && !queued[t]) enqueue(t);
    }
  }
  let depth = 0;
  for (let v = 0; v < n; v++) depth = Math.max(depth, rank[v]! + 1);
  const layers: number[][] = Array.from({ length: depth }, () => []);
  for (const v of visit) layers[rank[v]!]!.push(v);
  const place = new Float64Array(n);
  const number = () => layers.forEach((layer) => layer.forEach((v, i) => (place[v] = i - (layer.length - 1) / 2)));
  number();
  const sweep = (from: number, to: number, step: number, neighbours: number[][]) => {
    for (let r = from; r !== to; r += step) {
      const layer = layers[r]!;
      const key = new Map<number, number>();
      for (const v of layer) {
        const near = neighbours[v]!.filter((u) => rank[u] === r - step);
        key.set(v, near.length ? near.reduce((sum, u) => sum + place[u]!, 0) / near.length : place[v]!);
      }
      layer.sort((a, b) => key.get(a)! - key.get(b)! || a - b);
      layer.forEach((v, i) => (place[v] = i - (layer.length - 1) / 2));
    }
  };
  sweep(1, depth, 1, into);
  sweep(depth - 2, -1, -1, out);
  // A layer wider than the drawing should be (about square: √n nodes a row) wraps onto several rows, in order.
  const perRow = Math.max(40, Math.ceil(Math.sqrt(n) * 1.5));
  const gap = 24;
  const positions = new Float64Array(n * 2);
  let row = 0;
  for (const layer of layers) {
    const width = Math.min(layer.length, perRow);
    layer.forEach((v, i) => {
      positions[2 * v] = ((i % perRow) - (width - 1) / 2) * gap;
      positions[2 * v + 1] = -(row + Math.floor(i / perRow)) * gap;
    });
    // Rows of one layer sit close; a layer starts three rows below the last.
    row += Math.ceil(layer.length / perRow) + 3;
  }
  return positions;
}
