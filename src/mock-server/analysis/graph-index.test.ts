import { describe, expect, it } from 'vitest';
import { EdgeSink, GraphIndex } from './graph-index';
import { DOMAIN_SID, TestGraph } from './test-graph';

describe('GraphIndex.crossProduct', () => {
  function graph() {
    const g = new TestGraph();
    const alice = g.node('User', '1101');
    const bob = g.node('User', '1102');
    const team = g.node('Group', '1201');
    const all = g.node('Group', '1202');
    g.edge(alice, 'MemberOf', team).edge(bob, 'MemberOf', team).edge(team, 'MemberOf', all);
    return { index: new GraphIndex(g.build()), alice, bob, team, all };
  }

  it('keeps the outermost principal in every set', () => {
    const { index, team, all, alice } = graph();
    expect(index.crossProduct([team], [all])).toEqual([team]);
    expect(index.crossProduct([alice], [all], [team])).toEqual([alice]);
  });

  it('is empty when a set is empty or nobody is in all of them', () => {
    const { index, alice, bob } = graph();
    expect(index.crossProduct([alice], [])).toEqual([]);
    expect(index.crossProduct([alice], [bob])).toEqual([]);
  });

  it('lets Authenticated Users stand for everyone', () => {
    const { index, bob } = graph();
    expect(index.crossProduct([`${DOMAIN_SID}-S-1-5-11`], [bob])).toEqual([bob]);
  });
});

describe('EdgeSink', () => {
  it('adds an edge once, never one the graph has, and shows it to the index', () => {
    const g = new TestGraph();
    const user = g.node('User', '1101');
    const computer = g.node('Computer', '1001');
    g.edge(user, 'AdminTo', computer);
    const index = new GraphIndex(g.build());
    const sink = new EdgeSink(index);
    sink.add(user, 'AdminTo', computer);
    sink.add(user, 'CanRDP', computer);
    sink.add(user, 'CanRDP', computer);
    sink.add(user, 'CanRDP', user);
    expect(sink.edges).toEqual([{ source: user, target: computer, kind: 'CanRDP' }]);
    expect(index.sources(computer, 'CanRDP')).toEqual([user]);
  });
});
