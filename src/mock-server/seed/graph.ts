/**
 * A small, deterministic directory graph (two Active Directory domains with
 * users, computers and groups, and the edges between them) that the entity
 * queries, the completeness figure, the available domains, the data-quality
 * figures, the asset-group members and Cypher are computed from. The base seed
 * here makes the principals; directory.ts adds what upstream's pre-built
 * queries look for (built-in groups, rights, containers, GPOs, trusts,
 * certificate services); scale.ts grows it to a benchmark size
 * (MOCK_GRAPH_SCALE).
 *
 * The seeded graph is built once from a fixed seed and never changes; it is
 * not part of DbState. What clear-database deleted from it is (`graph.deletions`),
 * and `graphFor(deletions)` gives the seeded graph minus those deletions,
 * built once per distinct set of deletions and then reused, so reading it
 * costs a map lookup; live-graph.ts lays Cypher's changes over it.
 */
import { CONTROL_KINDS } from '../../api/related-list-cypher';
import { Rng, SEED_EPOCH } from './random';
import type { GraphChanges } from './graph-changes';
import { unixDays, dn, FIRST_NAMES, LAST_NAMES, TITLES, CUSTOM_GROUPS, SERVER_ROLES, WORKSTATION_OS, SERVER_OS } from './naming';
import { AD_RELATIONSHIP_KINDS } from '../../api/schemas/datapipe';
import { ENRICHED_EDGE_KINDS, enrichDirectory } from './directory';
import { growDirectory } from './scale';

export interface GraphNode {
  /** Domain SID for domains, `<domainSid>-<RID>` for users, computers and groups, a GUID for OUs. */
  objectid: string;
  /** Upper-case BloodHound-style name: `JDOE@CORP.ACME.LOCAL`, `WS0001.CORP.ACME.LOCAL`, `CORP.ACME.LOCAL`. */
  name: string;
  /** Kinds of the node, e.g. `['Base', 'User']`. */
  kinds: string[];
  /** `Domain`, `User`, `Computer`, `Group` or `OU`. */
  primaryKind: string;
  domainSid: string;
  /** Graph node properties as upstream returns them in `props`. */
  props: Record<string, unknown>;
}

export interface GraphEdge {
  source: string;
  target: string;
  kind: string;
  /** Relationship properties as upstream stores them (a trust's `trusttype`, a GPLink's `enforced`); most edges have none. */
  props?: Record<string, unknown>;
}

export interface DirectoryGraph {
  /** The collected domains. */
  domains: GraphNode[];
  /**
   * Every other node: users, computers, groups, OUs, containers, GPOs, the
   * certificate services' nodes, and domains known only through a trust.
   */
  nodes: GraphNode[];
  /** Every node (domains too) by object id. */
  byId: Map<string, GraphNode>;
  edges: GraphEdge[];
  /** Which deletions this graph reflects: '' for the seeded graph (see `deletionKey`). */
  version: string;
}

/** Edge kinds that give control of the target object (the "controllers" of a node are their sources). */
export const CONTROL_EDGE_KINDS = CONTROL_KINDS;
const CONTROL_SET = new Set<string>(CONTROL_EDGE_KINDS);

/** Edge kinds that come from local group collection on a computer (what "local admins collected" measures). */
export const LOCAL_GROUP_EDGE_KINDS = ['AdminTo', 'CanRDP', 'CanPSRemote', 'ExecuteDCOM'] as const;
const LOCAL_GROUP_SET = new Set<string>(LOCAL_GROUP_EDGE_KINDS);

interface DomainSpec {
  name: string;
  sid: string;
  users: number;
  groups: number;
  domainControllers: number;
  servers: number;
  workstations: number;
}

