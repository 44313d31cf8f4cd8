/**
 * The ingested layer of the graph: what uploaded files brought, kept in DbState (`ingested`, saved with MOCK_DB)
 * and laid over the generated graph by graphOf (seed/live-graph.ts), so Cypher, search, entity pages, zones,
 * completeness and data quality all read it.
 *
 * - Nodes are merged by object id: properties updated, `lastseen` set, kinds and source kinds added. A node of
 *   the generated graph with the same object id is merged the same way (the generated one is never changed).
 * - Relationships are merged by (source, kind, target), each with the source kind of the file that brought it,
 *   so clear-database can remove them by source kind.
 * - A batch is applied in one synchronous step: whole or not at all.
 * - The derived layer (`derived`) holds what the last analysis derived; each analysis replaces it.
 *
 * Nodes and relationships get graph ids (what Cypher's `id()` answers) after every id in use, so they never
 * take a generated or Cypher-created one's.
 */
import type { DirectoryGraph, GraphEdge, GraphNode } from '../seed/graph';
import { giveGraphId } from '../seed/graph-changes';
import { IngestError, type IngestBatch, type NodeRef } from './batch';

export interface StoredIngestedNode {
  kinds: string[];
  props: Record<string, unknown>;
  /** Source kinds (`Base`, `AZBase`, an OpenGraph source kind) of the files that brought it. */
  sources: string[];
  id: number;
}

export interface StoredIngestedEdge {
  source: string;
  target: string;
  kind: string;
  props?: Record<string, unknown>;
  /** The source kind of the file that last brought it. */
  sourceKind: string;
  id: number;
}

export interface StoredDerivedEdge extends GraphEdge {
  id: number;
}

/** A source kind clear-database can name: upstream's two, and one per OpenGraph source kind ingested. */
export interface StoredSourceKind {
  id: number;
  name: string;
}

export interface IngestedLayer {
  /** New with every change ('' for an empty layer): part of the live graph's version. */
  stamp: string;
  nextNodeId: number;
  nextEdgeId: number;
  nodes: Record<string, StoredIngestedNode>;
  /** By `source|kind|target`. */
  edges: Record<string, StoredIngestedEdge>;
  /** Object ids of generated nodes a `deleted` file removed. */
  removed: string[];
  /** What the last analysis derived, and the version of the graph it derived it from. */
  derived: { stamp: string; edges: StoredDerivedEdge[]; from?: string };
  /** Source kinds beyond upstream's fixed two, by id (OpenGraph files add them). */
  sourceKinds: StoredSourceKind[];
}

/** What this part of the mock keeps in the state (one part of DbState, store/db.ts). */
export interface IngestedState {
  ingested?: IngestedLayer;
}

/** A batch's `sourceKind` as the node kind clear-database names: AD is `Base`, Azure `AZBase`, OpenGraph its own. */
export function sourceKindName(batchSourceKind: string): string {
  if (batchSourceKind === 'AD') return 'Base';
  if (batchSourceKind === 'Azure') return 'AZBase';
  return batchSourceKind;
}

/** The first ids for a new layer. */
export function emptyLayer(nextNodeId: number, nextEdgeId: number): IngestedLayer {
  return {
    stamp: '',
    nextNodeId,
    nextEdgeId,
    nodes: {},
    edges: {},
    removed: [],
    derived: { stamp: '', edges: [] },
    sourceKinds: [],
  };
}

export const edgeKeyOf = (source: string, kind: string, target: string) => `${source}|${kind}|${target}`;

/** What a file brought, as the job's file list shows it. */
export interface IngestSummary {
  /** Nodes by primary kind. */
  nodes: Record<string, number>;
  relationships: number;
  /** Relationships left out because an end named by name matched no node. */
  unmatched: number;
  deleted: number;
}

const SOURCE_KIND_NAMES = new Set(['Base', 'AZBase']);
const primaryOf = (kinds: readonly string[]) => kinds.find((k) => !SOURCE_KIND_NAMES.has(k)) ?? kinds[0] ?? 'Base';

