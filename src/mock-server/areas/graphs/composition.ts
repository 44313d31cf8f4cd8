/**
 * How a post-processed relationship is made (GET /api/v2/graphs/edge-composition), computed from the live
 * directory graph the way upstream's analysis composes it (`GetEdgeCompositionPath`): the paths whose
 * relationships together give the finding. Each composition is a few path patterns — "the principal or a
 * group it belongs to enrolls on a template that is published to a CA whose chain reaches the domain" — and
 * the answer is every node and relationship on the paths found. A pattern that needs several parts keeps a
 * path only when every part is there, as upstream does.
 *
 * The kinds computed are those of upstream's composed kinds the seeded graph holds (GoldenCert, ESC1, ESC3,
 * ESC4, ESC13, and the NTLM relays to SMB and to ADCS). Any other kind, upstream's other composed ones
 * included, answers an empty composition, as upstream answers a kind it does not compose.
 */
import { toAnswer } from '../../cypher/answer';
import { graphIdOf, TAG_KINDS, type CypherNode, type CypherRel } from '../../cypher/graph';
import { edgeIndex, type DirectoryGraph, type GraphEdge, type GraphIndex, type GraphNode } from '../../seed/graph';
import type { UnifiedGraph } from '../../../api/schemas/cypher';

type Path = readonly GraphEdge[];
type NodeTest = (node: GraphNode) => boolean;

/** One step of a path pattern. */
interface Step {
  /** The relationship kinds it follows. */
  kinds: readonly string[];
  /** How many such relationships in a row: exactly one (the default), any number from none, or from one. */
  times?: 'one' | 'any' | 'some';
  /** What every node the step reaches must be. */
  to?: NodeTest;
  /** Follow relationships from their target back to their source. */
  inbound?: boolean;
}

/** Paths one pattern may find at the most: a bound on what a large graph's nested memberships multiply. */
const MAX_PATHS = 2_000;

const is =
  (...kinds: string[]): NodeTest =>
  (node) =>
    kinds.some((k) => node.kinds.includes(k));
const isNode =
  (target: GraphNode): NodeTest =>
  (node) =>
    node.objectid === target.objectid;
const flag = (node: GraphNode, key: string) => node.props[key] === true;
const figure = (node: GraphNode, key: string) => Number(node.props[key] ?? Number.NaN);

/** Membership of groups, any depth (none included). */
const MEMBER_OF: Step = { kinds: ['MemberOf'], times: 'any', to: is('Group') };
const ENROLLMENT_RIGHTS = ['Enroll', 'GenericAll', 'AllExtendedRights'];

/** A template no manager must approve whose certificates need no authorized signature. */
const issuesFreely: NodeTest = (ct) =>
  !flag(ct, 'requiresmanagerapproval') && (figure(ct, 'schemaversion') <= 1 || figure(ct, 'authorizedsignatures') === 0);
const authenticates: NodeTest = (ct) => flag(ct, 'authenticationenabled');

/** Walks path patterns over one graph. */
class Walker {
  private readonly index: GraphIndex;

  constructor(readonly graph: DirectoryGraph) {
    this.index = edgeIndex(graph);
  }

  /** Every path from `from` taking `steps` in order, visiting no node twice, ending at a node `end` accepts. */
  paths(from: GraphNode, steps: readonly Step[], end: NodeTest = () => true): Path[] {
    const found: Path[] = [];
    const trail: GraphEdge[] = [];
    const seen = new Set([from.objectid]);
    const visit = (node: GraphNode, at: number, taken: number) => {
      if (found.length >= MAX_PATHS) return;
      const step = steps[at];
      if (!step) {
        if (end(node)) found.push([...trail]);
        return;
      }
      const times = step.times ?? 'one';
      // A repeated step may end here and leave the rest of the path to the next one.
      if (times === 'any' || (times === 'some' && taken > 0)) visit(node, at + 1, 0);
      for (const edge of (step.inbound ? this.index.inbound : this.index.outbound).get(node.objectid) ?? []) {
        if (!step.kinds.includes(edge.kind)) continue;
        const next = this.graph.byId.get(step.inbound ? edge.source : edge.target);
        if (!next || seen.has(next.objectid) || (step.to && !step.to(next))) continue;
        seen.add(next.objectid);
        trail.push(edge);
        visit(next, times === 'one' ? at + 1 : at, times === 'one' ? 0 : taken + 1);
        trail.pop();
        seen.delete(next.objectid);
      }
    };
    visit(from, 0, 0);
    return found;
  }

