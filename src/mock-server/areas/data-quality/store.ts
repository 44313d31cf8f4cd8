/**
 * What the data-quality area keeps in DbState: one point per Active Directory
 * domain and analysis run (reference `model.ad-data-quality-stat`), the
 * figures of a domain in the live graph, and the seeded history.
 */
import { AD_DATA_QUALITY_COUNTS, type AdDataQualityCount } from '../../../api/schemas/data-quality';
import { CONTROL_EDGE_KINDS, LOCAL_GROUP_EDGE_KINDS, directoryGraph, type DirectoryGraph } from '../../seed/graph';
import { graphOf } from '../../seed/live-graph';
import { Rng, SEED_EPOCH } from '../../seed/random';
import type { DbState } from '../../store/db';
import { nullTime } from '../../store/records';

export type DataQualityCounts = Record<AdDataQualityCount, number>;

/** A domain's figures after one analysis run. */
export interface DomainFigures extends DataQualityCounts {
  session_completeness: number;
  local_group_completeness: number;
}

export interface StoredAdDataQualityStat extends DomainFigures {
  id: number;
  domain_sid: string;
  run_id: string;
  created_at: string;
  updated_at: string;
}

/** What this part of the mock keeps in the state (one part of DbState, store/db.ts). */
export interface DataQualityState {
  adDataQualityStats: StoredAdDataQualityStat[];
}

/** Days of seeded history per domain (one point a day, a few days missing). */
export const HISTORY_DAYS = 130;

/** The graph node kind each node count counts (kinds the directory graph does not hold count 0). */
const NODE_COUNT_KINDS: Partial<Record<AdDataQualityCount, string>> = {
  users: 'User',
  groups: 'Group',
  computers: 'Computer',
  ous: 'OU',
  containers: 'Container',
  gpos: 'GPO',
  aiacas: 'AIACA',
  rootcas: 'RootCA',
  enterprisecas: 'EnterpriseCA',
  ntauthstores: 'NTAuthStore',
  certtemplates: 'CertTemplate',
};
/** Node counts beyond users, groups and computers (OUs, containers, GPOs, the certificate services' nodes). */
const OTHER_NODE_COUNTS = (Object.keys(NODE_COUNT_KINDS) as AdDataQualityCount[]).filter(
  (k) => k !== 'users' && k !== 'groups' && k !== 'computers',
);
const ACL_KINDS = new Set<string>(CONTROL_EDGE_KINDS);
const LOCAL_GROUP_KINDS = new Set<string>(LOCAL_GROUP_EDGE_KINDS);

const zeroCounts = (): DataQualityCounts => Object.fromEntries(AD_DATA_QUALITY_COUNTS.map((k) => [k, 0])) as DataQualityCounts;

const figuresMemo = new WeakMap<DirectoryGraph, Map<string, DomainFigures>>();

/**
 * Each domain's figures in a graph, as an analysis run records them: nodes by
 * kind; `acls` the object-control edges onto the domain's objects, `sessions`
 * the HasSession edges from its computers, `relationships` every edge leaving
 * its nodes; completeness the share of its computers with local group data and
 * with session data (0 without computers). Computed once per graph.
 */
export function domainFigures(graph: DirectoryGraph): Map<string, DomainFigures> {
  let out = figuresMemo.get(graph);
  if (out) return out;
  out = new Map();
  const counts = new Map<string, DataQualityCounts>();
  for (const d of graph.domains) counts.set(d.objectid, zeroCounts());
  const kindToCount = new Map(Object.entries(NODE_COUNT_KINDS).map(([count, kind]) => [kind, count as AdDataQualityCount]));
  for (const n of graph.nodes) {
    const c = counts.get(n.domainSid);
    const key = kindToCount.get(n.primaryKind);
    if (c && key) c[key] += 1;
  }
  const withLocal = new Set<string>();
  const withSessions = new Set<string>();
  for (const e of graph.edges) {
    const source = graph.byId.get(e.source);
    const target = graph.byId.get(e.target);
    const from = source ? counts.get(source.domainSid) : undefined;
    if (from) from.relationships += 1;
    if (e.kind === 'HasSession' && from) {
      from.sessions += 1;
      withSessions.add(e.source);
    }
    if (ACL_KINDS.has(e.kind) && target) {
      const onto = counts.get(target.domainSid);
      if (onto) onto.acls += 1;
    }
    if (LOCAL_GROUP_KINDS.has(e.kind)) withLocal.add(e.target);
  }
  for (const [sid, c] of counts) {
    const computers = graph.nodes.filter((n) => n.primaryKind === 'Computer' && n.domainSid === sid);
    const share = (set: Set<string>) =>
      computers.length === 0 ? 0 : computers.filter((n) => set.has(n.objectid)).length / computers.length;
    out.set(sid, { ...c, session_completeness: share(withSessions), local_group_completeness: share(withLocal) });
  }
  figuresMemo.set(graph, out);
  return out;
}

