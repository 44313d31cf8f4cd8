/**
 * The counts of the entity-information operations (ENTITY_INFO_KINDS), each computed from the live
 * graph's edges in the simplest way that says what upstream's figure says:
 *
 * - Rights a principal holds (`adminRights`, `rdpRights`, …, `controllables`): the targets of that
 *   kind of edge leaving the node or any group it is a member of, directly or through nested groups.
 * - Principals holding a right on a computer (`adminUsers`, `rdpUsers`, …): the edge's sources, and
 *   every member of a source group, nested groups expanded.
 * - `controllers`: the sources of a direct object-control edge; `members` and `groupMembership` /
 *   `membership`: MemberOf followed transitively.
 * - What an OU, a domain or a GPO holds or affects: Contains followed transitively (a GPO from the
 *   OUs and domains it is linked to); the GPOs that apply to an object: those linked to an OU,
 *   domain or container holding it.
 * - A domain's objects: the nodes of that kind whose domain is the domain; "foreign" ones are of
 *   another domain.
 *
 * Every row's count names are typed by its entry there, so a count named without a definition does
 * not compile.
 */
import { ENTITY_INFO_KINDS, type EntityCountName, type EntityInfoOperationId } from '../../../api/schemas/entity-kinds';
import { CONTROL_EDGE_KINDS, controllersOf, edgeIndex, groupsOf, type DirectoryGraph, type GraphNode } from '../../seed/graph';

/** What a count reads: the live graph and the system tags of an object. */
export interface CountContext {
  graph: DirectoryGraph;
  tagsOf: (objectid: string) => string;
}

type CountOf = (ctx: CountContext, node: GraphNode) => number;
type CountTable = { readonly [K in EntityInfoOperationId]: Readonly<Record<EntityCountName<K>, CountOf>> };

const CONTROL = new Set<string>(CONTROL_EDGE_KINDS);
const TRUST_KINDS = new Set(['TrustedBy', 'SameForestTrust', 'CrossForestTrust']);
const PKI_KINDS = new Set(['IssuedSignedBy', 'EnterpriseCAFor']);
const isEscalation = (kind: string) => kind.startsWith('ADCSESC') || kind === 'GoldenCert';

const inbound = (g: DirectoryGraph, id: string) => edgeIndex(g).inbound.get(id) ?? [];
const outbound = (g: DirectoryGraph, id: string) => edgeIndex(g).outbound.get(id) ?? [];

/** The nodes reached from `id` by following edges of `kinds` `outwards` (or inwards), transitively. */
function reach(g: DirectoryGraph, id: string, kinds: (kind: string) => boolean, outwards: boolean): Set<string> {
  const seen = new Set<string>();
  const queue = [id];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const e of outwards ? outbound(g, at) : inbound(g, at)) {
      const next = outwards ? e.target : e.source;
      if (!kinds(e.kind) || seen.has(next) || next === id) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
}

const is = (kind: string) => (k: string) => k === kind;
const members = (g: DirectoryGraph, id: string) => reach(g, id, is('MemberOf'), false);
const contained = (g: DirectoryGraph, id: string) => reach(g, id, is('Contains'), true);
const kindOf = (g: DirectoryGraph, id: string) => g.byId.get(id)?.primaryKind;
const countKind = (g: DirectoryGraph, ids: Iterable<string>, kind: string) =>
  [...ids].filter((id) => kindOf(g, id) === kind).length;

/** Targets of `edge` edges leaving the node or a group it is in (nested groups too). */
function rights(g: DirectoryGraph, node: GraphNode, edge: (kind: string) => boolean): Set<string> {
  const out = new Set<string>();
  for (const id of [node.objectid, ...groupsOf(g, node.objectid).map((n) => n.objectid)]) {
    for (const e of outbound(g, id)) if (edge(e.kind)) out.add(e.target);
  }
  out.delete(node.objectid);
  return out;
}

/** Sources of `edge` edges onto the node, and the members of each source group (nested groups too). */
function holders(g: DirectoryGraph, node: GraphNode, edge: (kind: string) => boolean): Set<string> {
  const out = new Set<string>();
  for (const e of inbound(g, node.objectid)) {
    if (!edge(e.kind)) continue;
    out.add(e.source);
    if (kindOf(g, e.source) === 'Group') for (const m of members(g, e.source)) out.add(m);
  }
  out.delete(node.objectid);
  return out;
}

