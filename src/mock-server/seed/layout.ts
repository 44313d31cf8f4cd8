/**
 * Where objects live and which policies apply: GPOs, Container nodes and the
 * Contains and GPLink edges, as SharpHound collects them.
 *
 * - GPOs per domain (the two defaults and a few of the organisation's), in
 *   `CN=Policies,CN=System`, linked (GPLink, with `enforced`) to the domain and
 *   to OUs; a few principals may edit one.
 * - A Container node for every `CN=` parent an object's distinguished name
 *   passes through (Users, Builtin, System, Policies, the configuration
 *   partition's Public Key Services and its children), plus the usual empty
 *   ones (Computers, AdminSDHolder).
 * - Contains from each object's parent (domain, OU or container, found by
 *   distinguished name, case-insensitively) to the object, so Contains always
 *   matches the distinguished names.
 * - ProtectAdminGroups from AdminSDHolder to the objects it protects.
 */
import { type GraphNode } from './graph';
import { dn } from './naming';
import { domainViews, newNode, type DomainView, type SeedContext } from './context';
import { Rng } from './random';

interface GpoSpec {
  label: string;
  /** Where it is linked: `domain`, or an OU by its label; `!` marks an enforced link. */
  links: string[];
}

const GPOS: GpoSpec[] = [
  { label: 'DEFAULT DOMAIN POLICY', links: ['domain'] },
  { label: 'DEFAULT DOMAIN CONTROLLERS POLICY', links: ['Domain Controllers'] },
  { label: 'WORKSTATION HARDENING', links: ['!Workstations'] },
  { label: 'SERVER BASELINE', links: ['!Servers', 'Domain Controllers'] },
  { label: 'LAPS SETTINGS', links: ['Workstations', 'Servers'] },
  { label: 'USER DESKTOP SETTINGS', links: ['Users'] },
];

/** Empty containers every domain has, relative to the domain's distinguished name. */
const EMPTY_CONTAINERS = ['CN=Computers', 'CN=AdminSDHolder,CN=System'];

export function addLayout(ctx: SeedContext): void {
  const rng = new Rng(0x1a70_0001);
  const views = domainViews(ctx);
  for (const v of views) addGpos(ctx, v, rng);
  addContainers(ctx, rng);
  addContains(ctx);
  for (const v of views) protectAdminGroups(ctx, v);
}

function addGpos(ctx: SeedContext, v: DomainView, rng: Rng): void {
  const domainName = v.domain.name;
  const ous = new Map(
    ctx.nodes
      .filter((n) => n.primaryKind === 'OU' && n.domainSid === v.domain.objectid)
      .map((n) => [n.name.slice(0, n.name.lastIndexOf('@')), n]),
  );
  for (const spec of GPOS) {
    const guid = rng.uuid().toUpperCase();
    const gpo = newNode(v.domain, 'GPO', guid, `${spec.label}@${domainName}`, {
      distinguishedname: `CN={${guid}},CN=Policies,CN=System,${dn(domainName)}`,
      gpcpath: `\\\\${domainName.toLowerCase()}\\sysvol\\${domainName.toLowerCase()}\\policies\\{${guid}}`,
      description: null,
      whencreated: Number(v.domain.props.whencreated) + 86_400 * rng.int(0, 900),
      highvalue: false,
    });
    ctx.nodes.push(gpo);
    for (const link of spec.links) {
      const enforced = link.startsWith('!');
      const label = enforced ? link.slice(1) : link;
      const target = label === 'domain' ? v.domain : ous.get(label.toUpperCase());
      if (target) ctx.addEdge(gpo, target, 'GPLink', { isacl: false, enforced });
    }
    ctx.addEdge(v.group('DOMAIN ADMINS'), gpo, 'GenericAll');
    if (spec.label === 'WORKSTATION HARDENING' && v.groups.has('WORKSTATION ADMINS'))
      ctx.addEdge(v.group('WORKSTATION ADMINS'), gpo, 'GenericWrite');
    if (spec.label === 'USER DESKTOP SETTINGS') ctx.addEdge(rng.pick(v.people), gpo, 'WriteDacl');
  }
}

/** The domain a distinguished name belongs to (by its `DC=` suffix), or undefined. */
function domainOfDn(domains: readonly GraphNode[], objectDn: string): GraphNode | undefined {
  const upper = objectDn.toUpperCase();
  return domains.find((d) => upper.endsWith(dn(d.name).toUpperCase()));
}

function addContainers(ctx: SeedContext, rng: Rng): void {
  const known = new Set<string>();
  for (const n of [...ctx.domains, ...ctx.nodes]) {
    if (typeof n.props.distinguishedname === 'string') known.add(n.props.distinguishedname.toUpperCase());
  }
  const add = (containerDn: string) => {
    if (known.has(containerDn.toUpperCase())) return;
    const domain = domainOfDn(ctx.domains, containerDn);
    if (!domain) return;
    known.add(containerDn.toUpperCase());
    const label = containerDn.slice('CN='.length, containerDn.indexOf(',')).toUpperCase();
    const objectid = rng.uuid().toUpperCase();
    ctx.nodes.push(
      newNode(domain, 'Container', objectid, `${label}@${domain.name}`, {
        distinguishedname: containerDn,
        blocksinheritance: false,
        isaclprotected: label === 'ADMINSDHOLDER',
        whencreated: domain.props.whencreated,
      }),
    );
  };
  const dns: string[] = [];
  for (const n of ctx.nodes) if (typeof n.props.distinguishedname === 'string') dns.push(n.props.distinguishedname);
  for (const d of ctx.domains) for (const rel of EMPTY_CONTAINERS) dns.push(`${rel},${dn(d.name)}`);
  for (const objectDn of dns) {
    const parts = objectDn.split(',');
    // From the outermost container inwards, so a parent comes before its children; OUs exist already.
    for (let i = parts.length - 1; i >= 0; i--) {
      if (!parts[i]!.toUpperCase().startsWith('CN=')) continue;
      if (i === 0 && !EMPTY_CONTAINERS.some((rel) => objectDn.startsWith(rel))) continue;
      add(parts.slice(i).join(','));
    }
  }
}

function addContains(ctx: SeedContext): void {
  const byDn = new Map<string, GraphNode>();
  for (const n of [...ctx.domains, ...ctx.nodes]) {
    if (typeof n.props.distinguishedname === 'string') byDn.set(n.props.distinguishedname.toUpperCase(), n);
  }
  for (const n of ctx.nodes) {
    const objectDn = n.props.distinguishedname;
    if (typeof objectDn !== 'string' || n.primaryKind === 'Domain') continue;
    const parent = byDn.get(objectDn.slice(objectDn.indexOf(',') + 1).toUpperCase());
    if (parent) ctx.addEdge(parent, n, 'Contains', { isacl: false });
  }
}

function protectAdminGroups(ctx: SeedContext, v: DomainView): void {
  const holder = ctx.nodes.find((n) => n.name === `ADMINSDHOLDER@${v.domain.name}`);
  if (!holder) return;
  for (const n of ctx.nodes) {
    if (n.domainSid === v.domain.objectid && n.props.adminsdholderprotected === true)
      ctx.addEdge(holder, n, 'ProtectAdminGroups');
  }
}
