import { describe, expect, it } from 'vitest';
import { buildAnswerGraph, layoutInput, withPositions } from './answer-graph-model';
import { forceLayout, type LayoutInput } from './graph-layout';
import { DAGRE_LIMIT, layeredLayout, quickLayers } from './graph-layout-layered';
import { layoutNow, runLayout } from './layout-runner';

/** `n` nodes, each pointing at one or two earlier ones (a pseudo-random but fixed choice). */
function dag(n: number): LayoutInput {
  const edges: number[] = [];
  let seed = 7;
  const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 1; i < n; i++) {
    edges.push(Math.floor(next() * i), i);
    if (i % 3 === 0) edges.push(Math.floor(next() * i), i);
  }
  return {
    keys: Array.from({ length: n }, (_, i) => `n${i}`),
    sizes: Array.from({ length: n }, () => 5),
    edges: Int32Array.from(edges),
  };
}

describe('layouts', () => {
  it('ForceAtlas2 gives the same positions for the same answer, every one a number', () => {
    const input = dag(200);
    const a = forceLayout(input);
    expect(a).toHaveLength(400);
    expect([...a].every(Number.isFinite)).toBe(true);
    expect(forceLayout(input)).toEqual(a);
  });

  it('the layered layout is deterministic and draws each source above its targets', () => {
    for (const n of [40, DAGRE_LIMIT + 200]) {
      const input = dag(n);
      const p = layeredLayout(input);
      expect(layeredLayout(input)).toEqual(p);
      for (let i = 0; i < input.edges.length; i += 2) {
        const [s, t] = [input.edges[i]!, input.edges[i + 1]!];
        // Sigma's y points up: a source's y is greater than its target's.
        expect(p[2 * s + 1]!).toBeGreaterThan(p[2 * t + 1]!);
      }
    }
  });

  it('lays out 5,000 nodes in layers quickly, no two nodes of a layer in one place', () => {
    const input = dag(5000);
    const started = performance.now();
    const p = quickLayers(input);
    expect(performance.now() - started).toBeLessThan(2000);
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) seen.add(`${p[2 * i]},${p[2 * i + 1]}`);
    expect(seen.size).toBe(5000);
  });

  it('without a worker, ForceAtlas2 runs at once and the layered layout after loading its module', async () => {
    const model = buildAnswerGraph(
      { a: { label: 'A', kind: 'User', kinds: [], objectId: 'a', isTierZero: false, isOwnedObject: false, lastSeen: '' } },
      [],
      new Map(),
      { layout: false },
    );
    const input = layoutInput(model);
    expect(layoutNow('force', input)).toEqual(forceLayout(input));
    expect(layoutNow('hierarchical', input)).toBeUndefined();
    expect(await runLayout('hierarchical', input)).toEqual(layeredLayout(input));
    const placed = withPositions(model, Float64Array.from([3, 4]));
    expect(placed.layout.get('a')).toEqual({ x: 3, y: 4 });
  });
});
