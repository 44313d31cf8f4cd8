/**
 * Certificate-services escalations, each from an enterprise CA that serves a domain (adcs-model.ts) to
 * that domain, unless said otherwise. "Enrollers" of a template are the holders of Enroll, GenericAll or
 * AllExtendedRights on it, of a CA the holders of Enroll; a principal qualifies when it is (itself or
 * through nested groups) an enroller of both, the outermost such group standing for its members.
 *
 * - GoldenCert: the computer hosting the CA can forge any certificate with the CA's key.
 * - ADCSESC1: a published template that needs no approval, authenticates, and lets the enrollee supply the
 *   subject: its enrollers can ask for a certificate as anyone.
 * - ADCSESC4: control of a published template lets a CA enroller rewrite it: template controllers (Owns,
 *   GenericAll, WriteDacl, WriteOwner), GenericWrite with enrollment, and for a template that authenticates
 *   without signatures WritePKINameFlag and WritePKIEnrollmentFlag with enrollment, or either one of them
 *   when the template already lets the enrollee supply the subject (the enrollment flag) or needs no
 *   approval (the name flag).
 * - ADCSESC6a/b: the CA lets the requester add a subject alternative name (`isuserspecifiessanenabled`,
 *   collected). 6a: a template without the security extension that authenticates; 6b: one that
 *   authenticates over Schannel, to domains whose forest has a domain controller mapping certificates by
 *   UPN. Users are left out when the template requires a DNS name.
 * - ADCSESC9a/b: a template without the security extension, not letting the enrollee supply the subject
 *   and needing no approval; whoever can write to an enrolling user or computer (9a: UPN or SPN in the
 *   name; 9b: DNS name, computers only) can rename it and enroll as the victim, in domains whose forest has
 *   a domain controller with weak certificate binding.
 * - ADCSESC10a/b: the same with a template authenticating over Schannel (the security extension present or
 *   not), in domains whose forest has a domain controller mapping certificates by UPN.
 * - ADCSESC13: a template that authenticates and is extended by an issuance policy linked to a group
 *   (ExtendedByPolicy, OIDGroupLink): its enrollers get the group's rights; the edge runs to the group.
 */
import type { GraphNode } from '../seed/graph';
import { AdcsModel, issuesWithoutApproval, schannelAuthentication } from './adcs-model';
import type { EdgeSink, GraphIndex } from './graph-index';

export const ADCS_ESCALATION_EDGE_KINDS = [
  'GoldenCert',
  'ADCSESC1',
  'ADCSESC4',
  'ADCSESC6a',
  'ADCSESC6b',
  'ADCSESC9a',
  'ADCSESC9b',
  'ADCSESC10a',
  'ADCSESC10b',
  'ADCSESC13',
] as const;

const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);

function validForEsc1(t: GraphNode): boolean {
  return issuesWithoutApproval(t) && t.props.authenticationenabled === true && t.props.enrolleesuppliessubject === true;
}

function validForEsc6(t: GraphNode, scenarioB: boolean): boolean {
  if (!issuesWithoutApproval(t)) return false;
  if (scenarioB) return schannelAuthentication(t);
  return t.props.nosecurityextension === true && t.props.authenticationenabled === true;
}

function subjectNameFits(t: GraphNode, scenarioB: boolean): boolean {
  if (scenarioB) return t.props.subjectaltrequiredns === true;
  const upn = bool(t.props.subjectaltrequireupn);
  const spn = bool(t.props.subjectaltrequirespn);
  return upn !== null && spn !== null && (upn || spn);
}

function validForEsc9(t: GraphNode, scenarioB: boolean): boolean {
  return (
    issuesWithoutApproval(t) &&
    t.props.authenticationenabled === true &&
    t.props.nosecurityextension === true &&
    t.props.enrolleesuppliessubject === false &&
    subjectNameFits(t, scenarioB)
  );
}

function validForEsc10(t: GraphNode, scenarioB: boolean): boolean {
  return (
    issuesWithoutApproval(t) &&
    schannelAuthentication(t) &&
    t.props.enrolleesuppliessubject === false &&
    subjectNameFits(t, scenarioB)
  );
}

