import { describe, expect, it } from 'vitest';
import { buildSeed } from '../../app';
import { configFromEnv } from '../../config';
import { SEED_EPOCH } from '../../seed/random';
import { apportion, SEEDED_HISTORY_DAYS } from './seed';

const DAY = 86_400_000;

describe('the seeded findings and posture', () => {
  it('are the same on every seed, with a daily history ending at the seed’s analysis', () => {
    const config = { ...configFromEnv({}), jwtSecret: new TextEncoder().encode('seed'), clock: () => SEED_EPOCH };
    const a = buildSeed(config).attackPaths!;
    const b = buildSeed(config).attackPaths!;
    expect(a).toEqual(b);
    const corpTierZero = a.posture.filter((p) => p.zone_id === 1 && p.domain_sid === a.posture.at(-1)!.domain_sid);
    expect(corpTierZero).toHaveLength(SEEDED_HISTORY_DAYS);
    const times = corpTierZero.map((p) => Date.parse(p.created_at));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(a.findings.every((f) => f.status === 'active' && f.first_seen <= f.last_seen)).toBe(true);
    expect(new Set(a.findings.map((f) => f.first_seen.slice(0, 10))).size).toBeGreaterThan(30);
  });

  it('ends the history at the server’s clock when that is later than the seed’s analysis', () => {
    const now = SEED_EPOCH + 40 * DAY;
    const config = { ...configFromEnv({}), jwtSecret: new TextEncoder().encode('seed'), clock: () => now };
    const seeded = buildSeed(config).attackPaths!;
    const last = Math.max(...seeded.posture.map((p) => Date.parse(p.created_at)));
    expect(last).toBe(now);
    const lastMonth = seeded.posture.filter((p) => p.zone_id === 1 && Date.parse(p.created_at) > now - 30 * DAY);
    expect(new Set(lastMonth.map((p) => p.created_at.slice(0, 10))).size).toBeGreaterThanOrEqual(29);
  });

  it('gives each day a total equal to its types’ counts, split by severity without losing any', () => {
    const config = { ...configFromEnv({}), jwtSecret: new TextEncoder().encode('seed'), clock: () => SEED_EPOCH };
    const seeded = buildSeed(config).attackPaths!;
    let days = 0;
    for (const p of seeded.posture) {
      const counts = seeded.risk_counts.filter(
        (r) => r.domain_sid === p.domain_sid && r.zone_id === p.zone_id && r.created_at === p.created_at,
      );
      if (counts.length === 0) continue;
      days++;
      expect(p.findings, `${p.domain_sid} zone ${p.zone_id} on ${p.created_at}`).toBe(
        counts.reduce((n, r) => n + r.finding_count, 0),
      );
      expect(Object.values(p.by_severity).reduce((n, v) => n + v, 0)).toBe(p.findings);
    }
    expect(days).toBeGreaterThan(SEEDED_HISTORY_DAYS);
  });
});

describe('apportion', () => {
  it('splits a total in proportion, in whole numbers that sum to it', () => {
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(apportion(7, [0, 2, 0, 5])).toEqual([0, 2, 0, 5]);
    expect(apportion(11, [3, 0, 1, 0])).toEqual([8, 0, 3, 0]);
    expect(apportion(3, [0, 0, 0, 0])).toEqual([1, 1, 1, 0]);
    expect(apportion(0, [5, 1])).toEqual([0, 0]);
  });
});
