/**
 * Built-in groups (and a group nested in Domain Admins), account flags and the rights upstream's pre-built queries
 * look for: Administrators and Protected Users; AdminSDHolder protection and
 * admincount; Kerberoastable, AS-REP roastable, unconstrained-delegation and
 * SID-history accounts; the replication rights (GetChanges, GetChangesAll,
 * DCSync) of the expected holders and a few unexpected ones, backup rights on
 * domain controllers (CanBackup); Domain Users'
 * local rights and Domain Admins' sessions on non-DC computers; domain
 * controllers' DCFor edges and certificate-binding settings.
 *
 * Local-rights edges only reach computers that already have local group data,
 * and session edges only leave computers that already have session data, so
 * the collection completeness figures stay as the base seed makes them.
 */
import { type GraphNode } from './graph';
import { dn } from './naming';
import { domainViews, newNode, type DomainView, type SeedContext } from './context';
import { Rng } from './random';

const ALL_ENCRYPTION = ['AES128-CTS-HMAC-SHA1-96', 'AES256-CTS-HMAC-SHA1-96'];
const LEGACY_ENCRYPTION = ['RC4-HMAC-MD5', 'AES128-CTS-HMAC-SHA1-96', 'AES256-CTS-HMAC-SHA1-96'];

export function addPrincipals(ctx: SeedContext): void {
  const rng = new Rng(0x5eed_0a01);
  const views = domainViews(ctx);
  const [corp, lab] = views;
  if (!corp || !lab) return;
  const pickFrom = (items: readonly GraphNode[], n: number): GraphNode[] => {
    const pool = [...items];
    const out: GraphNode[] = [];
    while (out.length < n && pool.length > 0) out.push(pool.splice(rng.int(0, pool.length - 1), 1)[0]!);
    return out;
  };
  const enterpriseAdmins = corp.group('ENTERPRISE ADMINS');

  // Built-in groups, named and identified as upstream names well-known principals.
  for (const v of views) {
    const domainName = v.domain.name;
    const administrators = newNode(v.domain, 'Group', `${domainName}-S-1-5-32-544`, `ADMINISTRATORS@${domainName}`, {
      samaccountname: 'Administrators',
      distinguishedname: `CN=Administrators,CN=Builtin,${dn(domainName)}`,
      description: 'Administrators have complete and unrestricted access to the computer/domain',
      highvalue: true,
      whencreated: v.domain.props.whencreated,
    });
    const protectedUsers = newNode(v.domain, 'Group', `${v.domain.objectid}-525`, `PROTECTED USERS@${domainName}`, {
      samaccountname: 'Protected Users',
      distinguishedname: `CN=Protected Users,CN=Users,${dn(domainName)}`,
      description: 'Members of this group are afforded additional protections against authentication security threats',
      highvalue: false,
      whencreated: v.domain.props.whencreated,
    });
    ctx.nodes.push(administrators, protectedUsers);
    v.groups.set('ADMINISTRATORS', administrators);
    v.groups.set('PROTECTED USERS', protectedUsers);
    ctx.addEdge(v.group('DOMAIN ADMINS'), administrators, 'MemberOf');
    ctx.addEdge(enterpriseAdmins, administrators, 'MemberOf'); // in LAB: a foreign domain group membership
    ctx.addEdge(v.users[0]!, administrators, 'MemberOf');
    for (const u of pickFrom(membersOf(ctx, v.group('DOMAIN ADMINS')), 2)) ctx.addEdge(u, protectedUsers, 'MemberOf');
    ctx.addEdge(v.servers[0]!, protectedUsers, 'MemberOf');
  }

  // An emergency-access group nested in CORP's Domain Admins (Tier Zero through nesting), with one member.
  const breakGlass = newNode(corp.domain, 'Group', `${corp.domain.objectid}-2001`, `BREAK GLASS ADMINS@${corp.domain.name}`, {
    samaccountname: 'Break Glass Admins',
    distinguishedname: `CN=Break Glass Admins,OU=Groups,${dn(corp.domain.name)}`,
    description: 'Emergency access accounts',
    highvalue: false,
    whencreated: Number(corp.domain.props.whencreated) + 86_400 * 400,
  });
  ctx.nodes.push(breakGlass);
  corp.groups.set('BREAK GLASS ADMINS', breakGlass);
  ctx.addEdge(breakGlass, corp.group('DOMAIN ADMINS'), 'MemberOf');
  ctx.addEdge(rng.pick(corp.people), breakGlass, 'MemberOf');

  accountFlags(ctx, views, rng, pickFrom);
  replicationRights(ctx, views);
  localRights(ctx, views, rng, pickFrom);

  // Principals in groups of the other domain.
  ctx.addEdge(rng.pick(lab.people), corp.group('VPN USERS'), 'MemberOf');
  ctx.addEdge(rng.pick(corp.people), lab.group('RESEARCH'), 'MemberOf');
}