export function postAdcsEscalations(index: GraphIndex, sink: EdgeSink, model = new AdcsModel(index)): void {
  for (const { ca, domains } of model.serving) {
    const id = ca.objectid;
    const emit = (sources: Iterable<string>, kind: string, only: (domain: string) => boolean = () => true) => {
      for (const source of sources) for (const d of domains) if (only(d)) sink.add(source, kind, d);
    };
    const hosts = index.sources(id, 'HostsCAService').filter((h) => index.hasKind(h, 'Computer'));
    emit(hosts, 'GoldenCert');

    const templates = model.published(id);
    const caEnrollers = model.caEnrollers(id);
    const sanEnabled = ca.props.isuserspecifiessanenabledcollected === true && ca.props.isuserspecifiessanenabled === true;
    const upn = (d: string) => model.upnMappingInForest(d);
    const weak = (d: string) => model.weakBindingInForest(d);

    for (const t of templates) {
      const enrollers = model.templateEnrollers(t.objectid);
      if (validForEsc1(t)) emit(index.crossProduct(enrollers, caEnrollers), 'ADCSESC1');
      postEsc4(index, t, caEnrollers, model, (s) => emit(s, 'ADCSESC4'));
      if (sanEnabled) {
        if (validForEsc6(t, false)) emit(model.filterUsers(index.crossProduct(enrollers, caEnrollers), t), 'ADCSESC6a');
        if (validForEsc6(t, true)) emit(model.filterUsers(index.crossProduct(enrollers, caEnrollers), t), 'ADCSESC6b', upn);
      }
      if (enrollers.length > 0 && caEnrollers.length > 0) {
        const victims = () => model.victims(enrollers, caEnrollers);
        if (validForEsc9(t, false)) emit(model.attackers(model.filterUsers(victims(), t), false), 'ADCSESC9a', weak);
        if (validForEsc9(t, true)) emit(model.attackers(victims(), true), 'ADCSESC9b', weak);
        if (validForEsc10(t, false)) emit(model.attackers(model.filterUsers(victims(), t), false), 'ADCSESC10a', upn);
        if (validForEsc10(t, true)) emit(model.attackers(victims(), true), 'ADCSESC10b', upn);
      }
      if (issuesWithoutApproval(t) && t.props.authenticationenabled === true) {
        const groups = index
          .targets(t.objectid, 'ExtendedByPolicy')
          .filter((p) => index.hasKind(p, 'IssuancePolicy'))
          .flatMap((p) => index.targets(p, 'OIDGroupLink'))
          .filter((g) => index.hasKind(g, 'Group'));
        if (groups.length > 0) {
          const principals = model.filterUsers(index.crossProduct(enrollers, caEnrollers), t);
          for (const group of groups) for (const p of principals) sink.add(p, 'ADCSESC13', group);
        }
      }
    }
  }
}

function postEsc4(
  index: GraphIndex,
  t: GraphNode,
  caEnrollers: readonly string[],
  model: AdcsModel,
  emit: (sources: string[]) => void,
): void {
  const suppliesSubject = bool(t.props.enrolleesuppliessubject);
  const approval = bool(t.props.requiresmanagerapproval);
  if (suppliesSubject === null || approval === null) return;
  const id = t.objectid;
  const enroll = index.sourcesOfAny(id, ['Enroll', 'AllExtendedRights']);
  const genericWrite = index.sources(id, 'GenericWrite');
  const nameFlag = index.sources(id, 'WritePKINameFlag');
  const enrollmentFlag = index.sources(id, 'WritePKIEnrollmentFlag');
  emit(index.crossProduct(caEnrollers, model.templateControllers(id)));
  emit(index.crossProduct(caEnrollers, genericWrite, enroll));
  const schema = typeof t.props.schemaversion === 'number' ? t.props.schemaversion : null;
  const signatures = typeof t.props.authorizedsignatures === 'number' ? t.props.authorizedsignatures : null;
  if (t.props.authenticationenabled !== true || schema === null || signatures === null) return;
  if (schema > 1 && signatures > 0) return;
  emit(index.crossProduct(caEnrollers, enroll, nameFlag, enrollmentFlag));
  if (suppliesSubject) emit(index.crossProduct(caEnrollers, enroll, enrollmentFlag));
  if (!approval) emit(index.crossProduct(caEnrollers, enroll, nameFlag));
}