const DOMAIN_SPECS: DomainSpec[] = [
  {
    name: 'CORP.ACME.LOCAL',
    sid: 'S-1-5-21-4107638521-1930581446-2864410937',
    users: 130,
    groups: 32,
    domainControllers: 2,
    servers: 18,
    workstations: 45,
  },
  {
    name: 'LAB.ACME.LOCAL',
    sid: 'S-1-5-21-2698120943-3526017684-1179350268',
    users: 70,
    groups: 18,
    domainControllers: 1,
    servers: 9,
    workstations: 25,
  },
];

let memo: DirectoryGraph | null = null;
let scale: number | null = null;

/** The directory graph (built once, then the same object: treat it as read-only). */
export function directoryGraph(): DirectoryGraph {
  if (!memo) memo = buildGraph(scale);
  return memo;
}

/**
 * Chooses the directory's size before it is first built: null for the seeded
 * graph, or at least `nodes` nodes (MOCK_GRAPH_SCALE, see scale.ts). The size
 * is chosen once per process: asking for another one after the graph was
 * built is an error (graph ids and every index built over it would go stale).
 */
export function chooseDirectoryGraphScale(nodes: number | null): void {
  if (nodes === scale) return;
  if (memo) throw new Error(`The directory graph was already built ${scale === null ? 'at seed size' : `with ${scale} nodes`}.`);
  scale = nodes;
}

/** The size chosen for the directory (null: the seeded graph). */
export function directoryGraphScale(): number | null {
  return scale;
}

interface DomainParts {
  spec: DomainSpec;
  domain: GraphNode;
  users: GraphNode[];
  computers: GraphNode[];
  dcs: GraphNode[];
  servers: GraphNode[];
  workstations: GraphNode[];
  groups: Map<string, GraphNode>;
  customGroups: GraphNode[];
}

