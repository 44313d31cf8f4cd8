/**
 * GET /api/v2/{kind}/{object_id}/{list}: every related list of related-lists.ts, each paging the members
 * related-members.ts defines for its operation id, and PATCH /api/v2/domains/{object_id}.
 *
 * A list answers `{ count, skip, limit, data }` (10 a page unless `limit` says otherwise, more than
 * MAX_LIMIT capped), by name unless `sort_by` says otherwise (name, objectID, label; `-` descending), the
 * object id breaking the last ties. `type=graph` answers the node and its members (not paged) keyed by
 * object id, with the relationships of the list's kinds between them. An object id of another kind is a
 * 404 naming object_id.
 */
import type { Hono } from 'hono';
import type { MockEnv } from '../../auth';
import { graphOps } from '../../../api/operations/graph';
import {
  RELATED_LISTS,
  RELATED_LIST_KIND_NODE,
  type RelatedListKind,
  type RelatedListOperationId,
} from '../../../api/schemas/related-lists';
import type { ListRequest, SortSpec } from '../../list';
import { compareText } from '../../../shared/compare-text';
import { edgeIndex, type DirectoryGraph, type GraphNode } from '../../seed/graph';
import { applyDelta } from '../../seed/graph-changes';
import { graphOf } from '../../seed/live-graph';
import { server } from '../../serve';
import type { MockDb } from '../../store/db';
import { systemTagsOf } from '../asset-groups/store';
import { nodeOfKind, toListEntry } from './nodes';
import { RELATED_MEMBERS, forgetRelatedMembers, relatedMembers } from './related-members';

/** Every related list with the node kind it answers for. */
export const RELATED_LIST_ROWS: readonly { op: RelatedListOperationId; kind: string; word: RelatedListKind; list: string }[] = (
  Object.keys(RELATED_LISTS) as RelatedListKind[]
).flatMap((word) =>
  RELATED_LISTS[word].map((row) => ({ op: row.operationId, kind: RELATED_LIST_KIND_NODE[word], word, list: row.list })),
);

type ListReq = ListRequest<'name' | 'objectID' | 'label', never, { type: 'list' | 'graph' }>;
type Column = 'name' | 'objectID' | 'label';

/**
 * Every node's rank in each column's order, built once per graph, so a list of any size is ordered by
 * sorting numbers rather than comparing texts: `dense` ranks (equal texts share one) per column, and
 * `position`, the unique rank by name then object id (the lists' tie-break).
 */
interface OrderIndex {
  nodes: GraphNode[];
  at: Map<string, number>;
  position: Int32Array;
  byPosition: Int32Array;
  dense: Partial<Record<Column, { rank: Int32Array; size: number }>>;
  byObjectId?: Int32Array;
}
const orderIndexes = new WeakMap<DirectoryGraph, OrderIndex>();
const COLUMN_TEXT: Record<Column, (n: GraphNode) => string> = {
  name: (n) => n.name,
  objectID: (n) => n.objectid,
  label: (n) => n.primaryKind,
};

function orderIndex(graph: DirectoryGraph): OrderIndex {
  let index = orderIndexes.get(graph);
  if (!index) {
    const nodes = [...graph.byId.values()];
    const byPosition = Int32Array.from(nodes.keys()).sort(
      (a, b) => compareText(nodes[a]!.name, nodes[b]!.name) || compareText(nodes[a]!.objectid, nodes[b]!.objectid),
    );
    const position = new Int32Array(nodes.length);
    byPosition.forEach((node, pos) => (position[node] = pos));
    index = { nodes, at: new Map(nodes.map((n, i) => [n.objectid, i])), position, byPosition, dense: {} };
    orderIndexes.set(graph, index);
  }
  return index;
}

/** The dense ranks of a column: texts sorted once (distinct ones only), equal texts one rank. */
function denseRanks(index: OrderIndex, column: Column): { rank: Int32Array; size: number } {
  let dense = index.dense[column];
  if (!dense) {
    const text = COLUMN_TEXT[column];
    const order =
      column === 'name'
        ? index.byPosition
        : Int32Array.from(index.nodes.keys()).sort((a, b) => compareText(text(index.nodes[a]!), text(index.nodes[b]!)));
    const rank = new Int32Array(index.nodes.length);
    let size = 0;
    order.forEach((node, i) => {
      if (i > 0 && compareText(text(index.nodes[order[i - 1]!]!), text(index.nodes[node]!)) !== 0) size++;
      rank[node] = size;
    });
    dense = { rank, size: size + 1 };
    index.dense[column] = dense;
    if (column === 'objectID') index.byObjectId = order;
  }
  return dense;
}

/**
 * The members in the list's order (the requested keys, then name and object id), as node positions in
 * the order index: each member's key is its ranks in the requested columns and last a unique rank, read
 * in mixed radix, so one numeric sort orders them and the last digit names the node.
 */
