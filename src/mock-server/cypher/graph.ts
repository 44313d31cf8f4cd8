/**
 * The live directory graph as the Cypher engine sees it: nodes and
 * relationships with graph ids, indexed by label and by endpoint.
 *
 * Graph ids are positions in the seeded graph (nodes: domains first, then the
 * rest; relationships: the seeded edge list), so a node keeps its id when
 * clear-database removes others; a node or relationship a mutation created
 * keeps the id it was given (seed/graph-changes.ts). A node's labels are its kinds plus the
 * kinds of the system tags it belongs to now (`Tag_Tier_Zero`, `Tag_Owned`),
 * as upstream marks tier membership in the graph.
 */
import { directoryGraph, type DirectoryGraph, type GraphNode } from '../seed/graph';
import { createdGraphId } from '../seed/graph-changes';

export interface CypherNode {
  readonly id: number;
  readonly labels: readonly string[];
  readonly source: GraphNode;
}

export interface CypherRel {
  readonly id: number;
  readonly type: string;
  readonly start: CypherNode;
  readonly end: CypherNode;
}

export interface CypherGraph {
  readonly nodes: readonly CypherNode[];
  readonly rels: readonly CypherRel[];
  nodesWithLabel(label: string): readonly CypherNode[];
  outgoing(node: CypherNode): readonly CypherRel[];
  incoming(node: CypherNode): readonly CypherRel[];
  /**
   * The nodes whose `objectid` property is `objectid`, from an index built on first use; absent on a graph a
   * mutation may change (its properties can move under the index).
   */
  nodesWithObjectId?(objectid: string): readonly CypherNode[];
  /** Every node and relationship kind the graph holds, sorted. */
  kinds(): { nodes: string[]; edges: string[] };
}

/** The tag kinds of upstream's system tags, by the mock's asset-group tag. */
export const TAG_KINDS: Record<string, string> = { admin_tier_0: 'Tag_Tier_Zero', owned: 'Tag_Owned' };

/**
 * Upstream's Active Directory pathfinding kinds (graphschema `ad.PathfindingRelationships`):
 * the edges an attack path may walk.
 */
export const AD_PATHFINDING_KINDS = [
  'Owns',
  'GenericAll',
  'GenericWrite',
  'WriteOwner',
  'WriteDacl',
  'MemberOf',
  'ForceChangePassword',
  'AllExtendedRights',
  'AddMember',
  'HasSession',
  'Contains',
  'GPLink',
  'AllowedToDelegate',
  'TrustedBy',
  'AllowedToAct',
  'AdminTo',
  'CanPSRemote',
  'CanRDP',
  'ExecuteDCOM',
  'HasSIDHistory',
  'AddSelf',
  'DCSync',
  'ReadLAPSPassword',
  'ReadGMSAPassword',
  'DumpSMSAPassword',
  'SQLAdmin',
  'AddAllowedToAct',
  'WriteSPN',
  'AddKeyCredentialLink',
  'SyncLAPSPassword',
  'WriteAccountRestrictions',
  'WriteGPLink',
  'GoldenCert',
  'ADCSESC1',
  'ADCSESC3',
  'ADCSESC4',
  'ADCSESC5',
  'ADCSESC6a',
  'ADCSESC6b',
  'ADCSESC7',
  'ADCSESC9a',
  'ADCSESC9b',
  'ADCSESC10a',
  'ADCSESC10b',
  'ADCSESC13',
  'DCFor',
  'SyncedToEntraUser',
];

/**
 * The relationship types that stand for a set of kinds, as upstream reads them:
 * the traversable kinds of Active Directory, of Azure, or of both. The directory
 * graph holds no Azure edges, so AZ_ATTACK_PATHS matches none of its edges.
 */
export const ATTACK_PATH_TYPES: Record<string, readonly string[]> = {
  AD_ATTACK_PATHS: AD_PATHFINDING_KINDS,
  AZ_ATTACK_PATHS: [],
  ALL_ATTACK_PATHS: AD_PATHFINDING_KINDS,
};

interface SeededIds {
  nodes: Map<string, number>;
  edges: Map<string, number>;
}

let seededIds: SeededIds | undefined;

const edgeKey = (source: string, target: string, kind: string) => `${source}\u0000${target}\u0000${kind}`;

function ids(): SeededIds {
  if (!seededIds) {
    const full = directoryGraph();
    const nodes = new Map<string, number>();
    [...full.domains, ...full.nodes].forEach((n, i) => nodes.set(n.objectid, i));
    const edges = new Map<string, number>();
    full.edges.forEach((e, i) => edges.set(edgeKey(e.source, e.target, e.kind), i));
    seededIds = { nodes, edges };
  }
  return seededIds;
}

/** A node's graph id (its position in the seeded graph, or the id a mutation gave it). */
export function graphIdOf(node: GraphNode): number {
  return createdGraphId(node) ?? ids().nodes.get(node.objectid)!;
}