/** The seeded graph, grown to at least `scaleTo` nodes when given. */
export function buildGraph(scaleTo: number | null = null): DirectoryGraph {
  const rng = new Rng(0x9a7f1e);
  const nodes: GraphNode[] = [];
  const domains: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const edgeKeys = new Set<string>();
  const addEdge = (source: GraphNode, target: GraphNode, kind: string, props?: Record<string, unknown>) => {
    if (source.objectid === target.objectid) return;
    const key = `${source.objectid}|${kind}|${target.objectid}`;
    if (edgeKeys.has(key)) return;
    edgeKeys.add(key);
    edges.push(
      props
        ? { source: source.objectid, target: target.objectid, kind, props }
        : { source: source.objectid, target: target.objectid, kind },
    );
  };
  const sample = <T>(items: readonly T[], n: number): T[] => {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < n && pool.length > 0) out.push(pool.splice(rng.int(0, pool.length - 1), 1)[0]!);
    return out;
  };

  let customGroupCursor = 0;
  const parts: DomainParts[] = DOMAIN_SPECS.map((spec, di) => {
    const domain: GraphNode = {
      objectid: spec.sid,
      name: spec.name,
      kinds: ['Base', 'Domain'],
      primaryKind: 'Domain',
      domainSid: spec.sid,
      props: {
        name: spec.name,
        objectid: spec.sid,
        domain: spec.name,
        domainsid: spec.sid,
        distinguishedname: dn(spec.name),
        functionallevel: di === 0 ? '2016' : '2012 R2',
        collected: true,
        whencreated: unixDays(-2400 + di * 300),
        lastseen: new Date(SEED_EPOCH - 3_600_000 * (di + 1)).toISOString(),
      },
    };
    domains.push(domain);
    const base = (rid: number, name: string, kind: string, props: Record<string, unknown>): GraphNode => {
      const objectid = `${spec.sid}-${rid}`;
      const node: GraphNode = {
        objectid,
        name,
        kinds: ['Base', kind],
        primaryKind: kind,
        domainSid: spec.sid,
        props: { name, objectid, domain: spec.name, domainsid: spec.sid, ...props },
      };
      nodes.push(node);
      return node;
    };

    // Well-known groups.
    const groups = new Map<string, GraphNode>();
    const wellKnown: [number, string, string][] = [
      [512, 'DOMAIN ADMINS', 'Designated administrators of the domain'],
      [513, 'DOMAIN USERS', 'All domain users'],
      [515, 'DOMAIN COMPUTERS', 'All workstations and servers joined to the domain'],
      [516, 'DOMAIN CONTROLLERS', 'All domain controllers in the domain'],
    ];
    if (di === 0) wellKnown.push([519, 'ENTERPRISE ADMINS', 'Designated administrators of the enterprise']);
    for (const [rid, label, description] of wellKnown) {
      groups.set(
        label,
        base(rid, `${label}@${spec.name}`, 'Group', {
          samaccountname: titleCase(label),
          distinguishedname: `CN=${titleCase(label)},CN=Users,${dn(spec.name)}`,
          description,
          admincount: rid === 512 || rid === 519,
          highvalue: rid === 512 || rid === 519 || rid === 516,
          whencreated: unixDays(-2400 + di * 300),
        }),
      );
    }

    // Users (including the built-in Administrator and krbtgt accounts).
    let rid = 1104;
    const users: GraphNode[] = [];
    const usedNames = new Set<string>();
    for (let i = 0; i < spec.users; i++) {
      let sam: string;
      let display: string;
      let userRid: number;
      let extra: Record<string, unknown>;
      if (i === 0) {
        sam = 'Administrator';
        display = 'Administrator';
        userRid = 500;
        extra = { description: 'Built-in account for administering the computer/domain', admincount: true };
      } else if (i === 1) {
        sam = 'krbtgt';
        display = 'krbtgt';
        userRid = 502;
        extra = { description: 'Key Distribution Center Service Account', enabled: false, admincount: true };
      } else if (i < 6) {
        const svc = ['svc_sql', 'svc_backup', 'svc_web', 'svc_sccm'][i - 2]!;
        sam = svc;
        display = `Service account ${svc.slice(4).toUpperCase()}`;
        userRid = rid++;
        extra = {
          description: `Service account for ${svc.slice(4).toUpperCase()}`,
          hasspn: true,
          serviceprincipalnames: [
            `${svc.slice(4).toUpperCase()}/srv-${svc.slice(4)}01.${spec.name.toLowerCase()}`,
            `${svc.slice(4).toUpperCase()}/srv-${svc.slice(4)}01.${spec.name.toLowerCase()}:443`,
          ],
          pwdneverexpires: true,
        };
      } else {
        let first: string;
        let last: string;
        do {
          first = rng.pick(FIRST_NAMES);
          last = rng.pick(LAST_NAMES);
          sam = `${first[0]!.toLowerCase()}${last.toLowerCase()}`;
        } while (usedNames.has(sam));
        display = `${first} ${last}`;
        userRid = rid++;
        extra = { title: rng.pick(TITLES), email: `${sam}@${spec.name.toLowerCase()}` };
      }
      usedNames.add(sam);
      const lastLogonDays = -rng.int(0, 120) - rng.next();
      const enabled = (extra.enabled as boolean | undefined) ?? !rng.bool(0.08);
      users.push(
        base(userRid, `${sam.toUpperCase()}@${spec.name}`, 'User', {
          samaccountname: sam,
          displayname: display,
          distinguishedname: `CN=${display},OU=Users,OU=${di === 0 ? 'Corp' : 'Lab'},${dn(spec.name)}`,
          description: null,
          title: null,
          email: null,
          admincount: false,
          hasspn: false,
          serviceprincipalnames: [],
          dontreqpreauth: rng.bool(0.04),
          pwdneverexpires: rng.bool(0.1),
          sensitive: rng.bool(0.05),
          unconstraineddelegation: false,
          sidhistory: [],
          ...extra,
          enabled,
          lastlogon: unixDays(lastLogonDays),
          lastlogontimestamp: unixDays(lastLogonDays - rng.int(0, 10)),
          pwdlastset: unixDays(-rng.int(10, 700)),
          whencreated: unixDays(-rng.int(200, 2000)),
          lastseen: new Date(SEED_EPOCH - rng.int(1, 48) * 3_600_000).toISOString(),
        }),
      );
    }

    // Custom groups.
    const customGroups: GraphNode[] = [];
    for (let i = 0; i < spec.groups - wellKnown.length; i++) {
      const label = CUSTOM_GROUPS[customGroupCursor++ % CUSTOM_GROUPS.length]!;
      const g = base(rid++, `${label}@${spec.name}`, 'Group', {
        samaccountname: titleCase(label),
        distinguishedname: `CN=${titleCase(label)},OU=Groups,${dn(spec.name)}`,
        description: `${titleCase(label)} team`,
        admincount: false,
        highvalue: false,
        whencreated: unixDays(-rng.int(100, 1800)),
      });
      groups.set(label, g);
      customGroups.push(g);
    }

    // Computers.
    const computers: GraphNode[] = [];
    const dcs: GraphNode[] = [];
    const servers: GraphNode[] = [];
    const workstations: GraphNode[] = [];
    const computer = (host: string, os: string, extra: Record<string, unknown>): GraphNode => {
      const name = `${host}.${spec.name}`;
      const lastLogonDays = -rng.int(0, 30) - rng.next();
      const c = base(rid++, name, 'Computer', {
        samaccountname: `${host}$`,
        distinguishedname: `CN=${host},OU=${extra.ou ?? 'Computers'},${dn(spec.name)}`,
        operatingsystem: os,
        enabled: !rng.bool(0.05),
        haslaps: rng.bool(0.6),
        unconstraineddelegation: false,
        serviceprincipalnames: [`HOST/${name.toLowerCase()}`, `HOST/${host}`],
        lastlogon: unixDays(lastLogonDays),
        lastlogontimestamp: unixDays(lastLogonDays - rng.int(0, 10)),
        pwdlastset: unixDays(-rng.int(1, 30)),
        whencreated: unixDays(-rng.int(100, 1800)),
        lastseen: new Date(SEED_EPOCH - rng.int(1, 48) * 3_600_000).toISOString(),
        ...extra,
      });
      delete c.props.ou;
      computers.push(c);
      return c;
    };
    for (let i = 1; i <= spec.domainControllers; i++) {
      dcs.push(
        computer(`DC${pad(i, 2)}`, SERVER_OS[0]!, {
          ou: 'Domain Controllers',
          unconstraineddelegation: true,
          haslaps: false,
          enabled: true,
          isdc: true,
        }),
      );
    }
    for (let i = 1; i <= spec.servers; i++) {
      const role = SERVER_ROLES[(i - 1) % SERVER_ROLES.length]!;
      servers.push(computer(`SRV-${role}${pad(Math.ceil(i / SERVER_ROLES.length), 2)}`, rng.pick(SERVER_OS), { ou: 'Servers' }));
    }
    for (let i = 1; i <= spec.workstations; i++) {
      workstations.push(computer(`WS${pad(i + di * 1000, 4)}`, rng.pick(WORKSTATION_OS), { ou: 'Workstations' }));
    }
    return { spec, domain, users, computers, dcs, servers, workstations, groups, customGroups };
  });

  for (const p of parts) {
    const g = (label: string) => p.groups.get(label)!;
    const humans = p.users.slice(2);
    // Membership.
    for (const u of p.users) addEdge(u, g('DOMAIN USERS'), 'MemberOf');
    for (const c of p.computers) addEdge(c, g('DOMAIN COMPUTERS'), 'MemberOf');
    for (const dc of p.dcs) addEdge(dc, g('DOMAIN CONTROLLERS'), 'MemberOf');
    addEdge(p.users[0]!, g('DOMAIN ADMINS'), 'MemberOf');
    if (p.groups.has('ENTERPRISE ADMINS')) addEdge(p.users[0]!, g('ENTERPRISE ADMINS'), 'MemberOf');
    for (const u of sample(humans.slice(4), p.spec.users > 100 ? 5 : 3)) addEdge(u, g('DOMAIN ADMINS'), 'MemberOf');
    for (const u of humans.slice(4)) {
      for (const grp of sample(p.customGroups, rng.int(0, 4))) addEdge(u, grp, 'MemberOf');
    }
    for (const svc of humans.slice(0, 4)) addEdge(svc, rng.pick(p.customGroups), 'MemberOf');
    // A little nesting among the custom groups.
    for (let i = 0; i < Math.floor(p.customGroups.length / 4); i++) {
      const [a, b] = sample(p.customGroups, 2);
      if (a && b) addEdge(a, b, 'MemberOf');
    }

    // Local group collection reached most computers, session collection fewer.
    const adminGroups = p.customGroups.slice(0, 3); // helpdesk, server admins, workstation admins (or similar)
    for (const c of p.computers) {
      const isServer = p.servers.includes(c) || p.dcs.includes(c);
      if (p.dcs.includes(c) || rng.bool(0.78)) {
        addEdge(g('DOMAIN ADMINS'), c, 'AdminTo');
        addEdge(isServer ? adminGroups[1]! : adminGroups[2]!, c, 'AdminTo');
        for (const u of sample(humans, rng.int(0, 2))) addEdge(u, c, 'AdminTo');
        if (rng.bool(0.15)) addEdge(rng.pick(p.servers), c, 'AdminTo');
        if (rng.bool(0.5)) addEdge(rng.pick(p.customGroups), c, 'CanRDP');
        for (const u of sample(humans, rng.int(0, 2))) addEdge(u, c, 'CanRDP');
        if (rng.bool(0.3)) addEdge(rng.pick(humans), c, 'CanPSRemote');
        if (rng.bool(0.2)) addEdge(rng.pick(humans), c, 'ExecuteDCOM');
      }
      if (rng.bool(isServer ? 0.7 : 0.58)) {
        for (const u of sample(humans, rng.int(1, 4))) addEdge(c, u, 'HasSession');
      }
      // Object control over computers.
      addEdge(g('DOMAIN ADMINS'), c, 'GenericAll');
      if (p.groups.has('ENTERPRISE ADMINS')) addEdge(g('ENTERPRISE ADMINS'), c, 'GenericAll');
      if (rng.bool(0.35)) addEdge(rng.pick(humans), c, 'Owns');
      if (rng.bool(0.3)) addEdge(adminGroups[0]!, c, 'ReadLAPSPassword');
      if (rng.bool(0.25))
        addEdge(rng.pick(humans), c, rng.pick(['GenericWrite', 'WriteDacl', 'WriteOwner', 'AllExtendedRights']));
      if (rng.bool(0.15)) addEdge(rng.pick(p.servers), c, rng.pick(['AddAllowedToAct', 'WriteAccountRestrictions']));
      if (rng.bool(0.1)) addEdge(rng.pick(humans), c, 'AllowedToDelegate');
    }
    // The first domain controller is controlled by many principals of every kind (a good paging example).
    const dc01 = p.dcs[0]!;
    addEdge(g('DOMAIN CONTROLLERS'), dc01, 'GenericAll');
    for (const u of sample(humans, 8))
      addEdge(u, dc01, rng.pick(['GenericAll', 'GenericWrite', 'WriteDacl', 'Owns', 'WriteOwner']));
    for (const grp of sample(p.customGroups, 5)) addEdge(grp, dc01, rng.pick(['GenericAll', 'AllExtendedRights', 'WriteDacl']));
    for (const c of sample(p.servers, 3))
      addEdge(c, dc01, rng.pick(['AddAllowedToAct', 'WriteAccountRestrictions', 'GenericWrite']));
    // SQL admin rights on the SQL servers.
    for (const c of p.servers.filter((s) => s.name.startsWith('SRV-SQL'))) {
      for (const u of sample(humans, rng.int(1, 3))) addEdge(u, c, 'SQLAdmin');
    }
    // Object control over users and groups.
    for (const u of p.users) {
      addEdge(g('DOMAIN ADMINS'), u, 'GenericAll');
      if (rng.bool(0.4)) addEdge(adminGroups[0]!, u, 'ForceChangePassword');
      if (rng.bool(0.1)) addEdge(rng.pick(humans), u, rng.pick(['GenericWrite', 'WriteDacl', 'Owns']));
    }
    for (const grp of p.groups.values()) {
      addEdge(g('DOMAIN ADMINS'), grp, 'GenericAll');
      if (rng.bool(0.3)) addEdge(rng.pick(humans), grp, rng.pick(['AddMember', 'Owns', 'GenericWrite']));
    }
  }
  // A cross-domain trust: CORP's Domain Admins may administer LAB's servers.
  const [corp, lab] = parts;
  if (corp && lab) {
    for (const c of lab.servers.slice(0, 4)) addEdge(corp.groups.get('DOMAIN ADMINS')!, c, 'GenericAll');
  }

  nodes.push(...organizationalUnits(domains, nodes));
  const ctx = { domains, nodes, edges, addEdge };
  enrichDirectory(ctx);
  if (scaleTo !== null) growDirectory(ctx, scaleTo);

  const byId = new Map<string, GraphNode>();
  for (const n of [...domains, ...nodes]) byId.set(n.objectid, n);
  return { domains, nodes, byId, edges, version: '' };
}

