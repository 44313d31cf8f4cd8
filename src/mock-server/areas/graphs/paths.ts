/**
 * The explorer's path reads over the live directory graph, as upstream answers them:
 *
 * - GET /api/v2/graphs/shortest-path: every shortest path (all of the same, least length) from one object id
 *   to another, walking the relationship kinds `relationship_kinds` (`in:A,B` / `nin:A,B`) and
 *   `only_traversable` leave; run on the Cypher engine as `allShortestPaths`, in its worker, within its time
 *   bound (`Prefer: wait`) and step limit. No path (an unknown node included) is upstream's 404.
 * - GET /api/v2/pathfinding (deprecated): the same paths over every kind, as upstream's older bh-graph
 *   (nodes by graph id, relationships by `rel_<n>`); no path is an empty graph.
 * - GET /api/v2/graph-search: nodes whose name or object id starts with the text (fuzzy, the default) or
 *   equals it (exact), case ignored, as bh-graph nodes by graph id; upstream sets no limit.
 * - GET /api/v2/graphs/relay-targets: for a CoerceAndRelayNTLMTo* relationship, the computers the coerced
 *   authentication is relayed to (for ADCS, those hosting the CAs it enrolls on).
 * - GET /api/v2/graphs/acl-inheritance: for an inherited ACE (`isinherited`, `inheritancehash`), the
 *   containers it propagates down from: the Contains chain from the nearest container whose
 *   `inheritancehashes` hold the ACE's hash to the object, with the relationship itself.
 */
import { graphOps } from '../../../api/operations/graph';
import type { BhGraph, BhGraphNode } from '../../../api/schemas/pathfinding';
import { EDGE_KINDS, isTraversableKind } from '../../../api/schemas/edge-kinds';
import type { UnifiedGraph } from '../../../api/schemas/cypher';
import { toAnswer, type CypherAnswer } from '../../cypher/answer';
import { cypherEngine } from '../../cypher/engine';
import { graphIdOf, TAG_KINDS, type CypherNode } from '../../cypher/graph';
import type { LiveGraphInputs } from '../../cypher/run';
import { ApiFailure, badRequest, notFound } from '../../errors';
import { KNOWN_RELATIONSHIP_KINDS, edgeIndex, type DirectoryGraph, type GraphEdge, type GraphNode } from '../../seed/graph';
import { graphOf } from '../../seed/live-graph';
import type { server } from '../../serve';
import type { DbState, MockDb } from '../../store/db';
import { pluralWord } from '../../../shared/words';
import { extensionKinds } from '../extensions/store';
import { NTLM_EDGE_KINDS } from '../../analysis/ntlm';
import { compositionAnswer, edgeBetween, edgeComposition } from './composition';

/** What the graphs area shares with these routes: the live graph as the Cypher worker needs it, its time bound. */
export interface PathRouteContext {
  liveGraphOf: (state: DbState) => { version: string; inputs: () => LiveGraphInputs };
  /** The seconds a read may run without `Prefer: wait`. */
  waitSeconds: number;
  /** The answer to a read stopped at its time bound (a 500). */
  timeoutMessage: string;
}

/** Upstream's answers, in its words. */
export const PATH_NOT_FOUND = 'path not found';
export const NO_EDGES_TO_TRAVERSE = 'invalid parameter combination; no valid edges to traverse';
const PREDICATE_FORMAT =
  "invalid query parameter 'relationship_kinds': acceptable values should match the format: in|nin:Kind1,Kind2";

/** `api.params.predicate.filter.contains`: `in:` or `nin:` and a comma-separated list of kinds. */
const CONTAINS_PREDICATE = /^(in|nin):(\w+)(,\s*\w+)*$/;

/** Every relationship kind the service knows: the seeded graph's, the edge table's, the extensions' and the mutations'. */
function knownEdgeKinds(state: DbState): string[] {
  const kinds = new Set<string>([...KNOWN_RELATIONSHIP_KINDS, ...Object.keys(EDGE_KINDS), ...extensionKinds(state).edges]);
  for (const e of state.graph?.changes?.createdEdges ?? []) kinds.add(e.kind);
  return [...kinds].sort();
}

/**
 * The kinds a shortest path may walk, as upstream chooses them: all known kinds (only the traversable ones
 * with `only_traversable`), narrowed by `relationship_kinds`. A kind the service does not know is a 400 naming
 * it; a known one `only_traversable` leaves out is dropped silently, as upstream does. `null`: every kind.
 */
