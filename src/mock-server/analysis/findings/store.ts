/**
 * What the findings keep in the mock's state (`state.attackPaths`, saved with MOCK_DB as every other part):
 * each finding seen by an analysis with its status and first and last sighting, its risk acceptance, and
 * per analysis and environment the posture figures and each finding type's counts.
 *
 * Status, as upstream's lifecycle: `active` while the analysis finds the condition; `accepted` while an
 * acceptance holds (until `accept_until`, or for good without one; an expired one reads as active and is
 * dropped by the next analysis); `remediated` once an analysis no longer finds it (found again, it is
 * active again with its first sighting kept); `deprecated` when the mock no longer knows its type;
 * `orphaned` when its zone was deleted or its environment left the graph. Accepted findings count in the
 * posture figures as any other found one.
 */
import { graphOf } from '../../seed/live-graph';
import type { DirectoryGraph } from '../../seed/graph';
import type { DbState } from '../../store/db';
import { TagType } from '../../../api/schemas/privilege-zones';
import { domainFigures } from '../../areas/data-quality/store';
import { computeFindings, type ComputedFinding, type EnvironmentFigures, type Severity, type ZoneInput } from './engine';
import { FINDING_TYPE_BY_ID } from './types';

export type StoredStatus = 'active' | 'remediated' | 'deprecated' | 'orphaned';
export type FindingStatus = StoredStatus | 'accepted';

export interface StoredFinding extends ComputedFinding {
  id: number;
  status: StoredStatus;
  accepted: boolean;
  /** When an acceptance ends; null: it does not (or nothing is accepted). */
  accept_until: string | null;
  first_seen: string;
  last_seen: string;
  created_at: string;
  updated_at: string;
}

/** One environment's posture on one zone after one analysis. */
export interface StoredPosture {
  id: number;
  domain_sid: string;
  zone_id: number;
  created_at: string;
  /** Percent of the environment's users and computers outside the zone exposed by a relationship finding. */
  exposure_index: number;
  /** Zone members in the environment. */
  tier_zero_count: number;
  critical_risk_count: number;
  findings: number;
  by_severity: Record<Severity, number>;
  /** Finding types found. */
  attack_paths: number;
  /** Findings this analysis found remediated. */
  archived: number;
  session_completeness: number;
  group_completeness: number;
}

/** One finding type's counts in one environment and zone after one analysis (reference `model.risk-counts`). */
export interface StoredRiskCount {
  id: number;
  domain_sid: string;
  zone_id: number;
  finding: string;
  created_at: string;
  composite_risk: number;
  finding_count: number;
  impacted_asset_count: number;
  exposure_count: number;
  impact_count: number;
  archived_count: number;
}

export interface AttackPathsStore {
  findings: StoredFinding[];
  posture: StoredPosture[];
  risk_counts: StoredRiskCount[];
  next: { finding: number; posture: number; risk_count: number };
}

declare module '../../store/db' {
  interface DbState {
    /** Absent before the first findings analysis (a state saved before findings existed). */
    attackPaths?: AttackPathsStore;
  }
}

/** Days of posture history kept. */
export const POSTURE_RETENTION_DAYS = 400;

const SEVERITY_RANK: Record<Severity, number> = { critical: 0, high: 1, moderate: 2, low: 3 };
export const severityRank = (s: Severity) => SEVERITY_RANK[s];

export function emptyStore(): AttackPathsStore {
  return { findings: [], posture: [], risk_counts: [], next: { finding: 1, posture: 1, risk_count: 1 } };
}

export function attackPathsOf(state: DbState): AttackPathsStore {
  state.attackPaths ??= emptyStore();
  return state.attackPaths;
}

/** The zones of the state in position order with their computed members (none before the first membership). */
export function zoneInputs(state: DbState): ZoneInput[] {
  const pz = state.privilegeZones;
  if (!pz?.membership) return [];
  return pz.tags
    .filter((t) => t.deleted_at === null && t.type === TagType.Zone)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((t) => ({
      id: t.id,
      name: t.name,
      tierZero: t.position === 1,
      members: new Set((pz.membership!.tags[t.id] ?? []).map((m) => m.object_id)),
    }));
}

/** True while `f`'s acceptance holds at `now`. */
export const acceptanceHolds = (f: Pick<StoredFinding, 'accepted' | 'accept_until'>, now: number) =>
  f.accepted && (f.accept_until === null || Date.parse(f.accept_until) > now);

/** A finding's status as read at `now`. */
export function statusOf(f: StoredFinding, now: number): FindingStatus {
  if (f.status === 'active' && acceptanceHolds(f, now)) return 'accepted';
  return f.status;
}

/** The order findings are kept in: severity, then type, then target and source. */
function byImportance(a: StoredFinding, b: StoredFinding): number {
  return (
    severityRank(a.severity) - severityRank(b.severity) ||
    b.score - a.score ||
    cmp(a.finding, b.finding) ||
    cmp(a.domain_sid, b.domain_sid) ||
    cmp(a.target.name, b.target.name) ||
    cmp(a.source?.name ?? '', b.source?.name ?? '') ||
    a.id - b.id
  );
}
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The findings step of an analysis ending at `at`: computes the findings over the live graph and the
 * zones' members, reconciles them with the stored ones, and records each environment's posture.
 */