/** OUs that hold no object yet (collection events may still name them), by domain: path from the top, `/`-separated. */
const EMPTY_OUS: Record<string, string[]> = {
  'CORP.ACME.LOCAL': ['Departments/Finance', 'Departments/Human Resources', 'Contractors'],
  'LAB.ACME.LOCAL': ['Test Machines'],
};

/**
 * One OU node per organizational unit the objects' distinguished names pass
 * through, plus EMPTY_OUS: kinds `Base` and `OU`, a GUID object id (from their
 * own random stream, so no other node's id moves), named
 * `NAME@DOMAIN` as upstream does. Their Contains edges come with the
 * containers' (enrichDirectory).
 */
function organizationalUnits(domains: readonly GraphNode[], nodes: readonly GraphNode[]): GraphNode[] {
  const rng = new Rng(0x0a11ce);
  const byDn = new Map<string, GraphNode>();
  const add = (ouDn: string, domain: GraphNode) => {
    if (byDn.has(ouDn)) return;
    const label = ouDn.slice('OU='.length, ouDn.indexOf(','));
    const objectid = rng.uuid().toUpperCase();
    const name = `${label.toUpperCase()}@${domain.name}`;
    byDn.set(ouDn, {
      objectid,
      name,
      kinds: ['Base', 'OU'],
      primaryKind: 'OU',
      domainSid: domain.objectid,
      props: {
        name,
        objectid,
        domain: domain.name,
        domainsid: domain.objectid,
        distinguishedname: ouDn,
        blocksinheritance: false,
        whencreated: domain.props.whencreated,
      },
    });
  };
  const domainBySid = new Map(domains.map((d) => [d.objectid, d]));
  for (const n of nodes) {
    const domain = domainBySid.get(n.domainSid);
    const objectDn = n.props.distinguishedname;
    if (!domain || typeof objectDn !== 'string') continue;
    const parts = objectDn.split(',');
    // From the outermost OU inwards, so a parent comes before its children.
    for (let i = parts.length - 1; i >= 1; i--) if (parts[i]!.startsWith('OU=')) add(parts.slice(i).join(','), domain);
  }
  for (const domain of domains) {
    for (const path of EMPTY_OUS[domain.name] ?? []) {
      const labels = path.split('/');
      for (let depth = 1; depth <= labels.length; depth++) {
        const chain = labels.slice(0, depth).reverse();
        add(`${chain.map((l) => `OU=${l}`).join(',')},${dn(domain.name)}`, domain);
      }
    }
  }
  return [...byDn.values()];
}

