/** Small directory graphs built by hand for the post-processing rules' tests. */
import type { DirectoryGraph, GraphEdge, GraphNode } from '../seed/graph';

export const DOMAIN_SID = 'S-1-5-21-1000-2000-3000';
export const DOMAIN_NAME = 'TEST.LOCAL';

export class TestGraph {
  readonly domains: GraphNode[] = [];
  readonly nodes: GraphNode[] = [];
  readonly edges: GraphEdge[] = [];

  constructor(withDomain = true) {
    if (withDomain) this.domain(DOMAIN_SID, DOMAIN_NAME);
  }

  domain(sid: string, name: string, props: Record<string, unknown> = {}): string {
    this.domains.push({
      objectid: sid,
      name,
      kinds: ['Base', 'Domain'],
      primaryKind: 'Domain',
      domainSid: sid,
      props: { objectid: sid, name, domainsid: sid, collected: true, ...props },
    });
    return sid;
  }

  /** A node of `kind` in the domain `domainSid` (the test domain unless given). */
  node(kind: string, id: string, props: Record<string, unknown> = {}, domainSid = DOMAIN_SID): string {
    const objectid = id.startsWith('S-1-') || id.includes('-S-1-') ? id : `${domainSid}-${id}`;
    this.nodes.push({
      objectid,
      name: `${id}@${DOMAIN_NAME}`,
      kinds: ['Base', kind],
      primaryKind: kind,
      domainSid,
      props: { objectid, domainsid: domainSid, ...props },
    });
    return objectid;
  }

  edge(source: string, kind: string, target: string, props?: Record<string, unknown>): this {
    this.edges.push(props ? { source, target, kind, props } : { source, target, kind });
    return this;
  }

  build(): DirectoryGraph {
    const byId = new Map<string, GraphNode>();
    for (const n of [...this.domains, ...this.nodes]) byId.set(n.objectid, n);
    return { domains: this.domains, nodes: this.nodes, byId, edges: this.edges, version: '' };
  }
}

/** The derived edges of one kind as `source>target` strings, sorted. */
export function pairs(edges: GraphEdge[], kind: string): string[] {
  return edges
    .filter((e) => e.kind === kind)
    .map((e) => `${e.source}>${e.target}`)
    .sort();
}

/** A template that every escalation accepts unless a test says otherwise. */
export const OPEN_TEMPLATE: Record<string, unknown> = {
  requiresmanagerapproval: false,
  authenticationenabled: true,
  enrolleesuppliessubject: true,
  schemaversion: 2,
  authorizedsignatures: 0,
  subjectaltrequiredns: false,
  subjectaltrequiredomaindns: false,
  subjectaltrequireupn: false,
  subjectaltrequirespn: false,
  nosecurityextension: false,
  effectiveekus: ['1.3.6.1.5.5.7.3.2'],
};

export interface AdcsFixture {
  g: TestGraph;
  ca: string;
  host: string;
  template: string;
  dc: string;
}

/**
 * A domain with a complete certificate chain: an enterprise CA on an enabled host, signed by a root CA of
 * the domain (certificates, so that the chain edges are derived), in the domain's NTAuth store, one
 * template published to it with `template` properties, and a domain controller with `dc` properties.
 */
export function adcsFixture(
  template: Record<string, unknown> = {},
  ca: Record<string, unknown> = {},
  dc: Record<string, unknown> = {},
): AdcsFixture {
  const g = new TestGraph();
  const dcId = g.node('Computer', '1000', { isdc: true, ...dc });
  g.edge(dcId, 'DCFor', DOMAIN_SID);
  const host = g.node('Computer', '1005', { enabled: true });
  const root = g.node('RootCA', 'ROOT-GUID', { certthumbprint: 'AA', certchain: ['AA'] });
  const caId = g.node('EnterpriseCA', 'CA-GUID', { certthumbprint: 'BB', certchain: ['BB', 'AA'], ...ca });
  const store = g.node('NTAuthStore', 'STORE-GUID', { certthumbprints: ['BB'] });
  const templateId = g.node('CertTemplate', 'TEMPLATE-GUID', { ...OPEN_TEMPLATE, ...template });
  g.edge(root, 'RootCAFor', DOMAIN_SID).edge(store, 'NTAuthStoreFor', DOMAIN_SID);
  g.edge(host, 'HostsCAService', caId).edge(templateId, 'PublishedTo', caId);
  return { g, ca: caId, host, template: templateId, dc: dcId };
}
