/**
 * The members of every related list (related-lists.ts), one definition per operation id: the routes page
 * them, the entity-information counts are their sizes (entity-counts.ts), and the Cypher of each list
 * (related-list-cypher.ts) answers the same set. The families:
 *
 * - Rights a principal holds (`admin-rights`, `rdp-rights`, …, `controllables`): the targets of that kind
 *   of relationship leaving the node or a group it is a member of, nested groups too.
 * - Principals holding a right on a node (`admin-users`, `rdp-users`, …, `dc-syncers`,
 *   `adcs-escalations`): the relationship's sources and every member of a source group, nested groups too.
 * - Direct relationships (`controllers`, HasSession, `sql-admins`, `constrained-users`, trusts, linked
 *   GPOs, published templates, trusted CAs): the other end of one relationship of those kinds.
 * - `members`, `memberships`: MemberOf followed transitively; a group's HasSession list: the computers
 *   with a HasSession onto one of its member users (nested groups expanded).
 * - What an OU holds and what a GPO affects: Contains followed transitively (for a GPO, from the OUs and
 *   domains it is linked to, those included); the GPOs affecting an OU: those linked to it or to an OU
 *   or domain holding it.
 * - A domain's objects: the nodes of that kind whose domain is the domain; its foreign members: principals
 *   of another domain directly in one of its groups; its foreign admins and GPO controllers: principals of
 *   another domain with that right on one of its computers or GPOs.
 * - The PKI hierarchy: IssuedSignedBy and EnterpriseCAFor followed transitively, upwards from an AIA or
 *   enterprise CA, downwards to a root CA.
 */
import { CONTROL_KINDS, ESCALATION_KINDS, PKI_KINDS, TRUST_KINDS } from '../../../api/related-list-cypher';
import type { RelatedListOperationId } from '../../../api/schemas/related-lists';
import { edgeIndex, type DirectoryGraph, type GraphEdge, type GraphNode } from '../../seed/graph';

/** What a list reads: the live graph and the system tags of an object. */
export interface MembersContext {
  graph: DirectoryGraph;
  tagsOf: (objectid: string) => string;
}

/** One list: its members' object ids, and the relationship kinds its graph answer draws. */
export interface RelatedMembers {
  members: (ctx: MembersContext, node: GraphNode) => ReadonlySet<string>;
  /** Relationship kinds drawn between the node and its members in the graph answer. */
  kinds: readonly string[];
  /** The graph answer draws only relationships onto (`in`) or from (`out`) the node itself. */
  direct?: 'in' | 'out';
  /** The members depend on the system tags, so they are not kept with the graph. */
  tagged?: boolean;
}

const inbound = (g: DirectoryGraph, id: string): readonly GraphEdge[] => edgeIndex(g).inbound.get(id) ?? [];
const outbound = (g: DirectoryGraph, id: string): readonly GraphEdge[] => edgeIndex(g).outbound.get(id) ?? [];
const kindOf = (g: DirectoryGraph, id: string) => g.byId.get(id)?.primaryKind;
const oneOf = (kinds: readonly string[]) => {
  const set = new Set(kinds);
  return (kind: string) => set.has(kind);
};
const isMemberOf = oneOf(['MemberOf']);
const isContains = oneOf(['Contains']);

