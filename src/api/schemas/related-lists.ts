/**
 * The related-object lists of the Active Directory kinds (reference `GetUserEntitySessions`,
 * `GetGroupEntityMembers`, … `GetCertTemplateEntityPublishedToCAs`), each declared once: the kind's path
 * word, the list's path word (`/api/v2/{kind}/{object_id}/{list}`), its operation id, the count field of the
 * kind's entity information that gives its length (where upstream's answer has one), the title the explorer's
 * panel shows, and what the list holds. graphOps declares one operation per row, the mock serves each from
 * one definition of its members (and computes the count from the same), and the explorer's panel shows the
 * rows of a node's kind in this order.
 */
export interface RelatedList {
  /** The list's path word: `/api/v2/{kind}/{object_id}/{list}`. */
  readonly list: string;
  /** The reference's operation id, first letter lower-cased. */
  readonly operationId: string;
  /** The entity-information count that equals the list's length, when the kind's answer has one. */
  readonly count?: string;
  /** The panel's heading of the section. */
  readonly title: string;
  /** What the list holds, as the operation's summary. */
  readonly summary: string;
}

const list = <const L extends string, const O extends string>(
  word: L,
  operationId: O,
  title: string,
  summary: string,
  count?: string,
): RelatedList & { readonly list: L; readonly operationId: O } =>
  count === undefined ? { list: word, operationId, title, summary } : { list: word, operationId, title, summary, count };

