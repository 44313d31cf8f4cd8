import { describe, expect, it } from 'vitest';
import type { DbState } from '../store/db';
import { cypherGraph } from '../cypher/graph';
import { applyDelta, pruneChanges } from './graph-changes';
import { NO_DELETIONS, directoryGraph, type GraphDeletions } from './graph';
import { graphOf } from './live-graph';

const seeded = directoryGraph();
const user = seeded.nodes.find((n) => n.primaryKind === 'User')!;
const stateWith = (deletions: GraphDeletions = NO_DELETIONS) => ({ graph: { deletions } }) as unknown as DbState;
const empty = { createdNodes: [], createdEdges: [], deletedNodes: [], deletedEdges: [], editedNodes: [] };
const created = (objectid: string, graphId: number, kinds = ['Computer']) => ({
  graphId,
  objectid,
  kinds,
  props: { name: objectid, objectid },
});

describe('graph changes', () => {
  it('lay created, edited and deleted nodes over the seeded graph, with a new version each time', () => {
    const state = stateWith();
    const n = seeded.domains.length + seeded.nodes.length;
    applyDelta(state, {
      ...empty,
      createdNodes: [created('NEW-1', n)],
      createdEdges: [{ graphId: seeded.edges.length, source: user.objectid, target: 'NEW-1', kind: 'AdminTo' }],
      editedNodes: [
        { graphId: 0, objectid: user.objectid, kinds: [...user.kinds, 'Admin'], props: { ...user.props, title: 'x' } },
      ],
    });
    const first = graphOf(state);
    expect(first.byId.get('NEW-1')).toMatchObject({ name: 'NEW-1', primaryKind: 'Computer' });
    expect(first.byId.get(user.objectid)!.props.title).toBe('x');
    expect(first.edges.filter((e) => e.target === 'NEW-1')).toEqual([
      { source: user.objectid, target: 'NEW-1', kind: 'AdminTo' },
    ]);
    const ids = cypherGraph(first, () => '');
    expect(ids.nodes.find((c) => c.source.objectid === 'NEW-1')!.id).toBe(n);
    expect(directoryGraph().byId.get(user.objectid)!.props.title).not.toBe('x');

    applyDelta(state, { ...empty, deletedNodes: ['NEW-1', user.objectid] });
    const second = graphOf(state);
    expect(second.version).not.toBe(first.version);
    expect(second.byId.has('NEW-1')).toBe(false);
    expect(second.byId.has(user.objectid)).toBe(false);
    expect(second.edges.some((e) => e.source === user.objectid || e.target === user.objectid)).toBe(false);
    expect(state.graph.changes!.createdNodes).toEqual([]);
  });

  it('lose the created nodes clear-database removes', () => {
    const state = stateWith();
    const n = seeded.domains.length + seeded.nodes.length;
    applyDelta(state, { ...empty, createdNodes: [created('AD-NODE', n, ['Base', 'User']), created('OTHER', n + 1)] });
    const deletions = { ...NO_DELETIONS, sourceKinds: ['Base'] };
    state.graph.deletions = deletions;
    pruneChanges(state, deletions);
    expect(graphOf(state).byId.has('AD-NODE')).toBe(false);
    expect(graphOf(state).byId.has('OTHER')).toBe(true);
  });
});