/**
 * Applies one file's batch to the layer at `at` (ISO time): every check comes first, so a batch that cannot be
 * applied throws an IngestError and leaves the layer as it was. `live` is the live graph now (or what builds it,
 * only when needed), for ends matched by name or property and for which deleted ids are generated nodes.
 */
export function applyBatch(
  layer: IngestedLayer,
  batch: IngestBatch,
  live: DirectoryGraph | (() => DirectoryGraph),
  at: string,
): IngestSummary {
  let built: DirectoryGraph | null = typeof live === 'function' ? null : live;
  const graphNow = () => (built ??= (live as () => DirectoryGraph)());
  const source = sourceKindName(batch.sourceKind);
  const batchIds = new Set<string>();
  for (const n of batch.nodes) {
    if (typeof n.objectid !== 'string' || n.objectid === '') throw new IngestError('a node has no object id');
    batchIds.add(n.objectid);
  }
  // Ends named by name: the batch's own nodes first, then the graph's.
  let byName: Map<string, { objectid: string; kinds: string[] }[]> | null = null;
  const resolve = (ref: NodeRef): string | null => {
    if ('objectid' in ref) return ref.objectid;
    if (!byName) {
      byName = new Map();
      const add = (name: unknown, objectid: string, kinds: string[]) => {
        if (typeof name !== 'string') return;
        const key = name.toUpperCase();
        (byName!.get(key) ?? byName!.set(key, []).get(key)!).push({ objectid, kinds });
      };
      for (const n of batch.nodes) add(n.props.name, n.objectid, n.kinds);
      const graph = graphNow();
      for (const n of [...graph.domains, ...graph.nodes]) add(n.props.name ?? n.name, n.objectid, n.kinds);
    }
    if ('properties' in ref) {
      // Ends matched by property values (OpenGraph's match_by: property): the batch's own nodes first, then the graph's.
      const matches = (props: Record<string, unknown>, kinds: string[]) =>
        (!ref.kind || kinds.includes(ref.kind)) && Object.entries(ref.properties).every(([k, v]) => props[k] === v);
      const own = batch.nodes.find((n) => matches(n.props, n.kinds));
      if (own) return own.objectid;
      const graph = graphNow();
      return [...graph.domains, ...graph.nodes].find((n) => matches(n.props, n.kinds))?.objectid ?? null;
    }
    const found = (byName.get(ref.name.toUpperCase()) ?? []).filter((c) => !ref.kind || c.kinds.includes(ref.kind));
    return found[0]?.objectid ?? null;
  };
  const edges: { source: string; target: string; kind: string; props?: Record<string, unknown> }[] = [];
  let unmatched = 0;
  for (const e of batch.edges) {
    if (typeof e.kind !== 'string' || e.kind === '') throw new IngestError('a relationship has no kind');
    const s = resolve(e.source);
    const t = resolve(e.target);
    if (s === null || t === null) {
      unmatched++;
      continue;
    }
    edges.push({ source: s, target: t, kind: e.kind, ...(e.props && Object.keys(e.props).length > 0 ? { props: e.props } : {}) });
  }

  // Every check passed: apply.
  const deleted = new Set(batch.deleted);
  if (deleted.size > 0) {
    for (const id of deleted) {
      delete layer.nodes[id];
      if (graphNow().byId.has(id) && !layer.removed.includes(id)) layer.removed.push(id);
    }
    for (const [key, e] of Object.entries(layer.edges))
      if (deleted.has(e.source) || deleted.has(e.target)) delete layer.edges[key];
  }
  const summary: IngestSummary = { nodes: {}, relationships: edges.length, unmatched, deleted: deleted.size };
  for (const n of batch.nodes) {
    const existing = layer.nodes[n.objectid];
    const props = { ...n.props, lastseen: at };
    if (existing) {
      Object.assign(existing.props, props);
      for (const k of n.kinds) if (!existing.kinds.includes(k)) existing.kinds.push(k);
      if (!existing.sources.includes(source)) existing.sources.push(source);
    } else {
      layer.nodes[n.objectid] = { kinds: [...n.kinds], props, sources: [source], id: layer.nextNodeId++ };
    }
    if (layer.removed.length > 0 && layer.removed.includes(n.objectid))
      layer.removed = layer.removed.filter((r) => r !== n.objectid);
    const kind = primaryOf(n.kinds);
    summary.nodes[kind] = (summary.nodes[kind] ?? 0) + 1;
  }
  for (const e of edges) {
    const key = edgeKeyOf(e.source, e.kind, e.target);
    const existing = layer.edges[key];
    if (existing) {
      if (e.props) existing.props = { ...existing.props, ...e.props };
      existing.sourceKind = source;
    } else {
      layer.edges[key] = {
        source: e.source,
        target: e.target,
        kind: e.kind,
        ...(e.props ? { props: e.props } : {}),
        sourceKind: source,
        id: layer.nextEdgeId++,
      };
    }
  }
  if (!SOURCE_KIND_NAMES.has(source) && !layer.sourceKinds.some((k) => k.name === source)) {
    // Upstream's two source kinds are 1 and 2; each OpenGraph source kind gets the next id.
    const next = Math.max(SOURCE_KIND_NAMES.size, ...layer.sourceKinds.map((k) => k.id)) + 1;
    layer.sourceKinds.push({ id: next, name: source });
  }
  layer.stamp = crypto.randomUUID();
  return summary;
}

