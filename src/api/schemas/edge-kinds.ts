/**
 * The Active Directory relationship kinds the explorer knows, each once: the filter group it belongs to in the
 * pathfinding edge filter, and whether a path may walk it (upstream's pathfinding kinds: a relationship that
 * grants control or reach; the ones left out only describe). The mock's `only_traversable` and
 * `relationship_kinds` read this table, the console's edge filter and edge panel too, and the pre-built path
 * queries walk its traversable kinds.
 */
import { ADCS_FINDING_KINDS } from './cypher';

export const EDGE_FILTER_GROUPS = [
  'Directory structure',
  'Lateral movement',
  'Credential access',
  'Basic object manipulation',
  'Advanced object manipulation',
  'Certificate services',
  'Cross-forest trust abuse',
  'Cross platform',
  'NTLM relay',
  'Descriptive',
] as const;

export type EdgeFilterGroup = (typeof EDGE_FILTER_GROUPS)[number];

export interface EdgeKindInfo {
  readonly group: EdgeFilterGroup;
  /** Whether a path may walk relationships of this kind. */
  readonly traversable: boolean;
}

const walk = (group: EdgeFilterGroup): EdgeKindInfo => ({ group, traversable: true });
const describe: EdgeKindInfo = { group: 'Descriptive', traversable: false };

export const EDGE_KINDS = {
  Contains: walk('Directory structure'),
  DCFor: walk('Directory structure'),
  GPLink: walk('Directory structure'),
  ClaimSpecialIdentity: walk('Directory structure'),
  ContainsIdentity: walk('Directory structure'),
  PropagatesACEsTo: walk('Directory structure'),
  GPOAppliesTo: walk('Directory structure'),
  CanApplyGPO: walk('Directory structure'),
  HasSIDHistory: walk('Directory structure'),
  MemberOf: walk('Directory structure'),
  SameForestTrust: walk('Directory structure'),

  AdminTo: walk('Lateral movement'),
  AllowedToAct: walk('Lateral movement'),
  AllowedToDelegate: walk('Lateral movement'),
  CanPSRemote: walk('Lateral movement'),
  CanRDP: walk('Lateral movement'),
  ExecuteDCOM: walk('Lateral movement'),
  SQLAdmin: walk('Lateral movement'),
  CanBackup: { group: 'Lateral movement', traversable: false },

  CoerceToTGT: walk('Credential access'),
  DCSync: walk('Credential access'),
  DumpSMSAPassword: walk('Credential access'),
  HasSession: walk('Credential access'),
  ReadGMSAPassword: walk('Credential access'),
  ReadLAPSPassword: walk('Credential access'),
  SyncLAPSPassword: walk('Credential access'),
  HasTrustKeys: walk('Credential access'),
  GetChanges: describe,
  GetChangesAll: describe,
  GetChangesInFilteredSet: describe,

  AddMember: walk('Basic object manipulation'),
  AddSelf: walk('Basic object manipulation'),
  AllExtendedRights: walk('Basic object manipulation'),
  ForceChangePassword: walk('Basic object manipulation'),
  GenericAll: walk('Basic object manipulation'),
  Owns: walk('Basic object manipulation'),
  OwnsLimitedRights: walk('Basic object manipulation'),
  ProtectAdminGroups: { group: 'Basic object manipulation', traversable: false },
  GenericWrite: walk('Basic object manipulation'),
  WriteDacl: walk('Basic object manipulation'),
  WriteOwner: walk('Basic object manipulation'),
  WriteOwnerLimitedRights: walk('Basic object manipulation'),
  WriteOwnerRaw: describe,
  OwnsRaw: describe,

  AddAllowedToAct: walk('Advanced object manipulation'),
  AddKeyCredentialLink: walk('Advanced object manipulation'),
  WriteAccountRestrictions: walk('Advanced object manipulation'),
  WriteGPLink: walk('Advanced object manipulation'),
  WriteSPN: walk('Advanced object manipulation'),

  ...(Object.fromEntries(ADCS_FINDING_KINDS.map((k) => [k, walk('Certificate services')])) as Record<
    (typeof ADCS_FINDING_KINDS)[number],
    EdgeKindInfo
  >),
  ManageCA: walk('Certificate services'),
  ManageCertificates: walk('Certificate services'),
  Enroll: { group: 'Certificate services', traversable: false },
  EnrollOnBehalfOf: { group: 'Certificate services', traversable: false },
  PublishedTo: { group: 'Certificate services', traversable: false },
  IssuedSignedBy: { group: 'Certificate services', traversable: false },
  EnterpriseCAFor: { group: 'Certificate services', traversable: false },
  RootCAFor: { group: 'Certificate services', traversable: false },
  NTAuthStoreFor: { group: 'Certificate services', traversable: false },
  TrustedForNTAuth: { group: 'Certificate services', traversable: false },
  HostsCAService: { group: 'Certificate services', traversable: false },
  DelegatedEnrollmentAgent: { group: 'Certificate services', traversable: false },
  WritePKIEnrollmentFlag: { group: 'Certificate services', traversable: false },
  WritePKINameFlag: { group: 'Certificate services', traversable: false },
  ExtendedByPolicy: { group: 'Certificate services', traversable: false },
  OIDGroupLink: { group: 'Certificate services', traversable: false },
  CanAbuseUPNCertMapping: { group: 'Certificate services', traversable: false },
  CanAbuseWeakCertBinding: { group: 'Certificate services', traversable: false },

  SpoofSIDHistory: walk('Cross-forest trust abuse'),
  AbuseTGTDelegation: walk('Cross-forest trust abuse'),
  CrossForestTrust: { group: 'Cross-forest trust abuse', traversable: false },
  TrustedBy: describe,

  SyncedToEntraUser: walk('Cross platform'),

  CoerceAndRelayNTLMToSMB: walk('NTLM relay'),
  CoerceAndRelayNTLMToADCS: walk('NTLM relay'),
  CoerceAndRelayNTLMToLDAP: walk('NTLM relay'),
  CoerceAndRelayNTLMToLDAPS: walk('NTLM relay'),

  LocalToComputer: describe,
  MemberOfLocalGroup: describe,
  RemoteInteractiveLogonRight: describe,
} as const satisfies Record<string, EdgeKindInfo>;

export type KnownEdgeKind = keyof typeof EDGE_KINDS;

/** The kinds a path may walk, in the table's order. */
export const TRAVERSABLE_EDGE_KINDS: readonly KnownEdgeKind[] = (Object.keys(EDGE_KINDS) as KnownEdgeKind[]).filter(
  (k) => EDGE_KINDS[k].traversable,
);

const TRAVERSABLE = new Set<string>(TRAVERSABLE_EDGE_KINDS);

/** Whether a path may walk a relationship of `kind`; a kind this table does not know (OpenGraph's) may. */
export const isTraversableKind = (kind: string): boolean => TRAVERSABLE.has(kind) || !(kind in EDGE_KINDS);

/** The filter group of `kind`; a kind the table does not know is `undefined` (the filter lists it as other). */
export const edgeFilterGroupOf = (kind: string): EdgeFilterGroup | undefined =>
  (EDGE_KINDS as Record<string, EdgeKindInfo>)[kind]?.group;