  /** Where an outbound path ends. */
  end(path: Path): GraphNode {
    return this.graph.byId.get(path[path.length - 1]!.target)!;
  }

  /** The CA's chain up to a root CA that serves `domain`. */
  chainToDomain(ca: GraphNode, domain: GraphNode): Path[] {
    return this.paths(ca, [
      { kinds: ['IssuedSignedBy', 'EnterpriseCAFor'], times: 'some', to: is('EnterpriseCA', 'AIACA', 'RootCA') },
      { kinds: ['RootCAFor'], to: isNode(domain) },
    ]);
  }

  /** The CA trusted for NT authentication in `domain`, through the NTAuth store. */
  ntAuthToDomain(ca: GraphNode, domain: GraphNode): Path[] {
    return this.paths(ca, [
      { kinds: ['TrustedForNTAuth'], to: is('NTAuthStore') },
      { kinds: ['NTAuthStoreFor'], to: isNode(domain) },
    ]);
  }

  /** `principal`, or a group it belongs to, holding one of `rights` on a node `target` accepts. */
  rights(principal: GraphNode, rights: readonly string[], target: NodeTest): Path[] {
    return this.paths(principal, [MEMBER_OF, { kinds: rights, to: target }]);
  }

  /** The Enterprise CAs a template is published to. */
  publishedTo(template: GraphNode): Path[] {
    return this.paths(template, [{ kinds: ['PublishedTo'], to: is('EnterpriseCA') }]);
  }
}

interface TemplateFinding {
  /** The rights on the template the finding starts from. */
  rights: readonly string[];
  /** What the template must be. */
  template: NodeTest;
  /** Paths the template needs besides (enrollment on it, its issuance policy); none found: not this template. */
  needs?: (template: GraphNode) => Path[];
}

/**
 * A finding through a certificate template (ESC1, ESC4, ESC13): `start` holds `rights` on a template that is
 * published to an Enterprise CA whose chain reaches `domain`, which trusts it for NT authentication, and on
 * which `start` may enroll.
 */
function templateFinding(w: Walker, start: GraphNode, domain: GraphNode, finding: TemplateFinding): Path[] {
  const out: Path[] = [];
  for (const toTemplate of w.rights(start, finding.rights, (n) => is('CertTemplate')(n) && finding.template(n))) {
    const template = w.end(toTemplate);
    const needed = finding.needs ? finding.needs(template) : [];
    if (finding.needs && needed.length === 0) continue;
    for (const published of w.publishedTo(template)) {
      const ca = w.end(published);
      const chain = w.chainToDomain(ca, domain);
      const ntAuth = w.ntAuthToDomain(ca, domain);
      const enrollment = w.rights(start, ['Enroll'], isNode(ca));
      if (chain.length === 0 || ntAuth.length === 0 || enrollment.length === 0) continue;
      out.push(toTemplate, published, ...chain, ...ntAuth, ...enrollment, ...needed);
    }
  }
  return out;
}

/** GoldenCert: the computer hosts an Enterprise CA whose chain reaches the domain and which it trusts. */
function goldenCert(w: Walker, host: GraphNode, domain: GraphNode): Path[] {
  const out: Path[] = [];
  for (const hosting of w.paths(host, [{ kinds: ['HostsCAService'], to: is('EnterpriseCA') }])) {
    const ca = w.end(hosting);
    const chain = w.chainToDomain(ca, domain);
    const ntAuth = w.ntAuthToDomain(ca, domain);
    if (chain.length > 0 && ntAuth.length > 0) out.push(hosting, ...chain, ...ntAuth);
  }
  return out;
}

/** ESC1: enrollment on a template whose enrollee supplies the subject and which authenticates. */
const esc1 = (w: Walker, start: GraphNode, domain: GraphNode) =>
  templateFinding(w, start, domain, {
    rights: ENROLLMENT_RIGHTS,
    template: (ct) => flag(ct, 'enrolleesuppliessubject') && authenticates(ct) && issuesFreely(ct),
  });

/**
 * ESC3: a template to enroll as an agent on (one whose CA chain reaches the domain), a template that
 * authenticates (whose CA the domain trusts), the agent template's right to enroll on behalf of others on
 * it, and enrollment on the CAs; as upstream, each part is shown as far as it is found.
 */
