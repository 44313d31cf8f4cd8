/**
 * The seeded findings and posture history: the seed's own analysis (at its last analysis run) gives today's
 * findings and figures; before it, SEEDED_HISTORY_DAYS daily points per environment and zone walk back from
 * today's figures: more findings and a higher exposure further back (remediation making headway, with small
 * wobbles and a bad week about six weeks ago), a Tier Zero a little smaller. Each seeded finding was first
 * seen on a day of that history (the same day for the same finding on every seed). Deterministic.
 */
import { graphOf } from '../../seed/live-graph';
import { Rng, SEED_EPOCH } from '../../seed/random';
import type { DbState } from '../../store/db';
import { lastSeededRun } from '../../areas/data-quality/store';
import { analyzeFindings, attackPathsOf, emptyStore, type StoredPosture, type StoredRiskCount } from './store';

export const SEEDED_HISTORY_DAYS = 90;
const DAY = 86_400_000;

/** A stable number in [0, 1) for a text (FNV-1a). */
function hash01(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h / 4294967296;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * Seeds the findings as of the seed's last analysis run, or `now` when that is later (a server started a month
 * after the seed's date still shows the last 90 days, so Posture's default window has something to draw).
 */
export function seedFindings(state: DbState, now: number = SEED_EPOCH): void {
  const seeded = state.datapipe?.last_complete_analysis_at ?? lastSeededRun(state) ?? new Date(SEED_EPOCH).toISOString();
  const end = Math.max(Date.parse(seeded), now);
  const at = new Date(end).toISOString();
  const graph = graphOf(state);
  // Today's figures first, to walk back from.
  state.attackPaths = emptyStore();
  analyzeFindings(state, at, graph);
  const today = state.attackPaths;
  const rng = new Rng(0xf1d1_0905);
  const store = emptyStore();
  state.attackPaths = store;
  const wobble = new Map<string, number>();
  for (let daysAgo = SEEDED_HISTORY_DAYS - 1; daysAgo >= 1; daysAgo--) {
    const when = new Date(end - daysAgo * DAY + rng.int(-20, 20) * 60_000).toISOString();
    const badWeek = daysAgo >= 40 && daysAgo < 47 ? 0.25 : 0;
    for (const p of today.posture) {
      const k = `${p.domain_sid}|${p.zone_id}`;
      const w = clamp((wobble.get(k) ?? 0) + (rng.next() - 0.5) * 0.06, -0.1, 0.1);
      wobble.set(k, w);
      const grow = 1 + 0.006 * daysAgo + w + badWeek;
      const counts: StoredRiskCount[] = today.risk_counts
        .filter((r) => r.domain_sid === p.domain_sid && r.zone_id === p.zone_id)
        .map((r) => ({
          ...r,
          id: store.next.risk_count++,
          created_at: when,
          composite_risk: Math.round(clamp(r.composite_risk * (1 + 0.003 * daysAgo + w), 0, 100) * 100) / 100,
          finding_count: Math.round(r.finding_count * grow),
          impacted_asset_count: Math.round(r.impacted_asset_count * grow),
          archived_count: rng.int(0, 1),
        }));
      // The day's total is its types' counts summed, as an analysis reports them, so the trends agree with it.
      const findings = counts.length > 0 ? counts.reduce((n, r) => n + r.finding_count, 0) : Math.round(p.findings * grow);
      const [critical, high, moderate, low] = apportion(findings, [
        p.by_severity.critical,
        p.by_severity.high,
        p.by_severity.moderate,
        p.by_severity.low,
      ]) as [number, number, number, number];
      const point: StoredPosture = {
        ...p,
        id: store.next.posture++,
        created_at: when,
        exposure_index: Math.round(clamp(p.exposure_index * grow, 0, 100) * 100) / 100,
        tier_zero_count: Math.max(0, Math.round(p.tier_zero_count * (1 - 0.0008 * daysAgo))),
        findings,
        by_severity: { critical, high, moderate, low },
        critical_risk_count: critical,
        attack_paths: p.attack_paths,
        archived: rng.int(0, Math.max(1, Math.round(p.findings * 0.01))),
        session_completeness: Math.round(clamp(p.session_completeness + (rng.next() - 0.5) * 20, 0, 100) * 100) / 100,
        group_completeness: Math.round(clamp(p.group_completeness + (rng.next() - 0.5) * 10, 0, 100) * 100) / 100,
      };
      store.posture.push(point);
      store.risk_counts.push(...counts);
    }
  }
  analyzeFindings(state, at, graph);
  for (const f of attackPathsOf(state).findings) {
    const first = new Date(end - Math.floor(hash01(f.key) * SEEDED_HISTORY_DAYS) * DAY).toISOString();
    f.first_seen = first;
    f.created_at = first;
  }
}

/**
 * `total` split in the proportions of `weights`, in whole numbers that sum to it (largest remainder first);
 * evenly when every weight is 0.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((n, w) => n + w, 0);
  const shares = weights.map((w) => (sum > 0 ? (total * w) / sum : total / weights.length));
  const parts = shares.map(Math.floor);
  let left = total - parts.reduce((n, v) => n + v, 0);
  const byRemainder = shares.map((v, i) => [v - Math.floor(v), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of byRemainder) {
    if (left <= 0) break;
    parts[i]!++;
    left--;
  }
  return parts;
}
