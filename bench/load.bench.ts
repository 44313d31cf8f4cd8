/**
 * Load on the standalone mock service (`npm run bench load`).
 *
 * Starts `src/mock-server/main.ts` as a child process on a free port with a
 * temporary MOCK_DB (so persistence runs under the load too), signs in as
 * admin, then drives it with autocannon: LOAD_CONNECTIONS connections
 * (default 100) for LOAD_SECONDS seconds (default 20), each looping over a
 * mix of reads and writes on users and asset groups (list, get, filtered and
 * sorted member pages, create, update, delete) with unique names per write.
 *
 * Prints requests per second, latency percentiles, status counts and errors,
 * overall and per kind of request. Then checks, through the API, that the
 * state is consistent: list counts equal the rows when paged through, every
 * acknowledged write is there exactly once (and every acknowledged delete is
 * gone), no record is half-written. Finally it kills the mock with SIGKILL,
 * restarts it on the same file and checks the state came back identical.
 *
 * Exits non-zero when a request failed or a check did not hold.
 * Settings: LOAD_SECONDS, LOAD_CONNECTIONS, LOAD_PERSIST=0 (memory only, for
 * comparison), LOAD_PASSWORD_EVERY (every Nth created user gets a password,
 * default 10; 0 = none), LOAD_WARMUP_SECONDS (seconds of the same load before
 * the measured ones, default 3, not in the figures: a cold mock answers its
 * first hundred requests seconds late).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type AutocannonRequest } from 'autocannon';
import { z } from 'zod';
import { assetGroupMembersResponse, assetGroupsListResponse, assetGroupResponse } from '../src/api/schemas/asset-groups';
import { userResponse, usersListResponse, type User } from '../src/api/schemas/users';
import { DEFAULT_PASSWORD } from '../src/mock-server/seed/core';
import { kill, startMock as startProcess, type RunningMock } from './mock-process';

const SECONDS = positive('LOAD_SECONDS', 20);
const CONNECTIONS = positive('LOAD_CONNECTIONS', 100);
const PERSIST = process.env.LOAD_PERSIST !== '0';
const PASSWORD_EVERY = Number(process.env.LOAD_PASSWORD_EVERY ?? 10);
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS ?? 3);
/** One created user (and group) in KEEP stays; the others are deleted again in the same loop. */
const KEEP = 5;
const JWT_SECRET = 'load-bench-signing-key';
const RUN = Date.now().toString(36);

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`${name} must be a positive whole number, not "${raw}"`);
    process.exit(2);
  }
  return n;
}

// ---------------------------------------------------------------------------
// The mock as a child process
// ---------------------------------------------------------------------------

function startMock(dbFile: string | null): Promise<RunningMock> {
  return startProcess({ MOCK_JWT_SECRET: JWT_SECRET, MOCK_EDITION: 'enterprise', MOCK_DB: dbFile ?? undefined });
}

function parses(file: string): boolean {
  try {
    JSON.parse(readFileSync(file, 'utf8'));
    return true;
  } catch {
    return false;
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuSecondsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 per second on Linux)
  } catch {
    return NaN;
  }
}

function rssOf(pid: number | undefined): string {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return `${Math.round(kb / 1024)} MB`;
  } catch {
    return 'n/a';
  }
}

// ---------------------------------------------------------------------------
// Plain API calls (setup and checks)
// ---------------------------------------------------------------------------

