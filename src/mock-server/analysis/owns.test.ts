import { describe, expect, it } from 'vitest';
import { postProcess } from './post-process';
import { DOMAIN_SID, TestGraph, pairs } from './test-graph';

const BLOCKING = '0'.repeat(28) + '1';

describe('Owns and WriteOwner', () => {
  it('come from the raw edges', () => {
    const g = new TestGraph();
    const user = g.node('User', '1101');
    const target = g.node('Computer', '1001');
    g.edge(user, 'OwnsRaw', target).edge(user, 'WriteOwnerRaw', target, { isinherited: true });
    const out = postProcess(g.build());
    expect(pairs(out, 'Owns')).toEqual([`${user}>${target}`]);
    expect(out.find((e) => e.kind === 'WriteOwner')?.props).toEqual({ isacl: true, isinherited: true });
  });

  it('are dropped for a computer when the domain blocks implicit owner rights', () => {
    const g = new TestGraph(false);
    g.domain(DOMAIN_SID, 'TEST.LOCAL', { dsheuristics: BLOCKING });
    const user = g.node('User', '1101');
    const target = g.node('Computer', '1001');
    g.edge(user, 'OwnsRaw', target).edge(user, 'WriteOwnerRaw', target);
    const out = postProcess(g.build());
    expect(pairs(out, 'Owns')).toEqual([]);
    expect(pairs(out, 'WriteOwner')).toEqual([]);
  });

  it('keep Owns for a Domain Admins member and for a user target when blocked', () => {
    const g = new TestGraph(false);
    g.domain(DOMAIN_SID, 'TEST.LOCAL', { dsheuristics: BLOCKING });
    const admin = g.node('User', '1101');
    const domainAdmins = g.node('Group', '512');
    const computer = g.node('Computer', '1001');
    const victim = g.node('User', '1102');
    g.edge(admin, 'MemberOf', domainAdmins).edge(admin, 'OwnsRaw', computer).edge(admin, 'OwnsRaw', victim);
    expect(pairs(postProcess(g.build()), 'Owns')).toEqual([`${admin}>${computer}`, `${admin}>${victim}`].sort());
  });
});
