/**
 * What the seeded directory holds beyond users, computers, groups and OUs, so
 * that upstream's pre-built Active Directory queries find something: built-in
 * groups and account flags, replication and control rights, containers, GPOs
 * and their links, domain trusts, and certificate services with a few ESC
 * findings as upstream's post-processing adds them.
 *
 * Each part draws from its own random stream (`Rng` with its own seed) and only
 * appends nodes and edges, so every node, name and edge the base seed makes
 * keeps its place; it may set properties on existing nodes (account flags).
 */
import type { SeedContext } from './context';
import { addCertificateServices } from './adcs';
import { addExplorerRights } from './explore';
import { addLayout } from './layout';
import { addPrincipals } from './principals';
import { addTrusts } from './trusts';
import { NTLM_RELAY_EDGE_KINDS, addNtlmRelay } from './ntlm';

/** Relationship kinds the additions bring (beyond the base seed's). */
export const ENRICHED_EDGE_KINDS: readonly string[] = [
  'Contains',
  'GPLink',
  'ProtectAdminGroups',
  'TrustedBy',
  'SameForestTrust',
  'CrossForestTrust',
  'SpoofSIDHistory',
  'DCFor',
  'GetChanges',
  'GetChangesAll',
  'DCSync',
  'HasSIDHistory',
  'CanBackup',
  'HostsCAService',
  'IssuedSignedBy',
  'EnterpriseCAFor',
  'RootCAFor',
  'NTAuthStoreFor',
  'TrustedForNTAuth',
  'PublishedTo',
  'Enroll',
  'ManageCA',
  'ManageCertificates',
  'ExtendedByPolicy',
  'OIDGroupLink',
  'GoldenCert',
  'ADCSESC1',
  'ADCSESC3',
  'ADCSESC4',
  'ADCSESC13',
  ...NTLM_RELAY_EDGE_KINDS,
];

/** Extends the base seed (after its OUs): principals and rights, trusts, certificate services, layout, the explorer's lists. */
export function enrichDirectory(ctx: SeedContext): void {
  addPrincipals(ctx);
  addTrusts(ctx);
  addCertificateServices(ctx);
  addNtlmRelay(ctx);
  // Last: containers and Contains edges cover every object the other parts added.
  addLayout(ctx);
  // After the layout: it reads the containers; it adds only edges.
  addExplorerRights(ctx);
}