// ---------------------------------------------------------------------------
// The live graph: the seeded graph minus what clear-database deleted.
// ---------------------------------------------------------------------------

/** What clear-database has deleted from the graph since the seed (reset restores the seed). */
export interface GraphDeletions {
  /** Every collected node and edge (deleteCollectedGraphData). */
  all: boolean;
  /** Nodes attributed to no source kind (deleteSourceKinds 0). */
  sourceless: boolean;
  /** Source kinds whose nodes are gone, by name (`Base`, `AZBase`). */
  sourceKinds: string[];
  /** Relationship kinds whose edges are gone (deleteRelationships). */
  relationships: string[];
}

/** What this part of the mock keeps in the state (one part of DbState, store/db.ts). */
export interface GraphState {
  graph: { deletions: GraphDeletions; changes?: GraphChanges };
}

export const NO_DELETIONS: GraphDeletions = Object.freeze({
  all: false,
  sourceless: false,
  sourceKinds: [],
  relationships: [],
}) as GraphDeletions;

/** The source kinds a node is attributed to (upstream: `Base` for Active Directory, `AZBase` for Azure). */
export const NODE_SOURCE_KINDS = ['Base', 'AZBase'] as const;

/**
 * Relationship kinds clear-database accepts: every kind in the directory graph
 * and upstream's other usual Active Directory kinds (the ones SharpHound
 * collects and post-processing adds), so an upstream client's list is accepted
 * even when the mock's graph holds none of them.
 */
