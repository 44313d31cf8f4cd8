/**
 * What the seeded directory's parts (adcs.ts, layout.ts, principals.ts,
 * trusts.ts, scale.ts) build on: the graph being built, and each collected
 * domain's objects by role.
 */
import type { GraphEdge, GraphNode } from './graph';

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
