import { describe, expect, it } from 'vitest';
import { directoryGraph } from '../seed/graph';
import { applyBatch, emptyLayer, removeBySource, withIngested } from './layer';

const seeded = directoryGraph();
const fresh = () => emptyLayer(seeded.domains.length + seeded.nodes.length, seeded.edges.length);
const seededUser = seeded.nodes.find((n) => n.primaryKind === 'User')!;

describe('the ingested layer', () => {
  it('adds new nodes and relationships, and merges a generated node by object id', () => {
    const layer = fresh();
    const summary = applyBatch(
      layer,
      {
        sourceKind: 'AD',
        nodes: [
          { objectid: 'S-1-5-21-1-2-3-1104', kinds: ['User', 'Base'], props: { name: 'NEW@LAB.TEST' } },
          { objectid: seededUser.objectid, kinds: ['User', 'Base'], props: { title: 'Uploaded title' } },
        ],
        edges: [{ source: { objectid: 'S-1-5-21-1-2-3-1104' }, target: { objectid: seededUser.objectid }, kind: 'GenericAll' }],
        deleted: [],
      },
      seeded,
      '2026-01-01T00:00:00.000Z',
    );
    expect(summary).toMatchObject({ nodes: { User: 2 }, relationships: 1 });
    const graph = withIngested(seeded, layer);
    expect(graph.byId.get('S-1-5-21-1-2-3-1104')).toMatchObject({ name: 'NEW@LAB.TEST', primaryKind: 'User' });
    const merged = graph.byId.get(seededUser.objectid)!;
    expect(merged.props).toMatchObject({
      name: seededUser.props.name,
      title: 'Uploaded title',
      lastseen: '2026-01-01T00:00:00.000Z',
    });
    expect(graph.edges.filter((e) => e.kind === 'GenericAll' && e.source === 'S-1-5-21-1-2-3-1104')).toHaveLength(1);
    expect(graph.edges.length).toBe(seeded.edges.length + 1);
    // The generated graph itself is unchanged, and the overlay is memoised by version.
    expect(seeded.byId.get(seededUser.objectid)!.props.title).not.toBe('Uploaded title');
    expect(withIngested(seeded, layer)).toBe(graph);
  });

  it('matches an end by name or by property values, in the file first and then in the graph; an end it cannot find is counted', () => {
    const layer = fresh();
    const summary = applyBatch(
      layer,
      {
        sourceKind: 'GitHub',
        nodes: [{ objectid: 'GH-1', kinds: ['GHUser'], props: { name: 'octo', email: 'octo@example.com' } }],
        edges: [
          {
            source: { properties: { email: 'octo@example.com' } },
            target: { name: String(seededUser.props.name), kind: 'User' },
            kind: 'GHSameAs',
          },
          {
            source: { properties: { email: 'octo@example.com' }, kind: 'Group' },
            target: { objectid: 'GH-1' },
            kind: 'GHSameAs',
          },
          { source: { name: 'nobody at all' }, target: { objectid: 'GH-1' }, kind: 'GHSameAs' },
        ],
        deleted: [],
      },
      seeded,
      'now',
    );
    expect(summary).toMatchObject({ relationships: 1, unmatched: 2 });
    const graph = withIngested(seeded, layer);
    expect(graph.edges.filter((e) => e.kind === 'GHSameAs')).toEqual([
      expect.objectContaining({ source: 'GH-1', target: seededUser.objectid, kind: 'GHSameAs' }),
    ]);
  });

  it('a deleted object goes with its relationships; clearing a source kind removes what it brought', () => {
    const layer = fresh();
    const batch = (deleted: string[]) => ({
      sourceKind: 'AD',
      nodes: deleted.length ? [] : [{ objectid: 'X-1', kinds: ['Computer', 'Base'], props: {} }],
      edges: deleted.length
        ? []
        : [{ source: { objectid: 'X-1' }, target: { objectid: seededUser.objectid }, kind: 'HasSession' }],
      deleted,
    });
    applyBatch(layer, batch([]), seeded, 'now');
    applyBatch(layer, batch(['X-1', seededUser.objectid]), seeded, 'now');
    const graph = withIngested(seeded, layer);
    expect(graph.byId.has('X-1')).toBe(false);
    expect(graph.byId.has(seededUser.objectid)).toBe(false);
    expect(graph.edges.some((e) => e.source === seededUser.objectid || e.target === seededUser.objectid)).toBe(false);

    const other = fresh();
    applyBatch(other, batch([]), seeded, 'now');
    removeBySource(other, ['Base'], false);
    expect(withIngested(seeded, other).byId.has('X-1')).toBe(false);
  });
});
