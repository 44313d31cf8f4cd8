/**
 * Indexes over a directory graph that the post-processing rules share, built once per run: nodes by kind,
 * edges by kind, and for each edge kind the sources of each target and the targets of each source. Also the
 * two membership questions every rule asks: who is, directly or through nested groups, a member of a group,
 * and which principals hold both of two rights (the smallest set of them, a group standing for its members).
 */
import type { DirectoryGraph, GraphEdge, GraphNode } from '../seed/graph';

/** Object id suffixes of the groups every authenticated principal belongs to without a MemberOf edge. */
const AUTHENTICATED_USERS_SUFFIX = '-S-1-5-11';
const EVERYONE_SUFFIX = '-S-1-1-0';

export const isEveryoneOrAuthenticatedUsers = (id: string): boolean =>
  id.endsWith(AUTHENTICATED_USERS_SUFFIX) || id.endsWith(EVERYONE_SUFFIX);

const EMPTY: readonly string[] = [];

export class GraphIndex {
  readonly byId: Map<string, GraphNode>;
  private readonly nodesOfKind = new Map<string, GraphNode[]>();
  private readonly edgesOfKind = new Map<string, GraphEdge[]>();
  private readonly sourcesByKind = new Map<string, Map<string, string[]>>();
  private readonly targetsByKind = new Map<string, Map<string, string[]>>();
  private readonly expansions = new Map<string, ReadonlySet<string>>();

  constructor(readonly graph: DirectoryGraph) {
    this.byId = graph.byId;
    const seen = new Set<string>();
    for (const node of [...graph.domains, ...graph.nodes]) {
      if (seen.has(node.objectid)) continue;
      seen.add(node.objectid);
      for (const kind of node.kinds) {
        let list = this.nodesOfKind.get(kind);
        if (!list) this.nodesOfKind.set(kind, (list = []));
        list.push(node);
      }
    }
    for (const edge of graph.edges) {
      let list = this.edgesOfKind.get(edge.kind);
      if (!list) this.edgesOfKind.set(edge.kind, (list = []));
      list.push(edge);
    }
  }

  nodes(kind: string): readonly GraphNode[] {
    return this.nodesOfKind.get(kind) ?? [];
  }

  edges(kind: string): readonly GraphEdge[] {
    return this.edgesOfKind.get(kind) ?? [];
  }

  hasKind(id: string, kind: string): boolean {
    return this.byId.get(id)?.kinds.includes(kind) ?? false;
  }

  /** Sources of `kind` edges ending at `target`. */
  sources(target: string, kind: string): readonly string[] {
    let index = this.sourcesByKind.get(kind);
    if (!index) {
      index = new Map();
      for (const e of this.edges(kind)) push(index, e.target, e.source);
      this.sourcesByKind.set(kind, index);
    }
    return index.get(target) ?? EMPTY;
  }

  /** Targets of `kind` edges starting at `source`. */
  targets(source: string, kind: string): readonly string[] {
    let index = this.targetsByKind.get(kind);
    if (!index) {
      index = new Map();
      for (const e of this.edges(kind)) push(index, e.source, e.target);
      this.targetsByKind.set(kind, index);
    }
    return index.get(source) ?? EMPTY;
  }

  /** Sources of any of `kinds` ending at `target`, each once. */
  sourcesOfAny(target: string, kinds: readonly string[]): string[] {
    const out = new Set<string>();
    for (const k of kinds) for (const s of this.sources(target, k)) out.add(s);
    return [...out];
  }

  /** The domain SID of a node: its own `domainsid`, or for a domain its object id. */
  domainSidOf(node: GraphNode): string {
    const sid = node.props.domainsid ?? node.domainSid;
    if (typeof sid === 'string' && sid) return sid.toUpperCase();
    return node.kinds.includes('Domain') ? node.objectid : '';
  }

  /**
   * `start` and everything that is, through `kinds` edges followed backwards (member to group), a member of
   * one of them. Kept for the run (membership edges are never derived), so the set must not be changed.
   */
  expandMembers(start: Iterable<string>, kinds: readonly string[] = ['MemberOf']): ReadonlySet<string> {
    const ids = [...new Set(start)].sort();
    const key = `${kinds.join(',')}|${ids.join(',')}`;
    const cached = this.expansions.get(key);
    if (cached) return cached;
    const out = new Set<string>(ids);
    const queue = [...ids];
    while (queue.length > 0) {
      const group = queue.pop()!;
      for (const k of kinds) {
        for (const member of this.sources(group, k)) {
          if (!out.has(member)) {
            out.add(member);
            queue.push(member);
          }
        }
      }
    }
    this.expansions.set(key, out);
    return out;
  }

  /**
   * The principals that hold every one of several rights, each right given as the principals it was granted
   * to: the members (nested) of every set, reduced to the outermost ones (a member of a qualifying group is
   * left to the group). Everyone or Authenticated Users in a set lets every principal through that set.
   */
  crossProduct(...sets: Iterable<string>[]): string[] {
    const lists = sets.map((s) => [...s]);
    if (lists.length === 0 || lists.some((l) => l.length === 0)) return [];
    const closed = lists.filter((l) => !l.some(isEveryoneOrAuthenticatedUsers));
    if (closed.length === 0) return [...new Set(lists.flat().filter(isEveryoneOrAuthenticatedUsers))];
    let both: ReadonlySet<string> = this.expandMembers(closed[0]!);
    for (const list of closed.slice(1)) {
      const reach = this.expandMembers(list);
      both = new Set([...both].filter((id) => reach.has(id)));
    }
    const out: string[] = [];
    for (const id of both) {
      if (!this.targets(id, 'MemberOf').some((group) => both.has(group))) out.push(id);
    }
    return out;
  }

  /** Records a derived edge so that the rules that run later see it. */
  addEdge(edge: GraphEdge): void {
    let list = this.edgesOfKind.get(edge.kind);
    if (!list) this.edgesOfKind.set(edge.kind, (list = []));
    list.push(edge);
    const sources = this.sourcesByKind.get(edge.kind);
    if (sources) push(sources, edge.target, edge.source);
    const targets = this.targetsByKind.get(edge.kind);
    if (targets) push(targets, edge.source, edge.target);
  }
}

function push(index: Map<string, string[]>, key: string, value: string): void {
  const list = index.get(key);
  if (list) list.push(value);
  else index.set(key, [value]);
}

/**
 * Collects derived edges, each once and only when the graph does not have it already; each one is also
 * added to the index, for the rules that build on it.
 */
export class EdgeSink {
  /** `source|target` of the edges of each kind derived so far or already in the graph (built per kind). */
  private readonly keys = new Map<string, Set<string>>();
  readonly edges: GraphEdge[] = [];

  constructor(private readonly index: GraphIndex) {}

  add(source: string, kind: string, target: string, props?: Record<string, unknown>): void {
    if (!source || !target || source === target) return;
    let keys = this.keys.get(kind);
    if (!keys) {
      keys = new Set();
      for (const e of this.index.edges(kind)) keys.add(`${e.source}|${e.target}`);
      this.keys.set(kind, keys);
    }
    const key = `${source}|${target}`;
    if (keys.has(key)) return;
    keys.add(key);
    const edge: GraphEdge = props ? { source, target, kind, props } : { source, target, kind };
    this.edges.push(edge);
    this.index.addEdge(edge);
  }
}