function orderMembers(graph: DirectoryGraph, members: ReadonlySet<string>, sorts: readonly SortSpec<Column>[]): GraphNode[] {
  const index = orderIndex(graph);
  const digits: { rank: Int32Array; size: number; descending: boolean }[] = [];
  const used = new Set<Column>();
  let unique: Int32Array | undefined;
  for (const s of sorts) {
    if (used.has(s.column)) continue;
    used.add(s.column);
    digits.push({ ...denseRanks(index, s.column), descending: s.descending });
    // Object ids differing only in case compare equal, so they end the key only when none do.
    if (s.column === 'objectID' && index.dense.objectID!.size === index.nodes.length) {
      unique = index.byObjectId!;
      break;
    }
  }
  if (!unique) {
    digits.push({ rank: index.position, size: index.nodes.length, descending: false });
    unique = index.byPosition;
  }
  const at = Array.from(members, (id) => index.at.get(id)!);
  const digitOf = (d: (typeof digits)[number], node: number) => (d.descending ? d.size - 1 - d.rank[node]! : d.rank[node]!);
  if (digits.reduce((product, d) => product * d.size, 1) > Number.MAX_SAFE_INTEGER) {
    // Too many digits for one number: compare them one by one.
    at.sort((a, b) => {
      for (const d of digits) if (digitOf(d, a) !== digitOf(d, b)) return digitOf(d, a) - digitOf(d, b);
      return 0;
    });
    return at.map((node) => index.nodes[node]!);
  }
  const keys = new Float64Array(at.length);
  at.forEach((node, k) => {
    let key = 0;
    for (const d of digits) key = key * d.size + digitOf(d, node);
    keys[k] = key;
  });
  keys.sort();
  const last = digits[digits.length - 1]!;
  return Array.from(keys, (key) => {
    const digit = key % last.size;
    return index.nodes[unique[last.descending ? last.size - 1 - digit : digit]!]!;
  });
}

const MAX_ORDERS = 64;
const ordered = new WeakMap<DirectoryGraph, Map<string, GraphNode[]>>();
const sortKey = (sorts: readonly SortSpec<string>[]) => sorts.map((s) => (s.descending ? `-${s.column}` : s.column)).join(',');

/** The members of `op` of `node` in the requested order, kept per graph for the next page. */
function orderedNodes(
  op: RelatedListOperationId,
  graph: DirectoryGraph,
  tagsOf: (id: string) => string,
  node: GraphNode,
  req: ListReq,
): GraphNode[] {
  const order = () => orderMembers(graph, relatedMembers(op, { graph, tagsOf }, node), req.sorts);
  if (RELATED_MEMBERS[op].tagged) return order();
  let byKey = ordered.get(graph);
  if (!byKey) ordered.set(graph, (byKey = new Map()));
  const key = `${op}|${node.objectid}|${sortKey(req.sorts)}`;
  let rows = byKey.get(key);
  if (!rows) {
    rows = order();
    if (byKey.size >= MAX_ORDERS) byKey.delete(byKey.keys().next().value!);
    byKey.set(key, rows);
  }
  return rows;
}

/** Forgets every kept order and member set of `graph` (benchmarks time the first answer with it). */
export function forgetRelatedOrders(graph: DirectoryGraph): void {
  ordered.delete(graph);
  forgetRelatedMembers(graph);
}

/** The graph answer of a list: the node and its members by object id, and the list's relationships between them. */
export function relatedGraph(op: RelatedListOperationId, graph: DirectoryGraph, tagsOf: (id: string) => string, node: GraphNode) {
  const def = RELATED_MEMBERS[op];
  const members = relatedMembers(op, { graph, tagsOf }, node);
  const inSet = (id: string) => id === node.objectid || members.has(id);
  const kinds = new Set(def.kinds);
  const nodes: Record<string, { label: string; kind: string; objectId: string; isTierZero: boolean }> = {};
  for (const id of [node.objectid, ...members]) {
    const n = graph.byId.get(id)!;
    nodes[id] = {
      label: n.name,
      kind: n.primaryKind,
      objectId: n.objectid,
      isTierZero: tagsOf(id).split(' ').includes('admin_tier_0'),
    };
  }
  const idx = edgeIndex(graph);
  const edges: { source: string; target: string; label: string; kind: string }[] = [];
  for (const id of Object.keys(nodes)) {
    for (const e of idx.outbound.get(id) ?? []) {
      if (!kinds.has(e.kind) || !inSet(e.target)) continue;
      if (def.direct === 'in' && e.target !== node.objectid) continue;
      if (def.direct === 'out' && e.source !== node.objectid) continue;
      edges.push({ source: e.source, target: e.target, label: e.kind, kind: e.kind });
    }
  }
  return { nodes, edges };
}

export function relatedListRoutes(app: Hono<MockEnv>, db: MockDb): void {
  const route = server(app, db);

  for (const { op, kind } of RELATED_LIST_ROWS) {
    route(graphOps[op], (c, { params, query: req }) => {
      const graph = graphOf(db.state);
      const node = nodeOfKind(graph, params.object_id, kind);
      const tagsOf = systemTagsOf(db.state);
      if (req.params.type === 'graph') return c.json({ data: relatedGraph(op, graph, tagsOf, node) });
      const rows = orderedNodes(op, graph, tagsOf, node, req);
      const { skip, limit } = req;
      return c.json({ count: rows.length, skip, limit, data: rows.slice(skip, skip + limit).map(toListEntry) });
    });
  }

  route(graphOps.updateDomainEntity, (c, { params, body }) => {
    const domain = nodeOfKind(graphOf(db.state), params.object_id, 'Domain');
    applyDelta(db.state, {
      createdNodes: [],
      createdEdges: [],
      deletedNodes: [],
      deletedEdges: [],
      editedNodes: [
        { graphId: 0, objectid: domain.objectid, kinds: domain.kinds, props: { ...domain.props, collected: body.collected } },
      ],
    });
    return c.json({ data: { collected: body.collected } });
  });
}
