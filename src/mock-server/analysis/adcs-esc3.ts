/**
 * Enrollment agents (ESC3).
 *
 * EnrollOnBehalfOf: a certificate from a template published to a CA that chains to a domain (root chain
 * and NTAuth) can be used to enroll on behalf of others on a second template that is published to a CA
 * chaining to the same domain. For a schema-2 (or later) second template: the first template's EKUs hold
 * Certificate Request Agent and not Any Purpose, and the second needs at least one authorized signature
 * with Certificate Request Agent among its application policies. For a schema-1 second template: the
 * first template's EKUs are empty or hold Certificate Request Agent or Any Purpose.
 *
 * ADCSESC3: on a CA that serves a domain, a published template that authenticates without approval,
 * reached by EnrollOnBehalfOf from an agent template that needs no approval or signature: principals that
 * may enroll on both templates and on both CAs (the agent template's CA and this one) get the edge to the
 * domain. When the CA restricts enrollment agents, they must also be a delegated enrollment agent for the
 * target template. Users are left out when the agent template requires a DNS name.
 */
import type { GraphNode } from '../seed/graph';
import { type AdcsModel, EKU_ANY_PURPOSE, EKU_CERT_REQUEST_AGENT, issuesWithoutApproval } from './adcs-model';
import type { EdgeSink, GraphIndex } from './graph-index';

export const ADCS_ESC3_EDGE_KINDS = ['EnrollOnBehalfOf', 'ADCSESC3'] as const;

const strings = (v: unknown): string[] | null => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null);

export function postEnrollOnBehalfOf(index: GraphIndex, sink: EdgeSink, model: AdcsModel): void {
  const versionOne: GraphNode[] = [];
  const versionTwo: GraphNode[] = [];
  for (const t of index.nodes('CertTemplate')) {
    const schema = t.props.schemaversion;
    if (schema === 1) versionOne.push(t);
    else if (typeof schema === 'number' && schema >= 2) versionTwo.push(t);
  }
  const linksTo = (t: GraphNode, domain: string) =>
    index.targets(t.objectid, 'PublishedTo').some((ca) => model.rootChainDomains(ca).has(domain));

  for (const ca of index.nodes('EnterpriseCA')) {
    const ntAuth = model.ntAuthDomainsOf(ca.objectid);
    const domains = [...model.rootChainDomains(ca.objectid)].filter((d) => ntAuth.has(d));
    if (domains.length === 0) continue;
    for (const first of model.published(ca.objectid)) {
      const ekus = strings(first.props.effectiveekus);
      if (!ekus) continue;
      for (const domain of domains) {
        if (!ekus.includes(EKU_ANY_PURPOSE) && ekus.includes(EKU_CERT_REQUEST_AGENT)) {
          for (const second of versionTwo) {
            if (second.objectid === first.objectid) continue;
            const signatures = second.props.authorizedsignatures;
            if (typeof signatures !== 'number' || signatures < 1) continue;
            if (!strings(second.props.applicationpolicies)?.includes(EKU_CERT_REQUEST_AGENT)) continue;
            if (linksTo(second, domain)) sink.add(first.objectid, 'EnrollOnBehalfOf', second.objectid);
          }
        }
        if (ekus.length === 0 || ekus.includes(EKU_CERT_REQUEST_AGENT) || ekus.includes(EKU_ANY_PURPOSE)) {
          for (const second of versionOne) {
            if (linksTo(second, domain)) sink.add(first.objectid, 'EnrollOnBehalfOf', second.objectid);
          }
        }
      }
    }
  }
}

export function postEsc3(index: GraphIndex, sink: EdgeSink, model: AdcsModel): void {
  for (const { ca, domains } of model.serving) {
    const restricted = ca.props.enrollmentagentrestrictionscollected === true && ca.props.hasenrollmentagentrestrictions === true;
    const results = new Set<string>();
    for (const target of model.published(ca.objectid)) {
      if (target.props.authenticationenabled !== true || target.props.requiresmanagerapproval !== false) continue;
      for (const agentId of index.sources(target.objectid, 'EnrollOnBehalfOf')) {
        const agent = index.byId.get(agentId);
        if (!agent?.kinds.includes('CertTemplate') || !issuesWithoutApproval(agent)) continue;
        const sets: (readonly string[])[] = [
          model.templateEnrollers(agentId),
          model.templateEnrollers(target.objectid),
          [],
          model.caEnrollers(ca.objectid),
        ];
        if (restricted) sets.push(index.sources(target.objectid, 'DelegatedEnrollmentAgent'));
        for (const agentCA of index.targets(agentId, 'PublishedTo')) {
          if (!index.hasKind(agentCA, 'EnterpriseCA')) continue;
          sets[2] = model.caEnrollers(agentCA);
          for (const id of model.filterUsers(index.crossProduct(...sets), agent)) results.add(id);
        }
      }
    }
    for (const id of results) for (const d of domains) sink.add(id, 'ADCSESC3', d);
  }
}
