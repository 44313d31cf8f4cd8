import { describe, expect, it } from 'vitest';
import { DOMAIN_SID, TestGraph } from '../test-graph';
import { computeFindings, severityOf, type ZoneInput } from './engine';
import { LIST_TYPES, RELATIONSHIP_TYPES } from './types';

const tierZero = (members: string[]): ZoneInput => ({ id: 1, name: 'Tier Zero', tierZero: true, members: new Set(members) });
const keys = (g: TestGraph, zones: ZoneInput[]) =>
  computeFindings(g.build(), zones)
    .findings.map(
      (f) => `${f.finding} ${f.source?.id.replace(`${DOMAIN_SID}-`, '') ?? '-'}>${f.target.id.replace(`${DOMAIN_SID}-`, '')}`,
    )
    .sort();

describe('relationship findings', () => {
  for (const type of RELATIONSHIP_TYPES) {
    it(`${type.id}: a principal outside Tier Zero with ${type.edge} onto a member, and nothing else`, () => {
      const g = new TestGraph();
      const outsider = g.node('User', 'OUTSIDER');
      const insider = g.node('User', 'INSIDER');
      const target = g.node(type.edge === 'HasSession' ? 'User' : 'Group', 'TARGET');
      const elsewhere = g.node('Group', 'ELSEWHERE');
      g.edge(outsider, type.edge!, target); // must appear
      g.edge(insider, type.edge!, target); // source inside the zone: not a finding
      g.edge(outsider, type.edge!, elsewhere); // target outside the zone: not a finding
      g.edge(outsider, 'MemberOf', insider);
      expect(keys(g, [tierZero([insider, target])])).toEqual([`${type.id} OUTSIDER>TARGET`]);
    });
  }

  it('only principals are sources, and the zones above a zone count as inside it', () => {
    const g = new TestGraph();
    const ou = g.node('OU', 'OU1');
    const t0 = g.node('User', 'T0ADMIN');
    const server = g.node('Computer', 'SRV');
    const helpdesk = g.node('Group', 'HELPDESK');
    g.edge(ou, 'GenericAll', t0).edge(t0, 'AdminTo', server).edge(helpdesk, 'AdminTo', server);
    const critical: ZoneInput = { id: 2, name: 'Critical Servers', tierZero: false, members: new Set([server]) };
    expect(keys(g, [tierZero([t0]), critical])).toEqual(['T0AdminTo HELPDESK>SRV']);
    const result = computeFindings(g.build(), [tierZero([t0]), critical]);
    expect(result.findings[0]!.zone_id).toBe(2);
  });
});

describe('list findings', () => {
  const conditions: Record<string, Record<string, unknown>> = {
    Kerberoasting: { hasspn: true },
    ASREPRoasting: { dontreqpreauth: true },
    UnconstrainedDelegation: { unconstraineddelegation: true },
    NonExpiringPasswords: { pwdneverexpires: true },
    PasswordNotRequired: { passwordnotreqd: true },
    ReversibleEncryption: { encryptedtextpwdallowed: true },
    DESOnlyKerberos: { usedeskeyonly: true },
    InactiveTierZero: { lastlogontimestamp: 1_000_000 },
  };
  it('covers every list type', () => expect(Object.keys(conditions).sort()).toEqual(LIST_TYPES.map((t) => t.id).sort()));

  for (const type of LIST_TYPES) {
    it(`${type.id}: a Tier Zero member with the condition, not one without it nor an outsider with it`, () => {
      const g = new TestGraph();
      const fresh = { enabled: true, lastlogontimestamp: 1_000_000 + 200 * 86_400 };
      const member = g.node('User', 'MEMBER', { ...fresh, ...conditions[type.id] });
      const clean = g.node('User', 'CLEAN', fresh);
      g.node('User', 'OUTSIDER', { ...fresh, ...conditions[type.id] });
      g.node('User', 'DISABLED', { ...fresh, ...conditions[type.id], enabled: false });
      expect(keys(g, [tierZero([member, clean, `${DOMAIN_SID}-DISABLED`])])).toEqual([`${type.id} ->MEMBER`]);
    });
  }

  it('does not report domain controllers for unconstrained delegation, nor managed accounts as Kerberoastable', () => {
    const g = new TestGraph();
    const dc = g.node('Computer', 'DC1', { unconstraineddelegation: true, isdc: true });
    const gmsa = g.node('User', 'GMSA', { hasspn: true, gmsa: true });
    expect(keys(g, [tierZero([dc, gmsa])])).toEqual([]);
  });

  it('reports list findings on Tier Zero only', () => {
    const g = new TestGraph();
    const u = g.node('User', 'SVC', { hasspn: true });
    expect(keys(g, [tierZero([]), { id: 2, name: 'Critical Servers', tierZero: false, members: new Set([u]) }])).toEqual([]);
  });
});

