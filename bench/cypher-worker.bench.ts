/**
 * The Cypher engine's worker threads (`npm run bench cypher-worker`).
 *
 * Through the whole in-process HTTP app (auth, validation, JSON), on the
 * seeded graph, it prints: the first query's time, asked as soon as the
 * service is made (its worker, started then, is still loading; it then builds
 * its copy of the graph); the median and 95th percentile of cheap queries
 * answered by the worker; the same queries on the main thread with the
 * engine's view of the graph rebuilt per request, as the route did before the
 * worker; and the median and 99th percentile of other requests (a directory
 * search) while a heavy query runs, against the same without it.
 *
 * Figures are measured, never asserted.
 */
import { cpus, loadavg } from 'node:os';
import { liveGraphOf } from '../src/mock-server/areas/graphs/routes';
import { cypherEngine } from '../src/mock-server/cypher/engine';
import { DEFAULT_REQUEST, liveCypherGraph, runCypher } from '../src/mock-server/cypher/run';
import { signedInMock } from './in-process-mock';

const RUNS = Number(process.env.BENCH_RUNS || 200);
const CHEAP = [
  'MATCH (n:Domain) RETURN n',
  "MATCH (n:Group) WHERE n.objectid ENDS WITH '-512' RETURN n",
  'MATCH p = (:User)-[:MemberOf]->(:Group) RETURN p LIMIT 100',
];
/** Many seconds of work that no pattern-step limit stops: every pair of users' names against every user's. */
const HEAVY =
  'MATCH (a:User) WITH collect(a) AS us MATCH (b:User) WHERE any(x IN us WHERE any(y IN us WHERE x.name + y.name = b.name)) RETURN count(b)';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const ms = (v: number) => `${v.toFixed(2)} ms`;

async function timed(run: () => Promise<unknown> | unknown): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

const { mock, token } = await signedInMock();
const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
const cypher = async (query: string, extra: Record<string, string> = {}) => {
  const res = await mock.fetch(
    new Request('http://mock/api/v2/graphs/cypher', {
      method: 'POST',
      headers: { ...headers, ...extra },
      body: JSON.stringify({ query }),
    }),
  );
  await res.text();
  return res.status;
};
const search = async () => (await mock.fetch(new Request('http://mock/api/v2/search?q=ADMIN', { headers }))).text();

console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${cpus().length} cores (indicative)`,
);
const first = performance.now();
await cypher(CHEAP[0]!);
console.log(
  `first query, right after the service is made (its worker still loading, then building its graph): ${ms(performance.now() - first)}`,
);

for (const query of CHEAP) {
  const worker = await timed(() => cypher(query));
  const mainThread = await timed(() =>
    runCypher(liveCypherGraph(liveGraphOf(mock.db.state).inputs()), { ...DEFAULT_REQUEST, query }),
  );
  console.log(`${query}`);
  console.log(`  worker, whole request:     median ${ms(percentile(worker, 0.5))}, p95 ${ms(percentile(worker, 0.95))}`);
  console.log(
    `  main thread, graph rebuilt: median ${ms(percentile(mainThread, 0.5))}, p95 ${ms(percentile(mainThread, 0.95))} (engine work only)`,
  );
}

const quiet = await timed(search);
const heavy = cypher(HEAVY, { Prefer: 'wait=10' });
const during = await timed(search);
console.log(`search, quiet:                median ${ms(percentile(quiet, 0.5))}, p99 ${ms(percentile(quiet, 0.99))}`);
console.log(`search, beside a heavy query: median ${ms(percentile(during, 0.5))}, p99 ${ms(percentile(during, 0.99))}`);
const stopped = performance.now();
console.log(`heavy query: ${await heavy} (stopped at Prefer: wait=10, ${ms(performance.now() - stopped)} after the searches)`);
await cypherEngine.close();
