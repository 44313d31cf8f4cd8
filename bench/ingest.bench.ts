/**
 * Ingest of a large collection through the API (`npm run bench ingest`).
 *
 * Writes a SharpHound zip of INGEST_OBJECTS objects (default 100,000: one domain, users, computers, groups,
 * OUs, GPOs and containers, with group members, ACEs, sessions and local groups as a real collection has
 * them), starts the standalone mock with MOCK_GRAPH=empty and no timed pipeline delays, uploads the zip as an
 * administrator would (start, upload, end), and waits for the job to be complete. Meanwhile a probe asks
 * GET /api/v2/self every 25 ms and the mock's resident memory is read from /proc every 100 ms.
 *
 * Prints the time from the end of the upload to the complete job (ingest and analysis), objects per second,
 * the growth of resident memory at its peak, the probe's latency percentiles, and the load average.
 * Targets on the 2-core machine: at most 30 s, at most 1 GB, p99 at most 50 ms. Figures are printed, not asserted.
 */
import { readFileSync, mkdtempSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Zip, ZipDeflate } from 'fflate';
import { DEFAULT_PASSWORD } from '../src/mock-server/seed/core';
import { kill, startMock } from './mock-process';

const OBJECTS = Number(process.env.INGEST_OBJECTS ?? 100_000);
const DOMAIN = 'BENCH.EXAMPLE';
const SID = 'S-1-5-21-4200000001-4200000002-4200000003';

/** A small deterministic generator, so every run ingests the same collection. */
function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s % n;
  };
}

const RIGHTS = [
  'GenericAll',
  'GenericWrite',
  'WriteDacl',
  'WriteOwner',
  'Owns',
  'AddMember',
  'ForceChangePassword',
  'AllExtendedRights',
];

