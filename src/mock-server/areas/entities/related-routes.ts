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
import type { EntityListEntry } from '../../../api/schemas/entities';
import {
  RELATED_LISTS,
  RELATED_LIST_KIND_NODE,
  type RelatedListKind,
  type RelatedListOperationId,
} from '../../../api/schemas/related-lists';
import type { ListRequest, SortSpec } from '../../list';
import { edgeIndex, type DirectoryGraph, type GraphNode } from '../../seed/graph';
import { applyDelta } from '../../seed/graph-changes';
import { graphOf } from '../../seed/live-graph';
import { server } from '../../serve';
import type { MockDb } from '../../store/db';
import { systemTagsOf } from '../asset-groups/store';
import { CONTROLLERS_LIST, nodeOfKind, toListEntry } from './nodes';
import { RELATED_MEMBERS, relatedMembers } from './related-members';

/** Every related list with the node kind it answers for. */
export const RELATED_LIST_ROWS: readonly { op: RelatedListOperationId; kind: string; word: RelatedListKind; list: string }[] = (
  Object.keys(RELATED_LISTS) as RelatedListKind[]
).flatMap((word) =>
  RELATED_LISTS[word].map((row) => ({ op: row.operationId, kind: RELATED_LIST_KIND_NODE[word], word, list: row.list })),
);

type ListReq = ListRequest<'name' | 'objectID' | 'label', never, { type: 'list' | 'graph' }>;

const MAX_ORDERS = 256;
const ordered = new WeakMap<DirectoryGraph, Map<string, EntityListEntry[]>>();
const sortKey = (sorts: readonly SortSpec<string>[]) => sorts.map((s) => (s.descending ? `-${s.column}` : s.column)).join(',');

/** The members of `op` of `node` as list entries in the requested order, kept per graph for the next page. */
function orderedEntries(
  op: RelatedListOperationId,
  graph: DirectoryGraph,
  tagsOf: (id: string) => string,
  node: GraphNode,
  req: ListReq,
) {
  const select = () =>
    CONTROLLERS_LIST.select(
      [...relatedMembers(op, { graph, tagsOf }, node)].map((id) => toListEntry(graph.byId.get(id)!)),
      req,
    );
  if (RELATED_MEMBERS[op].tagged) return select();
  let byKey = ordered.get(graph);
  if (!byKey) ordered.set(graph, (byKey = new Map()));
  const key = `${op}|${node.objectid}|${sortKey(req.sorts)}`;
  let rows = byKey.get(key);
  if (!rows) {
    rows = select();
    if (byKey.size >= MAX_ORDERS) byKey.delete(byKey.keys().next().value!);
    byKey.set(key, rows);
  }
  return rows;
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
      return c.json(CONTROLLERS_LIST.page(orderedEntries(op, graph, tagsOf, node, req), req, (e) => e));
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
