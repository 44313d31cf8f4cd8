/**
 * NTLM relay edges. Each runs from the Authenticated Users group of the victim computer's domain (any
 * authenticated principal can coerce the computer to authenticate) to the computer that can be coerced.
 *
 * A computer can be relayed when `restrictoutboundntlm` is known and false, its domain has an Authenticated
 * Users group and is known, and it is not a (nested) member of Protected Users, unless the domain's
 * functional level is 2012 or older (`functionallevel`).
 *
 * - CoerceAndRelayNTLMToSMB: a computer without SMB signing (`smbsigning` false) that has, among its
 *   administrators (AdminTo, groups expanded), another computer that can be relayed: that one's
 *   authentication is relayed to it.
 * - CoerceAndRelayNTLMToLDAP / LDAPS: a computer that can be relayed and runs the WebClient service
 *   (`webclientrunning`), in a domain with a domain controller (`isdc` or DCFor) offering LDAP without
 *   signing (`ldapavailable`, `ldapsigning` false) / LDAPS without channel binding (`ldapsavailable`,
 *   `ldapsepa` false), other than the computer itself.
 * - CoerceAndRelayNTLMToADCS: a CA that serves a domain and has a web enrollment endpoint open to relaying
 *   (`hasvulnerableendpoint`), a published template that authenticates without approval or signatures:
 *   the computers that can be relayed and may enroll on both (see the victims in adcs-model.ts); the edge
 *   starts at the Authenticated Users group of the domain the CA serves.
 */
import type { GraphNode } from '../seed/graph';
import { issuesWithoutApproval, type AdcsModel } from './adcs-model';
import type { EdgeSink, GraphIndex } from './graph-index';

export const NTLM_EDGE_KINDS = [
  'CoerceAndRelayNTLMToSMB',
  'CoerceAndRelayNTLMToLDAP',
  'CoerceAndRelayNTLMToLDAPS',
  'CoerceAndRelayNTLMToADCS',
] as const;

const VULNERABLE_FUNCTIONAL_LEVELS = new Set(['2000 Mixed/Native', '2003 Interim', '2003', '2008', '2008 R2', '2012']);

interface DomainRelay {
  vulnerableLevel: boolean;
  ldap: string[];
  ldaps: string[];
}

export function postNtlm(index: GraphIndex, sink: EdgeSink, adcs: AdcsModel): void {
  const authUsers = new Map<string, string>();
  const protectedUsers = new Map<string, ReadonlySet<string>>();
  for (const group of index.nodes('Group')) {
    const sid = index.domainSidOf(group);
    if (!sid) continue;
    if (group.objectid.endsWith('-S-1-5-11')) authUsers.set(sid, group.objectid);
    else if (group.objectid.endsWith('-525')) protectedUsers.set(sid, index.expandMembers([group.objectid]));
  }
  if (authUsers.size === 0) return;

  const relay = new Map<string, DomainRelay>();
  for (const domain of index.nodes('Domain')) {
    const sid = index.domainSidOf(domain);
    if (!sid || relay.has(sid)) continue;
    const level = domain.props.functionallevel;
    relay.set(sid, {
      vulnerableLevel: typeof level === 'string' && VULNERABLE_FUNCTIONAL_LEVELS.has(level),
      ldap: [],
      ldaps: [],
    });
  }
  const isDC = (c: GraphNode) => c.props.isdc === true || index.targets(c.objectid, 'DCFor').length > 0;
  const computers = index.nodes('Computer');
  for (const c of computers) {
    const r = relay.get(index.domainSidOf(c));
    if (!r || !isDC(c)) continue;
    if (c.props.ldapsigning === false && c.props.ldapavailable === true) r.ldap.push(c.objectid);
    if (c.props.ldapsepa === false && c.props.ldapsavailable === true) r.ldaps.push(c.objectid);
  }

  const unprotected = new Set<string>();
  for (const c of computers) {
    const sid = index.domainSidOf(c);
    const r = relay.get(sid);
    if (!authUsers.has(sid) || !r || c.props.restrictoutboundntlm !== false) continue;
    if (protectedUsers.get(sid)?.has(c.objectid) && !r.vulnerableLevel) continue;
    unprotected.add(c.objectid);
  }

  for (const c of computers) {
    const sid = index.domainSidOf(c);
    const from = authUsers.get(sid);
    if (!from) continue;
    if (c.props.smbsigning === false) {
      const admins = index.sources(c.objectid, 'AdminTo');
      const relayable = (a: string) => a !== c.objectid && unprotected.has(a);
      const groups = admins.filter((a) => index.hasKind(a, 'Group'));
      let found = admins.some(relayable);
      if (!found && groups.length > 0) {
        for (const a of index.expandMembers(groups)) {
          if (relayable(a)) {
            found = true;
            break;
          }
        }
      }
      if (found) sink.add(from, 'CoerceAndRelayNTLMToSMB', c.objectid);
    }
    if (!unprotected.has(c.objectid) || c.props.webclientrunning !== true) continue;
    const r = relay.get(sid)!;
    if (r.ldap.some((dc) => dc !== c.objectid)) sink.add(from, 'CoerceAndRelayNTLMToLDAP', c.objectid);
    if (r.ldaps.some((dc) => dc !== c.objectid)) sink.add(from, 'CoerceAndRelayNTLMToLDAPS', c.objectid);
  }

  for (const { ca, domains } of adcs.serving) {
    if (ca.props.hasvulnerableendpoint !== true) continue;
    const caEnrollers = adcs.caEnrollers(ca.objectid);
    for (const t of adcs.published(ca.objectid)) {
      if (!issuesWithoutApproval(t) || t.props.authenticationenabled !== true) continue;
      const enrollers = adcs.templateEnrollers(t.objectid);
      if (enrollers.length === 0) continue;
      const victims = [...adcs.victims(enrollers, caEnrollers)].filter((v) => unprotected.has(v));
      for (const d of domains) {
        const from = authUsers.get(d);
        if (from) for (const v of victims) sink.add(from, 'CoerceAndRelayNTLMToADCS', v);
      }
    }
  }
}