/** The direct members of a group. */
function membersOf(ctx: SeedContext, group: GraphNode): GraphNode[] {
  const ids = new Set(ctx.edges.filter((e) => e.kind === 'MemberOf' && e.target === group.objectid).map((e) => e.source));
  return ctx.nodes.filter((n) => ids.has(n.objectid) && n.primaryKind === 'User');
}

/** Every node that belongs to one of `groups`, directly or through nested groups (the groups themselves too). */
function withNestedMembers(ctx: SeedContext, groups: readonly GraphNode[]): Set<string> {
  const members = new Map<string, string[]>();
  for (const e of ctx.edges)
    if (e.kind === 'MemberOf') (members.get(e.target) ?? members.set(e.target, []).get(e.target)!).push(e.source);
  const seen = new Set(groups.map((g) => g.objectid));
  const queue = [...seen];
  while (queue.length > 0) {
    for (const id of members.get(queue.pop()!) ?? []) {
      if (!seen.has(id)) {
        seen.add(id);
        queue.push(id);
      }
    }
  }
  return seen;
}

function accountFlags(
  ctx: SeedContext,
  views: DomainView[],
  rng: Rng,
  pickFrom: (items: readonly GraphNode[], n: number) => GraphNode[],
): void {
  const [corp, lab] = views as [DomainView, DomainView];
  // AdminSDHolder protects the privileged groups, their members, and the built-in administrator and krbtgt.
  const privileged = views.flatMap((v) =>
    ['DOMAIN ADMINS', 'ENTERPRISE ADMINS', 'ADMINISTRATORS', 'DOMAIN CONTROLLERS'].flatMap((l) =>
      v.groups.has(l) ? [v.group(l)] : [],
    ),
  );
  const protectedIds = withNestedMembers(ctx, privileged);
  for (const v of views) {
    protectedIds.add(v.users[0]!.objectid);
    protectedIds.add(v.users[1]!.objectid);
  }
  for (const n of ctx.nodes) {
    if (n.primaryKind !== 'User' && n.primaryKind !== 'Group' && n.primaryKind !== 'Computer') continue;
    const isProtected = protectedIds.has(n.objectid);
    n.props.adminsdholderprotected = isProtected;
    if (n.primaryKind !== 'Computer') n.props.admincount = isProtected || n.props.admincount === true;
  }

  for (const v of views) {
    for (const u of v.users) {
      const service = v.serviceAccounts.includes(u);
      Object.assign(u.props, {
        smartcardrequired: false,
        passwordnotreqd: rng.bool(0.03),
        encryptedtextpwdallowed: false,
        usedeskeyonly: false,
        gmsa: false,
        msa: false,
        supportedencryptiontypes: service ? LEGACY_ENCRYPTION : ALL_ENCRYPTION,
      });
    }
    for (const u of pickFrom(v.people, 3)) u.props.smartcardrequired = true;
    const enabledPeople = v.people.filter((u) => u.props.enabled === true);
    // A Domain Admin with a service principal name: a Kerberoastable Tier Zero account.
    const kerberoastableAdmin = membersOf(ctx, v.group('DOMAIN ADMINS')).find(
      (u) => v.people.includes(u) && u.props.enabled === true,
    );
    for (const u of [...(kerberoastableAdmin ? [kerberoastableAdmin] : []), ...pickFrom(enabledPeople, 2)]) {
      const host = `app-${String(u.props.samaccountname)}.${v.domain.name.toLowerCase()}`;
      Object.assign(u.props, {
        hasspn: true,
        serviceprincipalnames: [`HTTP/${host}`],
        supportedencryptiontypes: LEGACY_ENCRYPTION,
      });
    }
    // AS-REP roastable: at least one enabled account per domain.
    if (!enabledPeople.some((u) => u.props.dontreqpreauth === true)) rng.pick(enabledPeople).props.dontreqpreauth = true;
    rng.pick(v.people).props.encryptedtextpwdallowed = true;
    rng.pick(v.people).props.usedeskeyonly = true;
    // Unconstrained delegation beyond the domain controllers: a server in each domain, an account in CORP.
    v.servers[v.servers.length - 1]!.props.unconstraineddelegation = true;
    for (const c of v.computers) c.props.restrictoutboundntlm = false;
    for (const c of pickFrom(v.servers, 2)) c.props.restrictoutboundntlm = true;
    for (const dc of v.dcs) ctx.addEdge(dc, v.domain, 'DCFor');
  }
  rng.pick(corp.people).props.unconstraineddelegation = true;
  // A Domain Admin whose account was disabled but never removed from the group.
  const labAdmins = membersOf(ctx, lab.group('DOMAIN ADMINS')).filter((u) => lab.people.includes(u) && u.props.hasspn !== true);
  if (labAdmins.length > 0) labAdmins[labAdmins.length - 1]!.props.enabled = false;
  // Unsupported operating systems.
  corp.servers[1]!.props.operatingsystem = 'Windows Server 2012 R2 Standard';
  lab.workstations[2]!.props.operatingsystem = 'Windows 7 Professional';

  // Migrated accounts: SID history pointing at an account of the other domain, and one at its Domain Admins.
  const migrated: [GraphNode, GraphNode][] = [
    [rng.pick(lab.people), rng.pick(corp.people)],
    [rng.pick(corp.people), rng.pick(lab.people)],
    [rng.pick(lab.people), corp.group('DOMAIN ADMINS')],
  ];
  for (const [user, former] of migrated) {
    user.props.sidhistory = [...(user.props.sidhistory as string[]), former.objectid];
    ctx.addEdge(user, former, 'HasSIDHistory');
  }

  // Domains: who may join computers, smart-card password expiry; domain controllers' certificate binding.
  Object.assign(corp.domain.props, { machineaccountquota: 10, expirepasswordsonsmartcardonlyaccounts: true });
  Object.assign(lab.domain.props, { machineaccountquota: 0, expirepasswordsonsmartcardonlyaccounts: false });
  const binding: [GraphNode | undefined, number, number][] = [
    [corp.dcs[0], 2, 24],
    [corp.dcs[1], 1, 24],
    [lab.dcs[0], 0, 4],
  ];
  for (const [dc, enforcement, mapping] of binding) {
    if (dc)
      Object.assign(dc.props, { strongcertificatebindingenforcementraw: enforcement, certificatemappingmethodsraw: mapping });
  }
}