export const KNOWN_RELATIONSHIP_KINDS: readonly string[] = [
  ...new Set([...AD_RELATIONSHIP_KINDS, ...CONTROL_EDGE_KINDS, ...LOCAL_GROUP_EDGE_KINDS, ...ENRICHED_EDGE_KINDS]),
];

/** A canonical text of a set of deletions ('' for none): graphs are memoized by it. */
export function deletionKey(d: GraphDeletions | undefined): string {
  if (!d) return '';
  if (d.all) return 'all';
  const parts: string[] = [];
  if (d.sourceless) parts.push('sourceless');
  if (d.sourceKinds.length > 0) parts.push(`source:${[...new Set(d.sourceKinds)].sort().join(',')}`);
  if (d.relationships.length > 0) parts.push(`rel:${[...new Set(d.relationships)].sort().join(',')}`);
  return parts.join('|');
}

/** Whether a node is still in a graph with these deletions. */
export function nodeSurvives(kinds: readonly string[], d: GraphDeletions): boolean {
  if (d.all) return false;
  const source = kinds.find((k) => (NODE_SOURCE_KINDS as readonly string[]).includes(k));
  if (source === undefined) return !d.sourceless;
  return !d.sourceKinds.includes(source);
}

const liveMemo = new Map<string, DirectoryGraph>();
const MAX_LIVE_GRAPHS = 16;

