/**
 * The generated benchmark directory (MOCK_GRAPH_SCALE; `npm run bench graph-scale`).
 *
 * Builds the directory at BENCH_GRAPH_SCALE nodes (100,000 unless set) and
 * prints the build time, the heap it holds, and its node and relationship
 * counts. Then starts the mock service in-process on a graph of that size and
 * times, through the whole HTTP app, the first answer (which builds the
 * indexes it reads) and the median of the next ones for: the asset-group list,
 * the Admin Tier Zero members list, a directory search, a user's entity page
 * with counts, a computer's controllers, the completeness figures, and a
 * Cypher query.
 *
 * Figures are measured, never asserted; they vary with the machine's load,
 * printed with them.
 */
import { cpus, loadavg } from 'node:os';
import { buildGraph } from '../src/mock-server/seed/graph';

const SCALE = Number(process.env.BENCH_GRAPH_SCALE || 100_000);
const RUNS = Number(process.env.BENCH_RUNS || 15);

const heapMb = () => process.memoryUsage().heapUsed / 1e6;
const gc = (globalThis as { gc?: () => void }).gc;

gc?.();
const heapBefore = heapMb();
const started = performance.now();
const graph = buildGraph(SCALE);
const buildMs = performance.now() - started;
gc?.();
const nodes = graph.domains.length + graph.nodes.length;
console.log(
  `build ${SCALE.toLocaleString('en-US')} → ${nodes.toLocaleString('en-US')} nodes, ` +
    `${graph.edges.length.toLocaleString('en-US')} relationships (${(graph.edges.length / nodes).toFixed(1)} per node): ` +
    `${(buildMs / 1000).toFixed(2)} s, heap +${(heapMb() - heapBefore).toFixed(0)} MB${gc ? '' : ' (without --expose-gc: indicative)'}`,
);

const { createMockServer } = await import('../src/mock-server/app');
const serverStarted = performance.now();
const mock = createMockServer({ jwtSecret: new TextEncoder().encode('bench'), graphScale: SCALE }, {});
const login = await mock.fetch(
  new Request('http://mock/api/v2/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login_method: 'secret', username: 'admin', secret: mock.config.password }),
  }),
);
const token = ((await login.json()) as { data: { session_token: string } }).data.session_token;
console.log(`service start and first sign-in on that graph: ${((performance.now() - serverStarted) / 1000).toFixed(2)} s`);

const user = graph.nodes.find((n) => n.primaryKind === 'User' && n.name.startsWith('ADMINISTRATOR@'))!;
const bulkUser = graph.nodes.findLast((n) => n.primaryKind === 'User')!;
const dc = graph.nodes.find((n) => n.primaryKind === 'Computer' && n.props.isdc === true)!;
const kerberoastable = { query: 'MATCH (u:User) WHERE u.hasspn = true AND u.enabled = true RETURN u LIMIT 100' };
const requests: [string, string, unknown?][] = [
  ['asset-group list', '/api/v2/asset-groups'],
  ['Admin Tier Zero members, first page', '/api/v2/asset-groups/1/members?limit=100'],
  ['search "region 0001 team"', '/api/v2/search?q=region%200001%20team&limit=10'],
  ['user entity page with counts (Administrator)', `/api/v2/users/${user.objectid}?counts=true`],
  ['user entity page with counts (generated user)', `/api/v2/users/${bulkUser.objectid}?counts=true`],
  ['controllers of DC01', `/api/v2/computers/${dc.objectid}/controllers?limit=10`],
  ['completeness', '/api/v2/completeness'],
  ['Cypher: Kerberoastable users', '/api/v2/graphs/cypher', kerberoastable],
];

async function timed(path: string, body?: unknown): Promise<number> {
  const t = performance.now();
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const init = body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) };
  const res = await mock.fetch(new Request(`http://mock${path}`, init));
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return performance.now() - t;
}

for (const [label, path, body] of requests) {
  const first = await timed(path, body);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) samples.push(await timed(path, body));
  samples.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(48)} first ${first.toFixed(0).padStart(6)} ms, then median ${samples[Math.floor(samples.length / 2)]!.toFixed(1).padStart(6)} ms`,
  );
}
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${cpus().length} cores (figures are indicative under load)`,
);