function esc3(w: Walker, start: GraphNode, domain: GraphNode): Path[] {
  const out: Path[] = [];
  const agentTemplates = new Set<string>();
  const targetTemplates = new Set<string>();
  const cas = new Map<string, GraphNode>();
  const through = (valid: NodeTest, reaches: (ca: GraphNode) => Path[], templates: Set<string>) => {
    for (const toTemplate of w.rights(start, ENROLLMENT_RIGHTS, (n) => is('CertTemplate')(n) && valid(n))) {
      for (const published of w.publishedTo(w.end(toTemplate))) {
        const ca = w.end(published);
        const reached = reaches(ca);
        if (reached.length === 0) continue;
        out.push(toTemplate, published, ...reached);
        templates.add(w.end(toTemplate).objectid);
        cas.set(ca.objectid, ca);
      }
    }
  };
  through(issuesFreely, (ca) => w.chainToDomain(ca, domain), agentTemplates);
  through(
    (ct) => authenticates(ct) && !flag(ct, 'requiresmanagerapproval'),
    (ca) => w.ntAuthToDomain(ca, domain),
    targetTemplates,
  );
  for (const id of agentTemplates) {
    const agent = w.graph.byId.get(id)!;
    out.push(...w.paths(agent, [{ kinds: ['EnrollOnBehalfOf'], to: (n) => targetTemplates.has(n.objectid) }]));
  }
  for (const ca of cas.values()) out.push(...w.rights(start, ['Enroll'], isNode(ca)));
  return out;
}

/** ESC4: control of a published template (or write access to it with enrollment on it). */
function esc4(w: Walker, start: GraphNode, domain: GraphNode): Path[] {
  const enrollsOn = (ct: GraphNode) => w.rights(start, ['Enroll', 'AllExtendedRights'], isNode(ct));
  const variants: TemplateFinding[] = [
    { rights: ['GenericAll', 'Owns', 'WriteOwner', 'WriteDacl'], template: () => true },
    { rights: ['GenericWrite'], template: () => true, needs: enrollsOn },
    { rights: ['WritePKINameFlag'], template: (ct) => authenticates(ct) && issuesFreely(ct), needs: enrollsOn },
    {
      rights: ['WritePKIEnrollmentFlag'],
      template: (ct) => flag(ct, 'enrolleesuppliessubject') && authenticates(ct) && issuesFreely(ct),
      needs: enrollsOn,
    },
  ];
  return variants.flatMap((variant) => templateFinding(w, start, domain, variant));
}

/**
 * ESC13: enrollment on a template whose issuance policy is linked to the group, in a domain that contains the
 * group; a user needs a template that asks no DNS name of it.
 */
function esc13(w: Walker, start: GraphNode, group: GraphNode): Path[] {
  const out: Path[] = [];
  const linked = (ct: GraphNode) =>
    w.paths(ct, [
      { kinds: ['ExtendedByPolicy'], to: is('IssuancePolicy') },
      { kinds: ['OIDGroupLink'], to: isNode(group) },
    ]);
  const template: NodeTest = (ct) =>
    authenticates(ct) &&
    issuesFreely(ct) &&
    (!is('User')(start) || (!flag(ct, 'subjectaltrequiredns') && !flag(ct, 'subjectaltrequiredomaindns')));
  for (const contains of w.paths(group, [{ kinds: ['Contains'], times: 'some', inbound: true }], is('Domain'))) {
    const domain = w.graph.byId.get(contains[contains.length - 1]!.source)!;
    const found = templateFinding(w, start, domain, { rights: ENROLLMENT_RIGHTS, template, needs: linked });
    if (found.length > 0) out.push(...found, contains);
  }
  return out;
}

/**
 * CoerceAndRelayNTLMToSMB: the computers of the Authenticated Users' domain, free to send NTLM, that are
 * local administrators of the target, directly or through groups.
 */
function relayToSmb(w: Walker, authenticatedUsers: GraphNode, target: GraphNode): Path[] {
  const domainSid = authenticatedUsers.props.domainsid;
  return w.paths(
    target,
    [
      { kinds: ['AdminTo'], inbound: true, to: (n) => !is('User')(n) },
      { kinds: ['MemberOf'], times: 'any', inbound: true, to: (n) => !is('User')(n) },
    ],
    (n) => is('Computer')(n) && n !== target && n.props.domainsid === domainSid && n.props.restrictoutboundntlm === false,
  );
}

/**
 * CoerceAndRelayNTLMToADCS: the target computer (or Authenticated Users, or Everyone) may enroll on a
 * template that authenticates, published to an Enterprise CA with a vulnerable web enrollment endpoint whose
 * chain reaches the computer's domain and which that domain trusts.
 */