export function walkedKinds(
  state: DbState,
  filter: string | undefined,
  onlyTraversable: boolean,
): { kinds: readonly string[] | null } {
  const known = knownEdgeKinds(state);
  const acceptable = onlyTraversable ? known.filter(isTraversableKind) : known;
  if (filter === undefined || filter === '') {
    return { kinds: onlyTraversable ? acceptable : null };
  }
  if (!CONTAINS_PREDICATE.test(filter)) throw badRequest('relationship_kinds', PREDICATE_FORMAT);
  const at = filter.indexOf(':');
  const op = filter.slice(0, at);
  const named = filter
    .slice(at + 1)
    .replaceAll(' ', '')
    .split(',');
  const knownSet = new Set(known);
  const acceptableSet = new Set(acceptable);
  const unknown = named.filter((k) => !knownSet.has(k));
  if (unknown.length > 0) {
    throw badRequest(
      'relationship_kinds',
      `invalid query parameter 'relationship_kinds': ${unknown.join(', ')} ${pluralWord(unknown.length, 'is not a relationship kind', 'are not relationship kinds')}`,
    );
  }
  const listed = new Set(named.filter((k) => acceptableSet.has(k)));
  const kinds = op === 'in' ? [...listed] : acceptable.filter((k) => !listed.has(k));
  if (kinds.length === 0) throw badRequest('relationship_kinds', NO_EDGES_TO_TRAVERSE);
  return { kinds };
}

/** A Cypher string literal. */
const text = (value: string) => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
/** A Cypher name (label or relationship type), quoted. */
const name = (value: string) => `\`${value.replaceAll('`', '')}\``;

/**
 * The Cypher query of every shortest path between two nodes: each end found by its object id under its
 * primary kind (so the engine looks through that label's nodes only), walking `kinds` (null: any).
 */
export function shortestPathsQuery(start: GraphNode, end: GraphNode, kinds: readonly string[] | null): string {
  const end_ = (v: string, n: GraphNode) =>
    `(${v}${n.kinds.includes(n.primaryKind) ? `:${name(n.primaryKind)}` : ''} {objectid: ${text(n.objectid)}})`;
  const types = kinds === null ? '' : `:${kinds.map(name).join('|')}`;
  return `MATCH p = allShortestPaths(${end_('s', start)}-[${types}*1..]->${end_('e', end)}) RETURN p`;
}

/** The node of an object id in the live graph (domains too), or undefined. */
function nodeOf(graph: DirectoryGraph, objectid: string): GraphNode | undefined {
  return graph.byId.get(objectid) ?? graph.domains.find((d) => d.objectid === objectid);
}

/** Each system tag's members as sets, from the worker's inputs. */
function tagSets(tags: Record<string, readonly string[]>): Record<string, ReadonlySet<string>> {
  return Object.fromEntries(Object.entries(tags).map(([tag, ids]) => [tag, new Set(ids)]));
}

/** Nodes alone as a unified graph (their properties and Tier Zero and Owned marks), no relationships. */
function nodesAnswer(nodes: readonly GraphNode[], tags: Readonly<Record<string, ReadonlySet<string>>>): UnifiedGraph {
  const cypherNodes = nodes.map((n): CypherNode => ({
    id: graphIdOf(n),
    labels: [...n.kinds, ...Object.entries(tags).flatMap(([tag, ids]) => (ids.has(n.objectid) ? [TAG_KINDS[tag]!] : []))],
    source: n,
  }));
  const answer = toAnswer({ columns: ['n'], rows: cypherNodes.map((n) => [n]) }, true);
  return { nodes: answer.nodes, edges: [], literals: [] };
}

/** A node as upstream's bh-graph draws it: its name as the label, its properties (and kinds) as data. */
export function toBhGraphNode(node: GraphNode, tierZero: boolean): BhGraphNode {
  const name = typeof node.props.name === 'string' ? node.props.name : node.objectid;
  return {
    data: {
      ...node.props,
      name,
      objectid: node.objectid,
      kind: node.primaryKind,
      kinds: [...node.kinds],
      nodetype: node.primaryKind,
      ...(tierZero ? { level: 0 } : {}),
    },
    label: { text: name, backgroundColor: 'rgba(255,255,255,0.9)', fontSize: 14, center: true },
    border: { color: 'black' },
    size: 1,
  };
}

/** Upper-case names and object ids of a graph's nodes, built once per graph. */
const searchKeys = new WeakMap<DirectoryGraph, { node: GraphNode; name: string; id: string }[]>();

/** Graph search as upstream's: name or object id starting with (fuzzy) or equal to (exact) the text, case ignored. */
export function graphSearch(graph: DirectoryGraph, query: string, type: 'fuzzy' | 'exact'): GraphNode[] {
  let keys = searchKeys.get(graph);
  if (!keys) {
    keys = [...graph.domains, ...graph.nodes].map((node) => ({
      node,
      name: (typeof node.props.name === 'string' ? node.props.name : node.name).toUpperCase(),
      id: node.objectid.toUpperCase(),
    }));
    searchKeys.set(graph, keys);
  }
  const needle = query.toUpperCase();
  const out: GraphNode[] = [];
  for (const k of keys) {
    const hit = type === 'exact' ? k.name === needle || k.id === needle : k.name.startsWith(needle) || k.id.startsWith(needle);
    if (hit) out.push(k.node);
  }
  return out;
}

