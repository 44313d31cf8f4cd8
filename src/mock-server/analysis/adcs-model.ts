/**
 * What the certificate-services escalations share, computed once per run: for each enterprise CA the
 * templates published to it, who may enroll on it, and the domains it can issue logon certificates for;
 * for each template who may enroll on it and who controls it; and for each domain whether a domain
 * controller of its forest maps certificates weakly.
 *
 * An enterprise CA serves a domain when its chain reaches a root CA of the domain (IssuedSignedBy and
 * EnterpriseCAFor edges up to a root CA with RootCAFor to the domain), it is trusted by the domain's NTAuth
 * store (TrustedForNTAuth to a store with NTAuthStoreFor to the domain), and an enabled computer hosts it
 * (HostsCAService); only such CAs give escalation edges, and only to the domains they serve.
 */
import type { GraphNode } from '../seed/graph';
import { isEveryoneOrAuthenticatedUsers, type GraphIndex } from './graph-index';

export const EKU_ANY_PURPOSE = '2.5.29.37.0';
export const EKU_CERT_REQUEST_AGENT = '1.3.6.1.4.1.311.20.2.1';
const EKU_CLIENT_AUTH = '1.3.6.1.5.5.7.3.2';
/** The UPN bit of a domain controller's CertificateMappingMethods (Schannel). */
const UPN_MAPPING = 0x4;

export const TEMPLATE_ENROLL_KINDS = ['Enroll', 'GenericAll', 'AllExtendedRights'];
export const TEMPLATE_CONTROL_KINDS = ['Owns', 'GenericAll', 'WriteDacl', 'WriteOwner'];
export const ATTACKER_KINDS = ['GenericAll', 'GenericWrite', 'Owns', 'WriteOwner', 'WriteDacl'];

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const strings = (v: unknown): string[] | null => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null);

/** `requiresmanagerapproval` is false and the template needs no authorized signature (schema 1, or none asked). */
export function issuesWithoutApproval(t: GraphNode): boolean {
  const schema = num(t.props.schemaversion);
  const signatures = num(t.props.authorizedsignatures);
  if (t.props.requiresmanagerapproval !== false || schema === null || signatures === null) return false;
  return schema <= 1 || signatures === 0;
}

/** The template's certificates authenticate over Schannel (its own flag, or its EKUs when that is missing). */
export function schannelAuthentication(t: GraphNode): boolean {
  if (t.props.schannelauthenticationenabled !== undefined) return t.props.schannelauthenticationenabled === true;
  const ekus = strings(t.props.effectiveekus);
  if (!ekus) return false;
  return ekus.length === 0 || ekus.includes(EKU_CLIENT_AUTH) || ekus.includes(EKU_ANY_PURPOSE);
}

/** A user may enroll as a victim: the template does not require a DNS name in the subject alternative name. */
export function validForUserVictim(t: GraphNode): boolean {
  return t.props.subjectaltrequiredns === false && t.props.subjectaltrequiredomaindns === false;
}

export interface ServingCA {
  ca: GraphNode;
  domains: string[];
}

export class AdcsModel {
  /** Enterprise CAs that serve at least one domain, with those domains. */
  readonly serving: ServingCA[] = [];
  private readonly rootDomains = new Map<string, Set<string>>();
  private readonly ntAuthDomains = new Map<string, Set<string>>();
  private readonly forestCache = new Map<string, string[]>();
  private readonly withoutGroups = new Map<ReadonlySet<string>, ReadonlySet<string>>();

  constructor(readonly index: GraphIndex) {
    for (const ca of index.nodes('EnterpriseCA')) {
      const root = this.rootChainDomains(ca.objectid);
      const ntAuth = this.ntAuthDomainsOf(ca.objectid);
      const hosted = index.sources(ca.objectid, 'HostsCAService').some((h) => index.byId.get(h)?.props.enabled === true);
      const domains = [...root].filter((d) => ntAuth.has(d));
      if (hosted && domains.length > 0) this.serving.push({ ca, domains });
    }
  }

  /** Domains whose root CA the CA's chain reaches. */
  rootChainDomains(ca: string): Set<string> {
    let out = this.rootDomains.get(ca);
    if (out) return out;
    out = new Set();
    const seen = new Set([ca]);
    const queue = [ca];
    while (queue.length > 0) {
      const at = queue.pop()!;
      for (const kind of ['IssuedSignedBy', 'EnterpriseCAFor']) {
        for (const next of this.index.targets(at, kind)) {
          if (seen.has(next)) continue;
          seen.add(next);
          queue.push(next);
          if (this.index.hasKind(next, 'RootCA')) for (const d of this.index.targets(next, 'RootCAFor')) out.add(d);
        }
      }
    }
    this.rootDomains.set(ca, out);
    return out;
  }

  /** Domains whose NTAuth store trusts the CA. */
  ntAuthDomainsOf(ca: string): Set<string> {
    let out = this.ntAuthDomains.get(ca);
    if (!out) {
      out = new Set();
      for (const store of this.index.targets(ca, 'TrustedForNTAuth')) {
        for (const d of this.index.targets(store, 'NTAuthStoreFor')) out.add(d);
      }
      this.ntAuthDomains.set(ca, out);
    }
    return out;
  }