const direct = (g: DirectoryGraph, id: string, edge: (kind: string) => boolean, outwards: boolean) =>
  new Set((outwards ? outbound(g, id) : inbound(g, id)).filter((e) => edge(e.kind)).map((e) => (outwards ? e.target : e.source)));

/** GPOs linked to an OU, domain or container that holds the node (or to the node itself). */
function appliedGpos(g: DirectoryGraph, node: GraphNode): number {
  const holdersOf = [node.objectid, ...reach(g, node.objectid, is('Contains'), false)];
  const gpos = new Set<string>();
  for (const id of holdersOf) for (const s of direct(g, id, is('GPLink'), false)) gpos.add(s);
  return gpos.size;
}

/** What a GPO affects: the OUs and domains it is linked to and everything they contain. */
function affected(g: DirectoryGraph, gpo: GraphNode): Set<string> {
  const out = new Set<string>();
  for (const linked of direct(g, gpo.objectid, is('GPLink'), true)) {
    out.add(linked);
    for (const id of contained(g, linked)) out.add(id);
  }
  return out;
}

const inDomain = (g: DirectoryGraph, domain: GraphNode, kind: string) =>
  [...g.domains, ...g.nodes].filter((n) => n.primaryKind === kind && n.domainSid === domain.objectid && n !== domain);
const foreign = (g: DirectoryGraph, domain: GraphNode, id: string) => {
  const n = g.byId.get(id);
  return n !== undefined && n.domainSid !== domain.objectid;
};

/** Principals of another domain that are direct members of this domain's groups, of `kind`. */
function foreignMembers(g: DirectoryGraph, domain: GraphNode, kind: string): number {
  const out = new Set<string>();
  for (const group of inDomain(g, domain, 'Group')) {
    for (const id of direct(g, group.objectid, is('MemberOf'), false)) {
      if (kindOf(g, id) === kind && foreign(g, domain, id)) out.add(id);
    }
  }
  return out.size;
}

/** Principals of another domain with an `edge` edge onto a `targetKind` object of this domain. */
function foreignHolders(g: DirectoryGraph, domain: GraphNode, targetKind: string, edge: (kind: string) => boolean): number {
  const out = new Set<string>();
  for (const target of inDomain(g, domain, targetKind)) {
    for (const id of direct(g, target.objectid, edge, false)) if (foreign(g, domain, id)) out.add(id);
  }
  return out.size;
}

const controllers: CountOf = ({ graph }, n) => controllersOf(graph, n.objectid).length;
const controllables: CountOf = ({ graph }, n) => rights(graph, n, (k) => CONTROL.has(k)).size;
const rightsOf =
  (edge: string): CountOf =>
  ({ graph }, n) =>
    rights(graph, n, is(edge)).size;
const holdersOf =
  (edge: string): CountOf =>
  ({ graph }, n) =>
    holders(graph, n, is(edge)).size;
const directly =
  (edge: string, outwards: boolean): CountOf =>
  ({ graph }, n) =>
    direct(graph, n.objectid, is(edge), outwards).size;
const membership: CountOf = ({ graph }, n) => groupsOf(graph, n.objectid).length;
const containedOf =
  (kind: string): CountOf =>
  ({ graph }, n) =>
    countKind(graph, contained(graph, n.objectid), kind);
const domainObjects =
  (kind: string): CountOf =>
  ({ graph }, n) =>
    inDomain(graph, n, kind).length;
const affectedOf =
  (kind: string): CountOf =>
  ({ graph }, n) =>
    countKind(graph, affected(graph, n), kind);
const pkiHierarchy =
  (outwards: boolean): CountOf =>
  ({ graph }, n) =>
    reach(graph, n.objectid, (k) => PKI_KINDS.has(k), outwards).size;

