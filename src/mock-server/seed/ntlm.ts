/**
 * What upstream's NTLM relay queries look for: each collected domain's
 * Authenticated Users group, computers' SMB signing and WebClient settings,
 * domain controllers' LDAP signing and channel binding, and the
 * CoerceAndRelayNTLMTo* edges upstream's post-processing draws from
 * Authenticated Users to the computers an attacker could coerce and relay:
 * to SMB when the computer does not require signing and another computer of
 * its domain, free to send NTLM, is its local administrator, to LDAP and LDAPS when it runs the WebClient and a
 * domain controller of its domain takes unsigned LDAP without channel
 * binding, to ADCS when its domain's
 * Enterprise CA has a vulnerable web enrollment endpoint (ESC8).
 *
 * Sources are the new Authenticated Users groups only, so no figure the base
 * seed computes (controllers, completeness, user counts) moves.
 */
import type { GraphNode } from './graph';
import { dn } from './naming';
import { domainViews, newNode, type SeedContext } from './context';
import { Rng } from './random';

export const NTLM_RELAY_EDGE_KINDS = [
  'CoerceAndRelayNTLMToSMB',
  'CoerceAndRelayNTLMToLDAP',
  'CoerceAndRelayNTLMToLDAPS',
  'CoerceAndRelayNTLMToADCS',
] as const;

export function addNtlmRelay(ctx: SeedContext): void {
  const rng = new Rng(0x5eed_0a05);
  const enterpriseCAs = ctx.nodes.filter((n) => n.primaryKind === 'EnterpriseCA' && n.props.hasvulnerableendpoint === true);
  const views = domainViews(ctx);
  views.forEach((v, index) => {
    const domainName = v.domain.name;
    const authenticatedUsers = newNode(v.domain, 'Group', `${domainName}-S-1-5-11`, `AUTHENTICATED USERS@${domainName}`, {
      samaccountname: 'Authenticated Users',
      distinguishedname: `CN=S-1-5-11,CN=ForeignSecurityPrincipals,${dn(domainName)}`,
      description: 'Any principal that has authenticated',
      highvalue: false,
      whencreated: v.domain.props.whencreated,
    });
    ctx.nodes.push(authenticatedUsers);
    v.groups.set('AUTHENTICATED USERS', authenticatedUsers);

    // Domain controllers: LDAP and LDAPS available; the second domain's first one takes unsigned LDAP.
    const relayableDc = index === 1 ? v.dcs[0] : undefined;
    for (const dc of v.dcs) {
      Object.assign(dc.props, {
        ldapavailable: true,
        ldapsavailable: true,
        ldapsigning: dc !== relayableDc,
        ldapsepa: dc !== relayableDc,
      });
    }
    for (const c of v.computers) {
      const isDc = v.dcs.includes(c);
      c.props.smbsigning = isDc || v.servers.includes(c) ? !rng.bool(0.15) : !rng.bool(0.35);
      c.props.webclientrunning = !isDc && v.workstations.includes(c) && rng.bool(0.2);
    }

    // Computers another computer of the domain administers, one that may send NTLM (a relay needs its authentication).
    const relaying = new Set(v.computers.filter((c) => c.props.restrictoutboundntlm !== true).map((c) => c.objectid));
    const adminTargets = new Set(ctx.edges.filter((e) => e.kind === 'AdminTo' && relaying.has(e.source)).map((e) => e.target));
    const relay = (target: GraphNode, kind: (typeof NTLM_RELAY_EDGE_KINDS)[number]) =>
      ctx.addEdge(authenticatedUsers, target, kind);
    for (const c of v.computers) {
      if (c.props.smbsigning === false && adminTargets.has(c.objectid)) relay(c, 'CoerceAndRelayNTLMToSMB');
      if (c.props.webclientrunning === true && relayableDc) {
        relay(c, 'CoerceAndRelayNTLMToLDAP');
        relay(c, 'CoerceAndRelayNTLMToLDAPS');
      }
      if (c.props.webclientrunning === true && enterpriseCAs.some((ca) => ca.domainSid === v.domain.objectid)) {
        relay(c, 'CoerceAndRelayNTLMToADCS');
      }
    }
  });
}