/**
 * Removes what came from these source kinds (node kinds: `Base`, `AZBase`, an OpenGraph kind): relationships
 * they brought, and nodes no other source kind brought (with their relationships). `all` removes everything.
 */
export function removeBySource(layer: IngestedLayer, sourceKinds: readonly string[], all: boolean): void {
  const gone = new Set(sourceKinds);
  for (const [id, n] of Object.entries(layer.nodes)) {
    const kept = all ? [] : n.sources.filter((s) => !gone.has(s));
    if (kept.length === 0) delete layer.nodes[id];
    else n.sources = kept;
  }
  for (const [key, e] of Object.entries(layer.edges)) {
    if (all || gone.has(e.sourceKind)) delete layer.edges[key];
  }
  layer.derived = { stamp: '', edges: [] };
  layer.stamp = crypto.randomUUID();
}

/** Removes the relationships of these kinds from the layer (clear-database's deleteRelationships). */
export function removeRelationshipKinds(layer: IngestedLayer, kinds: readonly string[]): void {
  const gone = new Set(kinds);
  for (const [key, e] of Object.entries(layer.edges)) if (gone.has(e.kind)) delete layer.edges[key];
  layer.derived = { stamp: layer.derived.stamp, edges: layer.derived.edges.filter((e) => !gone.has(e.kind)) };
  layer.stamp = crypto.randomUUID();
}

function graphNodeOf(objectid: string, kinds: string[], props: Record<string, unknown>, base?: GraphNode): GraphNode {
  const domainsid = typeof props.domainsid === 'string' ? props.domainsid.toUpperCase() : undefined;
  return {
    objectid,
    name: typeof props.name === 'string' && props.name !== '' ? props.name : (base?.name ?? objectid),
    kinds,
    primaryKind: base?.primaryKind ?? primaryOf(kinds),
    domainSid: base?.domainSid || domainsid || (kinds.includes('Domain') ? objectid : ''),
    props,
  };
}

const overlaid = new Map<string, DirectoryGraph>();
const derivedMemo = new Map<string, DirectoryGraph>();
const MAX_MEMO = 8;

function remember(memo: Map<string, DirectoryGraph>, version: string, graph: DirectoryGraph): DirectoryGraph {
  memo.set(version, graph);
  while (memo.size > MAX_MEMO) memo.delete(memo.keys().next().value!);
  return graph;
}

const isCollectedDomain = (n: GraphNode) => n.kinds.includes('Domain') && n.props.collected === true;

