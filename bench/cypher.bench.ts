/**
 * Cypher on the standalone mock service (`npm run bench cypher`).
 *
 * Starts `src/mock-server/main.ts` as a child process twice: on the seeded
 * graph, then with MOCK_GRAPH_SCALE (default 100000, `BENCH_CYPHER_SCALE`)
 * for the generated directory. Each time it signs in as admin and sends every
 * pre-built Active Directory query (src/api/prebuilt-queries.ts) to
 * POST /api/v2/graphs/cypher with `Prefer: wait=N` (`BENCH_CYPHER_WAIT`
 * seconds, default 10): each once to warm up and to see what it answers,
 * then `BENCH_RUNS` rounds over all of them (default 11 on the seed,
 * `BENCH_SCALE_RUNS` default 3 at scale; none for a query its time bound
 * stopped).
 *
 * Prints, per query, what it answers (nodes / edges / literals, empty, or the
 * refusal's message) and its median and slowest time; then the median and
 * p95 over all timed runs and the slowest query by its median. Last, while
 * the slowest query runs over and over, the p99 of other requests
 * (GET /api/v2/self and a users list, one after another, for
 * `BENCH_CONCURRENT_SECONDS`, default 10). Each target is printed with pass
 * or miss; figures are measured, never asserted.
 */
import { cpus, loadavg } from 'node:os';
import { z } from 'zod';
import { PREBUILT_AD_QUERIES } from '../src/api/prebuilt-queries';
import { cypherAnswerResponse } from '../src/api/schemas/cypher';
import { DEFAULT_PASSWORD } from '../src/mock-server/seed/core';
import { kill, startMock, type RunningMock } from './mock-process';

const RUNS = count('BENCH_RUNS', 11);
const SCALE_RUNS = count('BENCH_SCALE_RUNS', 3);
const WAIT_SECONDS = count('BENCH_CYPHER_WAIT', 10);
const SCALE = count('BENCH_CYPHER_SCALE', 100_000);
const CONCURRENT_SECONDS = count('BENCH_CONCURRENT_SECONDS', 10);

function count(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`${name} must be a positive whole number, not "${raw}"`);
    process.exit(2);
  }
  return n;
}

const queries = PREBUILT_AD_QUERIES.flatMap((c) => c.queries.map((q) => ({ category: c.category, ...q })));
type Query = (typeof queries)[number];

/** What one request got: an answer (possibly empty), a refusal, a stop by the time bound, or a failure. */
type Outcome =
  | { kind: 'answer'; nodes: number; edges: number; literals: number }
  | { kind: 'empty' }
  | { kind: 'refused'; message: string }
  | { kind: 'stopped'; message: string }
  | { kind: 'failed'; message: string };

const errorMessage = (body: unknown) =>
  (body as { errors?: { message: string }[] } | null)?.errors?.map((e) => e.message).join('; ') ?? JSON.stringify(body);

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v2/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login_method: 'secret', username: 'admin', secret: DEFAULT_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return z.object({ data: z.object({ session_token: z.string() }) }).parse(await res.json()).data.session_token;
}

async function runQuery(base: string, token: string, query: string): Promise<{ ms: number; outcome: Outcome }> {
  const started = performance.now();
  const res = await fetch(`${base}/api/v2/graphs/cypher`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Prefer: `wait=${WAIT_SECONDS}` },
    body: JSON.stringify({ query, include_properties: false }),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ms, outcome: { kind: 'failed', message: `${res.status}, not JSON: ${text.slice(0, 120)}` } };
  }
  if (res.status === 200) {
    const parsed = cypherAnswerResponse.safeParse(body);
    if (!parsed.success) return { ms, outcome: { kind: 'failed', message: `200 breaking the answer schema` } };
    const { nodes, edges, literals } = parsed.data.data;
    return { ms, outcome: { kind: 'answer', nodes: Object.keys(nodes).length, edges: edges.length, literals: literals.length } };
  }
  if (res.status === 404) return { ms, outcome: { kind: 'empty' } };
  if (res.status === 400) return { ms, outcome: { kind: 'refused', message: errorMessage(body) } };
  // An overrun of the time bound: upstream answers it as a server error once the wait is over.
  const message = `${res.status}: ${errorMessage(body)}`;
  const overran = res.status >= 500 && (ms >= WAIT_SECONDS * 1000 * 0.95 || /time(d)? ?out|time bound|wait/i.test(message));
  return { ms, outcome: overran ? { kind: 'stopped', message } : { kind: 'failed', message } };
}

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

