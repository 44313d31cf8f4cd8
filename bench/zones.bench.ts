/**
 * Privilege Zones on the generated directory (`npm run bench zones`).
 *
 * Starts the mock service in-process on the generated graph
 * (BENCH_GRAPH_SCALE nodes, 100,000 unless set) and prints:
 * - tagging all zones: cold, the engine's graph built and every enabled
 *   Cypher seed run once on it (both once per live graph); then the analysis
 *   step (`analyzePrivilegeZones`: every enabled rule's seeds and expansion,
 *   zones in position order, certification records) with the seeded tags and
 *   rules, first run and the median of the next ones; then the same with
 *   Tier Zero grown to every object of the
 *   directory (one more rule, `MATCH (n:Base) RETURN n`), and how large the
 *   computed membership is as JSON (what MOCK_DB would hold);
 * - members of that 100,000-member zone through the whole HTTP app: first
 *   page and a page filtered by name, median and 90th percentile (p50 target
 *   ≤ 20 ms), on the Privilege Zones members route and on the legacy Admin
 *   Tier Zero members route, which reads the same computed membership.
 *
 * When the seed holds no Privilege Zones tags, Tier Zero and Owned are made
 * here with a representative part of upstream's default Tier Zero rules (said
 * in the output). Figures are measured, never asserted; they vary with the
 * machine's load, printed with them.
 */
import { cpus, loadavg } from 'node:os';
import { TagType } from '../src/api/schemas/privilege-zones';
import type { StoredSelector, StoredTag } from '../src/mock-server/areas/privilege-zones/model';

const SCALE = Number(process.env.BENCH_GRAPH_SCALE || 100_000);
const RUNS = Number(process.env.BENCH_RUNS || 21);
const NEEDLES = ['adm', 'ann', 'sales', 'ws-0', 'corp', 'ia', '0042', 'srv'];

const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${cpus().length} cores`;
const stats = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, p90: s[Math.floor(s.length * 0.9)]! };
};

const { createMockServer } = await import('../src/mock-server/app');
const { analyzePrivilegeZones } = await import('../src/mock-server/areas/privilege-zones/membership');
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

const at = new Date().toISOString();
const tag = (id: number, name: string, type: StoredTag['type'], position: number | null): StoredTag => ({
  id,
  type,
  kind_id: 100 + id,
  name,
  description: '',
  created_at: at,
  created_by: 'bench',
  updated_at: at,
  updated_by: 'bench',
  deleted_at: null,
  deleted_by: null,
  position,
  require_certify: type === TagType.Zone ? false : null,
  analysis_enabled: type === TagType.Zone ? true : null,
  glyph: null,
});
const cypherRule = (id: number, tagId: number, name: string, query: string, isDefault: boolean): StoredSelector => ({
  id,
  asset_group_tag_id: tagId,
  created_at: at,
  created_by: 'bench',
  updated_at: at,
  updated_by: 'bench',
  disabled_at: null,
  disabled_by: null,
  name,
  description: '',
  auto_certify: isDefault ? 1 : 0,
  is_default: isDefault,
  allow_disable: !isDefault,
  seeds: [{ type: 2, value: query }],
});

/** A representative part of upstream's default Tier Zero rules, for a seed without Privilege Zones. */
const DEFAULT_RULES: [string, string][] = [
  ['Domains', 'MATCH (n:Domain) RETURN n;'],
  ['Domain Admins', "MATCH (n:Group) WHERE n.objectid ENDS WITH '-512' RETURN n;"],
  ['Enterprise Admins', "MATCH (n:Group) WHERE n.objectid ENDS WITH '-519' RETURN n;"],
  ['Schema Admins', "MATCH (n:Group) WHERE n.objectid ENDS WITH '-518' RETURN n;"],
  ['Domain Controllers', "MATCH (n:Group) WHERE n.objectid ENDS WITH '-516' RETURN n;"],
  ['Administrators', "MATCH (n:Group) WHERE n.objectid ENDS WITH '-544' RETURN n;"],
  ['Account Operators', "MATCH (n:Group) WHERE n.objectid ENDS WITH '-548' RETURN n;"],
  ['Server Operators', "MATCH (n:Group) WHERE n.objectid ENDS WITH '-549' RETURN n;"],
  ['Backup Operators', "MATCH (n:Group) WHERE n.objectid ENDS WITH '-551' RETURN n;"],
  ['Built-in Administrator', "MATCH (n:User) WHERE n.objectid ENDS WITH '-500' RETURN n;"],
  ['KRBTGT', "MATCH (n:User) WHERE n.objectid ENDS WITH '-502' RETURN n;"],
  ['Domain controllers by flag', 'MATCH (n:Computer) WHERE n.isdc = true RETURN n;'],
  ['Enterprise CAs', 'MATCH (n:EnterpriseCA) RETURN n;'],
  ['Root CAs', 'MATCH (n:RootCA) RETURN n;'],
  ['NTAuth stores', 'MATCH (n:NTAuthStore) RETURN n;'],
];

if (!state.privilegeZones) {
  state.privilegeZones = {
    tags: [tag(1, 'Tier Zero', TagType.Zone, 1), tag(2, 'Owned', TagType.Owned, null)],
    selectors: DEFAULT_RULES.map(([name, query], i) => cypherRule(i + 1, 1, name, query, true)),
    certifications: [],
    history: [],
    membership: null,
    next: { tag: 3, selector: DEFAULT_RULES.length + 1, history: 1 },
  };
  console.log(
    `The seed holds no Privilege Zones tags: Tier Zero (${DEFAULT_RULES.length} of upstream's default rules) and Owned made here.`,
  );
}
const zones = state.privilegeZones;
const tierZero = zones.tags.find((t) => t.type === TagType.Zone && t.position === 1)!;
const memberCount = () => Object.values(zones.membership?.tags ?? {}).reduce((n, members) => n + members.length, 0);

