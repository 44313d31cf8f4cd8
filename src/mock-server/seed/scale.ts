/**
 * A directory of benchmark size (MOCK_GRAPH_SCALE): the seeded graph, grown
 * with generated regions of the same shape until it has at least the asked
 * number of nodes, about ten relationships per node.
 *
 * Each region is a set of OUs (`OU=Region 0001` with Users, Groups, Servers
 * and Workstations under it) in one of the two collected domains (two regions
 * in CORP for one in LAB), holding users, groups and computers with the base
 * seed's properties, and the edges the base seed makes between such objects:
 * group memberships (Domain Users and Domain Computers, regional groups, some
 * nesting), Contains from the OUs, Domain Admins' GenericAll and AdminTo,
 * regional admin and remote-desktop groups, users' local rights, sessions,
 * owners, LAPS readers and helpdesk password resets. GPOs of the base seed are
 * linked to the regional workstation and server OUs.
 *
 * Deterministic (its own random stream) and lean: nodes and edges are pushed
 * directly, distinct by construction (no edge-key set), picks are by index
 * within a region, and every property is computed once.
 */
import { type GraphNode } from './graph';
import { dn, FIRST_NAMES, LAST_NAMES, SERVER_OS, SERVER_ROLES, TITLES, unixDays, WORKSTATION_OS } from './naming';
import { domainViews, type DomainView, type SeedContext } from './context';
import { Rng, SEED_EPOCH } from './random';

/** Objects per region, by kind (a region is about 2,000 nodes). */
const REGION = { users: 1_100, groups: 160, servers: 80, workstations: 660 } as const;
const REGION_OUS = ['Users', 'Groups', 'Servers', 'Workstations'] as const;
/** First relative id of generated objects (above every seeded one). */
const FIRST_RID = 100_000;
const ALL_ENCRYPTION = ['AES128-CTS-HMAC-SHA1-96', 'AES256-CTS-HMAC-SHA1-96'];

/** Grows the graph with generated regions until it has at least `target` nodes (domains included). */
export function growDirectory(ctx: SeedContext, target: number): void {
  const rng = new Rng(0x5ca1_e001);
  const views = domainViews(ctx);
  const nextRid = views.map(() => FIRST_RID);
  const gpos = new Map(ctx.nodes.filter((n) => n.primaryKind === 'GPO').map((n) => [n.name, n]));
  let region = 0;
  while (ctx.domains.length + ctx.nodes.length < target) {
    const which = region % 3 === 2 ? 1 : 0;
    const view = views[which] ?? views[0]!;
    region += 1;
    addRegion(ctx, view, region, rng, () => nextRid[which]!++, gpos);
  }
}