  published(ca: string): GraphNode[] {
    return this.index
      .sources(ca, 'PublishedTo')
      .map((id) => this.index.byId.get(id))
      .filter((n): n is GraphNode => n?.kinds.includes('CertTemplate') === true);
  }

  caEnrollers(ca: string): readonly string[] {
    return this.index.sources(ca, 'Enroll');
  }

  templateEnrollers(template: string): string[] {
    return this.index.sourcesOfAny(template, TEMPLATE_ENROLL_KINDS);
  }

  templateControllers(template: string): string[] {
    return this.index.sourcesOfAny(template, TEMPLATE_CONTROL_KINDS);
  }

  /** Everyone or Authenticated Users is among the principals, or a member of one of them. */
  hasSpecial(principals: readonly string[]): boolean {
    return principals.some(
      (id) =>
        isEveryoneOrAuthenticatedUsers(id) ||
        this.index.sources(id, 'MemberOf').some((member) => isEveryoneOrAuthenticatedUsers(member)),
    );
  }

  /**
   * Who can be made to enroll (the victims of ESC9, ESC10 and relaying to certificate services): the users
   * and computers, groups expanded, that may enroll on both the template and the CA; when Everyone or
   * Authenticated Users may enroll on one of the two, every enroller of the other.
   */
  victims(templateEnrollers: readonly string[], caEnrollers: readonly string[]): Set<string> {
    const expand = (ids: readonly string[]) => {
      const members = this.index.expandMembers(ids);
      let out = this.withoutGroups.get(members);
      if (!out) {
        out = new Set([...members].filter((id) => !this.index.hasKind(id, 'Group')));
        this.withoutGroups.set(members, out);
      }
      return out;
    };
    const onTemplate = expand(templateEnrollers);
    const onCA = expand(caEnrollers);
    const specialTemplate = this.hasSpecial(templateEnrollers);
    const specialCA = this.hasSpecial(caEnrollers);
    if (!specialTemplate && !specialCA) return new Set([...onTemplate].filter((id) => onCA.has(id)));
    const out = new Set<string>();
    if (specialTemplate) for (const id of onCA) out.add(id);
    if (specialCA) for (const id of onTemplate) out.add(id);
    return out;
  }

  /** Leaves out the users (not managed service accounts) when the template requires a DNS name. */
  filterUsers(ids: Iterable<string>, template: GraphNode): string[] {
    const all = [...ids];
    if (validForUserVictim(template)) return all;
    return all.filter((id) => {
      const node = this.index.byId.get(id);
      if (!node?.kinds.includes('User')) return true;
      return node.props.gmsa === true || node.props.msa === true;
    });
  }

  /** Principals (users, groups, computers) with write or owner rights on one of the victims. */
  attackers(victims: Iterable<string>, computersOnly: boolean): Set<string> {
    const out = new Set<string>();
    for (const victim of victims) {
      const node = this.index.byId.get(victim);
      if (!node) continue;
      if (!node.kinds.includes('Computer') && (computersOnly || !node.kinds.includes('User'))) continue;
      for (const attacker of this.index.sourcesOfAny(victim, ATTACKER_KINDS)) {
        const a = this.index.byId.get(attacker);
        if (a && ['Group', 'User', 'Computer'].some((k) => a.kinds.includes(k))) out.add(attacker);
      }
    }
    return out;
  }

  /** The domains of the forest of `domain` (itself and those reached over SameForestTrust either way). */
  forest(domain: string): string[] {
    let out = this.forestCache.get(domain);
    if (out) return out;
    const seen = new Set([domain]);
    const queue = [domain];
    while (queue.length > 0) {
      const at = queue.pop()!;
      for (const next of [...this.index.targets(at, 'SameForestTrust'), ...this.index.sources(at, 'SameForestTrust')]) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    out = [...seen];
    this.forestCache.set(domain, out);
    return out;
  }

  private forestDCs(domain: string): GraphNode[] {
    return this.forest(domain).flatMap((d) =>
      this.index
        .sources(d, 'DCFor')
        .map((id) => this.index.byId.get(id))
        .filter((n): n is GraphNode => n?.kinds.includes('Computer') === true),
    );
  }

  /** A domain controller of the forest maps certificates to accounts by UPN (Schannel). */
  upnMappingInForest(domain: string): boolean {
    return this.forestDCs(domain).some((dc) => {
      const raw = num(dc.props.certificatemappingmethodsraw);
      return raw !== null && raw !== -1 && (raw & UPN_MAPPING) === UPN_MAPPING;
    });
  }

  /** A domain controller of the forest does not enforce strong certificate binding (Kerberos). */
  weakBindingInForest(domain: string): boolean {
    return this.forestDCs(domain).some((dc) => {
      const raw = num(dc.props.strongcertificatebindingenforcementraw);
      return raw === 0 || raw === 1 || raw === -1;
    });
  }
}
