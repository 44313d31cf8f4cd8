import { describe, expect, it } from 'vitest';
import { postProcess } from './post-process';
import { DOMAIN_SID, TestGraph, adcsFixture, pairs } from './test-graph';

const AUTH_USERS = `${DOMAIN_SID}-S-1-5-11`;

function domainWithAuthUsers(g: TestGraph = new TestGraph()): TestGraph {
  g.node('Group', AUTH_USERS);
  return g;
}

describe('CoerceAndRelayNTLMToSMB', () => {
  it('reaches a computer without SMB signing administered by a relayable computer', () => {
    const g = domainWithAuthUsers();
    const target = g.node('Computer', '1001', { smbsigning: false, restrictoutboundntlm: false });
    const admin = g.node('Computer', '1002', { restrictoutboundntlm: false });
    const group = g.node('Group', '1201');
    g.edge(admin, 'MemberOf', group).edge(group, 'AdminTo', target);
    expect(pairs(postProcess(g.build()), 'CoerceAndRelayNTLMToSMB')).toEqual([`${AUTH_USERS}>${target}`]);
  });

  it('uses the AdminTo edges derived from local groups', () => {
    const g = domainWithAuthUsers();
    const target = g.node('Computer', '1001', { smbsigning: false, restrictoutboundntlm: false });
    const admin = g.node('Computer', '1002', { restrictoutboundntlm: false });
    const local = g.node('ADLocalGroup', `${target}-544`);
    g.edge(local, 'LocalToComputer', target).edge(admin, 'MemberOfLocalGroup', local);
    expect(pairs(postProcess(g.build()), 'CoerceAndRelayNTLMToSMB')).toEqual([`${AUTH_USERS}>${target}`]);
  });

  it('not when the administering computer restricts outbound NTLM, or signing is on', () => {
    const g = domainWithAuthUsers();
    const target = g.node('Computer', '1001', { smbsigning: false });
    const admin = g.node('Computer', '1002', { restrictoutboundntlm: true });
    const signed = g.node('Computer', '1003', { smbsigning: true });
    const other = g.node('Computer', '1004', { restrictoutboundntlm: false });
    g.edge(admin, 'AdminTo', target).edge(other, 'AdminTo', signed);
    expect(pairs(postProcess(g.build()), 'CoerceAndRelayNTLMToSMB')).toEqual([]);
  });
});

describe('CoerceAndRelayNTLMToLDAP and LDAPS', () => {
  function relayDomain(dc: Record<string, unknown>, victim: Record<string, unknown> = {}) {
    const g = domainWithAuthUsers();
    g.node('Computer', '1000', { isdc: true, ...dc });
    const computer = g.node('Computer', '1001', { restrictoutboundntlm: false, webclientrunning: true, ...victim });
    return { graph: g.build(), computer };
  }

  it('LDAP: a WebClient computer in a domain with an unsigned LDAP controller', () => {
    const { graph, computer } = relayDomain({ ldapavailable: true, ldapsigning: false });
    const out = postProcess(graph);
    expect(pairs(out, 'CoerceAndRelayNTLMToLDAP')).toEqual([`${AUTH_USERS}>${computer}`]);
    expect(pairs(out, 'CoerceAndRelayNTLMToLDAPS')).toEqual([]);
  });

  it('LDAPS: a controller without channel binding', () => {
    const { graph, computer } = relayDomain({ ldapsavailable: true, ldapsepa: false });
    expect(pairs(postProcess(graph), 'CoerceAndRelayNTLMToLDAPS')).toEqual([`${AUTH_USERS}>${computer}`]);
  });

  it('not without the WebClient service', () => {
    const { graph } = relayDomain({ ldapavailable: true, ldapsigning: false }, { webclientrunning: false });
    expect(pairs(postProcess(graph), 'CoerceAndRelayNTLMToLDAP')).toEqual([]);
  });

  it('not for a member of Protected Users in a recent domain', () => {
    const g = domainWithAuthUsers();
    g.node('Computer', '1000', { isdc: true, ldapavailable: true, ldapsigning: false });
    const computer = g.node('Computer', '1001', { restrictoutboundntlm: false, webclientrunning: true });
    const protectedUsers = g.node('Group', '525');
    g.edge(computer, 'MemberOf', protectedUsers);
    expect(pairs(postProcess(g.build()), 'CoerceAndRelayNTLMToLDAP')).toEqual([]);
    g.domains[0]!.props.functionallevel = '2012';
    expect(pairs(postProcess(g.build()), 'CoerceAndRelayNTLMToLDAP')).toEqual([`${AUTH_USERS}>${computer}`]);
  });
});

describe('CoerceAndRelayNTLMToADCS', () => {
  function relayToCA(ca: Record<string, unknown>) {
    const f = adcsFixture({}, ca);
    domainWithAuthUsers(f.g);
    const computer = f.g.node('Computer', '1001', { restrictoutboundntlm: false });
    const computers = f.g.node('Group', '515');
    f.g.edge(computer, 'MemberOf', computers).edge(computers, 'Enroll', f.template).edge(computers, 'Enroll', f.ca);
    return { graph: f.g.build(), computer };
  }

  it('reaches a relayable computer that may enroll on a CA with a vulnerable endpoint', () => {
    const { graph, computer } = relayToCA({ hasvulnerableendpoint: true });
    expect(pairs(postProcess(graph), 'CoerceAndRelayNTLMToADCS')).toEqual([`${AUTH_USERS}>${computer}`]);
  });

  it('not without a vulnerable endpoint', () => {
    const { graph } = relayToCA({ hasvulnerableendpoint: false });
    expect(pairs(postProcess(graph), 'CoerceAndRelayNTLMToADCS')).toEqual([]);
  });
});