/** A finished analysis run: one point per domain of the live graph, at `at`, with its figures. */
export function appendDataQualityPoints(state: DbState, at: string, nextId: () => number, runId: string): number {
  let added = 0;
  state.adDataQualityStats ??= [];
  for (const [sid, figures] of domainFigures(graphOf(state))) {
    state.adDataQualityStats.push({ id: nextId(), domain_sid: sid, run_id: runId, created_at: at, updated_at: at, ...figures });
    added++;
  }
  return added;
}

/** Reference `model.ad-data-quality-stat`. */
export function toAdDataQualityStatRecord(s: StoredAdDataQualityStat) {
  return {
    id: s.id,
    created_at: s.created_at,
    updated_at: s.updated_at,
    deleted_at: nullTime(null),
    domain_sid: s.domain_sid,
    ...Object.fromEntries(AD_DATA_QUALITY_COUNTS.map((k) => [k, s[k]])),
    session_completeness: s.session_completeness,
    local_group_completeness: s.local_group_completeness,
    run_id: s.run_id,
  };
}

/** When the seeded daily analysis ran `daysAgo` days before the seed epoch's day (about 03:00 UTC, give or take). */
function runTime(rng: Rng, daysAgo: number): number {
  const day = Date.UTC(
    new Date(SEED_EPOCH).getUTCFullYear(),
    new Date(SEED_EPOCH).getUTCMonth(),
    new Date(SEED_EPOCH).getUTCDate(),
  );
  return day - daysAgo * 86_400_000 + 3 * 3_600_000 + rng.int(0, 40) * 60_000 + rng.int(0, 59) * 1000;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * The seeded history: HISTORY_DAYS daily runs ending on the seed epoch's day,
 * a few days missing, per domain of the seeded graph. The newest point holds
 * the graph's own figures; going back, the directory shrinks slowly (users,
 * computers, groups a few percent over the months, with small wobbles), ACLs
 * drift more, sessions swing from day to day (fewer on weekends), and the
 * completeness shares wander between 0 and 1. Deterministic.
 */
export function seedDataQuality(state: DbState): void {
  const rng = new Rng(0xda7a_0a11);
  const figures = domainFigures(directoryGraph());
  const missing = new Set<number>();
  while (missing.size < 5) missing.add(rng.int(3, HISTORY_DAYS - 3));
  const points: Omit<StoredAdDataQualityStat, 'id'>[] = [];
  const walks = new Map<string, Record<string, number>>();
  for (let daysAgo = 0; daysAgo < HISTORY_DAYS; daysAgo++) {
    const at = runTime(rng, daysAgo);
    const runId = rng.uuid();
    if (missing.has(daysAgo)) continue;
    const weekend = [0, 6].includes(new Date(at).getUTCDay());
    let offset = 0;
    for (const [sid, now] of figures) {
      const w = walks.get(sid) ?? { users: 0, computers: 0, groups: 0, acls: 0, session: 0, local: 0 };
      walks.set(sid, w);
      const step = (key: string, size: number, bound: number) => {
        w[key] = clamp(w[key]! + (rng.next() - 0.5) * size, -bound, bound);
        return w[key]!;
      };
      const point: DomainFigures = { ...now };
      if (daysAgo > 0) {
        const grown = (value: number, perDay: number, wobble: number) =>
          Math.max(0, Math.round(value * (1 - perDay * daysAgo) * (1 + wobble)));
        point.users = grown(now.users, 0.0006, step('users', 0.01, 0.02));
        point.computers = grown(now.computers, 0.0007, step('computers', 0.012, 0.03));
        point.groups = grown(now.groups, 0.0003, step('groups', 0.006, 0.015));
        for (const k of OTHER_NODE_COUNTS) point[k] = grown(now[k], 0.0004, 0);
        point.acls = grown(now.acls, 0.0009, step('acls', 0.04, 0.1));
        const swing = 0.8 + rng.next() * 0.35 - (weekend ? 0.3 : 0);
        point.sessions = Math.max(0, Math.round(now.sessions * swing));
        point.relationships = Math.max(
          0,
          Math.round((now.relationships - now.sessions - now.acls) * (1 - 0.0007 * daysAgo)) + point.sessions + point.acls,
        );
        point.session_completeness = clamp(
          now.session_completeness + step('session', 0.06, 0.25) - (weekend ? 0.12 : 0),
          0.05,
          0.98,
        );
        point.local_group_completeness = clamp(now.local_group_completeness + step('local', 0.03, 0.15), 0.05, 0.99);
      }
      const created = new Date(at + offset * 1000).toISOString();
      offset += 2 + rng.int(0, 5);
      points.push({ domain_sid: sid, run_id: runId, created_at: created, updated_at: created, ...point });
    }
  }
  points.sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  state.adDataQualityStats = points.map((p, i) => ({ id: i + 1, ...p }));
  state.counters['ad-data-quality-stat'] = points.length;
}

/** When the newest seeded run finished (the seeded pipeline's last complete analysis). */
export function lastSeededRun(state: DbState): string | null {
  let last: string | null = null;
  for (const s of state.adDataQualityStats ?? []) if (!last || s.updated_at > last) last = s.updated_at;
  return last;
}