/** A unified answer of paths as upstream's bh-graph: nodes by graph id, relationships as `rel_<n>`. */
function toBhGraph(answer: CypherAnswer, byObjectId: (objectid: string) => GraphNode | undefined): BhGraph {
  const out: BhGraph = {};
  answer.edges.forEach((e, i) => {
    out[`rel_${i}`] = {
      color: '3a5464',
      data: {},
      label: { text: e.kind },
      end2: { arrow: true },
      id1: e.source,
      id2: e.target,
    };
  });
  for (const [id, n] of Object.entries(answer.nodes)) {
    const source = byObjectId(n.objectId);
    if (source) out[id] = toBhGraphNode(source, n.isTierZero);
  }
  return out;
}

/** The relay targets of an NTLM relay relationship (see ntlm.ts for how each is derived). */
export function relayTargets(graph: DirectoryGraph, edge: GraphEdge): GraphNode[] {
  const victim = nodeOf(graph, edge.target);
  if (!victim) return [];
  if (edge.kind === 'CoerceAndRelayNTLMToSMB') return [victim];
  const index = edgeIndex(graph);
  if (edge.kind === 'CoerceAndRelayNTLMToADCS') {
    // The web enrollment endpoint relayed to runs on the computer hosting the CA (the CA itself when no host is known).
    const cas = edgeComposition(graph, edge).nodes.filter((n) => n.kinds.includes('EnterpriseCA'));
    const hosts = new Map<string, GraphNode>();
    for (const ca of cas) {
      const hosting = (index.inbound.get(ca.objectid) ?? []).filter((e) => e.kind === 'HostsCAService');
      const found = hosting.map((e) => nodeOf(graph, e.source)).filter((n): n is GraphNode => n !== undefined);
      for (const n of found.length > 0 ? found : [ca]) hosts.set(n.objectid, n);
    }
    return [...hosts.values()];
  }
  const ldaps = edge.kind === 'CoerceAndRelayNTLMToLDAPS';
  const isDC = (c: GraphNode) => c.props.isdc === true || (index.outbound.get(c.objectid) ?? []).some((e) => e.kind === 'DCFor');
  return graph.nodes.filter(
    (c) =>
      c.kinds.includes('Computer') &&
      c.objectid !== victim.objectid &&
      c.domainSid === victim.domainSid &&
      isDC(c) &&
      (ldaps
        ? c.props.ldapsepa === false && c.props.ldapsavailable === true
        : c.props.ldapsigning === false && c.props.ldapavailable === true),
  );
}

/**
 * Where an inherited ACE comes from: the Contains chain from the nearest container above the object whose
 * `inheritancehashes` hold the ACE's `inheritancehash` down to the object, and the relationship itself. An
 * ACE not inherited has no such path (empty); one whose origin no container records is the relationship alone.
 */
export function aclInheritance(graph: DirectoryGraph, edge: GraphEdge): { nodes: GraphNode[]; edges: GraphEdge[] } {
  if (edge.props?.isinherited !== true) return { nodes: [], edges: [] };
  const hash = edge.props.inheritancehash;
  const index = edgeIndex(graph);
  const chain: GraphEdge[] = [];
  const seen = new Set([edge.target]);
  let origin: GraphEdge[] | undefined;
  for (let at = edge.target; ;) {
    const up = (index.inbound.get(at) ?? []).find((e) => e.kind === 'Contains' && !seen.has(e.source));
    if (!up) break;
    chain.push(up);
    seen.add(up.source);
    const container = nodeOf(graph, up.source);
    const hashes = container?.props.inheritancehashes;
    if (typeof hash === 'string' && Array.isArray(hashes) && hashes.includes(hash)) {
      origin = [...chain];
      break;
    }
    at = up.source;
  }
  const edges = [...(origin ?? []), edge];
  const ids = new Set(edges.flatMap((e) => [e.source, e.target]));
  const nodes = [...ids].map((id) => nodeOf(graph, id)).filter((n): n is GraphNode => n !== undefined);
  return { nodes, edges };
}

