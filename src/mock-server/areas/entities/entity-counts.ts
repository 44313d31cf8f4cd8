/**
 * The counts of the entity-information operations (ENTITY_INFO_KINDS) and of GET /api/v2/users/{id}.
 * Every count a related list names (related-lists.ts `count`) is the size of that list's members
 * (related-members.ts), so a count and its list agree by construction; the few counts without a list
 * (`backupOperators`, `backupRights`, a computer's `gpos`) are computed in the same families' way.
 *
 * Every row's count names are typed by its entry there, so a count named without a definition does
 * not compile.
 */
import { ENTITY_INFO_KINDS, type EntityCountName, type EntityInfoOperationId } from '../../../api/schemas/entity-kinds';
import { RELATED_LISTS, type RelatedListOperationId } from '../../../api/schemas/related-lists';
import type { GraphNode } from '../../seed/graph';
import { gposAffecting, holdersOf, relatedMembers, rightsOf, type MembersContext } from './related-members';

/** What a count reads: the live graph and the system tags of an object. */
export type CountContext = MembersContext;

type CountOf = (ctx: CountContext, node: GraphNode) => number;
type CountTable = { readonly [K in EntityInfoOperationId]: Readonly<Record<EntityCountName<K>, CountOf>> };

/** The size of list `op`'s members. */
const size =
  (op: RelatedListOperationId): CountOf =>
  (ctx, node) =>
    relatedMembers(op, ctx, node).size;

const isBackup = (kind: string) => kind === 'CanBackup';

export const ENTITY_COUNTS: CountTable = {
  getEntity: { controllables: size('getEntityControllables') },
  getComputerEntity: {
    sessions: size('getComputerEntitySessions'),
    adminUsers: size('getComputerEntityAdmins'),
    rdpUsers: size('getComputerEntityRdpUsers'),
    dcomUsers: size('getComputerEntityDcomUsers'),
    psRemoteUsers: size('getComputerEntityPsRemoteUsers'),
    backupOperators: ({ graph }, n) => holdersOf(graph, n.objectid, isBackup).size,
    sqlAdminUsers: size('getComputerEntitySqlAdmins'),
    constrainedUsers: size('getComputerEntityConstrainedUsers'),
    groupMembership: size('getComputerEntityGroupMembership'),
    adminRights: size('getComputerEntityAdminRights'),
    rdpRights: size('getComputerEntityRdpRights'),
    backupRights: ({ graph }, n) => rightsOf(graph, n.objectid, isBackup).size,
    dcomRights: size('getComputerEntityDcomRights'),
    psRemoteRights: size('getComputerEntityPsRemoteRights'),
    constrainedPrivs: size('getComputerEntityConstrainedDelegationRights'),
    controllables: size('getComputerEntityControllables'),
    controllers: size('getComputerEntityControllers'),
    gpos: ({ graph }, n) => gposAffecting(graph, n.objectid).size,
  },
  getGroupEntity: {
    sessions: size('getGroupEntitySessions'),
    members: size('getGroupEntityMembers'),
    membership: size('getGroupEntityMemberships'),
    adminRights: size('getGroupEntityAdminRights'),
    rdpRights: size('getGroupEntityRdpRights'),
    backupRights: ({ graph }, n) => rightsOf(graph, n.objectid, isBackup).size,
    dcomRights: size('getGroupEntityDcomRights'),
    psRemoteRights: size('getGroupEntityPsRemoteRights'),
    controllables: size('getGroupEntityControllables'),
    controllers: size('getGroupEntityControllers'),
  },
  getDomainEntity: {
    users: size('getDomainEntityUsers'),
    groups: size('getDomainEntityGroups'),
    computers: size('getDomainEntityComputers'),
    ous: size('getDomainEntityOus'),
    gpos: size('getDomainEntityGpos'),
    foreignUsers: size('getDomainEntityForeignUsers'),
    foreignGroups: size('getDomainEntityForeignGroups'),
    foreignGPOControllers: size('getDomainEntityForeignGpoControllers'),
    foreignAdmins: size('getDomainEntityForeignAdmins'),
    inboundTrusts: size('getDomainEntityInboundTrusts'),
    outboundTrusts: size('getDomainEntityOutboundTrusts'),
    controllers: size('getDomainEntityControllers'),
    linkedgpos: size('getDomainEntityLinkedGpos'),
    dcsyncers: size('getDomainEntityDcSyncers'),
    'adcs-escalations': size('getDomainEntityAdcsEscalations'),
  },
  getGpoEntity: {
    ous: size('getGpoEntityOus'),
    computers: size('getGpoEntityComputers'),
    users: size('getGpoEntityUsers'),
    controllers: size('getGpoEntityControllers'),
    tierzero: size('getGpoEntityTierZero'),
  },
  getOuEntity: {
    gpos: size('getOuEntityGpos'),
    users: size('getOuEntityUsers'),
    groups: size('getOuEntityGroups'),
    computers: size('getOuEntityComputers'),
  },
  getContainerEntity: { controllers: size('getContainerEntityControllers') },
  getAiaCaEntity: { controllers: size('getAiaCaEntityControllers'), 'pki-hierarchy': size('getAiaCaEntityPkiHierarchy') },
  getRootCaEntity: { controllers: size('getRootCaEntityControllers'), 'pki-hierarchy': size('getRootCaEntityPkiHierarchy') },
  getEnterpriseCaEntity: {
    controllers: size('getEnterpriseCaEntityControllers'),
    'pki-hierarchy': size('getEnterpriseCaEntityPkiHierarchy'),
    'published-templates': size('getEnterpriseCaEntityPublishedTemplates'),
  },
  getNtAuthStoreEntity: {
    controllers: size('getNtAuthStoreEntityControllers'),
    'trusted-cas': size('getNtAuthStoreEntityTrustedCas'),
  },
  getCertTemplateEntity: {
    controllers: size('getCertTemplateEntityControllers'),
    'published-to-cas': size('getCertTemplateEntityPublishedToCAs'),
  },
};

/** The counts of `node` for operation `op`, in the order its row names them. */
export function entityCounts(op: EntityInfoOperationId, ctx: CountContext, node: GraphNode): Record<string, number> {
  const table: Readonly<Record<string, CountOf>> = ENTITY_COUNTS[op];
  return Object.fromEntries(ENTITY_INFO_KINDS[op].counts.map((name) => [name, table[name]!(ctx, node)]));
}

/** A user's counts (GET /api/v2/users/{id} with counts on): each the size of the user list that names it. */
export function userCounts(ctx: CountContext, user: GraphNode): Record<string, number> {
  return Object.fromEntries(RELATED_LISTS.users.map((row) => [row.count, relatedMembers(row.operationId, ctx, user).size]));
}