async function call<T>(
  base: string,
  token: string | null,
  method: string,
  path: string,
  schema: z.ZodType<T> | null,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  if (!schema) return undefined as T;
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${method} ${path}: the answer breaks its schema: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

const loginResponse = z.object({ data: z.object({ session_token: z.string(), user_id: z.string() }) });
const rolesResponse = z.object({ data: z.object({ roles: z.array(z.object({ id: z.int(), name: z.string() })) }) });

// ---------------------------------------------------------------------------
// What the load wrote, as acknowledged by the server
// ---------------------------------------------------------------------------

/** A write sent but not answered (the run ended while it was in flight) may or may not have happened. */
type Outcome = 'none' | 'sent' | 'acked';

interface LoadUser {
  n: number;
  principal: string;
  id: string | null;
  created: Outcome;
  edited: Outcome;
  deleted: Outcome;
}

interface LoadGroup {
  n: number;
  name: string;
  tag: string;
  id: number | null;
  created: Outcome;
  renamed: Outcome;
  deleted: Outcome;
}

/** Requests sent before this moment (the warm-up) are not in the figures. */
let measureFrom = Infinity;
let lastAnswer = 0;

const users = new Map<number, LoadUser>();
const groups = new Map<number, LoadGroup>();
let counter = 0;

interface Kind {
  count: number;
  latencies: number[];
  statuses: Map<number, number>;
  failures: string[];
}
const kinds = new Map<string, Kind>();
function kindOf(name: string): Kind {
  let k = kinds.get(name);
  if (!k) {
    k = { count: 0, latencies: [], statuses: new Map(), failures: [] };
    kinds.set(name, k);
  }
  return k;
}

interface Ctx extends Record<string, unknown> {
  kind?: string;
  expect?: number;
  started?: number;
  n?: number;
  onAck?: (body: string) => void;
}

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

const dir = mkdtempSync(join(tmpdir(), 'mock-load-'));
const dbFile = PERSIST ? join(dir, 'state.json') : null;
let mock: RunningMock | null = null;
const problems: string[] = [];
const check = (ok: boolean, message: string) => {
  if (!ok) problems.push(message);
};

try {
  const loadBefore = loadavg();
  mock = await startMock(dbFile);
  const base = mock.base;
  const login = await call(base, null, 'POST', '/api/v2/login', loginResponse, {
    login_method: 'secret',
    username: 'admin',
    secret: DEFAULT_PASSWORD,
  });
  const token = login.data.session_token;
  const roles = (await call(base, token, 'GET', '/api/v2/roles', rolesResponse)).data.roles;
  const roleId = (name: string) => {
    const r = roles.find((x) => x.name === name);
    if (!r) throw new Error(`no seeded role "${name}"`);
    return r.id;
  };
  const [userRole, readOnlyRole] = [roleId('User'), roleId('Read-Only')];
  const seededGroups = (await call(base, token, 'GET', '/api/v2/asset-groups', assetGroupsListResponse)).data.asset_groups;
  const fleet = seededGroups.reduce((a, b) => (b.member_count > a.member_count ? b : a));
  const small = seededGroups.find((g) => !g.system_group && g.member_count > 0 && g.id !== fleet.id)!;
  // The big group's members are built on its first request; do that before the clock starts.
  await call(base, token, 'GET', `/api/v2/asset-groups/${fleet.id}/members?limit=1`, assetGroupMembersResponse);

  const auth = { Authorization: `Bearer ${token}` };
  const json = { ...auth, 'Content-Type': 'application/json' };
  const needles = ['adm', 'ws-0', 'sales', 'corp', '0042', 'srv'];

  /** One step of a connection's loop: `build` gives the request (and what answers it expects), or null to read instead. */
  const step = (
    build: (ctx: Ctx) => {
      kind: string;
      method: string;
      path: string;
      body?: unknown;
      expect: number;
      onAck?: (body: string) => void;
    },
  ): AutocannonRequest => ({
    setupRequest(req, raw) {
      const ctx = raw as Ctx;
      const r = build(ctx);
      ctx.kind = r.kind;
      ctx.expect = r.expect;
      ctx.onAck = r.onAck;
      ctx.started = performance.now();
      return {
        ...req,
        method: r.method,
        path: r.path,
        headers: r.body === undefined ? auth : json,
        body: r.body === undefined ? Buffer.alloc(0) : JSON.stringify(r.body),
      };
    },
    onResponse(status, body, raw) {
      const ctx = raw as Ctx;
      const k = kindOf(ctx.kind!);
      const now = performance.now();
      if (ctx.started! >= measureFrom) {
        k.count++;
        k.latencies.push(now - ctx.started!);
        lastAnswer = now;
      }
      k.statuses.set(status, (k.statuses.get(status) ?? 0) + 1);
      if (status !== ctx.expect) {
        if (k.failures.length < 3) k.failures.push(`${status}: ${body.slice(0, 200)}`);
        return;
      }
      try {
        ctx.onAck?.(body);
      } catch (e) {
        if (k.failures.length < 3) k.failures.push(`answer not understood: ${(e as Error).message}`);
        k.statuses.set(-1, (k.statuses.get(-1) ?? 0) + 1);
      }
    },
  });

  const userOf = (ctx: Ctx) => (ctx.n !== undefined ? users.get(ctx.n) : undefined);
  const groupOf = (ctx: Ctx) => (ctx.n !== undefined ? groups.get(ctx.n) : undefined);
  /** Steps that need this loop's user or group fall back to a list read when its create failed. */
  const listUsers = { kind: 'list users', method: 'GET', path: '/api/v2/app-users?sort_by=principal_name', expect: 200 };
  const listGroups = { kind: 'list asset groups', method: 'GET', path: '/api/v2/asset-groups?sort_by=name', expect: 200 };

  // The whole-list reads come later in the loop, so the connections, which all start together, do not all
  // ask for the largest answer at once.
  const requests: AutocannonRequest[] = [
    step((ctx) => {
      const n = ++counter;
      ctx.n = n;
      const u: LoadUser = {
        n,
        principal: `load-${RUN}-${n}`,
        id: null,
        created: 'sent',
        edited: 'none',
        deleted: 'none',
      };
      users.set(n, u);
      return {
        kind: 'create user',
        method: 'POST',
        path: '/api/v2/app-users',
        body: {
          principal: u.principal,
          email_address: `${u.principal}@load.example.com`,
          first_name: 'Load',
          last_name: `User ${n}`,
          roles: [userRole],
          ...(PASSWORD_EVERY > 0 && n % PASSWORD_EVERY === 0 ? { secret: `Load-Password-${n}-ok` } : {}),
        },
        expect: 200,
        onAck: (body) => {
          u.id = userResponse.parse(JSON.parse(body)).data.id;
          u.created = 'acked';
        },
      };
    }),
    step((ctx) => {
      const u = userOf(ctx);
      if (!u?.id) return listUsers;
      return { kind: 'get user', method: 'GET', path: `/api/v2/app-users/${u.id}`, expect: 200 };
    }),
    step((ctx) => {
      const u = userOf(ctx);
      if (!u?.id) return listUsers;
      u.edited = 'sent';
      return {
        kind: 'update user',
        method: 'PATCH',
        path: `/api/v2/app-users/${u.id}`,
        body: { first_name: `Edited ${u.n}`, roles: [readOnlyRole] },
        expect: 204,
        onAck: () => {
          u.edited = 'acked';
        },
      };
    }),
    step(() => listGroups),
    step((ctx) => {
      const n = ctx.n ?? 0;
      const skip = (n * 100) % 5000;
      const needle = needles[n % needles.length]!;
      return {
        kind: 'members page (filter, 2 sorts)',
        method: 'GET',
        path: `/api/v2/asset-groups/${fleet.id}/members?skip=${skip}&limit=100&sort_by=primary_kind&sort_by=-name&name=~eq:${needle}`,
        expect: 200,
      };
    }),
    step((ctx) => {
      const n = ctx.n ?? ++counter;
      const g: LoadGroup = {
        n,
        name: `Load ${RUN} ${n}`,
        tag: `load_${RUN}_${n}`,
        id: null,
        created: 'sent',
        renamed: 'none',
        deleted: 'none',
      };
      groups.set(n, g);
      return {
        kind: 'create asset group',
        method: 'POST',
        path: '/api/v2/asset-groups',
        body: { name: g.name, tag: g.tag },
        expect: 200,
        onAck: (body) => {
          g.id = assetGroupResponse.parse(JSON.parse(body)).data.id;
          g.created = 'acked';
        },
      };
    }),
    step(() => listUsers),
    step((ctx) => {
      const g = groupOf(ctx);
      if (!g?.id) return listGroups;
      g.renamed = 'sent';
      return {
        kind: 'rename asset group',
        method: 'PUT',
        path: `/api/v2/asset-groups/${g.id}`,
        body: { name: `${g.name} renamed` },
        expect: 200,
        onAck: () => {
          g.renamed = 'acked';
        },
      };
    }),
    step((ctx) => {
      const g = groupOf(ctx);
      if (!g?.id) return listGroups;
      return { kind: 'get asset group', method: 'GET', path: `/api/v2/asset-groups/${g.id}`, expect: 200 };
    }),
    step(() => ({
      kind: 'members page (small group)',
      method: 'GET',
      path: `/api/v2/asset-groups/${small.id}/members?sort_by=name&limit=50`,
      expect: 200,
    })),
    step((ctx) => {
      const u = userOf(ctx);
      if (!u?.id) return listUsers;
      if (u.n % KEEP === 0) {
        return {
          kind: 'find user by name',
          method: 'GET',
          path: `/api/v2/app-users?principal_name=eq:${encodeURIComponent(u.principal)}`,
          expect: 200,
          onAck: (body) => {
            const found = usersListResponse.parse(JSON.parse(body)).data.users;
            if (found.length !== 1 || found[0]!.id !== u.id) throw new Error(`${u.principal} found ${found.length} times`);
          },
        };
      }
      u.deleted = 'sent';
      return {
        kind: 'delete user',
        method: 'DELETE',
        path: `/api/v2/app-users/${u.id}`,
        expect: 204,
        onAck: () => {
          u.deleted = 'acked';
        },
      };
    }),
    step((ctx) => {
      const g = groupOf(ctx);
      if (!g?.id) return listGroups;
      if (g.n % KEEP === 0) return listGroups;
      g.deleted = 'sent';
      return {
        kind: 'delete asset group',
        method: 'DELETE',
        path: `/api/v2/asset-groups/${g.id}`,
        expect: 200,
        onAck: () => {
          g.deleted = 'acked';
        },
      };
    }),
  ];

  console.log(
    `Load: ${CONNECTIONS} connections for ${SECONDS} s on the standalone mock (${PERSIST ? 'MOCK_DB on' : 'memory only'}), after ${WARMUP_SECONDS} s of the same load to warm it up (not in the figures), ` +
      `each looping over ${requests.length} requests: 6 reads (list users, get a user, list asset groups, get a group, two member pages), ` +
      `create and update a user, create and rename an asset group, then delete both (or, for 1 in ${KEEP}, read them back)` +
      `${PASSWORD_EVERY > 0 ? `; every ${PASSWORD_EVERY}th user created with a password` : ''}.`,
  );
  console.log(
    `Machine: ${cpus().length} CPUs, load average before ${loadBefore.map((l) => l.toFixed(1)).join(' ')} (client and mock on the same machine).\n`,
  );

  // One run: the first WARMUP_SECONDS (connections opening, code paths compiling) are not in the figures;
  // a cold mock answers the first hundred requests seconds late. Errors and statuses count the whole run.
  const started = performance.now();
  measureFrom = started + WARMUP_SECONDS * 1000;
  let mockCpuBefore = NaN;
  let clientCpuBefore = process.cpuUsage();
  const cpuMark = setTimeout(() => {
    mockCpuBefore = cpuSecondsOf(mock?.child.pid);
    clientCpuBefore = process.cpuUsage();
  }, WARMUP_SECONDS * 1000);
  const instance = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: WARMUP_SECONDS + SECONDS,
    // The console's own client timeout (VITE_API_TIMEOUT_MS, 30 s): a request without an answer by then is an
    // error. Opening 100 connections at once to a busy mock can take Node over 10 s on a loaded machine
    // (it accepts a few per turn of its event loop), which autocannon's default 10 s counted as timeouts.
    timeout: 30,
    requests,
  });
  const result = await instance;
  clearTimeout(cpuMark);
  const measured = (lastAnswer - measureFrom) / 1000;
  const rss = rssOf(mock.child.pid);
  const mockCpu = cpuSecondsOf(mock.child.pid) - mockCpuBefore;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  // kill -9 at once: the requests of the stopped connections are still being handled and saved.
  if (dbFile) await kill(mock, 'SIGKILL');
  const loadAfter = loadavg();

  // ---- Figures ----
  const table: string[][] = [['request', 'count', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'statuses']];
  for (const [name, k] of [...kinds].sort((a, b) => b[1].count - a[1].count)) {
    const sorted = [...k.latencies].sort((a, b) => a - b);
    table.push([
      name,
      String(k.count),
      (k.count / measured).toFixed(0),
      pct(sorted, 50).toFixed(1),
      pct(sorted, 90).toFixed(1),
      pct(sorted, 99).toFixed(1),
      (sorted.at(-1) ?? NaN).toFixed(1),
      [...k.statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([s, c]) => `${s === -1 ? 'bad answer' : s}×${c}`)
        .join(' '),
    ]);
  }
  const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  for (const row of table)
    console.log(row.map((c, i) => (i === 0 || i === 7 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));

  const statuses = Object.entries(result.statusCodeStats)
    .map(([s, v]) => `${s}×${v.count}`)
    .join(' ');
  const total = [...kinds.values()].reduce((a, k) => a + k.count, 0);
  const latencyOf = (pred: (n: string) => boolean) =>
    [...kinds]
      .filter(([n]) => pred(n))
      .flatMap(([, k]) => k.latencies)
      .sort((a, b) => a - b);
  const all = latencyOf(() => true);
  const isWrite = (n: string) => /^(create|update|rename|delete)/.test(n);
  const writes = latencyOf(isWrite);
  const reads = latencyOf((n) => !isWrite(n));
  const ms = (sorted: number[], p: number) => pct(sorted, p).toFixed(0);
  const rps = (total / measured).toFixed(0);
  console.log(
    `\nAll: ${total} answers in ${measured.toFixed(1)} s = ${rps} req/s; latency p50 ${ms(all, 50)} ms, ` +
      `p90 ${ms(all, 90)} ms, p99 ${ms(all, 99)} ms, max ${ms(all, 100)} ms. Whole run (with warm-up): statuses ${statuses}; ` +
      `errors ${result.errors} (timeouts ${result.timeouts}), non-2xx ${result.non2xx}.`,
  );
  console.log(
    `Load average after ${loadAfter.map((l) => l.toFixed(1)).join(' ')}; mock memory (RSS) ${rss}; ` +
      `CPU used: mock ${mockCpu.toFixed(1)} s (${((mockCpu / measured) * 100).toFixed(0)}% of one core), ` +
      `load client ${((clientCpu.user + clientCpu.system) / 1e6).toFixed(1)} s; ` +
      `${[...users.values()].filter((u) => u.created === 'acked').length} users and ` +
      `${[...groups.values()].filter((g) => g.created === 'acked').length} asset groups created` +
      (dbFile && existsSync(dbFile) ? `; state file ${(readFileSync(dbFile).length / 1024).toFixed(0)} KB.` : '.'),
  );

  for (const [name, k] of kinds) for (const f of k.failures) problems.push(`${name}: ${f}`);
  check(result.errors === 0, `${result.errors} requests failed without an answer (${result.timeouts} timeouts)`);
  check(result.non2xx === 0, `${result.non2xx} answers were not 2xx`);

  if (dbFile) {
    check(parses(dbFile), 'after kill -9 the state file is not valid JSON');
    mock = await startMock(dbFile);
    console.log('Killed with SIGKILL as the load stopped (writes still in flight), restarted on the same MOCK_DB.');
  }

  // ---- Consistency, through the API: every acknowledged write survived, nothing half-written ----
  const snapshot = await consistency(mock.base, token, { userRole, readOnlyRole });

  // ---- A second kill -9 and restart changes nothing ----
  if (dbFile) {
    await kill(mock, 'SIGKILL');
    mock = await startMock(dbFile);
    const again = await stateSnapshot(mock.base, token);
    check(again.users === snapshot.users, 'after a second kill -9 and restart the users differ');
    check(again.groups === snapshot.groups, 'after a second kill -9 and restart the asset groups differ');
    check(again.members === snapshot.members, 'after a second kill -9 and restart the member counts differ');
    console.log('Killed and restarted again: users, asset groups and member counts identical.');
  }

  if (problems.length > 0) {
    console.error(`\nFAILED: ${problems.length} problem(s):`);
    for (const p of problems.slice(0, 40)) console.error(`  - ${p}`);
    process.exitCode = 1;
  } else {
    console.log(
      'Consistent: no errors, every acknowledged write present once, every acknowledged delete gone, counts match lists.',
    );
  }
  console.log(
    `\nSummary: ${CONNECTIONS} connections, ${SECONDS} s, ${PERSIST ? 'MOCK_DB on' : 'memory only'}: ` +
      `${rps} req/s, latency p50 ${ms(all, 50)} / p90 ${ms(all, 90)} / p99 ${ms(all, 99)} / max ${ms(all, 100)} ms ` +
      `(reads p50 ${ms(reads, 50)} / p99 ${ms(reads, 99)} ms, writes p50 ${ms(writes, 50)} / p99 ${ms(writes, 99)} ms), ` +
      `${result.errors} errors, ${result.non2xx} non-2xx, load average ${loadAfter[0]!.toFixed(1)} on ${cpus().length} CPUs; ` +
      `state ${problems.length === 0 ? 'consistent' : 'INCONSISTENT'}${dbFile ? ' after kill -9 + restart' : ''}.`,
  );
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  if (mock) await kill(mock, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

/** The parts of the state the load touched, as canonical JSON, for the before/after-restart comparison. */
async function stateSnapshot(base: string, token: string) {
  const userList = (await call(base, token, 'GET', '/api/v2/app-users?sort_by=principal_name', usersListResponse)).data.users;
  const groupList = (await call(base, token, 'GET', '/api/v2/asset-groups?sort_by=name', assetGroupsListResponse)).data
    .asset_groups;
  const members: Record<number, number> = {};
  for (const g of groupList) {
    members[g.id] = (
      await call(base, token, 'GET', `/api/v2/asset-groups/${g.id}/members?limit=1`, assetGroupMembersResponse)
    ).count;
  }
  return {
    userList,
    groupList,
    users: JSON.stringify(userList),
    groups: JSON.stringify(groupList),
    members: JSON.stringify(members),
  };
}

async function consistency(base: string, token: string, roles: { userRole: number; readOnlyRole: number }) {
  const snap = await stateSnapshot(base, token);
  const { userList, groupList } = snap;

  // Users: unique, complete, and exactly the acknowledged writes.
  const byPrincipal = new Map<string, User[]>();
  for (const u of userList) byPrincipal.set(u.principal_name, [...(byPrincipal.get(u.principal_name) ?? []), u]);
  check(new Set(userList.map((u) => u.id)).size === userList.length, 'a user id appears twice in the users list');
  for (const [p, list] of byPrincipal) check(list.length === 1, `user ${p} appears ${list.length} times`);
  const known = new Set([...users.values()].map((u) => u.principal));
  for (const u of userList) {
    if (u.principal_name.startsWith(`load-${RUN}-`))
      check(known.has(u.principal_name), `user ${u.principal_name} was never created`);
    check(u.roles.length > 0 && u.roles.every((r) => r.name !== ''), `user ${u.principal_name} has no roles`);
  }
  let checkedUsers = 0;
  for (const u of users.values()) {
    const found = byPrincipal.get(u.principal)?.[0];
    if (u.deleted === 'acked' || u.created === 'sent' || u.deleted === 'sent') {
      if (u.deleted === 'acked') check(!found, `user ${u.principal} was deleted (204) but is still listed`);
      continue;
    }
    checkedUsers++;
    if (!found) {
      check(false, `user ${u.principal} was created (200) but is not listed`);
      continue;
    }
    check(found.id === u.id, `user ${u.principal} has id ${found.id}, created as ${u.id}`);
    check(found.email_address.string === `${u.principal}@load.example.com`, `user ${u.principal}: wrong email`);
    check(found.last_name.string === `User ${u.n}`, `user ${u.principal}: wrong last name`);
    const edited =
      found.first_name.string === `Edited ${u.n}` && found.roles.map((r) => r.id).join() === String(roles.readOnlyRole);
    const original = found.first_name.string === 'Load' && found.roles.map((r) => r.id).join() === String(roles.userRole);
    if (u.edited === 'acked') check(edited, `user ${u.principal}: the acknowledged update is missing or half-applied`);
    else check(edited || original, `user ${u.principal}: half-updated (first name and roles disagree)`);
    check(
      (PASSWORD_EVERY > 0 && u.n % PASSWORD_EVERY === 0) === Boolean(found.AuthSecret),
      `user ${u.principal}: password ${found.AuthSecret ? 'present' : 'missing'}`,
    );
  }
  // Every kept user reads the same by id and in the other spelling of the path.
  const kept = userList.filter((u) => u.principal_name.startsWith(`load-${RUN}-`));
  for (let i = 0; i < kept.length; i += 20) {
    await Promise.all(
      kept.slice(i, i + 20).map(async (u) => {
        const one = (await call(base, token, 'GET', `/api/v2/app-users/${u.id}`, userResponse)).data;
        check(JSON.stringify(one) === JSON.stringify(u), `user ${u.principal_name} reads differently by id than in the list`);
      }),
    );
  }
  const upstream = (await call(base, token, 'GET', '/api/v2/bloodhound-users?sort_by=principal_name', usersListResponse)).data
    .users;
  check(JSON.stringify(upstream) === snap.users, '/bloodhound-users and /app-users list different users');

  // Asset groups: unique, exactly the acknowledged writes, member counts equal to the rows paged through.
  const byTag = new Map<string, number>();
  for (const g of groupList) byTag.set(g.tag, (byTag.get(g.tag) ?? 0) + 1);
  for (const [t, c] of byTag) check(c === 1, `asset group tag ${t} appears ${c} times`);
  const knownTags = new Set([...groups.values()].map((g) => g.tag));
  let checkedGroups = 0;
  for (const g of groupList) {
    if (g.tag.startsWith(`load_${RUN}_`)) check(knownTags.has(g.tag), `asset group ${g.tag} was never created`);
  }
  for (const g of groups.values()) {
    const found = groupList.find((x) => x.tag === g.tag);
    if (g.deleted === 'acked') {
      check(!found, `asset group ${g.tag} was deleted (200) but is still listed`);
      continue;
    }
    if (g.created === 'sent' || g.deleted === 'sent') continue;
    checkedGroups++;
    if (!found) {
      check(false, `asset group ${g.tag} was created (200) but is not listed`);
      continue;
    }
    check(found.id === g.id, `asset group ${g.tag} has id ${found.id}, created as ${g.id}`);
    if (g.renamed === 'acked')
      check(found.name === `${g.name} renamed`, `asset group ${g.tag}: the acknowledged rename is missing`);
    else check(found.name === g.name || found.name === `${g.name} renamed`, `asset group ${g.tag}: name ${found.name}`);
  }
  let pagedRows = 0;
  for (const g of groupList) {
    const seen = new Set<string>();
    let count = -1;
    for (let skip = 0; count === -1 || skip < count; skip += 1000) {
      const page = await call(
        base,
        token,
        'GET',
        `/api/v2/asset-groups/${g.id}/members?skip=${skip}&limit=1000&sort_by=object_id`,
        assetGroupMembersResponse,
      );
      if (count !== -1) check(page.count === count, `asset group ${g.id}: member count changed while paging`);
      count = page.count;
      for (const m of page.data.members) seen.add(m.object_id);
      pagedRows += page.data.members.length;
      if (page.data.members.length === 0) break;
    }
    check(count === g.member_count, `asset group ${g.id}: member_count ${g.member_count}, members count ${count}`);
    check(seen.size === count, `asset group ${g.id}: ${seen.size} distinct members paged through, count ${count}`);
  }
  console.log(
    `Checked: ${userList.length} users listed (${checkedUsers} created by the load and kept, each read back by id), ` +
      `${groupList.length} asset groups (${checkedGroups} created and kept), ${pagedRows} member rows paged through.`,
  );
  return snap;
}