export const ENTITY_COUNTS: CountTable = {
  getEntity: { controllables },
  getComputerEntity: {
    sessions: directly('HasSession', true),
    adminUsers: holdersOf('AdminTo'),
    rdpUsers: holdersOf('CanRDP'),
    dcomUsers: holdersOf('ExecuteDCOM'),
    psRemoteUsers: holdersOf('CanPSRemote'),
    backupOperators: holdersOf('CanBackup'),
    sqlAdminUsers: directly('SQLAdmin', false),
    constrainedUsers: directly('AllowedToDelegate', false),
    groupMembership: membership,
    adminRights: rightsOf('AdminTo'),
    rdpRights: rightsOf('CanRDP'),
    backupRights: rightsOf('CanBackup'),
    dcomRights: rightsOf('ExecuteDCOM'),
    psRemoteRights: rightsOf('CanPSRemote'),
    constrainedPrivs: rightsOf('AllowedToDelegate'),
    controllables,
    controllers,
    gpos: ({ graph }, n) => appliedGpos(graph, n),
  },
  getGroupEntity: {
    // Computers where a member (nested groups expanded) has a session.
    sessions: ({ graph }, n) => {
      const computers = new Set<string>();
      for (const m of members(graph, n.objectid)) for (const c of direct(graph, m, is('HasSession'), false)) computers.add(c);
      return computers.size;
    },
    members: ({ graph }, n) => members(graph, n.objectid).size,
    membership,
    adminRights: rightsOf('AdminTo'),
    rdpRights: rightsOf('CanRDP'),
    backupRights: rightsOf('CanBackup'),
    dcomRights: rightsOf('ExecuteDCOM'),
    psRemoteRights: rightsOf('CanPSRemote'),
    controllables,
    controllers,
  },
  getDomainEntity: {
    users: domainObjects('User'),
    groups: domainObjects('Group'),
    computers: domainObjects('Computer'),
    ous: domainObjects('OU'),
    gpos: domainObjects('GPO'),
    foreignUsers: ({ graph }, n) => foreignMembers(graph, n, 'User'),
    foreignGroups: ({ graph }, n) => foreignMembers(graph, n, 'Group'),
    foreignGPOControllers: ({ graph }, n) => foreignHolders(graph, n, 'GPO', (k) => CONTROL.has(k)),
    foreignAdmins: ({ graph }, n) => foreignHolders(graph, n, 'Computer', is('AdminTo')),
    inboundTrusts: ({ graph }, n) => direct(graph, n.objectid, (k) => TRUST_KINDS.has(k), false).size,
    outboundTrusts: ({ graph }, n) => direct(graph, n.objectid, (k) => TRUST_KINDS.has(k), true).size,
    controllers,
    linkedgpos: directly('GPLink', false),
    dcsyncers: holdersOf('DCSync'),
    'adcs-escalations': ({ graph }, n) => holders(graph, n, isEscalation).size,
  },
  getGpoEntity: {
    ous: affectedOf('OU'),
    computers: affectedOf('Computer'),
    users: affectedOf('User'),
    controllers,
    tierzero: ({ graph, tagsOf }, n) =>
      [...affected(graph, n)].filter((id) => tagsOf(id).split(' ').includes('admin_tier_0')).length,
  },
  getOuEntity: {
    gpos: ({ graph }, n) => appliedGpos(graph, n),
    users: containedOf('User'),
    groups: containedOf('Group'),
    computers: containedOf('Computer'),
  },
  getContainerEntity: { controllers },
  getAiaCaEntity: { controllers, 'pki-hierarchy': pkiHierarchy(true) },
  getRootCaEntity: { controllers, 'pki-hierarchy': pkiHierarchy(false) },
  getEnterpriseCaEntity: {
    controllers,
    'pki-hierarchy': pkiHierarchy(true),
    'published-templates': directly('PublishedTo', false),
  },
  getNtAuthStoreEntity: { controllers, 'trusted-cas': directly('TrustedForNTAuth', false) },
  getCertTemplateEntity: { controllers, 'published-to-cas': directly('PublishedTo', true) },
};

/** The counts of `node` for operation `op`, in the order its row names them. */
export function entityCounts(op: EntityInfoOperationId, ctx: CountContext, node: GraphNode): Record<string, number> {
  const table: Readonly<Record<string, CountOf>> = ENTITY_COUNTS[op];
  return Object.fromEntries(ENTITY_INFO_KINDS[op].counts.map((name) => [name, table[name]!(ctx, node)]));
}