function collection(): { files: Record<string, unknown[]>; counts: Record<string, number> } {
  const pick = rng(42);
  const n = {
    users: Math.round(OBJECTS * 0.6),
    computers: Math.round(OBJECTS * 0.25),
    groups: Math.round(OBJECTS * 0.1),
    ous: Math.round(OBJECTS * 0.03),
    gpos: Math.round(OBJECTS * 0.01),
  };
  const containers = OBJECTS - 1 - n.users - n.computers - n.groups - n.ous - n.gpos;
  const rid = { user: 10_000, computer: 200_000, group: 400_000 };
  const userSid = (i: number) => `${SID}-${rid.user + i}`;
  const computerSid = (i: number) => `${SID}-${rid.computer + i}`;
  const groupSid = (i: number) => `${SID}-${rid.group + i}`;
  const guid = (prefix: number, i: number) =>
    `${prefix.toString(16).padStart(8, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`.toUpperCase();
  const aces = (count: number) =>
    Array.from({ length: count }, () => {
      const group = pick(10) < 7;
      return {
        PrincipalSID: group ? groupSid(pick(n.groups)) : userSid(pick(n.users)),
        PrincipalType: group ? 'Group' : 'User',
        RightName: RIGHTS[pick(RIGHTS.length)]!,
        IsInherited: pick(2) === 0,
      };
    });
  const props = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    domain: DOMAIN,
    domainsid: SID,
    distinguishedname: `CN=${name.split('@')[0]},DC=BENCH,DC=EXAMPLE`,
    description: null,
    whencreated: 1_700_000_000 + pick(10_000_000),
    ...extra,
  });

  const users = Array.from({ length: n.users }, (_, i) => ({
    ObjectIdentifier: userSid(i),
    Properties: props(`USER${i}@${DOMAIN}`, {
      enabled: pick(10) > 0,
      hasspn: pick(50) === 0,
      dontreqpreauth: pick(200) === 0,
      lastlogon: 1_760_000_000 + pick(5_000_000),
      pwdlastset: 1_740_000_000 + pick(5_000_000),
      admincount: pick(100) === 0,
    }),
    PrimaryGroupSID: `${SID}-513`,
    AllowedToDelegate: [],
    SPNTargets: [],
    HasSIDHistory: [],
    Aces: aces(4),
    IsDeleted: false,
    IsACLProtected: false,
    ContainedBy: { ObjectIdentifier: guid(0x0a, pick(n.ous)), ObjectType: 'OU' },
  }));
  const computers = Array.from({ length: n.computers }, (_, i) => ({
    ObjectIdentifier: computerSid(i),
    Properties: props(`HOST${i}.${DOMAIN}`, {
      enabled: true,
      operatingsystem: pick(4) === 0 ? 'Windows Server 2022 Standard' : 'Windows 11 Enterprise',
      unconstraineddelegation: pick(500) === 0,
      haslaps: pick(3) > 0,
      lastlogontimestamp: 1_760_000_000 + pick(5_000_000),
    }),
    PrimaryGroupSID: `${SID}-515`,
    AllowedToDelegate: [],
    AllowedToAct: [],
    HasSIDHistory: [],
    Sessions: {
      Collected: true,
      FailureReason: null,
      Results: Array.from({ length: pick(4) }, () => ({ UserSID: userSid(pick(n.users)), ComputerSID: computerSid(i) })),
    },
    PrivilegedSessions: { Collected: true, FailureReason: null, Results: [] },
    RegistrySessions: { Collected: true, FailureReason: null, Results: [] },
    LocalGroups: [
      {
        ObjectIdentifier: `${computerSid(i)}-544`,
        Name: `ADMINISTRATORS@HOST${i}.${DOMAIN}`,
        Collected: true,
        FailureReason: null,
        Results: [
          { ObjectIdentifier: `${SID}-512`, ObjectType: 'Group' },
          { ObjectIdentifier: groupSid(pick(n.groups)), ObjectType: 'Group' },
        ],
        LocalNames: [],
      },
    ],
    UserRights: [],
    DCRegistryData: {},
    Status: null,
    Aces: aces(3),
    IsDeleted: false,
    IsACLProtected: false,
    IsDC: i < 2,
    ContainedBy: { ObjectIdentifier: guid(0x0a, pick(n.ous)), ObjectType: 'OU' },
  }));
  const groups = Array.from({ length: n.groups }, (_, i) => ({
    ObjectIdentifier: groupSid(i),
    Properties: props(`GROUP${i}@${DOMAIN}`, { admincount: pick(100) === 0 }),
    Members: Array.from({ length: 1 + pick(12) }, () => {
      const kind = pick(10);
      if (kind < 7) return { ObjectIdentifier: userSid(pick(n.users)), ObjectType: 'User' };
      if (kind < 9) return { ObjectIdentifier: computerSid(pick(n.computers)), ObjectType: 'Computer' };
      return { ObjectIdentifier: groupSid(pick(n.groups)), ObjectType: 'Group' };
    }),
    Aces: aces(3),
    IsDeleted: false,
    IsACLProtected: false,
    ContainedBy: { ObjectIdentifier: guid(0x0a, pick(n.ous)), ObjectType: 'OU' },
  }));
  const ous = Array.from({ length: n.ous }, (_, i) => ({
    ObjectIdentifier: guid(0x0a, i),
    Properties: props(`OU${i}@${DOMAIN}`, { blocksinheritance: false }),
    Links: [{ GUID: guid(0x0b, pick(n.gpos)), IsEnforced: pick(5) === 0 }],
    ChildObjects: [],
    GPOChanges: { LocalAdmins: [], RemoteDesktopUsers: [], DcomUsers: [], PSRemoteUsers: [], AffectedComputers: [] },
    Aces: aces(2),
    IsDeleted: false,
    IsACLProtected: false,
    ContainedBy: { ObjectIdentifier: SID, ObjectType: 'Domain' },
  }));
  const gpos = Array.from({ length: n.gpos }, (_, i) => ({
    ObjectIdentifier: guid(0x0b, i),
    Properties: props(`GPO${i}@${DOMAIN}`, { gpcpath: `\\\\${DOMAIN}\\SYSVOL\\${i}` }),
    Aces: aces(2),
    IsDeleted: false,
    IsACLProtected: false,
  }));
  const containerItems = Array.from({ length: containers }, (_, i) => ({
    ObjectIdentifier: guid(0x0c, i),
    Properties: props(`CONTAINER${i}@${DOMAIN}`),
    ChildObjects: [],
    Aces: aces(1),
    IsDeleted: false,
    IsACLProtected: false,
    ContainedBy: { ObjectIdentifier: SID, ObjectType: 'Domain' },
  }));
  const domains = [
    {
      ObjectIdentifier: SID,
      Properties: { name: DOMAIN, domain: DOMAIN, domainsid: SID, functionallevel: '2016', collected: true },
      Trusts: [],
      Links: [{ GUID: guid(0x0b, 0), IsEnforced: false }],
      ChildObjects: [],
      GPOChanges: { LocalAdmins: [], RemoteDesktopUsers: [], DcomUsers: [], PSRemoteUsers: [], AffectedComputers: [] },
      Aces: [
        { PrincipalSID: `${SID}-512`, PrincipalType: 'Group', RightName: 'GetChanges', IsInherited: false },
        { PrincipalSID: `${SID}-512`, PrincipalType: 'Group', RightName: 'GetChangesAll', IsInherited: false },
        ...aces(8),
      ],
      IsDeleted: false,
      IsACLProtected: false,
    },
  ];
  const files = { domains, users, computers, groups, ous, gpos, containers: containerItems };
  return { files, counts: Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v.length])) };
}

