/**
 * GET /api/v2/search (reference Search): directory objects by name or object
 * id, over the live directory graph (`graphOf(state)`: the seeded graph minus
 * what clear-database deleted).
 *
 * - Case-insensitive; a match on the name or on the object id.
 * - Ranked: an exact match first, then a prefix match, then one that contains
 *   the text; within a rank by name (compareText), then object id.
 * - `type` keeps the objects of one kind (any of the node's kinds, so `Base`
 *   keeps every Active Directory object); a kind the service does not know is
 *   a 400 naming `type`.
 * - Paged with `skip` and `limit` (10 by default, at most MAX_LIMIT; more is
 *   capped). The answer is the reference's `{ data }` plus the mock's `count`,
 *   `skip` and `limit`.
 *
 * Covered: every node of the graph: domains, users, computers, groups, OUs
 * (the OUs scheduled collection names come from here too), containers, GPOs
 * and the certificate services' nodes. Not covered: the
 * Enterprise Fleet's 100,000 generated rows (they are that group's
 * population, not graph nodes: no entity page, no selector can name one).
 *
 * The index (lower-cased names and ids in name order) is built once per live
 * graph and kept while that graph is; one query is a linear pass that keeps
 * the three ranks apart, so no sort runs per request, and the last views are
 * cached so paging through one only slices it.
 */
import { SEARCH_NODE_TYPES, type SearchResult } from '../../../api/schemas/entities';
import { badRequest } from '../../errors';
import { compareText } from '../../../shared/compare-text';
import type { DirectoryGraph, GraphNode } from '../../seed/graph';

interface SearchIndex {
  /** Nodes in name order (ties by object id). */
  nodes: GraphNode[];
  names: string[];
  ids: string[];
  /** Lower-cased kinds of each node. */
  kinds: (readonly string[])[];
  /** Result views of this graph: `type|q` → node positions, best first. */
  views: Map<string, Int32Array>;
}

const indexes = new WeakMap<DirectoryGraph, SearchIndex>();
const MAX_VIEWS = 32;

function indexOf(graph: DirectoryGraph): SearchIndex {
  let index = indexes.get(graph);
  if (!index) {
    const nodes = [...graph.domains, ...graph.nodes].sort(
      (a, b) => compareText(a.name, b.name) || (a.objectid < b.objectid ? -1 : a.objectid > b.objectid ? 1 : 0),
    );
    index = {
      nodes,
      names: nodes.map((n) => n.name.toLowerCase()),
      ids: nodes.map((n) => n.objectid.toLowerCase()),
      kinds: nodes.map((n) => n.kinds.map((k) => k.toLowerCase())),
      views: new Map(),
    };
    indexes.set(graph, index);
  }
  return index;
}

/** The positions of the nodes matching `text` (and `type`, lower-cased), ranked exact, prefix, contains. */
export function searchPositions(graph: DirectoryGraph, text: string, type: string | null): Int32Array {
  const index = indexOf(graph);
  const needle = text.trim().toLowerCase();
  const key = `${type ?? ''}|${needle}`;
  const cached = index.views.get(key);
  if (cached) return cached;
  const exact: number[] = [];
  const prefix: number[] = [];
  const contains: number[] = [];
  const { names, ids, kinds } = index;
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const id = ids[i]!;
    if (!name.includes(needle) && !id.includes(needle)) continue;
    if (type !== null && !kinds[i]!.includes(type)) continue;
    if (name === needle || id === needle) exact.push(i);
    else if (name.startsWith(needle) || id.startsWith(needle)) prefix.push(i);
    else contains.push(i);
  }
  const view = Int32Array.from([...exact, ...prefix, ...contains]);
  index.views.set(key, view);
  while (index.views.size > MAX_VIEWS) index.views.delete(index.views.keys().next().value!);
  return view;
}

const TYPES_BY_LOWER = new Map<string, string>(SEARCH_NODE_TYPES.map((t) => [t.toLowerCase(), t]));

/** The `type` parameter as a lower-cased known kind (null: any kind); an unknown kind is a 400 naming `type`. */
export function searchType(type: string | undefined): string | null {
  if (type === undefined || type.trim() === '') return null;
  const known = TYPES_BY_LOWER.get(type.trim().toLowerCase());
  if (!known) {
    throw badRequest('type', `"${type}" is not a node type the search knows; use one of ${SEARCH_NODE_TYPES.join(', ')}.`);
  }
  return known.toLowerCase();
}

/** One page of a search as the service answers it; `tagsOf` gives a node's system tags. */
export function searchPage(
  graph: DirectoryGraph,
  req: { q: string; type: string | null; skip: number; limit: number },
  tagsOf: (objectid: string) => string,
): { count: number; skip: number; limit: number; data: SearchResult[] } {
  const positions = searchPositions(graph, req.q, req.type);
  const { nodes } = indexOf(graph);
  const data: SearchResult[] = [];
  for (let i = req.skip; i < positions.length && data.length < req.limit; i++) {
    const node = nodes[positions[i]!]!;
    data.push({
      objectid: node.objectid,
      type: node.primaryKind,
      name: node.name,
      distinguishedname: typeof node.props.distinguishedname === 'string' ? node.props.distinguishedname : '',
      system_tags: tagsOf(node.objectid),
    });
  }
  return { count: positions.length, skip: req.skip, limit: req.limit, data };
}