/** GetChanges, GetChangesAll and DCSync (holding both) to each domain, and control of the domain objects. */
function replicationRights(ctx: SeedContext, views: DomainView[]): void {
  const [corp, lab] = views as [DomainView, DomainView];
  const replicate = (principal: GraphNode, domain: GraphNode, all = true) => {
    ctx.addEdge(principal, domain, 'GetChangesAll');
    if (!all) return;
    ctx.addEdge(principal, domain, 'GetChanges');
    ctx.addEdge(principal, domain, 'DCSync');
  };
  const enterpriseAdmins = corp.group('ENTERPRISE ADMINS');
  for (const v of views) {
    replicate(v.group('ADMINISTRATORS'), v.domain);
    replicate(enterpriseAdmins, v.domain);
    replicate(v.group('DOMAIN CONTROLLERS'), v.domain, false);
    ctx.addEdge(v.group('DOMAIN ADMINS'), v.domain, 'GenericAll');
    ctx.addEdge(enterpriseAdmins, v.domain, 'GenericAll');
    ctx.addEdge(v.group('ADMINISTRATORS'), v.domain, 'WriteDacl');
    ctx.addEdge(v.group('ADMINISTRATORS'), v.domain, 'WriteOwner');
  }
  // Unexpected replication rights: a backup service account and a backup group in CORP, a person in LAB.
  replicate(
    corp.serviceAccounts.find((u) => u.props.samaccountname === 'svc_backup')!,
    corp.domain,
  );
  replicate(corp.group('BACKUP OPERATORS'), corp.domain);
  replicate(lab.people[7]!, lab.domain);
  replicate(lab.people[11]!, lab.domain, false);
  ctx.addEdge(lab.people[13]!, lab.domain, 'AllExtendedRights');
  // Backup rights (SeBackupPrivilege) on the domain controllers.
  for (const dc of corp.dcs) ctx.addEdge(corp.group('BACKUP OPERATORS'), dc, 'CanBackup');
}

