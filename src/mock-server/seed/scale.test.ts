import { describe, expect, it } from 'vitest';
import { buildGraph, chooseDirectoryGraphScale, directoryGraph, type DirectoryGraph } from './graph';

const sizeOf = (g: DirectoryGraph) => g.domains.length + g.nodes.length;

describe('the generated benchmark directory (MOCK_GRAPH_SCALE)', () => {
  it('has at least 100,000 nodes and 1,000,000 relationships at 100,000, every edge between known nodes', () => {
    const graph = buildGraph(100_000);
    expect(sizeOf(graph)).toBeGreaterThanOrEqual(100_000);
    expect(sizeOf(graph)).toBeLessThan(103_000);
    expect(graph.edges.length).toBeGreaterThanOrEqual(1_000_000);
    expect(graph.byId.size).toBe(sizeOf(graph));
    for (const e of graph.edges) {
      if (!graph.byId.has(e.source) || !graph.byId.has(e.target) || e.source === e.target)
        throw new Error(`bad edge ${JSON.stringify(e)}`);
    }
  }, 60_000);

  it('grows the seeded graph without moving it: the seed comes first, unchanged', () => {
    const seed = directoryGraph();
    const grown = buildGraph(8_000);
    expect(grown.nodes.slice(0, seed.nodes.length).map((n) => n.objectid)).toEqual(seed.nodes.map((n) => n.objectid));
    expect(JSON.stringify(grown.edges.slice(0, seed.edges.length))).toBe(JSON.stringify(seed.edges));
    const added = grown.nodes.slice(seed.nodes.length);
    const kinds = new Set(added.map((n) => n.primaryKind));
    expect(kinds).toEqual(new Set(['OU', 'User', 'Group', 'Computer']));
    // Same shape: a generated user has every property a seeded user has.
    const seededUser = seed.nodes.find((n) => n.primaryKind === 'User' && n.props.samaccountname === 'Administrator')!;
    const generatedUser = added.find((n) => n.primaryKind === 'User')!;
    expect(Object.keys(generatedUser.props).sort()).toEqual(Object.keys(seededUser.props).sort());
    expect(generatedUser.objectid.startsWith(`${generatedUser.domainSid}-`)).toBe(true);
    expect(new Set(grown.nodes.map((n) => n.objectid)).size).toBe(grown.nodes.length);
    expect(new Set(grown.edges.map((e) => `${e.source}|${e.kind}|${e.target}`)).size).toBe(grown.edges.length);
  });

  it('is deterministic', () => {
    const a = buildGraph(5_000);
    const b = buildGraph(5_000);
    expect(JSON.stringify(b.edges)).toBe(JSON.stringify(a.edges));
    expect(b.nodes.map((n) => n.name)).toEqual(a.nodes.map((n) => n.name));
  });

  it('is chosen once per process: another size after the graph was built is an error', () => {
    directoryGraph();
    expect(() => chooseDirectoryGraphScale(null)).not.toThrow();
    expect(() => chooseDirectoryGraphScale(50_000)).toThrow('The directory graph was already built at seed size.');
  });
});
