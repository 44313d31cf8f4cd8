/**
 * The explorer's path reads on a large directory (`npm run bench explore-paths`).
 *
 * Starts the mock service in-process on the generated directory at BENCH_PATHS_SCALE nodes (MOCK_GRAPH_SCALE;
 * 100,000 unless set) and times, through the whole HTTP app (auth, validation, the Cypher worker, JSON):
 *
 * - GET /api/v2/graphs/shortest-path between random pairs known to be reachable (the end of a random walk of
 *   2 to 8 relationships from a random user or computer), over every kind and with only_traversable (the walk
 *   then takes traversable kinds only): median and 95th percentile;
 * - GET /api/v2/graph-search with a new text each time (a name's first three or four letters): median and 95th
 *   percentile, with the median number of nodes answered.
 *
 * The first shortest path also builds the worker's copy of the graph; it is timed apart. Figures are measured,
 * never asserted; they vary with the machine's load, printed with them.
 */
import { cpus, loadavg } from 'node:os';
import { isTraversableKind } from '../src/api/schemas/edge-kinds';
import { cypherEngine } from '../src/mock-server/cypher/engine';
import { directoryGraph, edgeIndex, type GraphNode } from '../src/mock-server/seed/graph';

const SCALE = Number(process.env.BENCH_PATHS_SCALE || 100_000);
const RUNS = Number(process.env.BENCH_RUNS || 41);

const { createMockServer } = await import('../src/mock-server/app');
const started = performance.now();
const mock = createMockServer({ jwtSecret: new TextEncoder().encode('bench'), graphScale: SCALE }, {});
const login = await mock.fetch(
  new Request('http://mock/api/v2/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login_method: 'secret', username: 'admin', secret: mock.config.password }),
  }),
);
const token = ((await login.json()) as { data: { session_token: string } }).data.session_token;
const graph = directoryGraph();
const nodes = graph.domains.length + graph.nodes.length;
console.log(
  `Explorer paths at MOCK_GRAPH_SCALE=${SCALE}: ${nodes.toLocaleString('en-US')} nodes, ` +
    `${graph.edges.length.toLocaleString('en-US')} relationships; service started in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
console.log(
  `Machine: ${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; ${RUNS} runs each\n`,
);

/** A small deterministic generator, so every run times the same pairs. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const index = edgeIndex(graph);
const principals = graph.nodes.filter((n) => n.kinds.includes('User') || n.kinds.includes('Computer'));

/** Pairs whose end a random walk from the start reaches (so a path exists), of distinct nodes. */
function reachablePairs(count: number, seed: number, traversableOnly: boolean): [GraphNode, GraphNode][] {
  const next = random(seed);
  const pairs: [GraphNode, GraphNode][] = [];
  while (pairs.length < count) {
    const start = principals[Math.floor(next() * principals.length)]!;
    const steps = 2 + Math.floor(next() * 7);
    let at = start;
    for (let i = 0; i < steps; i++) {
      const out = (index.outbound.get(at.objectid) ?? []).filter((e) => !traversableOnly || isTraversableKind(e.kind));
      if (out.length === 0) break;
      at = graph.byId.get(out[Math.floor(next() * out.length)]!.target) ?? at;
    }
    if (at !== start) pairs.push([start, at]);
  }
  return pairs;
}

async function get(path: string): Promise<{ status: number; body: unknown }> {
  const res = await mock.fetch(new Request(`http://mock${path}`, { headers: { Authorization: `Bearer ${token}` } }));
  return { status: res.status, body: await res.json() };
}

function stats(samples: number[]): { p50: number; p95: number } {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: s[Math.floor(s.length / 2)]!, p95: s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]! };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function timeShortest(label: string, traversableOnly: boolean, seed: number) {
  const pairs = reachablePairs(RUNS, seed, traversableOnly);
  const samples: number[] = [];
  const lengths: number[] = [];
  let failures = 0;
  for (const [from, to] of pairs) {
    const query = new URLSearchParams({ start_node: from.objectid, end_node: to.objectid });
    if (traversableOnly) query.set('only_traversable', 'true');
    const t = performance.now();
    const res = await get(`/api/v2/graphs/shortest-path?${query.toString()}`);
    samples.push(performance.now() - t);
    if (res.status === 200) lengths.push((res.body as { data: { edges: unknown[] } }).data.edges.length);
    else failures++;
  }
  const { p50, p95 } = stats(samples);
  const edges = lengths.length > 0 ? stats(lengths).p50 : 0;
  console.log(
    `${label.padEnd(40)} p50 ${ms(p50).padStart(9)}  p95 ${ms(p95).padStart(9)}  (median ${edges} relationships answered${failures ? `, ${failures} not 200` : ''})`,
  );
}

// The first request builds the worker's copy of the graph.
const [first] = reachablePairs(1, 7, false);
const warm = performance.now();
await get(
  `/api/v2/graphs/shortest-path?start_node=${encodeURIComponent(first![0].objectid)}&end_node=${encodeURIComponent(first![1].objectid)}`,
);
console.log(`first shortest path (builds the worker's graph)   ${ms(performance.now() - warm)}`);
for (const [from, to] of reachablePairs(5, 11, false)) {
  await get(
    `/api/v2/graphs/shortest-path?start_node=${encodeURIComponent(from.objectid)}&end_node=${encodeURIComponent(to.objectid)}`,
  );
}

await timeShortest('shortest-path, every kind', false, 1);
await timeShortest('shortest-path, only_traversable=true', true, 2);

const next = random(3);
const texts = new Set<string>();
while (texts.size < RUNS + 5) {
  const name = graph.nodes[Math.floor(next() * graph.nodes.length)]!.name;
  texts.add(name.slice(0, 3 + Math.floor(next() * 2)));
}
const searchSamples: number[] = [];
const hits: number[] = [];
let i = 0;
for (const text of texts) {
  const t = performance.now();
  const res = await get(`/api/v2/graph-search?query=${encodeURIComponent(text)}`);
  if (i++ < 5) continue; // warm-up (the first builds the search keys)
  searchSamples.push(performance.now() - t);
  hits.push(Object.keys((res.body as { data: object }).data).length);
}
const search = stats(searchSamples);
console.log(
  `${'graph-search, fuzzy (3-4 letters)'.padEnd(40)} p50 ${ms(search.p50).padStart(9)}  p95 ${ms(search.p95).padStart(9)}  (median ${stats(hits).p50} nodes answered)`,
);
console.log(
  `\nload average after: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

await cypherEngine.close();