/** `graph` with the layer's nodes and relationships laid over it; memoised by both versions. */
export function withIngested(graph: DirectoryGraph, layer: IngestedLayer | undefined): DirectoryGraph {
  if (!layer || layer.stamp === '') return graph;
  const version = `${graph.version}|ing:${layer.stamp}`;
  const known = overlaid.get(version);
  if (known) return known;
  const removed = new Set(layer.removed);
  const byId = new Map<string, GraphNode>();
  for (const n of graph.domains) if (!removed.has(n.objectid)) byId.set(n.objectid, n);
  for (const n of graph.nodes) if (!removed.has(n.objectid)) byId.set(n.objectid, n);
  for (const [objectid, stored] of Object.entries(layer.nodes)) {
    const base = byId.get(objectid);
    if (base) {
      const kinds = [...base.kinds, ...stored.kinds.filter((k) => !base.kinds.includes(k))];
      byId.set(objectid, graphNodeOf(objectid, kinds, { ...base.props, ...stored.props }, base));
    } else {
      const node = graphNodeOf(objectid, stored.kinds, stored.props);
      giveGraphId(node, stored.id);
      byId.set(objectid, node);
    }
  }
  const domains: GraphNode[] = [];
  const nodes: GraphNode[] = [];
  const baseDomains = new Set(graph.domains.map((d) => d.objectid));
  for (const n of byId.values()) (baseDomains.has(n.objectid) || isCollectedDomain(n) ? domains : nodes).push(n);
  const edges: GraphEdge[] = [];
  const replaced = new Set<string>();
  for (const e of graph.edges) {
    if (!byId.has(e.source) || !byId.has(e.target)) continue;
    const key = edgeKeyOf(e.source, e.kind, e.target);
    const mine = layer.edges[key];
    if (mine) {
      replaced.add(key);
      edges.push(mine.props ? { ...e, props: { ...e.props, ...mine.props } } : e);
    } else edges.push(e);
  }
  for (const [key, e] of Object.entries(layer.edges)) {
    if (replaced.has(key) || !byId.has(e.source) || !byId.has(e.target)) continue;
    const edge: GraphEdge = e.props
      ? { source: e.source, target: e.target, kind: e.kind, props: e.props }
      : { source: e.source, target: e.target, kind: e.kind };
    giveGraphId(edge, e.id);
    edges.push(edge);
  }
  return remember(overlaid, version, { domains, nodes, byId, edges, version });
}

/** `graph` with the last analysis's derived relationships added (those it already holds are not repeated). */
export function withDerived(graph: DirectoryGraph, layer: IngestedLayer | undefined): DirectoryGraph {
  if (!layer || layer.derived.stamp === '' || layer.derived.edges.length === 0) return graph;
  const version = `${graph.version}|der:${layer.derived.stamp}`;
  const known = derivedMemo.get(version);
  if (known) return known;
  const present = new Set(graph.edges.map((e) => edgeKeyOf(e.source, e.kind, e.target)));
  const edges = [...graph.edges];
  for (const d of layer.derived.edges) {
    const key = edgeKeyOf(d.source, d.kind, d.target);
    if (present.has(key) || !graph.byId.has(d.source) || !graph.byId.has(d.target)) continue;
    present.add(key);
    const edge: GraphEdge = d.props
      ? { source: d.source, target: d.target, kind: d.kind, props: d.props }
      : { source: d.source, target: d.target, kind: d.kind };
    giveGraphId(edge, d.id);
    edges.push(edge);
  }
  return remember(derivedMemo, version, { ...graph, edges, version });
}

/** Replaces the derived layer with `edges` (new graph ids, a new stamp). */
export function replaceDerived(layer: IngestedLayer, edges: readonly GraphEdge[]): void {
  layer.derived = {
    stamp: crypto.randomUUID(),
    edges: edges.map((e) => ({
      source: e.source,
      target: e.target,
      kind: e.kind,
      ...(e.props ? { props: e.props } : {}),
      id: layer.nextEdgeId++,
    })),
  };
}