/** The relationship a relay-targets or acl-inheritance query names, with the graphs area's refusals. */
function namedEdge(state: DbState, query: { source_node: number; target_node: number; edge_type: string }) {
  const kind = query.edge_type;
  if (!knownEdgeKinds(state).includes(kind)) throw badRequest('edge_type', `Invalid edge requested: ${kind}`);
  const graph = graphOf(state);
  const edge = edgeBetween(graph, query.source_node, query.target_node, kind);
  if (!edge) throw notFound('query', 'Could not find edge matching criteria: not found');
  return { graph, edge };
}

export function pathRoutes(route: ReturnType<typeof server>, db: MockDb, context: PathRouteContext): void {
  const deadlineOf = (wait: number | undefined) => performance.now() + (wait ?? context.waitSeconds) * 1000;

  /** Every shortest path from `start` to `end` on the Cypher engine: its answer, or null when there is none. */
  const shortestPaths = (
    start: string,
    end: string,
    kinds: readonly string[] | null,
    wait: number | undefined,
  ): Promise<{ answer: CypherAnswer; graph: DirectoryGraph } | null> => {
    const graph = graphOf(db.state);
    const from = nodeOf(graph, start);
    const to = nodeOf(graph, end);
    if (!from || !to || from === to) return Promise.resolve(null);
    return cypherEngine.run({
      request: {
        query: shortestPathsQuery(from, to, kinds),
        includeProperties: false,
        mutations: false,
        mayMutate: false,
        complexityBound: null,
      },
      deadline: deadlineOf(wait),
      live: () => context.liveGraphOf(db.state),
      settle: (result) => {
        if (result.kind === 'timeout') throw new ApiFailure(500, [{ context: 'query', message: context.timeoutMessage }]);
        if (result.kind === 'failed') {
          console.error('[mock] the Cypher worker failed', result.message);
          throw new ApiFailure(500, [{ context: 'server', message: 'The server failed to handle this request.' }]);
        }
        const { outcome } = result;
        if (outcome.kind !== 'answer') {
          throw new ApiFailure(500, [{ context: 'server', message: 'The server failed to handle this request.' }]);
        }
        return outcome.answer.edges.length === 0 ? null : { answer: outcome.answer, graph };
      },
    });
  };

  /** Upstream's refusal of an end given empty. */
  const refuseEmpty = (query: { start_node: string; end_node: string }) => {
    for (const name of ['start_node', 'end_node'] as const) {
      if (query[name].trim() === '') throw badRequest(name, `Missing query parameter: ${name}`);
    }
  };

  route(graphOps.getShortestPath, async (c, { query }) => {
    refuseEmpty(query);
    const { kinds } = walkedKinds(db.state, query.relationship_kinds, query.only_traversable === true);
    const found = await shortestPaths(query.start_node, query.end_node, kinds, c.get('preferWait'));
    if (!found) throw notFound('query', PATH_NOT_FOUND);
    // Upstream answers the nodes with their properties cleared, and the relationships without theirs.
    const nodes = Object.fromEntries(Object.entries(found.answer.nodes).map(([id, n]) => [id, { ...n, properties: {} }]));
    const data: UnifiedGraph = { nodes, edges: found.answer.edges, literals: [] };
    return c.json({ data });
  });

  route(graphOps.pathfinding, async (c, { query }) => {
    refuseEmpty(query);
    const found = await shortestPaths(query.start_node, query.end_node, null, c.get('preferWait'));
    if (!found) return c.json({ data: {} });
    return c.json({ data: toBhGraph(found.answer, (id) => nodeOf(found.graph, id)) });
  });

  route(graphOps.graphSearch, (c, { query }) => {
    const graph = graphOf(db.state);
    const tierZero = new Set(context.liveGraphOf(db.state).inputs().tags.admin_tier_0 ?? []);
    const data: Record<string, BhGraphNode> = {};
    for (const n of graphSearch(graph, query.query, query.type ?? 'fuzzy')) {
      data[String(graphIdOf(n))] = toBhGraphNode(n, tierZero.has(n.objectid));
    }
    return c.json({ data });
  });

  route(graphOps.getRelayTargets, (c, { query }) => {
    const { graph, edge } = namedEdge(db.state, query);
    if (!(NTLM_EDGE_KINDS as readonly string[]).includes(edge.kind)) {
      throw badRequest('edge_type', `${edge.kind} is not an NTLM relay relationship (${NTLM_EDGE_KINDS.join(', ')})`);
    }
    const tags = tagSets(context.liveGraphOf(db.state).inputs().tags);
    return c.json({ data: nodesAnswer(relayTargets(graph, edge), tags) });
  });

  route(graphOps.getAclInheritancePath, (c, { query }) => {
    const { graph, edge } = namedEdge(db.state, query);
    const tags = tagSets(context.liveGraphOf(db.state).inputs().tags);
    return c.json({ data: compositionAnswer(aclInheritance(graph, edge), tags) });
  });
}
