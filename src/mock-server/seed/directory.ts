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
import type { GraphEdge, GraphNode } from './graph';
import { addCertificateServices } from './adcs';
import { addLayout } from './layout';
import { addPrincipals } from './principals';
import { addTrusts } from './trusts';

/** The graph under construction, as each part of the seed extends it. */
export interface SeedContext {
  domains: GraphNode[];
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Adds an edge unless it is a loop or already there. */
  addEdge(source: GraphNode, target: GraphNode, kind: string, props?: Record<string, unknown>): void;
}

/** One collected domain's objects, by role. */
export interface DomainView {
  domain: GraphNode;
  users: GraphNode[];
  /** Users but the built-in Administrator and krbtgt and the service accounts. */
  people: GraphNode[];
  serviceAccounts: GraphNode[];
  computers: GraphNode[];
  dcs: GraphNode[];
  servers: GraphNode[];
  workstations: GraphNode[];
  /** Groups by the label before `@` (`DOMAIN ADMINS`). */
  groups: Map<string, GraphNode>;
  /** A group by label; throws when the domain has none (a seed mistake, not a runtime case). */
  group(label: string): GraphNode;
}

/** The collected domains' objects by role, in graph order. */
export function domainViews(ctx: SeedContext): DomainView[] {
  return ctx.domains.map((domain) => {
    const mine = ctx.nodes.filter((n) => n.domainSid === domain.objectid);
    const users = mine.filter((n) => n.primaryKind === 'User');
    const computers = mine.filter((n) => n.primaryKind === 'Computer');
    const groups = new Map<string, GraphNode>();
    for (const g of mine) if (g.primaryKind === 'Group') groups.set(g.name.slice(0, g.name.lastIndexOf('@')), g);
    const sam = (u: GraphNode) => String(u.props.samaccountname);
    return {
      domain,
      users,
      people: users.filter((u) => !/^(Administrator|krbtgt|svc_)/.test(sam(u))),
      serviceAccounts: users.filter((u) => sam(u).startsWith('svc_')),
      computers,
      dcs: computers.filter((c) => c.props.isdc === true),
      servers: computers.filter((c) => c.name.startsWith('SRV-')),
      workstations: computers.filter((c) => c.name.startsWith('WS')),
      groups,
      group(label: string) {
        const g = groups.get(label);
        if (!g) throw new Error(`no group ${label} in ${domain.name}`);
        return g;
      },
    };
  });
}

/** A new node of the seed: kinds `Base` and `kind`, named and identified as given, its own props. */
export function newNode(
  domain: GraphNode,
  kind: string,
  objectid: string,
  name: string,
  props: Record<string, unknown>,
): GraphNode {
  return {
    objectid,
    name,
    kinds: ['Base', kind],
    primaryKind: kind,
    domainSid: domain.objectid,
    props: { name, objectid, domain: domain.name, domainsid: domain.objectid, ...props },
  };
}

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
];

/** Extends the base seed (after its OUs): principals and rights, layout, trusts, certificate services. */
export function enrichDirectory(ctx: SeedContext): void {
  addPrincipals(ctx);
  addTrusts(ctx);
  addCertificateServices(ctx);
  // Last: containers and Contains edges cover every object the other parts added.
  addLayout(ctx);
}