/** The related lists of each kind, keyed by the kind's path word (`users` → `/api/v2/users/{id}/…`). */
export const RELATED_LISTS = {
  base: [
    list('controllables', 'getEntityControllables', 'Outbound object control', 'The objects a node controls', 'controllables'),
    list('controllers', 'getEntityControllers', 'Inbound object control', 'The principals controlling a node'),
  ],
  users: [
    list('sessions', 'getUserEntitySessions', 'Sessions', 'The computers a user has a session on', 'sessions'),
    list(
      'memberships',
      'getUserEntityMembership',
      'Member of',
      'The groups a user is a member of, nested ones too',
      'groupMembership',
    ),
    list('admin-rights', 'getUserEntityAdminRights', 'Local admin rights', 'The computers a user administers', 'adminRights'),
    list('rdp-rights', 'getUserEntityRdpRights', 'RDP rights', 'The computers a user may log on to by RDP', 'rdpRights'),
    list('dcom-rights', 'getUserEntityDcomRights', 'DCOM rights', 'The computers a user may run code on by DCOM', 'dcomRights'),
    list(
      'ps-remote-rights',
      'getUserEntityPsRemoteRights',
      'PowerShell remoting rights',
      'The computers a user may reach by PowerShell remoting',
      'psRemoteRights',
    ),
    list(
      'sql-admin-rights',
      'getUserEntitySqlAdminRights',
      'SQL admin rights',
      'The computers whose SQL Server a user administers',
      'sqlAdminRights',
    ),
    list(
      'constrained-delegation-rights',
      'getUserEntityConstrainedDelegationRights',
      'Constrained delegation',
      'The computers a user may delegate to',
      'constrainedDelegationPrivileges',
    ),
    list(
      'controllables',
      'getUserEntityControllables',
      'Outbound object control',
      'The objects a user controls',
      'controllables',
    ),
    list('controllers', 'getUserEntityControllers', 'Inbound object control', 'The principals controlling a user', 'controllers'),
  ],
  computers: [
    list('sessions', 'getComputerEntitySessions', 'Sessions', 'The users with a session on a computer', 'sessions'),
    list('admin-users', 'getComputerEntityAdmins', 'Local admins', 'The principals administering a computer', 'adminUsers'),
    list(
      'rdp-users',
      'getComputerEntityRdpUsers',
      'RDP users',
      'The principals that may log on to a computer by RDP',
      'rdpUsers',
    ),
    list(
      'dcom-users',
      'getComputerEntityDcomUsers',
      'DCOM users',
      'The principals that may run code on a computer by DCOM',
      'dcomUsers',
    ),
    list(
      'ps-remote-users',
      'getComputerEntityPsRemoteUsers',
      'PowerShell remoting users',
      'The principals that may reach a computer by PowerShell remoting',
      'psRemoteUsers',
    ),
    list(
      'sql-admins',
      'getComputerEntitySqlAdmins',
      'SQL admins',
      "The principals administering a computer's SQL Server",
      'sqlAdminUsers',
    ),
    list(
      'constrained-users',
      'getComputerEntityConstrainedUsers',
      'Constrained delegation users',
      'The principals that may delegate to a computer',
      'constrainedUsers',
    ),
    list(
      'group-membership',
      'getComputerEntityGroupMembership',
      'Member of',
      'The groups a computer is a member of, nested ones too',
      'groupMembership',
    ),
    list(
      'admin-rights',
      'getComputerEntityAdminRights',
      'Local admin rights',
      'The computers a computer administers',
      'adminRights',
    ),
    list('rdp-rights', 'getComputerEntityRdpRights', 'RDP rights', 'The computers a computer may log on to by RDP', 'rdpRights'),
    list(
      'dcom-rights',
      'getComputerEntityDcomRights',
      'DCOM rights',
      'The computers a computer may run code on by DCOM',
      'dcomRights',
    ),
    list(
      'ps-remote-rights',
      'getComputerEntityPsRemoteRights',
      'PowerShell remoting rights',
      'The computers a computer may reach by PowerShell remoting',
      'psRemoteRights',
    ),
    list(
      'constrained-delegation-rights',
      'getComputerEntityConstrainedDelegationRights',
      'Constrained delegation',
      'The computers a computer may delegate to',
      'constrainedPrivs',
    ),
    list(
      'controllables',
      'getComputerEntityControllables',
      'Outbound object control',
      'The objects a computer controls',
      'controllables',
    ),
    list(
      'controllers',
      'getComputerEntityControllers',
      'Inbound object control',
      'The principals controlling a computer',
      'controllers',
    ),
  ],
  groups: [
    list('sessions', 'getGroupEntitySessions', 'Sessions', "The computers a group's members have sessions on", 'sessions'),
    list('members', 'getGroupEntityMembers', 'Members', 'The members of a group, nested ones too', 'members'),
    list(
      'memberships',
      'getGroupEntityMemberships',
      'Member of',
      'The groups a group is a member of, nested ones too',
      'membership',
    ),
    list('admin-rights', 'getGroupEntityAdminRights', 'Local admin rights', 'The computers a group administers', 'adminRights'),
    list('rdp-rights', 'getGroupEntityRdpRights', 'RDP rights', 'The computers a group may log on to by RDP', 'rdpRights'),
    list('dcom-rights', 'getGroupEntityDcomRights', 'DCOM rights', 'The computers a group may run code on by DCOM', 'dcomRights'),
    list(
      'ps-remote-rights',
      'getGroupEntityPsRemoteRights',
      'PowerShell remoting rights',
      'The computers a group may reach by PowerShell remoting',
      'psRemoteRights',
    ),
    list(
      'controllables',
      'getGroupEntityControllables',
      'Outbound object control',
      'The objects a group controls',
      'controllables',
    ),
    list(
      'controllers',
      'getGroupEntityControllers',
      'Inbound object control',
      'The principals controlling a group',
      'controllers',
    ),
  ],
  domains: [
    list('users', 'getDomainEntityUsers', 'Users', 'The users of a domain', 'users'),
    list('groups', 'getDomainEntityGroups', 'Groups', 'The groups of a domain', 'groups'),
    list('computers', 'getDomainEntityComputers', 'Computers', 'The computers of a domain', 'computers'),
    list('ous', 'getDomainEntityOus', 'OUs', 'The OUs of a domain', 'ous'),
    list('gpos', 'getDomainEntityGpos', 'GPOs', 'The GPOs of a domain', 'gpos'),
    list(
      'foreign-users',
      'getDomainEntityForeignUsers',
      'Foreign members: users',
      "Users of other domains in a domain's groups",
      'foreignUsers',
    ),
    list(
      'foreign-groups',
      'getDomainEntityForeignGroups',
      'Foreign members: groups',
      "Groups of other domains in a domain's groups",
      'foreignGroups',
    ),
    list(
      'foreign-gpo-controllers',
      'getDomainEntityForeignGpoControllers',
      'Foreign GPO controllers',
      "Principals of other domains controlling a domain's GPOs",
      'foreignGPOControllers',
    ),
    list(
      'foreign-admins',
      'getDomainEntityForeignAdmins',
      'Foreign admins',
      "Principals of other domains administering a domain's computers",
      'foreignAdmins',
    ),
    list('inbound-trusts', 'getDomainEntityInboundTrusts', 'Inbound trusts', 'The domains trusting a domain', 'inboundTrusts'),
    list('outbound-trusts', 'getDomainEntityOutboundTrusts', 'Outbound trusts', 'The domains a domain trusts', 'outboundTrusts'),
    list(
      'controllers',
      'getDomainEntityControllers',
      'Inbound object control',
      'The principals controlling a domain',
      'controllers',
    ),
    list('linked-gpos', 'getDomainEntityLinkedGpos', 'Linked GPOs', 'The GPOs linked to a domain', 'linkedgpos'),
    list('dc-syncers', 'getDomainEntityDcSyncers', 'DCSync rights', 'The principals that may DCSync a domain', 'dcsyncers'),
    list(
      'adcs-escalations',
      'getDomainEntityAdcsEscalations',
      'Certificate services escalations',
      'The principals with a certificate-services escalation onto a domain',
      'adcs-escalations',
    ),
  ],
  gpos: [
    list('ous', 'getGpoEntityOus', 'Affected OUs', 'The OUs a GPO applies to', 'ous'),
    list('computers', 'getGpoEntityComputers', 'Affected computers', 'The computers a GPO applies to', 'computers'),
    list('users', 'getGpoEntityUsers', 'Affected users', 'The users a GPO applies to', 'users'),
    list('tier-zero', 'getGpoEntityTierZero', 'Affected Tier Zero objects', 'The Tier Zero objects a GPO applies to', 'tierzero'),
    list('controllers', 'getGpoEntityControllers', 'Inbound object control', 'The principals controlling a GPO', 'controllers'),
  ],
  ous: [
    list('gpos', 'getOuEntityGpos', 'Affecting GPOs', 'The GPOs that apply to an OU', 'gpos'),
    list('users', 'getOuEntityUsers', 'Users', 'The users an OU holds, nested OUs too', 'users'),
    list('groups', 'getOuEntityGroups', 'Groups', 'The groups an OU holds, nested OUs too', 'groups'),
    list('computers', 'getOuEntityComputers', 'Computers', 'The computers an OU holds, nested OUs too', 'computers'),
  ],
  containers: [
    list(
      'controllers',
      'getContainerEntityControllers',
      'Inbound object control',
      'The principals controlling a container',
      'controllers',
    ),
  ],
  aiacas: [
    list('pki-hierarchy', 'getAiaCaEntityPkiHierarchy', 'PKI hierarchy', 'The CAs above an AIA CA', 'pki-hierarchy'),
    list(
      'controllers',
      'getAiaCaEntityControllers',
      'Inbound object control',
      'The principals controlling an AIA CA',
      'controllers',
    ),
  ],
  rootcas: [
    list('pki-hierarchy', 'getRootCaEntityPkiHierarchy', 'PKI hierarchy', 'The CAs a root CA signs', 'pki-hierarchy'),
    list(
      'controllers',
      'getRootCaEntityControllers',
      'Inbound object control',
      'The principals controlling a root CA',
      'controllers',
    ),
  ],
  enterprisecas: [
    list(
      'pki-hierarchy',
      'getEnterpriseCaEntityPkiHierarchy',
      'PKI hierarchy',
      'The CAs above an enterprise CA',
      'pki-hierarchy',
    ),
    list(
      'published-templates',
      'getEnterpriseCaEntityPublishedTemplates',
      'Published templates',
      'The certificate templates an enterprise CA publishes',
      'published-templates',
    ),
    list(
      'controllers',
      'getEnterpriseCaEntityControllers',
      'Inbound object control',
      'The principals controlling an enterprise CA',
      'controllers',
    ),
  ],
  ntauthstores: [
    list('trusted-cas', 'getNtAuthStoreEntityTrustedCas', 'Trusted CAs', 'The CAs an NTAuth store trusts', 'trusted-cas'),
    list(
      'controllers',
      'getNtAuthStoreEntityControllers',
      'Inbound object control',
      'The principals controlling an NTAuth store',
      'controllers',
    ),
  ],
  certtemplates: [
    list(
      'published-to-cas',
      'getCertTemplateEntityPublishedToCAs',
      'Published to',
      'The enterprise CAs a template is published to',
      'published-to-cas',
    ),
    list(
      'controllers',
      'getCertTemplateEntityControllers',
      'Inbound object control',
      'The principals controlling a template',
      'controllers',
    ),
  ],
} as const satisfies Record<string, readonly RelatedList[]>;

export type RelatedListKind = keyof typeof RELATED_LISTS;

/** The operation id of every section. */
export type RelatedListOperationId = (typeof RELATED_LISTS)[RelatedListKind][number]['operationId'];

/** The node kind each path word answers for (`base`: any). */
export const RELATED_LIST_KIND_NODE: Record<RelatedListKind, string> = {
  base: 'Base',
  users: 'User',
  computers: 'Computer',
  groups: 'Group',
  domains: 'Domain',
  gpos: 'GPO',
  ous: 'OU',
  containers: 'Container',
  aiacas: 'AIACA',
  rootcas: 'RootCA',
  enterprisecas: 'EnterpriseCA',
  ntauthstores: 'NTAuthStore',
  certtemplates: 'CertTemplate',
};

/** The sections a node of `kind` shows: its kind's, or the base ones for a kind with none of its own. */
export function relatedListsOfKind(kind: string): { word: RelatedListKind; sections: readonly RelatedList[] } {
  const word =
    (Object.keys(RELATED_LIST_KIND_NODE) as RelatedListKind[]).find((w) => RELATED_LIST_KIND_NODE[w] === kind) ?? 'base';
  return { word, sections: RELATED_LISTS[word] };
}