/** The nodes reached from `id` along relationships of `kinds`, `outwards` or inwards, transitively; never `id`. */
function reach(g: DirectoryGraph, id: string, kinds: (kind: string) => boolean, outwards: boolean): Set<string> {
  const seen = new Set<string>();
  const queue = [id];
  for (let i = 0; i < queue.length; i++) {
    for (const e of outwards ? outbound(g, queue[i]!) : inbound(g, queue[i]!)) {
      const next = outwards ? e.target : e.source;
      if (!kinds(e.kind) || seen.has(next) || next === id) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
}

/** The other ends of the relationships of `kinds` onto (`outwards` false) or from the node. */
function direct(g: DirectoryGraph, id: string, kinds: (kind: string) => boolean, outwards: boolean): Set<string> {
  const out = new Set<string>();
  for (const e of outwards ? outbound(g, id) : inbound(g, id)) if (kinds(e.kind)) out.add(outwards ? e.target : e.source);
  out.delete(id);
  return out;
}

const groupsOf = (g: DirectoryGraph, id: string) => reach(g, id, isMemberOf, true);
const membersOf = (g: DirectoryGraph, id: string) => reach(g, id, isMemberOf, false);
const ofKind = (g: DirectoryGraph, ids: Iterable<string>, kind: string) => {
  const out = new Set<string>();
  for (const id of ids) if (kindOf(g, id) === kind) out.add(id);
  return out;
};

/** Targets of `kinds` leaving the node or a group it is in, nested groups too. */
export function rightsOf(g: DirectoryGraph, id: string, kinds: (kind: string) => boolean): Set<string> {
  const out = new Set<string>();
  for (const from of [id, ...groupsOf(g, id)]) for (const e of outbound(g, from)) if (kinds(e.kind)) out.add(e.target);
  out.delete(id);
  return out;
}

/** Sources of `kinds` onto the node, and the members of each source group, nested groups too. */
export function holdersOf(g: DirectoryGraph, id: string, kinds: (kind: string) => boolean): Set<string> {
  const out = new Set<string>();
  for (const e of inbound(g, id)) {
    if (!kinds(e.kind)) continue;
    out.add(e.source);
    for (const m of membersOf(g, e.source)) out.add(m);
  }
  out.delete(id);
  return out;
}

/** The nodes of each domain by kind, indexed once per graph. */
const domainIndexMemo = new WeakMap<DirectoryGraph, Map<string, GraphNode[]>>();
function inDomain(g: DirectoryGraph, domain: GraphNode, kind: string): readonly GraphNode[] {
  let index = domainIndexMemo.get(g);
  if (!index) {
    index = new Map();
    for (const n of g.byId.values()) {
      if (n.primaryKind === 'Domain') continue;
      const key = `${n.domainSid}|${n.primaryKind}`;
      (index.get(key) ?? index.set(key, []).get(key)!).push(n);
    }
    domainIndexMemo.set(g, index);
  }
  return index.get(`${domain.objectid}|${kind}`) ?? [];
}
/** Principals of another domain in a domain's groups, or holding a right on its computers or GPOs. */
interface ForeignOf {
  users: Set<string>;
  groups: Set<string>;
  gpoControllers: Set<string>;
  admins: Set<string>;
}
const foreignMemo = new WeakMap<DirectoryGraph, Map<string, ForeignOf>>();
const isControl = oneOf(CONTROL_KINDS);

/** Every domain's foreign principals, from one pass over the relationships per graph. */
function foreignOf(g: DirectoryGraph, domain: GraphNode): ForeignOf {
  let byDomain = foreignMemo.get(g);
  if (!byDomain) {
    byDomain = new Map();
    const of = (sid: string) => {
      let f = byDomain!.get(sid);
      if (!f) byDomain!.set(sid, (f = { users: new Set(), groups: new Set(), gpoControllers: new Set(), admins: new Set() }));
      return f;
    };
    for (const e of g.edges) {
      const source = g.byId.get(e.source);
      const target = g.byId.get(e.target);
      if (!source || !target || target.primaryKind === 'Domain' || source.domainSid === target.domainSid) continue;
      if (e.kind === 'MemberOf' && target.primaryKind === 'Group') {
        if (source.primaryKind === 'User') of(target.domainSid).users.add(source.objectid);
        else if (source.primaryKind === 'Group') of(target.domainSid).groups.add(source.objectid);
      } else if (e.kind === 'AdminTo' && target.primaryKind === 'Computer') of(target.domainSid).admins.add(source.objectid);
      else if (isControl(e.kind) && target.primaryKind === 'GPO') of(target.domainSid).gpoControllers.add(source.objectid);
    }
    foreignMemo.set(g, byDomain);
  }
  return byDomain.get(domain.objectid) ?? { users: new Set(), groups: new Set(), gpoControllers: new Set(), admins: new Set() };
}

/** What a GPO affects: the OUs and domains it is linked to and everything they hold. */
function affectedBy(g: DirectoryGraph, gpo: string): Set<string> {
  const out = new Set<string>();
  for (const linked of direct(g, gpo, oneOf(['GPLink']), true)) {
    out.add(linked);
    for (const id of reach(g, linked, isContains, true)) out.add(id);
  }
  return out;
}

/** The GPOs linked to the node or to anything holding it. */
export function gposAffecting(g: DirectoryGraph, id: string): Set<string> {
  const out = new Set<string>();
  for (const holder of [id, ...reach(g, id, isContains, false)]) {
    for (const e of inbound(g, holder)) if (e.kind === 'GPLink') out.add(e.source);
  }
  return out;
}

const rights = (kind: string | readonly string[]): RelatedMembers => {
  const kinds = typeof kind === 'string' ? [kind] : kind;
  const is = oneOf(kinds);
  return { members: ({ graph }, n) => rightsOf(graph, n.objectid, is), kinds };
};
const holders = (kind: string | readonly string[]): RelatedMembers => {
  const kinds = typeof kind === 'string' ? [kind] : kind;
  const is = oneOf(kinds);
  return { members: ({ graph }, n) => holdersOf(graph, n.objectid, is), kinds: [...kinds, 'MemberOf'] };
};
const into = (kind: string | readonly string[]): RelatedMembers => {
  const kinds = typeof kind === 'string' ? [kind] : kind;
  const is = oneOf(kinds);
  return { members: ({ graph }, n) => direct(graph, n.objectid, is, false), kinds, direct: 'in' };
};
const from = (kind: string | readonly string[]): RelatedMembers => {
  const kinds = typeof kind === 'string' ? [kind] : kind;
  const is = oneOf(kinds);
  return { members: ({ graph }, n) => direct(graph, n.objectid, is, true), kinds, direct: 'out' };
};
const controllers = into(CONTROL_KINDS);
const controllables = rights(CONTROL_KINDS);
const memberships: RelatedMembers = {
  members: ({ graph }, n) => ofKind(graph, groupsOf(graph, n.objectid), 'Group'),
  kinds: ['MemberOf'],
};
const contained = (kind: string): RelatedMembers => ({
  members: ({ graph }, n) => ofKind(graph, reach(graph, n.objectid, isContains, true), kind),
  kinds: ['Contains'],
});
const domainObjects = (kind: string): RelatedMembers => ({
  members: ({ graph }, n) => new Set(inDomain(graph, n, kind).map((m) => m.objectid)),
  kinds: ['Contains'],
});
const affected = (kind: string): RelatedMembers => ({
  members: ({ graph }, n) => ofKind(graph, affectedBy(graph, n.objectid), kind),
  kinds: ['GPLink', 'Contains'],
});
const pki = (outwards: boolean): RelatedMembers => ({
  members: ({ graph }, n) => reach(graph, n.objectid, oneOf(PKI_KINDS), outwards),
  kinds: PKI_KINDS,
});

/** The members of each related list, by operation id. */
export const RELATED_MEMBERS: { readonly [K in RelatedListOperationId]: RelatedMembers } = {
  getEntityControllables: controllables,
  getEntityControllers: controllers,

  getUserEntitySessions: into('HasSession'),
  getUserEntityMembership: memberships,
  getUserEntityAdminRights: rights('AdminTo'),
  getUserEntityRdpRights: rights('CanRDP'),
  getUserEntityDcomRights: rights('ExecuteDCOM'),
  getUserEntityPsRemoteRights: rights('CanPSRemote'),
  getUserEntitySqlAdminRights: rights('SQLAdmin'),
  getUserEntityConstrainedDelegationRights: rights('AllowedToDelegate'),
  getUserEntityControllables: controllables,
  getUserEntityControllers: controllers,

  getComputerEntitySessions: from('HasSession'),
  getComputerEntityAdmins: holders('AdminTo'),
  getComputerEntityRdpUsers: holders('CanRDP'),
  getComputerEntityDcomUsers: holders('ExecuteDCOM'),
  getComputerEntityPsRemoteUsers: holders('CanPSRemote'),
  getComputerEntitySqlAdmins: into('SQLAdmin'),
  getComputerEntityConstrainedUsers: into('AllowedToDelegate'),
  getComputerEntityGroupMembership: memberships,
  getComputerEntityAdminRights: rights('AdminTo'),
  getComputerEntityRdpRights: rights('CanRDP'),
  getComputerEntityDcomRights: rights('ExecuteDCOM'),
  getComputerEntityPsRemoteRights: rights('CanPSRemote'),
  getComputerEntityConstrainedDelegationRights: rights('AllowedToDelegate'),
  getComputerEntityControllables: controllables,
  getComputerEntityControllers: controllers,

  getGroupEntitySessions: {
    members: ({ graph }, n) => {
      const computers = new Set<string>();
      for (const m of membersOf(graph, n.objectid)) {
        if (kindOf(graph, m) !== 'User') continue;
        for (const e of inbound(graph, m))
          if (e.kind === 'HasSession' && kindOf(graph, e.source) === 'Computer') computers.add(e.source);
      }
      return computers;
    },
    kinds: ['HasSession', 'MemberOf'],
  },
  getGroupEntityMembers: {
    members: ({ graph }, n) => membersOf(graph, n.objectid),
    kinds: ['MemberOf'],
  },
  getGroupEntityMemberships: memberships,
  getGroupEntityAdminRights: rights('AdminTo'),
  getGroupEntityRdpRights: rights('CanRDP'),
  getGroupEntityDcomRights: rights('ExecuteDCOM'),
  getGroupEntityPsRemoteRights: rights('CanPSRemote'),
  getGroupEntityControllables: controllables,
  getGroupEntityControllers: controllers,

  getDomainEntityUsers: domainObjects('User'),
  getDomainEntityGroups: domainObjects('Group'),
  getDomainEntityComputers: domainObjects('Computer'),
  getDomainEntityOus: domainObjects('OU'),
  getDomainEntityGpos: domainObjects('GPO'),
  getDomainEntityForeignUsers: { members: ({ graph }, n) => foreignOf(graph, n).users, kinds: ['MemberOf'] },
  getDomainEntityForeignGroups: { members: ({ graph }, n) => foreignOf(graph, n).groups, kinds: ['MemberOf'] },
  getDomainEntityForeignGpoControllers: {
    members: ({ graph }, n) => foreignOf(graph, n).gpoControllers,
    kinds: CONTROL_KINDS,
  },
  getDomainEntityForeignAdmins: {
    members: ({ graph }, n) => foreignOf(graph, n).admins,
    kinds: ['AdminTo'],
  },
  getDomainEntityInboundTrusts: into(TRUST_KINDS),
  getDomainEntityOutboundTrusts: from(TRUST_KINDS),
  getDomainEntityControllers: controllers,
  getDomainEntityLinkedGpos: into('GPLink'),
  getDomainEntityDcSyncers: holders('DCSync'),
  getDomainEntityAdcsEscalations: holders(ESCALATION_KINDS),

  getGpoEntityOus: affected('OU'),
  getGpoEntityComputers: affected('Computer'),
  getGpoEntityUsers: affected('User'),
  getGpoEntityTierZero: {
    members: ({ graph, tagsOf }, n) => {
      const out = new Set<string>();
      for (const id of affectedBy(graph, n.objectid)) if (tagsOf(id).split(' ').includes('admin_tier_0')) out.add(id);
      return out;
    },
    kinds: ['GPLink', 'Contains'],
    tagged: true,
  },
  getGpoEntityControllers: controllers,

  getOuEntityGpos: { members: ({ graph }, n) => gposAffecting(graph, n.objectid), kinds: ['GPLink', 'Contains'] },
  getOuEntityUsers: contained('User'),
  getOuEntityGroups: contained('Group'),
  getOuEntityComputers: contained('Computer'),

  getContainerEntityControllers: controllers,
  getAiaCaEntityPkiHierarchy: pki(true),
  getAiaCaEntityControllers: controllers,
  getRootCaEntityPkiHierarchy: pki(false),
  getRootCaEntityControllers: controllers,
  getEnterpriseCaEntityPkiHierarchy: pki(true),
  getEnterpriseCaEntityPublishedTemplates: into('PublishedTo'),
  getEnterpriseCaEntityControllers: controllers,
  getNtAuthStoreEntityTrustedCas: into('TrustedForNTAuth'),
  getNtAuthStoreEntityControllers: controllers,
  getCertTemplateEntityPublishedToCAs: from('PublishedTo'),
  getCertTemplateEntityControllers: controllers,
};

/** At most this many member sets, and this many members in all, are kept per graph. */
const MAX_KEPT = 4096;
const MAX_KEPT_MEMBERS = 2_000_000;
const kept = new WeakMap<DirectoryGraph, { sets: Map<string, ReadonlySet<string>>; members: number }>();

/** The members of list `op` of `node`, kept per graph (a graph never changes) unless they depend on tags. */
export function relatedMembers(op: RelatedListOperationId, ctx: MembersContext, node: GraphNode): ReadonlySet<string> {
  const def = RELATED_MEMBERS[op];
  if (def.tagged) return def.members(ctx, node);
  let store = kept.get(ctx.graph);
  if (!store) kept.set(ctx.graph, (store = { sets: new Map(), members: 0 }));
  const key = `${op}|${node.objectid}`;
  let members = store.sets.get(key);
  if (!members) {
    members = def.members(ctx, node);
    if (store.sets.size >= MAX_KEPT || store.members + members.size > MAX_KEPT_MEMBERS) {
      store.sets.clear();
      store.members = 0;
    }
    store.sets.set(key, members);
    store.members += members.size;
  }
  return members;
}

/** Forgets every kept member set (benchmarks time the first answer with it). */
export function forgetRelatedMembers(graph: DirectoryGraph): void {
  kept.delete(graph);
}
