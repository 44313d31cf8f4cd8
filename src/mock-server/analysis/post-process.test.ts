import { describe, expect, it } from 'vitest';
import { directoryGraph } from '../seed/graph';
import { POST_PROCESSED_EDGE_KINDS, postProcess } from './post-process';
import { TestGraph } from './test-graph';

describe('postProcess', () => {
  it('derives nothing from an empty graph', () => {
    expect(postProcess(new TestGraph(false).build())).toEqual([]);
  });

  it('on the seeded directory: listed kinds, known ends, no edge twice or already in the graph', () => {
    const graph = directoryGraph();
    const out = postProcess(graph);
    const kinds = new Set<string>(POST_PROCESSED_EDGE_KINDS);
    const keys = new Set(graph.edges.map((e) => `${e.source}|${e.kind}|${e.target}`));
    for (const e of out) {
      expect(kinds.has(e.kind), e.kind).toBe(true);
      expect(graph.byId.has(e.source) && graph.byId.has(e.target)).toBe(true);
      const key = `${e.source}|${e.kind}|${e.target}`;
      expect(keys.has(key), key).toBe(false);
      keys.add(key);
    }
    expect(out.length).toBeGreaterThan(0);
  });

  it('lists each kind once', () => {
    expect(new Set(POST_PROCESSED_EDGE_KINDS).size).toBe(POST_PROCESSED_EDGE_KINDS.length);
  });
});
