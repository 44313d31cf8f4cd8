import { describe, expect, it } from 'vitest';
import { CypherError } from './errors';
import { evaluate } from './evaluate';
import { graphFromLists, mutableCopy } from './graph';
import { parseQuery } from './parser';
import { GraphUpdater, type GraphDelta } from './update';

const base = () =>
  graphFromLists(
    [
      { name: 'U-1', labels: ['User'], props: { enabled: true } },
      { name: 'G-1', labels: ['Group'] },
      { name: 'C-1', labels: ['Computer'] },
    ],
    [['U-1', 'MemberOf', 'G-1']],
  );

/** Runs a mutation on a copy of the small graph: the delta and the answer's rows. */
function mutate(text: string): { delta: GraphDelta; rows: unknown[][] } {
  const graph = mutableCopy(base());
  let n = 0;
  const updates = new GraphUpdater(graph.nodes, graph.rels, { node: 100, edge: 100 }, () => `NEW-${++n}`);
  const result = evaluate(graph, parseQuery(text, { mutations: true }), { updates });
  return { delta: updates.delta(), rows: result.rows };
}

const refusal = (text: string) => {
  try {
    mutate(text);
  } catch (e) {
    if (e instanceof CypherError) return e.describe(text);
    throw e;
  }
  return 'no refusal';
};

describe('updating clauses', () => {
  it('CREATE makes nodes and relationships with new graph ids, joined to matched nodes', () => {
    const { delta, rows } = mutate(
      "MATCH (g:Group {name: 'G-1'}) CREATE (u:User {name: 'bob'})-[:MemberOf]->(g) RETURN u.name, id(u)",
    );
    expect(rows).toEqual([['bob', 100n]]);
    expect(delta.createdNodes).toEqual([
      { graphId: 100, objectid: 'NEW-1', kinds: ['User'], props: { name: 'bob', objectid: 'NEW-1' } },
    ]);
    expect(delta.createdEdges).toEqual([{ graphId: 100, source: 'NEW-1', target: 'G-1', kind: 'MemberOf' }]);
    expect(delta.editedNodes).toEqual([]);
  });

  it('SET and REMOVE change properties and labels; RETURN sees the change', () => {
    const { delta, rows } = mutate(
      "MATCH (u:User) SET u.title = 'boss', u:Admin, u += {enabled: false} REMOVE u.name RETURN u.title, u.enabled, labels(u)",
    );
    expect(rows).toEqual([['boss', false, ['User', 'Admin']]]);
    expect(delta.editedNodes).toEqual([
      { graphId: 0, objectid: 'U-1', kinds: ['User', 'Admin'], props: { enabled: false, title: 'boss' } },
    ]);
  });

  it('DELETE refuses a node that keeps relationships; DETACH DELETE takes them along', () => {
    expect(refusal('MATCH (u:User) DELETE u')).toMatch(/^line 1:16 Cannot delete node<0>, because it still has relationships/);
    expect(mutate('MATCH (u:User) DETACH DELETE u').delta).toMatchObject({ deletedNodes: ['U-1'], deletedEdges: [0] });
    expect(mutate('MATCH (u:User)-[r:MemberOf]->() DELETE r, u').delta).toMatchObject({
      deletedNodes: ['U-1'],
      deletedEdges: [0],
    });
    expect(mutate('MATCH (c:Computer) DELETE c').delta.deletedNodes).toEqual(['C-1']);
  });

  it('refuses what the mock keeps fixed, naming it and where', () => {
    expect(refusal("MATCH (u:User) SET u.objectid = 'X'")).toBe('line 1:20 changing objectid is not supported');
    expect(refusal('MATCH ()-[r]->() SET r.weight = 1')).toBe('line 1:22 changing a relationship is not supported');
    expect(refusal('MATCH (u:User) SET u:Tag_Tier_Zero')).toMatch(/^line 1:20 Tag_Tier_Zero marks membership of an asset group/);
    expect(refusal("CREATE (n:User {objectid: 'G-1'})")).toBe('line 1:8 a node with objectid G-1 already exists');
    expect(refusal('MATCH (a:User), (b:Group) CREATE (a)-[:X|Y]->(b)')).toBe(
      'line 1:37 a created relationship needs exactly one type',
    );
    expect(refusal('MERGE (n:User)')).toBe('line 1:1 MERGE is not supported');
    expect(refusal('CREATE (n:User) WITH n MATCH (m) RETURN m')).toBe('line 1:17 WITH after an updating clause is not supported');
  });
});
