/**
 * Attack-path findings on the generated directory (`npm run bench findings`).
 *
 * Starts the mock service in-process on the generated graph (MOCK_GRAPH_SCALE nodes, 100,000 unless set)
 * and prints:
 * - the findings step of an analysis (`analyzeFindings`: every zone's relationship and list findings with
 *   exposure and impact, reconciled with the stored ones, and the posture figures), first run and the
 *   median of the next ones (target ≤ 10 s), with how many findings it found;
 * - the unified findings list through the whole HTTP app: the first page, a page filtered by severity and
 *   one sorted by target name, median and 90th percentile (p50 target ≤ 20 ms).
 *
 * Figures are measured, never asserted; they vary with the machine's load, printed with them
 * (`/proc/loadavg`).
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

const SCALE = Number(process.env.MOCK_GRAPH_SCALE || 100_000);
const RUNS = Number(process.env.BENCH_RUNS || 21);
const ANALYSES = Number(process.env.BENCH_ANALYSES || 3);

const load = () => {
  let avg = 'unavailable';
  try {
    avg = readFileSync('/proc/loadavg', 'utf8').trim();
  } catch {
    /* not Linux */
  }
  return `/proc/loadavg ${avg} on ${cpus().length} cores`;
};
const stats = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, p90: s[Math.floor(s.length * 0.9)]! };
};

console.log(load());
const { createMockServer } = await import('../src/mock-server/app');
const { analyzeFindings, attackPathsOf } = await import('../src/mock-server/analysis/findings/store');
const { graphOf } = await import('../src/mock-server/seed/live-graph');
const started = performance.now();
const mock = createMockServer({ jwtSecret: new TextEncoder().encode('bench'), graphScale: SCALE, edition: 'enterprise' }, {});
console.log(
  `service start on the ${SCALE.toLocaleString('en-US')}-node directory (seed included): ${((performance.now() - started) / 1000).toFixed(2)} s`,
);
const login = await mock.fetch(
  new Request('http://mock/api/v2/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login_method: 'secret', username: 'admin', secret: mock.config.password }),
  }),
);
const token = ((await login.json()) as { data: { session_token: string } }).data.session_token;
const state = mock.db.state;
const graph = graphOf(state);
const members = Object.values(state.privilegeZones.membership?.tags ?? {}).reduce((n, m) => n + m.length, 0);
console.log(
  `graph: ${(graph.nodes.length + graph.domains.length).toLocaleString('en-US')} nodes, ${graph.edges.length.toLocaleString('en-US')} relationships; ${members.toLocaleString('en-US')} tag members`,
);

const analysisMs: number[] = [];
for (let i = 0; i < ANALYSES; i++) {
  const at = new Date(Date.now() + i * 1000).toISOString();
  const t = performance.now();
  analyzeFindings(state, at);
  analysisMs.push(performance.now() - t);
}
const store = attackPathsOf(state);
const found = store.findings.filter((f) => f.status === 'active');
const bySeverity = new Map<string, number>();
for (const f of found) bySeverity.set(f.severity, (bySeverity.get(f.severity) ?? 0) + 1);
console.log(
  `findings analysis: first ${(analysisMs[0]! / 1000).toFixed(2)} s, median of the next ${ANALYSES - 1} ${(stats(analysisMs.slice(1)).median / 1000).toFixed(2)} s (target ≤ 10 s); ` +
    `${found.length.toLocaleString('en-US')} findings (${[...bySeverity].map(([s, n]) => `${s} ${n}`).join(', ')})`,
);
console.log(load());

async function time(path: string) {
  const t = performance.now();
  const res = await mock.fetch(new Request(`http://mock${path}`, { headers: { Authorization: `Bearer ${token}` } }));
  await res.text();
  return { ms: performance.now() - t, status: res.status };
}

for (const [label, path] of [
  ['findings list, first page', '/api/v2/attack-paths/findings'],
  ['findings list, critical only', '/api/v2/attack-paths/findings?severity=eq:critical&limit=50'],
  ['findings list, sorted by target name', '/api/v2/attack-paths/findings?sort_by=target_principal_name&skip=100&limit=100'],
] as const) {
  const probe = await time(path);
  if (probe.status !== 200) {
    console.log(`${label}: answered ${probe.status}; not measured.`);
    continue;
  }
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) samples.push((await time(path)).ms);
  const s = stats(samples);
  console.log(
    `${label}: first ${probe.ms.toFixed(1)} ms, p50 ${s.median.toFixed(1)} ms, p90 ${s.p90.toFixed(1)} ms (${RUNS} runs; target p50 ≤ 20 ms)`,
  );
}
console.log(load());
