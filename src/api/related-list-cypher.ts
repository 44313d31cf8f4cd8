/**
 * The Cypher each entity section stands for (related-lists.ts): the explorer's panel shows it beside the
 * list and opens it in the Cypher tab, and the mock's tests check that the query answers the list's members.
 * Keyed by operation id, so a section without its query does not compile.
 */
import { ADCS_FINDING_KINDS } from './schemas/cypher';
import type { RelatedListOperationId } from './schemas/related-lists';

/** Object-control relationship kinds (a node's controllers are their sources). */
export const CONTROL_KINDS = [
  'GenericAll',
  'GenericWrite',
  'Owns',
  'WriteOwner',
  'WriteDacl',
  'AllExtendedRights',
  'ForceChangePassword',
  'AddMember',
  'ReadLAPSPassword',
  'AddAllowedToAct',
  'WriteAccountRestrictions',
] as const;
/** Certificate-services escalations onto a domain, as post-processing adds them. */
export const ESCALATION_KINDS = ADCS_FINDING_KINDS;
/** Trust relationship kinds between domains. */
export const TRUST_KINDS = ['TrustedBy', 'SameForestTrust', 'CrossForestTrust'] as const;
/** The PKI hierarchy's relationship kinds, from a CA towards the CA that signs it. */
export const PKI_KINDS = ['IssuedSignedBy', 'EnterpriseCAFor'] as const;

const CONTROL = CONTROL_KINDS.join('|');
const ESCALATION = ESCALATION_KINDS.join('|');
const TRUST = TRUST_KINDS.join('|');
const PKI = PKI_KINDS.join('|');

/** A query text with the node's object id quoted in. */
type Template = (n: string) => string;

const start = (id: string) => `(n {objectid: '${id.replaceAll("'", "\\'")}'})`;

/** Targets of `edge` leaving the node or a group it is in, nested groups too. */
const rights =
  (edge: string): Template =>
  (id) =>
    `MATCH p = ${start(id)}-[:MemberOf*0..]->()-[:${edge}]->(m)\nWHERE m <> n\nRETURN p\nLIMIT 1000`;
/** Sources of `edge` onto the node, and the members of each source group, nested groups too. */
const holders =
  (edge: string): Template =>
  (id) =>
    `MATCH p = (m)-[:MemberOf*0..]->()-[:${edge}]->${start(id)}\nWHERE m <> n\nRETURN p\nLIMIT 1000`;
const outbound =
  (edge: string): Template =>
  (id) =>
    `MATCH p = ${start(id)}-[:${edge}]->(m)\nRETURN p\nLIMIT 1000`;
const inbound =
  (edge: string): Template =>
  (id) =>
    `MATCH p = (m)-[:${edge}]->${start(id)}\nRETURN p\nLIMIT 1000`;
const members: Template = (id) => `MATCH p = (m)-[:MemberOf*1..]->${start(id)}\nRETURN p\nLIMIT 1000`;
const membership: Template = (id) => `MATCH p = ${start(id)}-[:MemberOf*1..]->(m:Group)\nRETURN p\nLIMIT 1000`;
const controllers = inbound(CONTROL);
const controllables = rights(CONTROL);
const containedOf =
  (kind: string): Template =>
  (id) =>
    `MATCH p = ${start(id)}-[:Contains*1..]->(m:${kind})\nRETURN p\nLIMIT 1000`;
const domainObjects =
  (kind: string): Template =>
  (id) =>
    `MATCH (m:${kind})\nWHERE m.domainsid = '${id}'\nRETURN m\nLIMIT 1000`;
const affected =
  (kind: string): Template =>
  (id) =>
    `MATCH p = ${start(id)}-[:GPLink]->()-[:Contains*0..]->(m:${kind})\nRETURN p\nLIMIT 1000`;
const applied: Template = (id) => `MATCH p = (m:GPO)-[:GPLink]->()-[:Contains*0..]->${start(id)}\nRETURN p\nLIMIT 1000`;
const foreignMembers =
  (kind: string): Template =>
  (id) =>
    `MATCH p = (m:${kind})-[:MemberOf]->(g:Group)\nWHERE g.domainsid = '${id}' AND m.domainsid <> '${id}'\nRETURN p\nLIMIT 1000`;
const foreignHolders =
  (targetKind: string, edge: string): Template =>
  (id) =>
    `MATCH p = (m)-[:${edge}]->(t:${targetKind})\nWHERE t.domainsid = '${id}' AND m.domainsid <> '${id}'\nRETURN p\nLIMIT 1000`;

