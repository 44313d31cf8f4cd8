import { describe, expect, it } from 'vitest';
import type { AdDataQualityStat } from '@/api/schemas/data-quality';
import { chartSpecs, listLabel, metricValue, METRIC_GROUPS } from './series';

const ZERO = {
  users: 0,
  groups: 0,
  computers: 0,
  ous: 0,
  containers: 0,
  gpos: 0,
  aiacas: 0,
  rootcas: 0,
  enterprisecas: 0,
  ntauthstores: 0,
  certtemplates: 0,
  acls: 0,
  sessions: 0,
  relationships: 0,
  session_completeness: 0,
  local_group_completeness: 0,
};
const point = (values: Partial<typeof ZERO>) => ({ ...ZERO, ...values }) as unknown as AdDataQualityStat;

describe('chart grouping', () => {
  it('keeps lines of one size together and gives a line ten times smaller a chart of its own', () => {
    const points = [
      point({
        users: 200,
        computers: 100,
        groups: 50,
        ous: 12,
        gpos: 8,
        containers: 30,
        acls: 5000,
        relationships: 9000,
        sessions: 300,
      }),
      point({
        users: 210,
        computers: 101,
        groups: 52,
        ous: 12,
        gpos: 9,
        containers: 31,
        acls: 5100,
        relationships: 9100,
        sessions: 320,
      }),
    ];
    const specs = chartSpecs(points);
    expect(specs.map((s) => [s.id, s.metrics])).toEqual([
      // 210 / 10 = 21: groups (52) and containers (31) stay, OUs (12) and GPOs (9) move.
      ['objects-1', ['users', 'computers', 'groups', 'containers']],
      ['objects-2', ['ous', 'gpos']],
      // Sessions (320) are under a tenth of relationships (9100); ACLs (5100) are not.
      ['links-1', ['relationships', 'acls']],
      ['links-2', ['sessions']],
      ['completeness-1', ['session_completeness', 'local_group_completeness']],
      // All zero: one group, said rather than drawn.
      ['adcs-1', ['aiacas', 'rootcas', 'enterprisecas', 'ntauthstores', 'certtemplates']],
    ]);
    expect(specs.filter((s) => s.allZero).map((s) => s.id)).toEqual(['adcs-1']);
    expect(specs[0]!.title).toBe('Users, computers, groups and containers');
    expect(specs[1]!.title).toBe('OUs and GPOs');
    expect(specs[2]!.title).toBe('Relationships and ACLs');
  });

  it('keeps lines that are 0 throughout apart from the others', () => {
    const specs = chartSpecs([point({ users: 5, groups: 3, computers: 1 })], [METRIC_GROUPS[0]!]);
    expect(specs.map((s) => [s.metrics, s.allZero])).toEqual([
      [['users', 'groups', 'computers'], false],
      [['ous', 'gpos', 'containers'], true],
    ]);
  });

  it('never splits the percentages, and draws shares as percentages', () => {
    const specs = chartSpecs([point({ session_completeness: 0.9, local_group_completeness: 0.01 })], [METRIC_GROUPS[2]!]);
    expect(specs.map((s) => s.metrics)).toEqual([['session_completeness', 'local_group_completeness']]);
    expect(metricValue(point({ session_completeness: 0.8456 }), 'session_completeness')).toBe(84.6);
    expect(metricValue(point({ users: 12 }), 'users')).toBe(12);
  });

  it('names a chart by its lines', () => {
    expect(listLabel(['users'])).toBe('Users');
    expect(listLabel(['sessions', 'acls'])).toBe('Sessions and ACLs');
    expect(listLabel(['users', 'groups', 'computers'])).toBe('Users, groups and computers');
  });
});