export function writeZip(path: string): number {
  const { files, counts } = collection();
  const parts: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    parts.push(chunk);
  });
  for (const [type, data] of Object.entries(files)) {
    const entry = new ZipDeflate(`20261201000000_${type}.json`, { level: 1 });
    zip.add(entry);
    entry.push(
      new TextEncoder().encode(JSON.stringify({ data, meta: { methods: 521215, type, count: data.length, version: 6 } })),
      true,
    );
  }
  zip.end();
  writeFileSync(path, Buffer.concat(parts));
  console.log(
    `collection: ${Object.entries(counts)
      .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
      .join(', ')}`,
  );
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-bench-'));
  const zipPath = join(dir, 'collection.zip');
  const started = performance.now();
  const objects = writeZip(zipPath);
  console.log(
    `wrote ${zipPath}: ${(statSync(zipPath).size / 1024 / 1024).toFixed(1)} MiB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const mock = await startMock({ MOCK_GRAPH: 'empty', MOCK_INGEST_MS_PER_FILE: '0', MOCK_ANALYSIS_MS: '0' });
  try {
    const base = mock.base;
    const api = async (
      method: string,
      path: string,
      token: string | null,
      body?: BodyInit,
      headers: Record<string, string> = {},
    ) => {
      const res = await fetch(`${base}${path}`, {
        method,
        body,
        headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return text ? (JSON.parse(text) as { data: Record<string, unknown> }) : null;
    };
    const login = await api(
      'POST',
      '/api/v2/login',
      null,
      JSON.stringify({ login_method: 'secret', username: 'admin', secret: DEFAULT_PASSWORD }),
      {
        'Content-Type': 'application/json',
      },
    );
    const token = (login!.data as { session_token: string }).session_token;
    // Warm the mock up (its first requests compile code) before the baseline memory reading.
    for (let i = 0; i < 20; i++) await api('GET', '/api/v2/self', token);
    const pid = mock.child.pid!;
    const rssBefore = rssOf(pid);

    const job = (await api('POST', '/api/v2/file-upload/start', token))!.data as { id: number };
    const uploadStart = performance.now();
    await api('POST', `/api/v2/file-upload/${job.id}`, token, readFileSync(zipPath), {
      'Content-Type': 'application/zip',
      'X-File-Upload-Name': 'collection.zip',
    });
    const uploaded = performance.now();

    // The probe and the memory readings run from the end of the upload until the job is complete.
    const latencies: number[] = [];
    let peak = rssOf(pid);
    let done = false;
    const probe = (async () => {
      while (!done) {
        const t = performance.now();
        // A kept-alive connection the server closed while it was busy is opened again (counted in the latency).
        for (let attempt = 1; ; attempt++) {
          try {
            await api('GET', '/api/v2/self', token);
            break;
          } catch (e) {
            if (attempt === 5) throw e;
          }
        }
        latencies.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    const memory = setInterval(() => {
      try {
        peak = Math.max(peak, rssOf(pid));
      } catch {
        // the process is gone
      }
    }, 100);

    await api('POST', `/api/v2/file-upload/${job.id}/end`, token);
    const ended = performance.now();
    let status = 0;
    let message = '';
    while (status !== 2 && status !== 5 && status !== 8) {
      await new Promise((r) => setTimeout(r, 100));
      const list = (await api('GET', `/api/v2/file-upload?id=eq:${job.id}`, token).catch(() =>
        api('GET', `/api/v2/file-upload?id=eq:${job.id}`, token),
      )) as unknown as {
        data: { status: number; status_message: string }[];
      };
      status = list.data[0]!.status;
      message = list.data[0]!.status_message;
    }
    const finished = performance.now();
    done = true;
    await probe;
    clearInterval(memory);

    const tasks = (await api('GET', `/api/v2/file-upload/${job.id}/completed-tasks`, token)) as unknown as {
      data: { file_name: string; errors: string[]; ingested?: { nodes: Record<string, number>; relationships: number } }[];
    };
    const nodes = tasks.data.reduce((sum, t) => sum + Object.values(t.ingested?.nodes ?? {}).reduce((a, b) => a + b, 0), 0);
    const relationships = tasks.data.reduce((sum, t) => sum + (t.ingested?.relationships ?? 0), 0);
    const failed = tasks.data.filter((t) => t.errors.length > 0);

    const seconds = (finished - ended) / 1000;
    latencies.sort((a, b) => a - b);
    const [l1, l5, l15] = loadavg();
    console.log(`job ${job.id}: status ${status} (${message})`);
    if (failed.length > 0)
      console.log(`failed files: ${failed.map((f) => `${f.file_name}: ${f.errors.join('; ')}`).join(' | ')}`);
    console.log(`upload: ${((uploaded - uploadStart) / 1000).toFixed(1)} s`);
    console.log(
      `ingest and analysis: ${seconds.toFixed(1)} s for ${objects.toLocaleString('en-US')} objects (${Math.round(objects / seconds).toLocaleString('en-US')} objects/s; target ≤ 30 s)`,
    );
    console.log(
      `graph: ${nodes.toLocaleString('en-US')} nodes and ${relationships.toLocaleString('en-US')} relationships ingested`,
    );
    console.log(
      `resident memory: ${(rssBefore / 1024 / 1024).toFixed(0)} MiB before, ${(peak / 1024 / 1024).toFixed(0)} MiB at peak, +${((peak - rssBefore) / 1024 / 1024).toFixed(0)} MiB (target ≤ 1024)`,
    );
    console.log(
      `other requests meanwhile (GET /api/v2/self, ${latencies.length}): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms (target p99 ≤ 50)`,
    );
    console.log(`load average: ${l1!.toFixed(2)} ${l5!.toFixed(2)} ${l15!.toFixed(2)}`);
  } finally {
    await kill(mock, process.env.INGEST_PROFILE ? 'SIGTERM' : 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

// Run as the bench; imported (a profile of the same ingest in process), only the collection is used.
if (process.argv[1]?.endsWith('ingest.bench.ts')) await main();
