import { describe, expect, it } from 'vitest';
import type { CypherEdge, CypherNode } from '@/api/schemas/cypher';
import { buildAnswerGraph, edgeIndexOf } from './answer-graph-model';
import { findGroups, groupLabel, isGroupKey } from './graph-collapse';

const node = (label: string, kind: string): CypherNode => ({
  label,
  kind,
  kinds: ['Base', kind],
  objectId: `S-${label}`,
  isTierZero: false,
  isOwnedObject: false,
  lastSeen: '2026-11-27T00:00:00Z',
});
const edge = (source: string, target: string, kind: string): CypherEdge => ({
  source,
  target,
  kind,
  label: kind,
  lastSeen: '2026-11-27T00:00:00Z',
});

/** A group "g" with `users` users that are MemberOf it, and `computers` computers it is AdminTo. */
function star(users: number, computers = 0) {
  const nodes: Record<string, CypherNode> = { g: node('ADMINS', 'Group') };
  const edges: CypherEdge[] = [];
  for (let i = 0; i < users; i++) {
    nodes[`u${i}`] = node(`USER${i}`, 'User');
    edges.push(edge(`u${i}`, 'g', 'MemberOf'));
  }
  for (let i = 0; i < computers; i++) {
    nodes[`c${i}`] = node(`PC${i}`, 'Computer');
    edges.push(edge('g', `c${i}`, 'AdminTo'));
  }
  return { nodes, edges };
}

describe('findGroups', () => {
  it('collapses more than the threshold of alike leaves on one relationship kind', () => {
    const { nodes, edges } = star(42, 3);
    const groups = findGroups(nodes, edges, 10);
    expect(groups).toHaveLength(1);
    const [group] = groups;
    expect(group).toMatchObject({ hub: 'g', direction: 'in', edgeKind: 'MemberOf', nodeKind: 'User' });
    expect(group!.members).toHaveLength(42);
    expect(group!.edges).toEqual(Array.from({ length: 42 }, (_, i) => i));
    expect(isGroupKey(group!.id)).toBe(true);
    expect(groupLabel(group!)).toBe('42 Users (MemberOf)');
  });

  it('leaves a group of exactly the threshold, and neighbours with other relationships, alone', () => {
    expect(findGroups(star(10).nodes, star(10).edges, 10)).toEqual([]);
    const { nodes, edges } = star(12);
    // u0 is also joined to u1: both have two relationships now, 10 leaves are left.
    edges.push(edge('u0', 'u1', 'HasSession'));
    expect(findGroups(nodes, edges, 10)).toEqual([]);
    edges.pop();
    nodes.x = node('X', 'User');
    edges.push(edge('u0', 'x', 'HasSession'));
    // u0 has two relationships; x hangs off u0 alone; 11 leaves remain on g.
    const groups = findGroups(nodes, edges, 10);
    expect(groups.map((g) => g.members.length)).toEqual([11]);
  });

  it('splits neighbours by relationship kind, direction and kind', () => {
    const { nodes, edges } = star(11, 11);
    const groups = findGroups(nodes, edges, 10);
    expect(groups.map((g) => `${g.direction} ${g.edgeKind} ${g.nodeKind} ${g.members.length}`)).toEqual([
      'in MemberOf User 11',
      'out AdminTo Computer 11',
    ]);
  });

  it('ignores relationships whose ends are not in the answer, and is the same for the same answer', () => {
    const { nodes, edges } = star(11);
    edges.push(edge('u0', 'missing', 'MemberOf'));
    expect(findGroups(nodes, edges, 10)[0]!.members).toHaveLength(11);
    expect(findGroups(nodes, edges, 10)).toEqual(findGroups(nodes, edges, 10));
  });
});

describe('a collapsed group in the drawing', () => {
  it('is one node and one relationship in place of its members', () => {
    const { nodes, edges } = star(42, 2);
    const groups = findGroups(nodes, edges, 10);
    const model = buildAnswerGraph(nodes, edges, new Map(), { collapsed: groups });
    expect(model.graph.order).toBe(1 + 1 + 2);
    expect(model.graph.size).toBe(1 + 2);
    const id = groups[0]!.id;
    expect(model.graph.getNodeAttributes(id)).toMatchObject({ name: '42 Users (MemberOf)', group: id, kind: 'User' });
    const [groupEdge] = model.graph.edges(id);
    expect(model.graph.source(groupEdge!)).toBe(id);
    expect(model.graph.getEdgeAttribute(groupEdge!, 'count')).toBe(42);
    expect(edgeIndexOf(groupEdge!)).toBeUndefined();
    // The legend still counts every node of the answer.
    expect(model.legend.find((l) => l.kind === 'User')?.count).toBe(42);
    expect(model.groups.get(id)).toBe(groups[0]);
  });

  it('draws every member again once expanded (not collapsed)', () => {
    const { nodes, edges } = star(42);
    const model = buildAnswerGraph(nodes, edges, new Map(), { collapsed: [] });
    expect(model.graph.order).toBe(43);
    expect(model.groups.size).toBe(0);
  });
});
