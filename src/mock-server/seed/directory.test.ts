import { describe, expect, it } from 'vitest';
import { buildGraph, directoryGraph, KNOWN_RELATIONSHIP_KINDS, type GraphEdge, type GraphNode } from './graph';
import { PARTNER_DOMAIN } from './trusts';

const graph = directoryGraph();
const all = [...graph.domains, ...graph.nodes];
const node = (id: string) => graph.byId.get(id)!;
const of = (kind: string) => graph.nodes.filter((n) => n.primaryKind === kind);
const edgesOf = (kind: string) => graph.edges.filter((e) => e.kind === kind);
const has = (source: GraphNode, kind: string, target: GraphNode) =>
  graph.edges.some((e) => e.source === source.objectid && e.kind === kind && e.target === target.objectid);
const byName = (name: string) => all.find((n) => n.name === name && n.primaryKind !== 'OU' && n.primaryKind !== 'Container')!;
const [corp, lab] = graph.domains as [GraphNode, GraphNode];
const parentDn = (dn: string) => dn.slice(dn.indexOf(',') + 1).toUpperCase();
const ridOf = (n: GraphNode) => n.objectid.slice(n.objectid.lastIndexOf('-') + 1);

describe('the seeded directory beyond users, computers and groups', () => {
  it('keeps the base seed in place: its nodes first, the additions after its OUs', () => {
    const firstAdded = graph.nodes.findIndex((n) => !['User', 'Computer', 'Group', 'OU'].includes(n.primaryKind));
    const lastOu = graph.nodes.findLastIndex((n) => n.primaryKind === 'OU');
    expect(firstAdded).toBeGreaterThan(lastOu);
    expect(graph.nodes[0]!.name).toBe('DOMAIN ADMINS@CORP.ACME.LOCAL');
  });

  it('is deterministic', () => {
    const again = buildGraph();
    expect(again.nodes.map((n) => n.objectid)).toEqual(graph.nodes.map((n) => n.objectid));
    expect(JSON.stringify(again.edges)).toBe(JSON.stringify(graph.edges));
    expect(JSON.stringify(again.nodes.map((n) => n.props))).toBe(JSON.stringify(graph.nodes.map((n) => n.props)));
  });

  it('links GPOs to OUs and domains, each link saying whether it is enforced', () => {
    expect(of('GPO').length).toBeGreaterThanOrEqual(6);
    const links = edgesOf('GPLink');
    expect(links.length).toBeGreaterThan(of('GPO').length);
    for (const e of links) {
      expect(node(e.source).primaryKind).toBe('GPO');
      expect(['OU', 'Domain']).toContain(node(e.target).primaryKind);
      expect(typeof e.props?.enforced).toBe('boolean');
    }
    expect(links.some((e) => e.props?.enforced === true)).toBe(true);
    expect(links.some((e) => node(e.target).primaryKind === 'Domain')).toBe(true);
    for (const gpo of of('GPO')) expect(gpo.props.distinguishedname).toMatch(/^CN=\{[0-9A-F-]{36}\},CN=Policies,CN=System,DC=/);
  });

  it('has Contains edges that match the distinguished names, from the domain down to every object', () => {
    const contains = edgesOf('Contains');
    for (const e of contains) {
      const parent = node(e.source);
      const child = node(e.target);
      expect(['Domain', 'OU', 'Container']).toContain(parent.primaryKind);
      expect(parentDn(child.props.distinguishedname as string)).toBe((parent.props.distinguishedname as string).toUpperCase());
    }
    // Every object but a domain has exactly one parent, and a chain of them leads to its domain.
    const parentOf = new Map<string, string>();
    for (const e of contains) {
      expect(parentOf.has(e.target)).toBe(false);
      parentOf.set(e.target, e.source);
    }
    for (const n of graph.nodes) {
      if (n.primaryKind === 'Domain') continue;
      let at = n.objectid;
      for (let depth = 0; depth < 20 && parentOf.has(at); depth++) at = parentOf.get(at)!;
      expect(at, n.name).toBe(n.domainSid);
    }
    expect(of('Container').map((c) => c.name)).toEqual(
      expect.arrayContaining(['USERS@CORP.ACME.LOCAL', 'BUILTIN@LAB.ACME.LOCAL', 'PUBLIC KEY SERVICES@CORP.ACME.LOCAL']),
    );
  });

  it('has trusts between the forest’s domains and with a partner forest, with upstream’s trust properties', () => {
    const partner = node(PARTNER_DOMAIN.sid);
    expect(partner).toMatchObject({ primaryKind: 'Domain', kinds: ['Base', 'Domain'] });
    expect(partner.props.collected).toBe(false);
    expect(graph.domains).not.toContain(partner);
    for (const [a, b] of [
      [corp, lab],
      [lab, corp],
      [corp, partner],
      [partner, corp],
    ] as const) {
      expect(has(a, 'TrustedBy', b)).toBe(true);
    }
    for (const e of edgesOf('TrustedBy')) {
      expect(node(e.source).primaryKind).toBe('Domain');
      expect(node(e.target).primaryKind).toBe('Domain');
      expect(e.props).toMatchObject({
        trusttype: expect.any(String),
        transitive: true,
        sidfilteringenabled: expect.any(Boolean),
      });
      const sameTrust = node(e.source).domainSid !== partner.objectid && node(e.target).domainSid !== partner.objectid;
      expect(has(node(e.source), sameTrust ? 'SameForestTrust' : 'CrossForestTrust', node(e.target))).toBe(true);
    }
    // The trusted forest may spoof SID history into CORP, whose trust does not filter SIDs.
    expect(edgesOf('SpoofSIDHistory').map((e) => [e.source, e.target])).toEqual([[partner.objectid, corp.objectid]]);
  });

  it('gives DCSync to the expected holders and a few unexpected principals, each holding GetChanges and GetChangesAll', () => {
    const dcsync = edgesOf('DCSync');
    for (const e of dcsync) {
      expect(graph.domains.map((d) => d.objectid)).toContain(e.target);
      expect(has(node(e.source), 'GetChanges', node(e.target))).toBe(true);
      expect(has(node(e.source), 'GetChangesAll', node(e.target))).toBe(true);
    }
    for (const d of graph.domains) {
      expect(has(byName(`ADMINISTRATORS@${d.name}`), 'DCSync', d)).toBe(true);
      expect(has(byName('ENTERPRISE ADMINS@CORP.ACME.LOCAL'), 'DCSync', d)).toBe(true);
      expect(has(byName(`DOMAIN CONTROLLERS@${d.name}`), 'GetChangesAll', d)).toBe(true);
    }
    const unexpected = dcsync.map((e) => node(e.source)).filter((n) => !['512', '519', '544', '516'].includes(ridOf(n)));
    expect(unexpected.length).toBeGreaterThanOrEqual(2);
    expect(unexpected.map((n) => n.primaryKind)).toEqual(expect.arrayContaining(['User', 'Group']));
  });

  it('names the built-in Administrators group as upstream does, with Domain Admins in it', () => {
    for (const d of graph.domains) {
      const administrators = node(`${d.name}-S-1-5-32-544`);
      expect(administrators).toMatchObject({ name: `ADMINISTRATORS@${d.name}`, primaryKind: 'Group', domainSid: d.objectid });
      expect(has(byName(`DOMAIN ADMINS@${d.name}`), 'MemberOf', administrators)).toBe(true);
    }
  });

  it('sets the account flags the Kerberos and hygiene queries read', () => {
    const users = of('User');
    const enabled = users.filter((u) => u.props.enabled === true);
    const kerberoastable = enabled.filter((u) => u.props.hasspn === true && !u.objectid.endsWith('-502'));
    expect(kerberoastable.length).toBeGreaterThanOrEqual(6);
    for (const u of kerberoastable) expect((u.props.serviceprincipalnames as string[]).length).toBeGreaterThan(0);
    // A Domain Admin among them.
    expect(kerberoastable.some((u) => has(u, 'MemberOf', byName(`DOMAIN ADMINS@${u.props.domain as string}`)))).toBe(true);
    for (const d of graph.domains)
      expect(enabled.some((u) => u.domainSid === d.objectid && u.props.dontreqpreauth === true)).toBe(true);
    expect(users.some((u) => u.props.unconstraineddelegation === true)).toBe(true);
    expect(of('Computer').some((c) => c.props.unconstraineddelegation === true && c.props.isdc !== true)).toBe(true);
    for (const u of users) {
      expect(typeof u.props.pwdneverexpires).toBe('boolean');
      expect(u.props.admincount).toBe(u.props.adminsdholderprotected);
    }
    const history = edgesOf('HasSIDHistory');
    expect(history.length).toBeGreaterThanOrEqual(2);
    for (const e of history) expect(node(e.source).props.sidhistory).toContain(e.target);
  });

  it('has certificate services linked as upstream’s post-processing links them', () => {
    const [rootCA, enterpriseCA, ntAuthStore, aiaCA] = ['RootCA', 'EnterpriseCA', 'NTAuthStore', 'AIACA'].map((k) => {
      expect(of(k)).toHaveLength(1);
      return of(k)[0]!;
    }) as [GraphNode, GraphNode, GraphNode, GraphNode];
    const host = graph.nodes.find((n) => has(n, 'HostsCAService', enterpriseCA))!;
    expect(host.primaryKind).toBe('Computer');
    expect(has(enterpriseCA, 'IssuedSignedBy', rootCA)).toBe(true);
    expect(has(enterpriseCA, 'EnterpriseCAFor', aiaCA)).toBe(true);
    expect(has(enterpriseCA, 'TrustedForNTAuth', ntAuthStore)).toBe(true);
    expect(enterpriseCA.props.certchain).toEqual([enterpriseCA.props.certthumbprint, rootCA.props.certthumbprint]);
    for (const d of graph.domains) {
      expect(has(rootCA, 'RootCAFor', d)).toBe(true);
      expect(has(ntAuthStore, 'NTAuthStoreFor', d)).toBe(true);
      expect(has(host, 'GoldenCert', d)).toBe(true);
    }
    for (const n of [rootCA, enterpriseCA, ntAuthStore, aiaCA, ...of('CertTemplate')]) {
      expect(n.props.distinguishedname).toMatch(/CN=PUBLIC KEY SERVICES,CN=SERVICES,CN=CONFIGURATION,DC=CORP,DC=ACME,DC=LOCAL$/);
    }
    for (const e of edgesOf('PublishedTo'))
      expect([node(e.source).primaryKind, e.target]).toEqual(['CertTemplate', enterpriseCA.objectid]);
    expect(edgesOf('ManageCA').length + edgesOf('ManageCertificates').length).toBeGreaterThanOrEqual(2);
  });

  it('has an ESC1 template open to Domain Users, and the ESC1 findings it gives them', () => {
    const esc1 = of('CertTemplate').filter(
      (t) =>
        t.props.enrolleesuppliessubject === true &&
        t.props.authenticationenabled === true &&
        t.props.requiresmanagerapproval === false &&
        (t.props.authorizedsignatures === 0 || t.props.schemaversion === 1) &&
        graph.edges.some((e) => e.source === t.objectid && e.kind === 'PublishedTo'),
    );
    const domainUsers = byName('DOMAIN USERS@CORP.ACME.LOCAL');
    const open = esc1.filter((t) => has(domainUsers, 'Enroll', t));
    expect(open.map((t) => t.name)).toEqual(['CORPVPN@CORP.ACME.LOCAL']);
    expect(open[0]!.props).toMatchObject({ schemaversion: 2, authorizedsignatures: 0, effectiveekus: ['1.3.6.1.5.5.7.3.2'] });
    for (const d of graph.domains) expect(has(domainUsers, 'ADCSESC1', d)).toBe(true);
    for (const kind of ['ADCSESC3', 'ADCSESC4', 'ADCSESC13']) expect(edgesOf(kind).length, kind).toBeGreaterThan(0);
  });

  it('gives Domain Users local rights and Domain Admins sessions on non-DC computers', () => {
    const domainUsers = graph.domains.map((d) => byName(`DOMAIN USERS@${d.name}`).objectid);
    const fromDomainUsers = (kind: string) =>
      graph.edges.filter((e: GraphEdge) => e.kind === kind && domainUsers.includes(e.source));
    expect(fromDomainUsers('AdminTo').length).toBeGreaterThan(0);
    expect(fromDomainUsers('CanRDP').length).toBeGreaterThan(0);
    const admins = new Set(
      graph.domains
        .flatMap((d) => edgesOf('MemberOf').filter((e) => e.target === byName(`DOMAIN ADMINS@${d.name}`).objectid))
        .map((e) => e.source),
    );
    const adminSessions = edgesOf('HasSession').filter((e) => admins.has(e.target) && node(e.source).props.isdc !== true);
    expect(adminSessions.length).toBeGreaterThanOrEqual(2);
  });

  it('draws NTLM relay edges from Authenticated Users to the computers their settings expose', () => {
    const relays = graph.edges.filter((e) => e.kind.startsWith('CoerceAndRelayNTLMTo'));
    for (const kind of ['CoerceAndRelayNTLMToSMB', 'CoerceAndRelayNTLMToLDAP', 'CoerceAndRelayNTLMToADCS']) {
      expect(edgesOf(kind).length, kind).toBeGreaterThan(0);
    }
    for (const e of relays) {
      const source = node(e.source);
      const target = node(e.target);
      expect(source.name.startsWith('AUTHENTICATED USERS@')).toBe(true);
      expect(target.primaryKind).toBe('Computer');
      expect(target.domainSid).toBe(source.domainSid);
      if (e.kind === 'CoerceAndRelayNTLMToSMB') {
        expect(target.props.smbsigning).toBe(false);
        expect(edgesOf('AdminTo').some((a) => a.target === target.objectid && node(a.source).primaryKind === 'Computer')).toBe(
          true,
        );
      } else {
        expect(target.props.webclientrunning).toBe(true);
      }
      if (e.kind.startsWith('CoerceAndRelayNTLMToLDAP')) {
        const dcs = of('Computer').filter((c) => c.props.isdc === true && c.domainSid === target.domainSid);
        expect(dcs.some((dc) => dc.props.ldapsigning === false && dc.props.ldapsepa === false)).toBe(true);
      }
    }
  });

  it('lists every relationship kind of the graph among the known kinds', () => {
    const known = new Set(KNOWN_RELATIONSHIP_KINDS);
    for (const kind of new Set(graph.edges.map((e) => e.kind))) expect(known.has(kind), kind).toBe(true);
  });
});