function relayToAdcs(w: Walker, _authenticatedUsers: GraphNode, target: GraphNode): Path[] {
  const domain = w.graph.byId.get(target.domainSid);
  if (!domain) return [];
  const starts = [target, ...w.graph.nodes.filter((n) => is('Group')(n) && /-S-1-5-11$|-S-1-1-0$/.test(n.objectid))];
  const toCa = new Map<string, Path[]>();
  const trusted = new Map<string, Path[]>();
  const add = (map: Map<string, Path[]>, ca: GraphNode, paths: Path[]) =>
    map.set(ca.objectid, [...(map.get(ca.objectid) ?? []), ...paths]);
  const relayable: NodeTest = (ct) => is('CertTemplate')(ct) && authenticates(ct) && issuesFreely(ct);
  for (const start of starts) {
    for (const toTemplate of w.rights(start, ENROLLMENT_RIGHTS, relayable)) {
      for (const published of w.publishedTo(w.end(toTemplate))) {
        const ca = w.end(published);
        if (!flag(ca, 'hasvulnerableendpoint')) continue;
        const chain = w.chainToDomain(ca, domain);
        if (chain.length > 0) add(toCa, ca, [toTemplate, published, ...chain]);
      }
    }
  }
  for (const start of starts) {
    for (const enrollment of w.rights(start, ['Enroll'], (n) => toCa.has(n.objectid))) {
      const ca = w.end(enrollment);
      const ntAuth = w.ntAuthToDomain(ca, domain);
      if (ntAuth.length > 0) add(trusted, ca, [enrollment, ...ntAuth]);
    }
  }
  return [...trusted].flatMap(([ca, paths]) => [...toCa.get(ca)!, ...paths]);
}

type Composition = (w: Walker, start: GraphNode, end: GraphNode) => Path[];

/** The compositions the mock computes, by relationship kind. */
export const COMPOSITIONS: Readonly<Record<string, Composition>> = {
  GoldenCert: goldenCert,
  ADCSESC1: esc1,
  ADCSESC3: esc3,
  ADCSESC4: esc4,
  ADCSESC13: esc13,
  CoerceAndRelayNTLMToSMB: relayToSmb,
  CoerceAndRelayNTLMToADCS: relayToAdcs,
};

/** The nodes and relationships that make `edge` in `graph` (none for a kind made of no others). */
export function edgeComposition(graph: DirectoryGraph, edge: GraphEdge): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const compose = COMPOSITIONS[edge.kind];
  const start = graph.byId.get(edge.source);
  const end = graph.byId.get(edge.target);
  if (!compose || !start || !end) return { nodes: [], edges: [] };
  const edges = [...new Set(compose(new Walker(graph), start, end).flat())];
  const nodes = new Map<string, GraphNode>();
  for (const e of edges) for (const id of [e.source, e.target]) nodes.set(id, graph.byId.get(id)!);
  return { nodes: [...nodes.values()], edges };
}

const byGraphId = new WeakMap<DirectoryGraph, Map<number, GraphNode>>();

/** The relationship of `kind` from the node with graph id `source` to the one with graph id `target`, if any. */
export function edgeBetween(graph: DirectoryGraph, source: number, target: number, kind: string): GraphEdge | undefined {
  let nodes = byGraphId.get(graph);
  if (!nodes) {
    nodes = new Map([...graph.domains, ...graph.nodes].map((n) => [graphIdOf(n), n]));
    byGraphId.set(graph, nodes);
  }
  const from = nodes.get(source);
  const to = nodes.get(target);
  if (!from || !to) return undefined;
  return edgeIndex(graph)
    .outbound.get(from.objectid)
    ?.find((e) => e.kind === kind && e.target === to.objectid);
}

/**
 * A composition as upstream answers it: nodes keyed by graph id with their properties and Tier Zero and
 * Owned marks (`tags`: each system tag's members by object id), relationships between them, no literals.
 */
export function compositionAnswer(
  composition: { nodes: readonly GraphNode[]; edges: readonly GraphEdge[] },
  tags: Readonly<Record<string, ReadonlySet<string>>>,
): UnifiedGraph {
  const nodes = new Map<string, CypherNode>();
  for (const n of composition.nodes) {
    const labels = [...n.kinds, ...Object.entries(tags).flatMap(([tag, ids]) => (ids.has(n.objectid) ? [TAG_KINDS[tag]!] : []))];
    nodes.set(n.objectid, { id: graphIdOf(n), labels, source: n });
  }
  const rels = composition.edges.map((e, i): CypherRel => ({
    id: i,
    type: e.kind,
    start: nodes.get(e.source)!,
    end: nodes.get(e.target)!,
  }));
  const answer = toAnswer({ columns: ['composition'], rows: rels.map((r) => [r]) }, true);
  return { nodes: answer.nodes, edges: answer.edges, literals: answer.literals };
}
