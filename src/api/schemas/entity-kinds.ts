/**
 * The entity-information operations of the Active Directory kinds (reference `GetEntity`,
 * `GetComputerEntity`, … `GetCertTemplateEntity`): one row per operation, keyed by its operation id,
 * with the path word, the node kind it answers for (`Base`: any node) and the count fields it adds
 * with counts on, named as upstream names them. graphOps declares one operation per row; the mock
 * computes each count from the graph; the console reads the kind's operation of a node.
 * GET /api/v2/users/{object_id} (graphOps.getUserEntity) is declared on its own.
 */
export interface EntityInfoKind {
  /** The path word: `/api/v2/{path}/{object_id}`. */
  readonly path: string;
  /** The node kind answered for; a node whose primary kind differs is a 404 (`Base`: every node). */
  readonly kind: string;
  readonly summary: string;
  /** The count fields the answer carries with counts on. */
  readonly counts: readonly string[];
}

export const ENTITY_INFO_KINDS = {
  getEntity: {
    path: 'base',
    kind: 'Base',
    summary: 'A node of any kind',
    counts: ['controllables'],
  },
  getComputerEntity: {
    path: 'computers',
    kind: 'Computer',
    summary: 'A computer node',
    counts: [
      'sessions',
      'adminUsers',
      'rdpUsers',
      'dcomUsers',
      'psRemoteUsers',
      'backupOperators',
      'sqlAdminUsers',
      'constrainedUsers',
      'groupMembership',
      'adminRights',
      'rdpRights',
      'backupRights',
      'dcomRights',
      'psRemoteRights',
      'constrainedPrivs',
      'controllables',
      'controllers',
      'gpos',
    ],
  },
  getGroupEntity: {
    path: 'groups',
    kind: 'Group',
    summary: 'A group node',
    counts: [
      'sessions',
      'members',
      'membership',
      'adminRights',
      'rdpRights',
      'backupRights',
      'dcomRights',
      'psRemoteRights',
      'controllables',
      'controllers',
    ],
  },
  getDomainEntity: {
    path: 'domains',
    kind: 'Domain',
    summary: 'A domain node',
    counts: [
      'users',
      'groups',
      'computers',
      'ous',
      'gpos',
      'foreignUsers',
      'foreignGroups',
      'foreignGPOControllers',
      'foreignAdmins',
      'inboundTrusts',
      'outboundTrusts',
      'controllers',
      'linkedgpos',
      'dcsyncers',
      'adcs-escalations',
    ],
  },
  getGpoEntity: {
    path: 'gpos',
    kind: 'GPO',
    summary: 'A GPO node',
    counts: ['ous', 'computers', 'users', 'controllers', 'tierzero'],
  },
  getOuEntity: {
    path: 'ous',
    kind: 'OU',
    summary: 'An OU node',
    counts: ['gpos', 'users', 'groups', 'computers'],
  },
  getContainerEntity: {
    path: 'containers',
    kind: 'Container',
    summary: 'A container node',
    counts: ['controllers'],
  },
  getAiaCaEntity: {
    path: 'aiacas',
    kind: 'AIACA',
    summary: 'An AIA CA node',
    counts: ['controllers', 'pki-hierarchy'],
  },
  getRootCaEntity: {
    path: 'rootcas',
    kind: 'RootCA',
    summary: 'A root CA node',
    counts: ['controllers', 'pki-hierarchy'],
  },
  getEnterpriseCaEntity: {
    path: 'enterprisecas',
    kind: 'EnterpriseCA',
    summary: 'An enterprise CA node',
    counts: ['controllers', 'pki-hierarchy', 'published-templates'],
  },
  getNtAuthStoreEntity: {
    path: 'ntauthstores',
    kind: 'NTAuthStore',
    summary: 'An NTAuth store node',
    counts: ['controllers', 'trusted-cas'],
  },
  getCertTemplateEntity: {
    path: 'certtemplates',
    kind: 'CertTemplate',
    summary: 'A certificate template node',
    counts: ['controllers', 'published-to-cas'],
  },
} as const satisfies Record<string, EntityInfoKind>;

export type EntityInfoOperationId = keyof typeof ENTITY_INFO_KINDS;

/** The count fields of one row. */
export type EntityCountName<K extends EntityInfoOperationId> = (typeof ENTITY_INFO_KINDS)[K]['counts'][number];
