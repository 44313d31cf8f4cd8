import { describe, expect, it } from 'vitest';
import type { DbState } from '../../store/db';
import { DOMAIN_SID, TestGraph } from '../test-graph';
import { analyzeFindings, attackPathsOf, statusOf, type StoredFinding } from './store';

const DAY = 86_400_000;
const T0 = Date.parse('2026-11-01T03:00:00Z');
const at = (day: number) => new Date(T0 + day * DAY).toISOString();

/** A state holding only what the findings step reads: the zones, their members and the findings. */
function stateWith(members: string[]): DbState {
  return {
    privilegeZones: {
      tags: [{ id: 1, name: 'Tier Zero', type: 1, position: 1, deleted_at: null }],
      membership: { computed_at: at(0), tags: { 1: members.map((object_id) => ({ object_id, source: 1, selectors: [1] })) } },
    },
  } as unknown as DbState;
}

function setup() {
  const g = new TestGraph();
  const bob = g.node('User', 'BOB');
  const admin = g.node('User', 'ADMIN', { hasspn: true });
  g.edge(bob, 'GenericAll', admin);
  return { g, bob, admin, state: stateWith([admin]) };
}

const byFinding = (state: DbState) => new Map(attackPathsOf(state).findings.map((f) => [f.finding, f]));

describe('finding status across analyses', () => {
  it('keeps first_seen, moves last_seen, remediates what is gone and reopens what comes back', () => {
    const { g, bob, admin, state } = setup();
    analyzeFindings(state, at(0), g.build());
    const first = byFinding(state).get('T0GenericAll')!;
    expect([first.status, first.first_seen, first.last_seen]).toEqual(['active', at(0), at(0)]);

    analyzeFindings(state, at(1), g.build());
    expect(byFinding(state).get('T0GenericAll')).toMatchObject({ id: first.id, first_seen: at(0), last_seen: at(1) });

    const without = new TestGraph();
    without.node('User', 'BOB');
    without.node('User', 'ADMIN', { hasspn: true });
    analyzeFindings(state, at(2), without.build());
    expect(byFinding(state).get('T0GenericAll')).toMatchObject({ status: 'remediated', last_seen: at(1) });
    expect(byFinding(state).get('Kerberoasting')).toMatchObject({ status: 'active', last_seen: at(2) });
    expect(attackPathsOf(state).posture.at(-1)).toMatchObject({ archived: 1, findings: 1 });

    g.edge(bob, 'GenericAll', admin);
    analyzeFindings(state, at(3), g.build());
    expect(byFinding(state).get('T0GenericAll')).toMatchObject({
      id: first.id,
      status: 'active',
      first_seen: at(0),
      last_seen: at(3),
    });
  });

  it('orphans the findings of a deleted zone and deprecates those of an unknown type', () => {
    const { g, state } = setup();
    analyzeFindings(state, at(0), g.build());
    byFinding(state).get('T0GenericAll')!.finding = 'T0Retired';
    (state.privilegeZones.tags[0] as { deleted_at: string | null }).deleted_at = at(1);
    analyzeFindings(state, at(1), g.build());
    const statuses = attackPathsOf(state).findings.map((f) => [f.finding, f.status]);
    expect(statuses.sort()).toEqual([
      ['Kerberoasting', 'orphaned'],
      ['T0Retired', 'deprecated'],
    ]);
  });

  it('reads an accepted finding as accepted until accept_until, then active; the next analysis drops the acceptance', () => {
    const { g, state } = setup();
    analyzeFindings(state, at(0), g.build());
    const f = byFinding(state).get('T0GenericAll')!;
    f.accepted = true;
    f.accept_until = at(5);
    expect(statusOf(f, T0 + 4 * DAY)).toBe('accepted');
    analyzeFindings(state, at(4), g.build());
    expect(byFinding(state).get('T0GenericAll')).toMatchObject({ accepted: true, accept_until: at(5) });
    expect(statusOf(f, T0 + 5 * DAY)).toBe('active');
    analyzeFindings(state, at(6), g.build());
    expect(byFinding(state).get('T0GenericAll')).toMatchObject({ accepted: false, accept_until: null, status: 'active' });
  });

  it('counts accepted findings in the posture figures', () => {
    const { g, state } = setup();
    analyzeFindings(state, at(0), g.build());
    for (const f of attackPathsOf(state).findings) {
      f.accepted = true;
      f.accept_until = null;
    }
    analyzeFindings(state, at(1), g.build());
    const posture = attackPathsOf(state).posture.at(-1)!;
    expect(posture).toMatchObject({ domain_sid: DOMAIN_SID, findings: 2, tier_zero_count: 1, attack_paths: 2 });
    expect(posture.exposure_index).toBe(100);
    expect(attackPathsOf(state).findings.every((x: StoredFinding) => statusOf(x, T0 + DAY) === 'accepted')).toBe(true);
  });

  it('records one count per finding type, environment and zone per analysis', () => {
    const { g, state } = setup();
    analyzeFindings(state, at(0), g.build());
    analyzeFindings(state, at(1), g.build());
    const counts = attackPathsOf(state).risk_counts.filter((r) => r.created_at === at(1));
    expect(counts.map((r) => [r.finding, r.finding_count, r.impacted_asset_count])).toEqual([
      ['Kerberoasting', 1, 1],
      ['T0GenericAll', 1, 1],
    ]);
  });
});