/**
 * The engine's view of `graph`; `systemTags(objectid)` gives the space-separated
 * system tags (`admin_tier_0 owned`) a node belongs to now.
 */
export function cypherGraph(graph: DirectoryGraph, systemTags: (objectid: string) => string): CypherGraph {
  const seeded = ids();
  const byObjectId = new Map<string, CypherNode>();
  const nodes = [...graph.domains, ...graph.nodes].map((source): CypherNode => {
    const tags = systemTags(source.objectid)
      .split(' ')
      .filter((t) => t in TAG_KINDS)
      .map((t) => TAG_KINDS[t]!);
    const id = createdGraphId(source) ?? seeded.nodes.get(source.objectid)!;
    const node = { id, labels: [...source.kinds, ...tags], source };
    byObjectId.set(source.objectid, node);
    return node;
  });
  const rels: CypherRel[] = [];
  for (const e of graph.edges) {
    const start = byObjectId.get(e.source);
    const end = byObjectId.get(e.target);
    const id = createdGraphId(e) ?? seeded.edges.get(edgeKey(e.source, e.target, e.kind))!;
    if (start && end) rels.push({ id, type: e.kind, start, end });
  }
  return indexed(nodes, rels);
}

/** A small graph from plain lists (tests): nodes by name with labels and properties, edges by names; ids are list positions. */
export function graphFromLists(
  list: readonly { name: string; labels: readonly string[]; props?: Record<string, unknown> }[],
  edges: readonly (readonly [source: string, type: string, target: string])[],
): CypherGraph {
  const nodes = list.map((n, i): CypherNode => ({
    id: i,
    labels: n.labels,
    source: {
      objectid: n.name,
      name: n.name,
      kinds: [...n.labels],
      primaryKind: n.labels[n.labels.length - 1] ?? '',
      domainSid: '',
      props: { name: n.name, ...n.props },
    },
  }));
  const byName = new Map(nodes.map((n) => [n.source.name, n]));
  const rels = edges.map(([source, type, target], i): CypherRel => {
    const start = byName.get(source);
    const end = byName.get(target);
    if (!start || !end) throw new Error(`no node ${start ? target : source}`);
    return { id: i, type, start, end };
  });
  return indexed(nodes, rels);
}

/**
 * A copy of `graph` whose nodes' labels, kinds and properties a mutation may
 * change in place (update.ts), leaving the graph it was copied from as it was.
 */
export function mutableCopy(graph: CypherGraph): CypherGraph {
  const copies = new Map<CypherNode, CypherNode>();
  const nodes = graph.nodes.map((n) => {
    const kinds = [...n.source.kinds];
    const copy = { id: n.id, labels: [...n.labels], source: { ...n.source, kinds, props: { ...n.source.props } } };
    copies.set(n, copy);
    return copy;
  });
  const rels = graph.rels.map((r) => ({ ...r, start: copies.get(r.start)!, end: copies.get(r.end)! }));
  return indexed(nodes, rels, false);
}

function indexed(nodes: CypherNode[], rels: CypherRel[], stable = true): CypherGraph {
  const byLabel = new Map<string, CypherNode[]>();
  for (const node of nodes) {
    for (const label of node.labels) {
      let list = byLabel.get(label);
      if (!list) byLabel.set(label, (list = []));
      list.push(node);
    }
  }
  const outgoing = new Map<CypherNode, CypherRel[]>();
  const incoming = new Map<CypherNode, CypherRel[]>();
  const push = (map: Map<CypherNode, CypherRel[]>, key: CypherNode, rel: CypherRel) => {
    const list = map.get(key);
    if (list) list.push(rel);
    else map.set(key, [rel]);
  };
  for (const rel of rels) {
    push(outgoing, rel.start, rel);
    push(incoming, rel.end, rel);
  }
  let byObjectId: Map<string, CypherNode[]> | undefined;
  const nodesWithObjectId = (objectid: string): readonly CypherNode[] => {
    if (!byObjectId) {
      byObjectId = new Map();
      for (const node of nodes) {
        const id = node.source.props.objectid;
        if (typeof id !== 'string') continue;
        const list = byObjectId.get(id);
        if (list) list.push(node);
        else byObjectId.set(id, [node]);
      }
    }
    return byObjectId.get(objectid) ?? [];
  };
  return {
    nodes,
    rels,
    nodesWithLabel: (label) => byLabel.get(label) ?? [],
    ...(stable ? { nodesWithObjectId } : {}),
    outgoing: (node) => outgoing.get(node) ?? [],
    incoming: (node) => incoming.get(node) ?? [],
    kinds: () => ({ nodes: [...byLabel.keys()].sort(), edges: [...new Set(rels.map((r) => r.type))].sort() }),
  };
}
