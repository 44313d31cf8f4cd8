/**
 * The explorer's entity reads on the generated directory (`npm run bench explore-entities`).
 *
 * Starts the mock in-process on a graph of BENCH_GRAPH_SCALE nodes (100,000 unless set) and times,
 * through the whole HTTP app (auth, validation, JSON), the median and 95th percentile of:
 *
 * - the entity information with counts of a user, a computer, a group and a domain: every run asks
 *   for another node (cycling through the domains), with the kept member sets forgotten first, so each
 *   answer computes every count; then the same node again (what a reload of the panel costs);
 * - a related-list page (10 rows): the first page of a list computed and ordered afresh (kept sets
 *   forgotten), and a further page of a list already ordered.
 *
 * Targets: an entity with counts at most 20 ms at the median, a list page at most 10 ms. Figures are
 * measured, never asserted; they vary with the machine's load, printed with them.
 */
import { cpus, loadavg } from 'node:os';
import type { GraphNode } from '../src/mock-server/seed/graph';

const SCALE = Number(process.env.BENCH_GRAPH_SCALE || 100_000);
const RUNS = Number(process.env.BENCH_RUNS || 41);

const { createMockServer } = await import('../src/mock-server/app');
const { directoryGraph, edgeIndex } = await import('../src/mock-server/seed/graph');
const { forgetRelatedOrders } = await import('../src/mock-server/areas/entities/related-routes');
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
edgeIndex(graph);
const nodeCount = graph.domains.length + graph.nodes.length;
console.log(
  `Graph: ${nodeCount.toLocaleString('en-US')} nodes, ${graph.edges.length.toLocaleString('en-US')} relationships; ` +
    `start ${((performance.now() - started) / 1000).toFixed(1)} s. ${RUNS} runs each, median / p95.`,
);
console.log(
  `Machine: ${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);

async function timed(path: string): Promise<number> {
  const t = performance.now();
  const res = await mock.fetch(new Request(`http://mock${path}`, { headers: { Authorization: `Bearer ${token}` } }));
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return performance.now() - t;
}

function stats(samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(s.length * q))]!;
  return `${at(0.5).toFixed(2).padStart(8)} ms / ${at(0.95).toFixed(2).padStart(8)} ms`;
}

async function measure(label: string, path: (i: number) => string, cold: boolean): Promise<void> {
  for (let i = 0; i < 3; i++) await timed(path(RUNS + i)); // warm-up (JIT)
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (cold) forgetRelatedOrders(graph);
    samples.push(await timed(path(i)));
  }
  console.log(`${label.padEnd(62)} ${stats(samples)}`);
}

const ofKind = (kind: string) => [...graph.domains, ...graph.nodes].filter((n) => n.primaryKind === kind);
/** `count` nodes spread over the kind, so each run reads another part of the graph. */
const spread = (nodes: GraphNode[], count: number) =>
  Array.from({ length: count }, (_, i) => nodes[Math.floor((i * nodes.length) / count)]!);
const many = RUNS + 3;
const users = spread(ofKind('User'), many);
const computers = spread(ofKind('Computer'), many);
const groups = spread(ofKind('Group'), many);
const domains = graph.domains;
const domainUsers = graph.nodes.find((n) => n.name === `DOMAIN USERS@${domains[0]!.name}`)!;
const dc = graph.nodes.find((n) => n.primaryKind === 'Computer' && n.props.isdc === true)!;
const inDegree = (n: GraphNode) => edgeIndex(graph).inbound.get(n.objectid)?.length ?? 0;
console.log(`(${domains.length} domains; DOMAIN USERS of ${domains[0]!.name}: ${inDegree(domainUsers)} direct members)\n`);

console.log('Entity information with counts');
for (const [label, word, nodes] of [
  ['user', 'users', users],
  ['computer', 'computers', computers],
  ['group', 'groups', groups],
  ['domain', 'domains', domains],
] as const) {
  await measure(
    `  a ${label}, another each run, counted afresh`,
    (i) => `/api/v2/${word}/${nodes[i % nodes.length]!.objectid}?counts=true`,
    true,
  );
  await measure(`  a ${label}, the same one again`, () => `/api/v2/${word}/${nodes[0]!.objectid}?counts=true`, false);
}
await measure('  DOMAIN USERS, counted afresh', () => `/api/v2/groups/${domainUsers.objectid}?counts=true`, true);

console.log('\nA related-list page (10 rows)');
for (const [label, path] of [
  ['members of DOMAIN USERS', `/api/v2/groups/${domainUsers.objectid}/members`],
  ['users of a domain', `/api/v2/domains/${domains[0]!.objectid}/users`],
  ['admins of a domain controller', `/api/v2/computers/${dc.objectid}/admin-users`],
  ['controllables of DOMAIN USERS', `/api/v2/groups/${domainUsers.objectid}/controllables`],
] as const) {
  await measure(`  ${label}, first page afresh`, () => `${path}?sort_by=name`, true);
  await measure(`  ${label}, a further page`, (i) => `${path}?sort_by=name&skip=${(i % 20) * 10}&limit=10`, false);
}
await measure(
  '  a user’s memberships, another user each run, afresh',
  (i) => `/api/v2/users/${users[i % users.length]!.objectid}/memberships`,
  true,
);
console.log(
  `\nLoad average after: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