function describe(o: Outcome): string {
  switch (o.kind) {
    case 'answer':
      return [plural(o.nodes, 'node'), plural(o.edges, 'edge'), plural(o.literals, 'literal')].join(', ');
    case 'empty':
      return 'nothing found (404)';
    case 'refused':
      return `refused (400): ${o.message}`;
    case 'stopped':
      return `stopped by its time bound (${o.message})`;
    case 'failed':
      return `FAILED ${o.message}`;
  }
}

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}
const median = (samples: number[]) =>
  pct(
    [...samples].sort((a, b) => a - b),
    50,
  );
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(0));
const verdict = (ok: boolean) => (ok ? 'pass' : 'MISS');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

interface Timed {
  query: Query;
  outcome: Outcome;
  samples: number[];
  median: number;
}

/**
 * Every pre-built query: one warm-up run each (its outcome), then `runs` rounds over all of them (a query
 * its time bound stopped is not run again), so a burst of load on the machine spreads over many queries.
 */
async function timeQueries(base: string, token: string, runs: number): Promise<Timed[]> {
  const out: Timed[] = [];
  for (const query of queries) {
    const first = await runQuery(base, token, query.query);
    out.push({ query, outcome: first.outcome, samples: first.outcome.kind === 'stopped' ? [first.ms] : [], median: NaN });
  }
  for (let i = 0; i < runs; i++) {
    for (const t of out) if (t.outcome.kind !== 'stopped') t.samples.push((await runQuery(base, token, t.query.query)).ms);
  }
  for (const t of out) t.median = median(t.samples);
  return out;
}

function printTable(timed: Timed[]) {
  const rows = [
    ['category', 'query', 'median ms', 'max ms', 'answer'],
    ...timed.map((t) => [
      t.query.category,
      t.query.name.length > 70 ? `${t.query.name.slice(0, 69)}…` : t.query.name,
      ms(t.median),
      ms(Math.max(...t.samples)),
      describe(t.outcome),
    ]),
  ];
  const widths = rows[0]!.slice(0, 4).map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const row of rows)
    console.log(row.map((c, i) => (i === 4 ? c : i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  '));
}

/**
 * While `heavy` runs again and again (one at a time), other requests one after another: GET /api/v2/self and
 * a users list. Their latencies, and how many times the heavy query ran.
 */
async function othersMeanwhile(base: string, token: string, heavy: string) {
  const auth = { Authorization: `Bearer ${token}` };
  const until = performance.now() + CONCURRENT_SECONDS * 1000;
  let heavyRuns = 0;
  const heavyLoop = (async () => {
    while (performance.now() < until) {
      await runQuery(base, token, heavy);
      heavyRuns++;
    }
  })();
  // Let the first heavy request reach the server before the others start.
  await new Promise((r) => setTimeout(r, 20));
  const latencies: number[] = [];
  let failures = 0;
  const paths = ['/api/v2/self', '/api/v2/app-users?sort_by=principal_name'];
  for (let i = 0; performance.now() < until; i++) {
    const started = performance.now();
    const res = await fetch(base + paths[i % paths.length]!, { headers: auth });
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    if (!res.ok) failures++;
  }
  await heavyLoop;
  return { sorted: latencies.sort((a, b) => a - b), failures, heavyRuns };
}

/** The graph's node and relationship counts, as Cypher counts them (or why not). */
async function graphSize(base: string, token: string): Promise<string> {
  const counted = async (query: string, what: string) => {
    const res = await fetch(`${base}/api/v2/graphs/cypher`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Prefer: `wait=${WAIT_SECONDS}` },
      body: JSON.stringify({ query }),
    });
    if (!res.ok) return `${what} not counted (${res.status}: ${errorMessage(await res.json().catch(() => null))})`;
    const value = cypherAnswerResponse.parse(await res.json()).data.literals[0]?.value;
    return `${typeof value === 'number' ? value.toLocaleString('en-US') : String(value)} ${what}`;
  };
  return `${await counted('MATCH (n) RETURN count(n)', 'nodes')}, ${await counted('MATCH ()-[r]->() RETURN count(r)', 'relationships')}`;
}