/** Domain Users' rights on computers, Domain Admins' sessions on non-DC computers, service accounts' admin rights. */
function localRights(
  ctx: SeedContext,
  views: DomainView[],
  rng: Rng,
  pickFrom: (items: readonly GraphNode[], n: number) => GraphNode[],
): void {
  const withLocal = new Set<string>();
  const withSessions = new Set<string>();
  for (const e of ctx.edges) {
    if (e.kind === 'HasSession') withSessions.add(e.source);
    else if (e.kind === 'AdminTo' || e.kind === 'CanRDP' || e.kind === 'CanPSRemote' || e.kind === 'ExecuteDCOM')
      withLocal.add(e.target);
  }
  const local = (cs: readonly GraphNode[]) => cs.filter((c) => withLocal.has(c.objectid));
  for (const v of views) {
    const domainUsers = v.group('DOMAIN USERS');
    const workstations = local(v.workstations);
    const servers = local(v.servers);
    const [adminTarget, ...rdpTargets] = pickFrom(
      workstations.filter((c) => withSessions.has(c.objectid)),
      3,
    );
    if (adminTarget) ctx.addEdge(domainUsers, adminTarget, 'AdminTo');
    for (const c of rdpTargets) ctx.addEdge(domainUsers, c, 'CanRDP');
    for (const c of pickFrom(servers, 1)) ctx.addEdge(domainUsers, c, 'CanRDP');
    for (const c of pickFrom(v.computers, 1)) ctx.addEdge(domainUsers, c, 'ReadLAPSPassword');
    // Domain Admins log on to non-DC computers, the one Domain Users administer among them.
    const admins = membersOf(ctx, v.group('DOMAIN ADMINS')).filter((u) => v.people.includes(u));
    const nonDcWithSessions = [...v.servers, ...v.workstations].filter((c) => withSessions.has(c.objectid));
    for (const c of [...(adminTarget ? [adminTarget] : []), ...pickFrom(nonDcWithSessions, 2)]) {
      if (admins.length > 0) ctx.addEdge(c, rng.pick(admins), 'HasSession');
    }
    // Service accounts with admin rights: SQL on the SQL servers, SCCM on many workstations.
    const svc = (name: string) => v.serviceAccounts.find((u) => u.props.samaccountname === name);
    const sql = svc('svc_sql');
    const sccm = svc('svc_sccm');
    if (sql) for (const c of servers.filter((s) => s.name.startsWith('SRV-SQL'))) ctx.addEdge(sql, c, 'AdminTo');
    if (sccm) for (const c of pickFrom(workstations, 10)) ctx.addEdge(sccm, c, 'AdminTo');
  }
}