/** The seeded graph minus `deletions` (the seeded graph itself when nothing was deleted); built once per set of deletions. */
export function graphFor(deletions: GraphDeletions | undefined): DirectoryGraph {
  const key = deletionKey(deletions);
  const full = directoryGraph();
  if (key === '' || !deletions) return full;
  let graph = liveMemo.get(key);
  if (!graph) {
    const keep = (n: GraphNode) => nodeSurvives(n.kinds, deletions);
    const domains = full.domains.filter(keep);
    const nodes = full.nodes.filter(keep);
    const byId = new Map<string, GraphNode>();
    for (const n of [...domains, ...nodes]) byId.set(n.objectid, n);
    const gone = new Set(deletions.relationships);
    const edges = full.edges.filter((e) => !gone.has(e.kind) && byId.has(e.source) && byId.has(e.target));
    graph = { domains, nodes, byId, edges, version: key };
    liveMemo.set(key, graph);
    while (liveMemo.size > MAX_LIVE_GRAPHS) liveMemo.delete(liveMemo.keys().next().value!);
  }
  return graph;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function titleCase(label: string): string {
  return label
    .toLowerCase()
    .split(' ')
    .map((w) => (w.length <= 3 && w !== 'it' && w !== 'qa' && w !== 'dba' ? w : w[0]!.toUpperCase() + w.slice(1)))
    .map((w) => (w === 'it' || w === 'qa' || w === 'dba' || w === 'vpn' || w === 'sql' ? w.toUpperCase() : w))
    .join(' ');
}

// ---------------------------------------------------------------------------
// Queries over the graph (the mock's entity endpoints and completeness use
// these, so counts and lists always agree).
// ---------------------------------------------------------------------------

/** A graph's edges by the object id of their target (`inbound`) and of their source (`outbound`). */
export interface GraphIndex {
  inbound: Map<string, GraphEdge[]>;
  outbound: Map<string, GraphEdge[]>;
}
const indexMemo = new WeakMap<DirectoryGraph, GraphIndex>();

/** The edges of `graph` by endpoint, built once per graph. */
export function edgeIndex(graph: DirectoryGraph): GraphIndex {
  let idx = indexMemo.get(graph);
  if (!idx) {
    idx = { inbound: new Map(), outbound: new Map() };
    for (const e of graph.edges) {
      (idx.inbound.get(e.target) ?? idx.inbound.set(e.target, []).get(e.target)!).push(e);
      (idx.outbound.get(e.source) ?? idx.outbound.set(e.source, []).get(e.source)!).push(e);
    }
    indexMemo.set(graph, idx);
  }
  return idx;
}

/** Principals with a direct object-control edge (CONTROL_EDGE_KINDS) onto the node, in graph order, without repeats. */
export function controllersOf(graph: DirectoryGraph, objectid: string): GraphNode[] {
  const seen = new Set<string>();
  const out: GraphNode[] = [];
  for (const e of edgeIndex(graph).inbound.get(objectid) ?? []) {
    if (!CONTROL_SET.has(e.kind) || seen.has(e.source)) continue;
    seen.add(e.source);
    const n = graph.byId.get(e.source);
    if (n) out.push(n);
  }
  return out;
}

/** The groups a node belongs to, directly or through nested groups. */
export function groupsOf(graph: DirectoryGraph, objectid: string): GraphNode[] {
  const idx = edgeIndex(graph);
  const seen = new Set<string>();
  const queue = [objectid];
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const e of idx.outbound.get(id) ?? []) {
      if (e.kind !== 'MemberOf' || seen.has(e.target)) continue;
      seen.add(e.target);
      queue.push(e.target);
    }
  }
  return [...seen].map((id) => graph.byId.get(id)!).filter(Boolean);
}