interface ScaleFigures {
  label: string;
  timed: Timed[];
  all: number[];
  slowest: Timed;
  meanwhile: Awaited<ReturnType<typeof othersMeanwhile>> & { heavy: string };
}

async function atScale(label: string, env: NodeJS.ProcessEnv, runs: number): Promise<ScaleFigures> {
  let mock: RunningMock | null = null;
  try {
    const startedAt = performance.now();
    mock = await startMock(env);
    const token = await signIn(mock.base);
    const size = await graphSize(mock.base, token);
    console.log(
      `\n## ${label}: ${size} (mock started in ${((performance.now() - startedAt) / 1000).toFixed(1)} s), ` +
        `${runs} timed runs a query after one warm-up, Prefer: wait=${WAIT_SECONDS}; load average ${load()}\n`,
    );
    const timed = await timeQueries(mock.base, token, runs);
    printTable(timed);
    const all = timed.flatMap((t) => t.samples).sort((a, b) => a - b);
    const slowest = timed.reduce((a, b) => (b.median > a.median ? b : a));
    const meanwhile = { ...(await othersMeanwhile(mock.base, token, slowest.query.query)), heavy: slowest.query.name };
    return { label, timed, all, slowest, meanwhile };
  } finally {
    if (mock) await kill(mock, 'SIGTERM');
  }
}

function summarize(f: ScaleFigures, targets: { median: number; every?: number }) {
  const count = (kind: Outcome['kind']) => f.timed.filter((t) => t.outcome.kind === kind).length;
  const p99 = pct(f.meanwhile.sorted, 99);
  const lines = [
    `${f.label}: ${queries.length} queries — ${count('answer')} answer, ${count('empty')} find nothing, ` +
      `${count('refused')} refused, ${count('stopped')} stopped by the time bound, ${count('failed')} failed.`,
    `  median ${ms(pct(f.all, 50))} ms, p95 ${ms(pct(f.all, 95))} ms over ${f.all.length} runs; ` +
      `slowest: "${f.slowest.query.name}" ${ms(f.slowest.median)} ms median.`,
    `  target median ≤ ${targets.median} ms: ${ms(pct(f.all, 50))} ms — ${verdict(pct(f.all, 50) <= targets.median)}`,
  ];
  if (targets.every !== undefined) {
    const over = f.timed.filter((t) => t.median > targets.every!);
    lines.push(
      `  target every query ≤ ${targets.every} ms (its median): ${over.length} over` +
        `${over.length ? ` (${over.map((t) => `"${t.query.name}" ${ms(t.median)} ms`).join(', ')})` : ''} — ${verdict(over.length === 0)}`,
    );
  } else {
    const failed = f.timed.filter((t) => t.outcome.kind === 'failed');
    lines.push(
      `  target every query answers or is stopped by its time bound: ${failed.length} failed` +
        `${failed.length ? ` (${failed.map((t) => `"${t.query.name}"`).join(', ')})` : ''} — ${verdict(failed.length === 0)}`,
    );
  }
  lines.push(
    `  target other requests' p99 ≤ 50 ms while "${f.meanwhile.heavy}" runs (${f.meanwhile.heavyRuns} times): ` +
      `p99 ${ms(p99)} ms over ${f.meanwhile.sorted.length} requests (median ${ms(pct(f.meanwhile.sorted, 50))} ms, ` +
      `${f.meanwhile.failures} failed) — ${verdict(p99 <= 50 && f.meanwhile.failures === 0)}`,
  );
  console.log(lines.join('\n'));
}

console.log(
  `Cypher: ${queries.length} pre-built Active Directory queries over HTTP (POST /api/v2/graphs/cypher, client and mock ` +
    `on the same machine). Machine: ${cpus().length} CPUs, load average ${load()}.`,
);
try {
  const seed = await atScale('Seed', {}, RUNS);
  const scaled = await atScale(`MOCK_GRAPH_SCALE=${SCALE}`, { MOCK_GRAPH_SCALE: String(SCALE) }, SCALE_RUNS);
  console.log(`\nSummary (load average ${load()} on ${cpus().length} CPUs):`);
  summarize(seed, { median: 5, every: 50 });
  summarize(scaled, { median: 100 });
  if (seed.timed.some((t) => t.outcome.kind === 'failed') || scaled.timed.some((t) => t.outcome.kind === 'failed'))
    process.exitCode = 1;
} catch (e) {
  console.error(e);
  process.exitCode = 1;
}