export const RELATED_LIST_CYPHER: { readonly [K in RelatedListOperationId]: Template } = {
  getEntityControllables: controllables,
  getEntityControllers: controllers,

  getUserEntitySessions: inbound('HasSession'),
  getUserEntityMembership: membership,
  getUserEntityAdminRights: rights('AdminTo'),
  getUserEntityRdpRights: rights('CanRDP'),
  getUserEntityDcomRights: rights('ExecuteDCOM'),
  getUserEntityPsRemoteRights: rights('CanPSRemote'),
  getUserEntitySqlAdminRights: rights('SQLAdmin'),
  getUserEntityConstrainedDelegationRights: rights('AllowedToDelegate'),
  getUserEntityControllables: controllables,
  getUserEntityControllers: controllers,

  getComputerEntitySessions: outbound('HasSession'),
  getComputerEntityAdmins: holders('AdminTo'),
  getComputerEntityRdpUsers: holders('CanRDP'),
  getComputerEntityDcomUsers: holders('ExecuteDCOM'),
  getComputerEntityPsRemoteUsers: holders('CanPSRemote'),
  getComputerEntitySqlAdmins: inbound('SQLAdmin'),
  getComputerEntityConstrainedUsers: inbound('AllowedToDelegate'),
  getComputerEntityGroupMembership: membership,
  getComputerEntityAdminRights: rights('AdminTo'),
  getComputerEntityRdpRights: rights('CanRDP'),
  getComputerEntityDcomRights: rights('ExecuteDCOM'),
  getComputerEntityPsRemoteRights: rights('CanPSRemote'),
  getComputerEntityConstrainedDelegationRights: rights('AllowedToDelegate'),
  getComputerEntityControllables: controllables,
  getComputerEntityControllers: controllers,

  getGroupEntitySessions: (id) =>
    `MATCH p = (m:Computer)-[:HasSession]->(:User)-[:MemberOf*1..]->${start(id)}\nRETURN p\nLIMIT 1000`,
  getGroupEntityMembers: members,
  getGroupEntityMemberships: membership,
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
  getDomainEntityForeignUsers: foreignMembers('User'),
  getDomainEntityForeignGroups: foreignMembers('Group'),
  getDomainEntityForeignGpoControllers: foreignHolders('GPO', CONTROL),
  getDomainEntityForeignAdmins: foreignHolders('Computer', 'AdminTo'),
  getDomainEntityInboundTrusts: inbound(TRUST),
  getDomainEntityOutboundTrusts: outbound(TRUST),
  getDomainEntityControllers: controllers,
  getDomainEntityLinkedGpos: inbound('GPLink'),
  getDomainEntityDcSyncers: holders('DCSync'),
  getDomainEntityAdcsEscalations: holders(ESCALATION),

  getGpoEntityOus: affected('OU'),
  getGpoEntityComputers: affected('Computer'),
  getGpoEntityUsers: affected('User'),
  getGpoEntityTierZero: (id) => `MATCH p = ${start(id)}-[:GPLink]->()-[:Contains*0..]->(m:Tag_Tier_Zero)\nRETURN p\nLIMIT 1000`,
  getGpoEntityControllers: controllers,

  getOuEntityGpos: applied,
  getOuEntityUsers: containedOf('User'),
  getOuEntityGroups: containedOf('Group'),
  getOuEntityComputers: containedOf('Computer'),

  getContainerEntityControllers: controllers,
  getAiaCaEntityPkiHierarchy: (id) => `MATCH p = ${start(id)}-[:${PKI}*1..]->(m)\nRETURN p\nLIMIT 1000`,
  getAiaCaEntityControllers: controllers,
  getRootCaEntityPkiHierarchy: (id) => `MATCH p = (m)-[:${PKI}*1..]->${start(id)}\nRETURN p\nLIMIT 1000`,
  getRootCaEntityControllers: controllers,
  getEnterpriseCaEntityPkiHierarchy: (id) => `MATCH p = ${start(id)}-[:${PKI}*1..]->(m)\nRETURN p\nLIMIT 1000`,
  getEnterpriseCaEntityPublishedTemplates: inbound('PublishedTo'),
  getEnterpriseCaEntityControllers: controllers,
  getNtAuthStoreEntityTrustedCas: inbound('TrustedForNTAuth'),
  getNtAuthStoreEntityControllers: controllers,
  getCertTemplateEntityPublishedToCAs: outbound('PublishedTo'),
  getCertTemplateEntityControllers: controllers,
};

/** The Cypher of a section, for the node of that object id. */
export const relatedListCypher = (operationId: RelatedListOperationId, objectid: string): string =>
  RELATED_LIST_CYPHER[operationId](objectid);
