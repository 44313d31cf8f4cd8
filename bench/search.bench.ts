/**
 * Directory search on the mock service (`npm run bench search`).
 *
 * The mock's search (src/mock-server/areas/entities/search.ts) covers the
 * live directory graph. To see how it answers on the population of the big
 * asset group, this bench builds directory graphs of 10,000, 100,000 and
 * 1,000,000 nodes from the fleet generator (names and object ids as the
 * member table shows them) and prints, for each: the time to build the
 * search index (once per graph), then the median and 90th percentile of
 * uncached searches (every search text is new, so no cached view answers it)
 * with and without a kind filter, and of pages of a view already asked for. Last, `GET /api/v2/search` through the whole HTTP app (auth,
 * validation, JSON) on the seeded graph.
 *
 * Figures are measured, never asserted.
 */
import { cpus, loadavg } from 'node:os';
import { fleetRows } from '../src/mock-server/areas/asset-groups/members';
import { searchPage, searchPositions } from '../src/mock-server/areas/entities/search';
import type { DirectoryGraph, GraphNode } from '../src/mock-server/seed/graph';
import { signedInMock } from './in-process-mock';

const RUNS = Number(process.env.BENCH_RUNS || 41);

function stats(samples: number[]): { median: number; p90: number } {
  const s = [...samples].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, p90: s[Math.floor(s.length * 0.9)]! };
}

function measure(run: (i: number) => void): { median: number; p90: number } {
  for (let i = 0; i < 5; i++) run(RUNS + i); // warm-up (JIT), with texts the runs do not use
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    run(i);
    samples.push(performance.now() - started);
  }
  return stats(samples);
}

/** A graph of `size` nodes from the fleet generator (no edges: search reads names, ids and kinds only). */
function graphOfSize(size: number): DirectoryGraph {
  const rows = fleetRows(6, size);
  const nodes: GraphNode[] = rows.objectId.map((objectid, i) => ({
    objectid,
    name: rows.name[i]!,
    kinds: [...rows.kinds[i]!],
    primaryKind: rows.primaryKind[i]!,
    domainSid: rows.environmentId[i]!,
    props: {},
  }));
  return { domains: [], nodes, byId: new Map(nodes.map((n) => [n.objectid, n])), edges: [], version: `bench-${size}` };
}

/** Search texts, all different: three letters of a name (a contains match), or a name's first four (a prefix match). */
function texts(graph: DirectoryGraph, count: number): string[] {
  const out = new Set<string>();
  for (let i = 0; out.size < count; i++) {
    const name = graph.nodes[(i * 7919) % graph.nodes.length]!.name.toLowerCase();
    const at = i % 2 === 0 ? (i * 31) % Math.max(1, name.length - 3) : 0;
    out.add(name.slice(at, at + (i % 2 === 0 ? 3 : 4)));
  }
  return [...out];
}

const ms = (n: number) => `${n.toFixed(2)}`;

console.log(`Directory search: ${RUNS} runs each, median / p90 ms; uncached = a text not searched before.`);
console.log(
  `Machine: ${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);

const table: string[][] = [];
for (const size of [10_000, 100_000, 1_000_000]) {
  const graph = graphOfSize(size);
  const needles = texts(graph, 2 * (RUNS + 5) + 1);
  const started = performance.now();
  searchPositions(graph, needles.at(-1)!, null); // builds the index
  const build = performance.now() - started;
  const page = (i: number, type: string | null, skip: number) =>
    searchPage(graph, { q: needles[i]!, type, skip, limit: 10 }, () => '');
  const any = measure((i) => page(i, null, 0));
  const users = measure((i) => page(RUNS + 5 + i, 'user', 0));
  // Paging through one view already asked for: served from the cached view.
  const paged = needles.at(-1)!;
  const next = measure((i) => searchPage(graph, { q: paged, type: null, skip: 10 * (i % 50), limit: 10 }, () => ''));
  table.push([
    size.toLocaleString('en-US'),
    `${build.toFixed(0)} ms`,
    `${ms(any.median)} / ${ms(any.p90)}`,
    `${ms(users.median)} / ${ms(users.p90)}`,
    `${ms(next.median)} / ${ms(next.p90)}`,
  ]);
}
console.log('| nodes | build index | search, any kind | search, type=User | a page of a cached view |');
console.log('|---|---|---|---|---|');
for (const row of table) console.log(`| ${row.join(' | ')} |`);

// The whole request path on the seeded graph.
try {
  const { mock, token } = await signedInMock();
  const words = ['adm', 'ws0', 'srv', 'domain', 'corp', 'lab', 'finance', 'sql', 'an', 'users'];
  const samples: number[] = [];
  for (let i = 0; i < RUNS + 5; i++) {
    const q = `${words[i % words.length]}${i >= words.length ? String(i % 10) : ''}`;
    const started = performance.now();
    const res = await mock.fetch(
      new Request(`http://mock/api/v2/search?q=${encodeURIComponent(q)}&limit=10`, {
        headers: { Authorization: `Bearer ${token}` },
      }),
    );
    await res.text();
    if (i >= 5) samples.push(performance.now() - started);
  }
  const s = stats(samples);
  console.log(`\nHTTP (in-process app), seeded graph: ${ms(s.median)} ms median, ${ms(s.p90)} ms p90`);
} catch (e) {
  console.log(`\nHTTP figures skipped: the mock app did not load (${(e as Error).message.split('\n')[0]}).`);
}