describe('exposure and impact', () => {
  /**
   * Outside: ALICE and BOB are users in GROUP_A, which is in DOMAIN_USERS; CAROL is a user in DOMAIN_USERS;
   * WS1 is a computer in DOMAIN_USERS (4 users and computers outside). Tier Zero: DA (group) → ADMIN (user)
   * → DOMAIN (GenericAll), and DC (computer, not reachable from DA). GROUP_A has GenericWrite on DA;
   * BOB has ForceChangePassword on DC.
   */
  function graph() {
    const g = new TestGraph();
    const alice = g.node('User', 'ALICE');
    const bob = g.node('User', 'BOB');
    const carol = g.node('User', 'CAROL');
    const ws = g.node('Computer', 'WS1');
    const groupA = g.node('Group', 'GROUP_A');
    const users = g.node('Group', 'DOMAIN_USERS');
    const da = g.node('Group', 'DA');
    const admin = g.node('User', 'ADMIN');
    const dc = g.node('Computer', 'DC');
    const domainObject = g.node('Container', 'DOMAINOBJ');
    g.edge(alice, 'MemberOf', groupA).edge(bob, 'MemberOf', groupA).edge(groupA, 'MemberOf', users);
    g.edge(carol, 'MemberOf', users).edge(ws, 'MemberOf', users);
    g.edge(admin, 'MemberOf', da).edge(da, 'GenericAll', domainObject).edge(da, 'Owns', admin);
    g.edge(groupA, 'GenericWrite', da).edge(bob, 'ForceChangePassword', dc).edge(users, 'WriteDacl', admin);
    return { g, zone: tierZero([da, admin, dc, domainObject]) };
  }

  it('counts nested members of the source and zone objects reachable from the target', () => {
    const { g, zone } = graph();
    const byFinding = new Map(computeFindings(g.build(), [zone]).findings.map((f) => [f.finding, f]));
    const generic = byFinding.get('T0GenericWrite')!;
    expect([generic.exposure_count, generic.exposure_share]).toEqual([2, 0.5]); // ALICE, BOB of 4
    expect([generic.impact_count, generic.impact_share]).toEqual([3, 0.75]); // DA, ADMIN, DOMAINOBJ of 4
    expect(generic.score).toBe(61.24); // √(0.5 × 0.75)
    expect(generic.severity).toBe('critical');
    const reset = byFinding.get('T0ForceChangePassword')!;
    expect([reset.exposure_count, reset.impact_count, reset.impact_share]).toEqual([1, 1, 0.25]);
    expect(reset.score).toBe(25);
    expect(reset.severity).toBe('high');
    const dacl = byFinding.get('T0WriteDacl')!;
    expect([dacl.exposure_count, dacl.exposure_share, dacl.impact_count]).toEqual([4, 1, 3]);
  });

  it('gives each environment its exposure index: the outside users and computers any finding exposes', () => {
    const { g, zone } = graph();
    const env = computeFindings(g.build(), [zone]).environments[0]!;
    expect(env).toEqual({ domain_sid: DOMAIN_SID, zone_id: 1, zone_count: 4, principals: 4, exposed: 4 });
  });

  it('exposes every outside principal through Everyone and Authenticated Users', () => {
    const g = new TestGraph();
    g.node('User', 'U1');
    g.node('Computer', 'C1');
    const everyone = g.node('Group', `${DOMAIN_SID}-S-1-1-0`);
    const admin = g.node('User', 'ADMIN');
    g.edge(everyone, 'GenericAll', admin);
    const [f] = computeFindings(g.build(), [tierZero([admin])]).findings;
    expect([f!.exposure_count, f!.exposure_share, f!.severity]).toEqual([2, 1, 'critical']);
  });

  it('is the same for the same graph', () => {
    const { g, zone } = graph();
    expect(computeFindings(g.build(), [zone])).toEqual(computeFindings(g.build(), [zone]));
  });

  it('turns scores into severities at the documented thresholds', () => {
    expect([40, 39.99, 20, 19.99, 5, 4.99, 0].map(severityOf)).toEqual([
      'critical',
      'high',
      'high',
      'moderate',
      'moderate',
      'low',
      'low',
    ]);
  });
});
