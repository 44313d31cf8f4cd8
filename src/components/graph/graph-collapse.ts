/**
 * Large groups drawn as one node: a node's neighbours of one kind, joined to it by one relationship kind in one
 * direction and joined to nothing else in the answer, become a single "collapsed" node ("42 Users (MemberOf)")
 * when there are more than `COLLAPSE_THRESHOLD` of them. Pure: the drawing decides which groups stay collapsed.
 */
import type { CypherEdge, CypherNode } from '@/api/schemas/cypher';
import { pluralWord } from '@/shared/words';

/** More neighbours than this in one group collapse. */
export const COLLAPSE_THRESHOLD = 10;

export interface CollapsedGroup {
  /** The group's key in the drawing (never a node id of the answer: it starts with `group:`). */
  id: string;
  /** The node the members hang off. */
  hub: string;
  /** `out`: the hub is each relationship's source; `in`: its target. */
  direction: 'out' | 'in';
  /** The members' relationship kind. */
  edgeKind: string;
  /** The members' node kind. */
  nodeKind: string;
  /** The members' ids, in the answer's order. */
  members: string[];
  /** The members' relationships, by position in the answer's edges. */
  edges: number[];
}

export const GROUP_PREFIX = 'group:';
export const isGroupKey = (key: string) => key.startsWith(GROUP_PREFIX);

/** "42 Users (MemberOf)": what a collapsed node is labelled. */
export function groupLabel(group: Pick<CollapsedGroup, 'members' | 'nodeKind' | 'edgeKind'>): string {
  return `${group.members.length} ${pluralWord(group.members.length, group.nodeKind)} (${group.edgeKind})`;
}

/**
 * The groups of an answer that collapse: for each node, its neighbours whose only relationship in the answer is
 * one with that node, grouped by relationship kind, direction and their own kind, where a group has more than
 * `threshold` members. Edges whose ends are not among `nodes` are ignored. Deterministic (the answer's order).
 */
export function findGroups(
  nodes: Record<string, CypherNode>,
  edges: readonly CypherEdge[],
  threshold = COLLAPSE_THRESHOLD,
): CollapsedGroup[] {
  const degree = new Map<string, number>();
  const only = new Map<string, number>();
  edges.forEach((edge, i) => {
    if (!(edge.source in nodes) || !(edge.target in nodes)) return;
    for (const end of edge.source === edge.target ? [edge.source, edge.source] : [edge.source, edge.target]) {
      degree.set(end, (degree.get(end) ?? 0) + 1);
      only.set(end, i);
    }
  });
  const groups = new Map<string, CollapsedGroup>();
  const add = (hub: string, member: string, direction: 'out' | 'in', edgeKind: string, index: number) => {
    const nodeKind = nodes[member]!.kind;
    const id = `${GROUP_PREFIX}${hub}:${direction}:${edgeKind}:${nodeKind}`;
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { id, hub, direction, edgeKind, nodeKind, members: [], edges: [] }));
    group.members.push(member);
    group.edges.push(index);
  };
  for (const [member, count] of degree) {
    if (count !== 1) continue;
    const index = only.get(member)!;
    const edge = edges[index]!;
    const edgeKind = edge.kind || edge.label;
    // A hub that is itself a lone leaf (a pair of nodes) keeps its partner.
    const hub = edge.source === member ? edge.target : edge.source;
    if (degree.get(hub) === 1) continue;
    add(hub, member, edge.source === hub ? 'out' : 'in', edgeKind, index);
  }
  return [...groups.values()].filter((group) => group.members.length > threshold).sort((a, b) => (a.id < b.id ? -1 : 1));
}