function tagAll(label: string): void {
  const first = performance.now();
  analyzePrivilegeZones(state, new Date().toISOString());
  const firstMs = performance.now() - first;
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    analyzePrivilegeZones(state, new Date().toISOString());
    samples.push(performance.now() - t);
  }
  const zoneCount = zones.tags.filter((t) => t.deleted_at === null).length;
  const rules = zones.selectors.filter((s) => s.disabled_at === null).length;
  console.log(
    `tagging all zones, ${label} (${zoneCount} tags, ${rules} enabled rules, ${memberCount().toLocaleString('en-US')} members): ` +
      `first ${firstMs.toFixed(0)} ms, then median ${stats(samples).median.toFixed(0)} ms (target ≤ 2,000 ms)`,
  );
}

console.log(load());
// Cold: an engine graph of its own (the service's is built at start and cached per live graph), and every
// enabled Cypher seed run on it once (an analysis runs a seed once per graph; see membership.ts).
{
  const { cypherGraph } = await import('../src/mock-server/cypher/graph');
  const { cypherSeedNodes } = await import('../src/mock-server/areas/privilege-zones/membership');
  const { graphOf } = await import('../src/mock-server/seed/live-graph');
  let t = performance.now();
  const fresh = cypherGraph(graphOf(state), () => '');
  const buildMs = performance.now() - t;
  const queries = zones.selectors.filter((r) => r.disabled_at === null).flatMap((r) => r.seeds.filter((s) => s.type === 2));
  t = performance.now();
  for (const seed of queries) {
    try {
      cypherSeedNodes(fresh, seed.value);
    } catch {
      // A seed that cannot run selects nothing; the analysis goes on.
    }
  }
  const seedsMs = performance.now() - t;
  console.log(
    `cold: the engine's graph ${buildMs.toFixed(0)} ms (once per live graph, at start or after a graph change); ` +
      `${queries.length} Cypher seeds, first run ${seedsMs.toFixed(0)} ms (once per graph)`,
  );
}
tagAll('as seeded, Cypher seeds already run on this graph');
zones.selectors.push(cypherRule(zones.next.selector++, tierZero.id, 'Bench: every object', 'MATCH (n:Base) RETURN n', false));
tagAll('Tier Zero grown to every object');
const bigZone = zones.membership!.tags[tierZero.id]!;
console.log(
  `Tier Zero: ${bigZone.length.toLocaleString('en-US')} members; the computed membership as JSON: ` +
    `${(JSON.stringify(zones.membership).length / 1e6).toFixed(1)} MB, certification records ${(JSON.stringify(zones.certifications).length / 1e6).toFixed(1)} MB`,
);

async function timed(path: string): Promise<{ ms: number; status: number }> {
  const t = performance.now();
  const res = await mock.fetch(new Request(`http://mock${path}`, { headers: { Authorization: `Bearer ${token}` } }));
  await res.arrayBuffer();
  return { ms: performance.now() - t, status: res.status };
}

async function members(label: string, path: (needle: string | null) => string): Promise<void> {
  const probe = await timed(path(null));
  if (probe.status !== 200) {
    console.log(`${label}: answered ${probe.status}; not measured.`);
    return;
  }
  for (const filtered of [false, true]) {
    for (let i = 0; i < 3; i++) await timed(path(filtered ? NEEDLES[i % NEEDLES.length]! : null));
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) samples.push((await timed(path(filtered ? NEEDLES[i % NEEDLES.length]! : null))).ms);
    const s = stats(samples);
    console.log(
      `${label}, ${filtered ? 'filtered by name' : 'first page'}: p50 ${s.median.toFixed(2)} ms, p90 ${s.p90.toFixed(2)} ms (target p50 ≤ 20 ms; first request ${probe.ms.toFixed(0)} ms builds the index)`,
    );
  }
}

await members(
  `Privilege Zones members of Tier Zero (${bigZone.length.toLocaleString('en-US')})`,
  (needle) => `/api/v2/asset-group-tags/${tierZero.id}/members?limit=50${needle ? `&name=~eq:${needle}` : ''}`,
);
await members(
  'legacy Admin Tier Zero members (the same membership)',
  (needle) => `/api/v2/asset-groups/1/members?limit=50${needle ? `&name=~eq:${needle}` : ''}`,
);
console.log(`${load()} (figures are indicative under load)`);