/**
 * Collection completeness as upstream computes it: the share (0–1) of
 * computers with local group data (an inbound AdminTo/CanRDP/CanPSRemote/
 * ExecuteDCOM edge) and with session data (an outbound HasSession edge).
 * Computed once per graph.
 */
export function completenessStats(graph: DirectoryGraph): CompletenessStats {
  let stats = completenessMemo.get(graph);
  if (stats) return stats;
  const idx = edgeIndex(graph);
  const computers = graph.nodes.filter((n) => n.primaryKind === 'Computer');
  if (computers.length === 0) stats = { localGroupCompleteness: 0, sessionCompleteness: 0 };
  else {
    const withLocal = computers.filter((c) => (idx.inbound.get(c.objectid) ?? []).some((e) => LOCAL_GROUP_SET.has(e.kind)));
    const withSessions = computers.filter((c) => (idx.outbound.get(c.objectid) ?? []).some((e) => e.kind === 'HasSession'));
    stats = {
      localGroupCompleteness: withLocal.length / computers.length,
      sessionCompleteness: withSessions.length / computers.length,
    };
  }
  completenessMemo.set(graph, stats);
  return stats;
}

interface CompletenessStats {
  localGroupCompleteness: number;
  sessionCompleteness: number;
}
/** Completeness by graph: a graph never changes, so its figures are computed once. */
const completenessMemo = new WeakMap<DirectoryGraph, CompletenessStats>();
