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