export function analyzeFindings(state: DbState, at: string, graph: DirectoryGraph = graphOf(state)): void {
  if (!state.privilegeZones?.membership) return;
  const store = attackPathsOf(state);
  const zones = zoneInputs(state);
  const result = computeFindings(graph, zones);
  const now = Date.parse(at);
  const liveZones = new Set(zones.map((z) => z.id));
  const environments = new Set(graph.domains.map((d) => d.objectid));
  const byKey = new Map(store.findings.map((f) => [f.key, f]));
  const found = new Set<string>();
  const archived = new Map<string, number>();
  for (const c of result.findings) {
    found.add(c.key);
    const had = byKey.get(c.key);
    if (had) {
      const keepAcceptance = acceptanceHolds(had, now);
      Object.assign(had, c, {
        status: 'active',
        accepted: keepAcceptance,
        accept_until: keepAcceptance ? had.accept_until : null,
        last_seen: at,
        updated_at: at,
      });
    } else {
      const f: StoredFinding = {
        ...c,
        id: store.next.finding++,
        status: 'active',
        accepted: false,
        accept_until: null,
        first_seen: at,
        last_seen: at,
        created_at: at,
        updated_at: at,
      };
      store.findings.push(f);
      byKey.set(c.key, f);
    }
  }
  for (const f of store.findings) {
    if (found.has(f.key)) continue;
    let status: StoredStatus = 'remediated';
    if (!FINDING_TYPE_BY_ID.has(f.finding)) status = 'deprecated';
    else if (!liveZones.has(f.zone_id) || !environments.has(f.domain_sid)) status = 'orphaned';
    if (f.status === status) continue;
    if (f.status === 'active' && status === 'remediated') {
      const k = `${f.domain_sid}|${f.zone_id}|${f.finding}`;
      archived.set(k, (archived.get(k) ?? 0) + 1);
    }
    f.status = status;
    f.updated_at = at;
  }
  store.findings.sort(byImportance);
  recordPosture(store, result.findings, result.environments, archived, at, graph);
  const cutoff = now - POSTURE_RETENTION_DAYS * 86_400_000;
  store.posture = store.posture.filter((p) => Date.parse(p.created_at) >= cutoff);
  store.risk_counts = store.risk_counts.filter((p) => Date.parse(p.created_at) >= cutoff);
}

const zeroSeverities = (): Record<Severity, number> => ({ critical: 0, high: 0, moderate: 0, low: 0 });

function recordPosture(
  store: AttackPathsStore,
  findings: readonly ComputedFinding[],
  environments: readonly EnvironmentFigures[],
  archived: ReadonlyMap<string, number>,
  at: string,
  graph: DirectoryGraph,
): void {
  const quality = domainFigures(graph);
  const groups = new Map<string, ComputedFinding[]>();
  for (const f of findings) {
    const k = `${f.domain_sid}|${f.zone_id}`;
    const list = groups.get(k);
    if (list) list.push(f);
    else groups.set(k, [f]);
  }
  for (const env of environments) {
    const list = groups.get(`${env.domain_sid}|${env.zone_id}`) ?? [];
    const by_severity = zeroSeverities();
    const types = new Map<string, ComputedFinding[]>();
    for (const f of list) {
      by_severity[f.severity]++;
      const t = types.get(f.finding);
      if (t) t.push(f);
      else types.set(f.finding, [f]);
    }
    let archivedHere = 0;
    for (const [k, n] of archived) if (k.startsWith(`${env.domain_sid}|${env.zone_id}|`)) archivedHere += n;
    const q = quality.get(env.domain_sid);
    store.posture.push({
      id: store.next.posture++,
      domain_sid: env.domain_sid,
      zone_id: env.zone_id,
      created_at: at,
      exposure_index: env.principals === 0 ? 0 : Math.round((10_000 * env.exposed) / env.principals) / 100,
      tier_zero_count: env.zone_count,
      critical_risk_count: by_severity.critical,
      findings: list.length,
      by_severity,
      attack_paths: types.size,
      archived: archivedHere,
      session_completeness: Math.round(10_000 * (q?.session_completeness ?? 0)) / 100,
      group_completeness: Math.round(10_000 * (q?.local_group_completeness ?? 0)) / 100,
    });
    const names = new Set([...types.keys()]);
    for (const k of archived.keys()) {
      const [sid, zone, finding] = k.split('|');
      if (sid === env.domain_sid && Number(zone) === env.zone_id) names.add(finding!);
    }
    for (const finding of [...names].sort()) {
      const of = types.get(finding) ?? [];
      const impacted = new Set(of.map((f) => f.target.id));
      store.risk_counts.push({
        id: store.next.risk_count++,
        domain_sid: env.domain_sid,
        zone_id: env.zone_id,
        finding,
        created_at: at,
        composite_risk: of.reduce((m, f) => Math.max(m, f.score), 0),
        finding_count: of.length,
        impacted_asset_count: impacted.size,
        exposure_count: of.reduce((m, f) => Math.max(m, f.exposure_count), 0),
        impact_count: of.reduce((m, f) => Math.max(m, f.impact_count), 0),
        archived_count: archived.get(`${env.domain_sid}|${env.zone_id}|${finding}`) ?? 0,
      });
    }
  }
}
