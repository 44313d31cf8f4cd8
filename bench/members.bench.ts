/**
 * Asset-group member queries on the mock service (`npm run bench members`).
 *
 * First, a members request through the whole HTTP app (auth, validation,
 * JSON) on the seeded 100,000-member group. Then, for 10,000, 100,000 and
 * 1,000,000 members (the seeded fleet generator at
 * each size) it prints: the time to generate the members and to build the
 * indexes (once per member set), then the median and 90th percentile of
 * queries with a contains filter on name and two sort columns, on the first
 * page and at a skip of 90% of the members, each uncached (the cache of
 * ordered rows is cleared before every run) and cached (paging through a view
 * already asked for).
 *
 * Figures are measured, never asserted.
 */
import { MemberIndex, type MemberQuery } from '../src/mock-server/areas/asset-groups/engine';
import { fleetRows, memberIndexOf } from '../src/mock-server/areas/asset-groups/members';
import { signedInMock } from './in-process-mock';

const RUNS = Number(process.env.BENCH_RUNS || 41);
const NEEDLES = ['adm', 'ann', 'sales', 'ws-0', 'corp', 'ia', '0042', 'device'];

function stats(samples: number[]): { median: number; p90: number } {
  const s = [...samples].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, p90: s[Math.floor(s.length * 0.9)]! };
}

const ms = (n: number) => `${n.toFixed(2).padStart(8)} ms`;

function measure(run: (i: number) => void): { median: number; p90: number } {
  for (let i = 0; i < 5; i++) run(i); // warm-up (JIT)
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    run(i);
    samples.push(performance.now() - started);
  }
  return stats(samples);
}

function query(i: number, skip: number): MemberQuery {
  return {
    filters: [{ column: 'name', predicate: '~eq', value: NEEDLES[i % NEEDLES.length]! }],
    sorts: [
      { column: 'primary_kind', descending: false },
      { column: 'name', descending: true },
    ],
    skip,
    limit: 100,
  };
}

console.log(
  `Member queries: contains filter on name + sort_by=primary_kind&sort_by=-name, limit 100; ${RUNS} runs each, median / p90.`,
);
console.log(
  `Machine: ${(await import('node:os')).cpus().length} CPUs, load average ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);

// The whole request path: GET /api/v2/asset-groups/{id}/members through the Hono app (loaded last, so the
// figures above print even when another area of the mock fails to load).
async function httpFigures(): Promise<void> {
  const { FLEET_SIZE } = await import('../src/mock-server/areas/asset-groups/store');
  const { mock, token } = await signedInMock();
  const fleet = mock.db.state.assetGroups.find((g) => g.population)!;
  const fleetIndex = memberIndexOf({ assetGroupId: fleet.id, selectors: fleet.selectors, population: fleet.population });
  const httpMatches = NEEDLES.map(
    (needle) =>
      fleetIndex.query({ filters: [{ column: 'name', predicate: '~eq', value: needle }], sorts: [], skip: 0, limit: 0 }).count,
  );
  async function request(i: number, deep: boolean): Promise<number> {
    const skip = deep ? Math.floor(httpMatches[i % NEEDLES.length]! * 0.9) : 0;
    fleetIndex.clearCache();
    const url = `http://mock/api/v2/asset-groups/${fleet.id}/members?name=~eq:${NEEDLES[i % NEEDLES.length]}&sort_by=primary_kind&sort_by=-name&skip=${skip}&limit=100`;
    const started = performance.now();
    const res = await mock.fetch(new Request(url, { headers: { Authorization: `Bearer ${token}` } }));
    await res.text();
    return performance.now() - started;
  }
  for (const deep of [false, true]) {
    for (let i = 0; i < 5; i++) await request(i, deep);
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) samples.push(await request(i, deep));
    const s = stats(samples);
    console.log(
      `HTTP (in-process app), ${FLEET_SIZE.toLocaleString('en-US')}-member group, ${deep ? 'skip 90% of matches' : 'first page'}: ${s.median.toFixed(2)} ms median, ${s.p90.toFixed(2)} ms p90 (uncached)`,
    );
  }
}

try {
  await httpFigures();
} catch (e) {
  console.log(`HTTP figures skipped: the mock app did not load (${(e as Error).message.split('\n')[0]}).`);
}
console.log('');

const rows: string[][] = [];
const firstMedians: number[] = [];
const deepMedians: number[] = [];
for (const size of [10_000, 100_000, 1_000_000]) {
  let started = performance.now();
  const input = fleetRows(6, size);
  const generate = performance.now() - started;
  started = performance.now();
  const index = new MemberIndex(input);
  const build = performance.now() - started;
  const deepSkip = Math.floor(size * 0.9);
  // Deep pages of a filtered view skip 90% of what matches it.
  const matches = NEEDLES.map((_, i) => index.query(query(i, 0)).count);
  const deepOf = (i: number) => Math.floor(matches[i % NEEDLES.length]! * 0.9);
  const first = measure((i) => {
    index.clearCache();
    index.query(query(i, 0));
  });
  const deep = measure((i) => {
    index.clearCache();
    index.query(query(i, deepOf(i)));
  });
  // Cached: every needle asked once, then pages of the same views.
  const cached = measure((i) => index.query(query(i, i % 2 ? deepOf(i) : 0)));
  const noFilter = measure((i) => {
    index.clearCache();
    index.query({
      filters: [],
      sorts: [
        { column: 'environment_id', descending: i % 2 === 1 },
        { column: 'name', descending: false },
      ],
      skip: deepSkip,
      limit: 100,
    });
  });
  firstMedians.push(first.median);
  deepMedians.push(deep.median);
  rows.push([
    size.toLocaleString('en-US'),
    `${generate.toFixed(0)} ms`,
    `${build.toFixed(0)} ms`,
    `${first.median.toFixed(2)} / ${first.p90.toFixed(2)}`,
    `${deep.median.toFixed(2)} / ${deep.p90.toFixed(2)}`,
    `${cached.median.toFixed(3)} / ${cached.p90.toFixed(3)}`,
    `${noFilter.median.toFixed(2)} / ${noFilter.p90.toFixed(2)}`,
  ]);
  console.log(
    `${size.toLocaleString('en-US').padStart(9)} members: generate ${generate.toFixed(0)} ms, build indexes ${build.toFixed(0)} ms`,
  );
  console.log(`   first page (skip 0)             ${ms(first.median)} median, ${ms(first.p90)} p90 (uncached)`);
  console.log(
    `   deep page (skip 90% of matches) ${ms(deep.median)} median, ${ms(deep.p90)} p90 (uncached; ${Math.min(...matches)}–${Math.max(...matches)} matches)`,
  );
  console.log(`   either page, cached view        ${ms(cached.median)} median, ${ms(cached.p90)} p90`);
  console.log(`   no filter, 2 sorts, skip 90%    ${ms(noFilter.median)} median, ${ms(noFilter.p90)} p90 (uncached)`);
}

console.log(
  '\n| members | generate | build indexes | first page (median / p90 ms) | skip 90% of matches (median / p90 ms) | cached page (ms) | no filter, 2 sorts, skip 90% (ms) |',
);
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
const growth = (m: number[]) =>
  `×${(m[1]! / m[0]!).toFixed(1)} from 10,000 to 100,000, ×${(m[2]! / m[1]!).toFixed(1)} from 100,000 to 1,000,000`;
console.log(
  `\nGrowth of the median, first page: ${growth(firstMedians)}; deep page: ${growth(deepMedians)} (members ×10 each step).`,
);