function addRegion(
  ctx: SeedContext,
  v: DomainView,
  region: number,
  rng: Rng,
  rid: () => number,
  gpos: Map<string, GraphNode>,
): void {
  const domainName = v.domain.name;
  const domainSid = v.domain.objectid;
  const label = `Region ${String(region).padStart(4, '0')}`;
  const regionDn = `OU=${label},${dn(domainName)}`;
  const edge = (source: GraphNode, target: GraphNode, kind: string) =>
    ctx.edges.push({ source: source.objectid, target: target.objectid, kind });
  const contains = (parent: GraphNode, child: GraphNode) =>
    ctx.edges.push({ source: parent.objectid, target: child.objectid, kind: 'Contains', props: { isacl: false } });
  const base = (objectid: string, name: string, kind: string, props: Record<string, unknown>): GraphNode => {
    const node: GraphNode = {
      objectid,
      name,
      kinds: ['Base', kind],
      primaryKind: kind,
      domainSid,
      props: { name, objectid, domain: domainName, domainsid: domainSid, ...props },
    };
    ctx.nodes.push(node);
    return node;
  };
  const ou = (ouDn: string, ouLabel: string) =>
    base(rng.uuid().toUpperCase(), `${ouLabel.toUpperCase()}@${domainName}`, 'OU', {
      distinguishedname: ouDn,
      blocksinheritance: false,
      whencreated: v.domain.props.whencreated,
    });
  const regionOu = ou(regionDn, label);
  contains(v.domain, regionOu);
  const ous = Object.fromEntries(
    REGION_OUS.map((name) => {
      const child = ou(`OU=${name},${regionDn}`, `${label} ${name}`);
      contains(regionOu, child);
      return [name, child];
    }),
  ) as Record<(typeof REGION_OUS)[number], GraphNode>;
  const link = (gpoLabel: string, target: GraphNode, enforced: boolean) => {
    const gpo = gpos.get(`${gpoLabel}@${domainName}`);
    if (gpo) ctx.edges.push({ source: gpo.objectid, target: target.objectid, kind: 'GPLink', props: { isacl: false, enforced } });
  };
  link('WORKSTATION HARDENING', ous.Workstations, true);
  link('SERVER BASELINE', ous.Servers, true);
  link('LAPS SETTINGS', ous.Workstations, false);

  const lastSeen = (hours: number) => new Date(SEED_EPOCH - hours * 3_600_000).toISOString();
  const domainAdmins = v.group('DOMAIN ADMINS');

  // Users.
  const users: GraphNode[] = [];
  for (let i = 0; i < REGION.users; i++) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const r = rid();
    const sam = `${first[0]!.toLowerCase()}${last.toLowerCase()}${r}`;
    const display = `${first} ${last}`;
    const lastLogonDays = -rng.int(0, 120) - rng.next();
    const u = base(`${domainSid}-${r}`, `${sam.toUpperCase()}@${domainName}`, 'User', {
      samaccountname: sam,
      displayname: display,
      distinguishedname: `CN=${display} ${r},OU=Users,${regionDn}`,
      description: null,
      title: rng.pick(TITLES),
      email: `${sam}@${domainName.toLowerCase()}`,
      admincount: false,
      hasspn: false,
      serviceprincipalnames: [],
      dontreqpreauth: rng.bool(0.01),
      pwdneverexpires: rng.bool(0.1),
      sensitive: rng.bool(0.02),
      unconstraineddelegation: false,
      sidhistory: [],
      enabled: !rng.bool(0.08),
      lastlogon: unixDays(lastLogonDays),
      lastlogontimestamp: unixDays(lastLogonDays - rng.int(0, 10)),
      pwdlastset: unixDays(-rng.int(10, 700)),
      whencreated: unixDays(-rng.int(200, 2000)),
      lastseen: lastSeen(rng.int(1, 48)),
      smartcardrequired: false,
      passwordnotreqd: rng.bool(0.01),
      encryptedtextpwdallowed: false,
      usedeskeyonly: false,
      gmsa: false,
      msa: false,
      supportedencryptiontypes: ALL_ENCRYPTION,
      adminsdholderprotected: false,
    });
    users.push(u);
    contains(ous.Users, u);
    edge(u, v.group('DOMAIN USERS'), 'MemberOf');
    edge(domainAdmins, u, 'GenericAll');
  }

  // Groups: the region's admin, helpdesk and remote-desktop groups first, then teams.
  const groups: GraphNode[] = [];
  const roles = ['ADMINS', 'HELPDESK', 'REMOTE DESKTOP'];
  for (let i = 0; i < REGION.groups; i++) {
    const r = rid();
    const groupLabel = `${label.toUpperCase()} ${i < roles.length ? roles[i] : `TEAM ${String(i - roles.length + 1).padStart(3, '0')}`}`;
    const g = base(`${domainSid}-${r}`, `${groupLabel}@${domainName}`, 'Group', {
      samaccountname: groupLabel,
      distinguishedname: `CN=${groupLabel},OU=Groups,${regionDn}`,
      description: `${groupLabel} group`,
      admincount: false,
      highvalue: false,
      adminsdholderprotected: false,
      whencreated: unixDays(-rng.int(100, 1800)),
    });
    groups.push(g);
    contains(ous.Groups, g);
    edge(domainAdmins, g, 'GenericAll');
    // Some nesting among the teams, always into an earlier team (no cycles).
    if (i > roles.length && rng.bool(0.3)) edge(g, groups[rng.int(roles.length, i - 1)]!, 'MemberOf');
    if (rng.bool(0.3)) edge(users[rng.int(0, users.length - 1)]!, g, 'AddMember');
  }
  const [admins, helpdesk, remoteDesktop] = groups as [GraphNode, GraphNode, GraphNode];
  const teams = groups.slice(roles.length);
  for (const u of users) {
    for (const g of distinctPicks(rng, teams, rng.int(4, 11))) edge(u, g, 'MemberOf');
    if (rng.bool(0.5)) edge(helpdesk, u, 'ForceChangePassword');
  }
  for (const u of distinctPicks(rng, users, 8)) edge(u, admins, 'MemberOf');
  for (const u of distinctPicks(rng, users, 12)) edge(u, helpdesk, 'MemberOf');

  // Computers.
  const computer = (host: string, os: string, ouNode: GraphNode, isServer: boolean) => {
    const r = rid();
    const name = `${host}.${domainName}`;
    const lastLogonDays = -rng.int(0, 30) - rng.next();
    const c = base(`${domainSid}-${r}`, name, 'Computer', {
      samaccountname: `${host}$`,
      distinguishedname: `CN=${host},OU=${isServer ? 'Servers' : 'Workstations'},${regionDn}`,
      operatingsystem: os,
      enabled: !rng.bool(0.05),
      haslaps: rng.bool(0.6),
      unconstraineddelegation: false,
      serviceprincipalnames: [`HOST/${name.toLowerCase()}`, `HOST/${host}`],
      lastlogon: unixDays(lastLogonDays),
      lastlogontimestamp: unixDays(lastLogonDays - rng.int(0, 10)),
      pwdlastset: unixDays(-rng.int(1, 30)),
      whencreated: unixDays(-rng.int(100, 1800)),
      lastseen: lastSeen(rng.int(1, 48)),
      restrictoutboundntlm: false,
      adminsdholderprotected: false,
    });
    contains(ouNode, c);
    edge(c, v.group('DOMAIN COMPUTERS'), 'MemberOf');
    edge(domainAdmins, c, 'GenericAll');
    if (rng.bool(0.8)) {
      edge(domainAdmins, c, 'AdminTo');
      edge(admins, c, 'AdminTo');
      edge(remoteDesktop, c, 'CanRDP');
      for (const u of distinctPicks(rng, users, rng.int(0, 2))) edge(u, c, 'AdminTo');
      for (const u of distinctPicks(rng, users, rng.int(0, 2))) edge(u, c, 'CanRDP');
      if (rng.bool(0.3)) edge(users[rng.int(0, users.length - 1)]!, c, 'CanPSRemote');
      if (rng.bool(0.2)) edge(users[rng.int(0, users.length - 1)]!, c, 'ExecuteDCOM');
    }
    if (rng.bool(isServer ? 0.7 : 0.6)) for (const u of distinctPicks(rng, users, rng.int(2, 7))) edge(c, u, 'HasSession');
    if (rng.bool(0.35)) edge(users[rng.int(0, users.length - 1)]!, c, 'Owns');
    if (rng.bool(0.3)) edge(helpdesk, c, 'ReadLAPSPassword');
  };
  for (let i = 1; i <= REGION.servers; i++) {
    const role = SERVER_ROLES[(i - 1) % SERVER_ROLES.length]!;
    computer(
      `SRV-${role}-R${String(region).padStart(4, '0')}-${String(i).padStart(3, '0')}`,
      rng.pick(SERVER_OS),
      ous.Servers,
      true,
    );
  }
  for (let i = 1; i <= REGION.workstations; i++) {
    computer(
      `WS-R${String(region).padStart(4, '0')}-${String(i).padStart(4, '0')}`,
      rng.pick(WORKSTATION_OS),
      ous.Workstations,
      false,
    );
  }
}

/** `n` distinct items of `items` (all of them when there are fewer), by index. */
function distinctPicks<T>(rng: Rng, items: readonly T[], n: number): T[] {
  if (n >= items.length) return [...items];
  const chosen: number[] = [];
  while (chosen.length < n) {
    const i = rng.int(0, items.length - 1);
    if (!chosen.includes(i)) chosen.push(i);
  }
  return chosen.map((i) => items[i]!);
}
