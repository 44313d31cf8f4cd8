/**
 * The certificate services' structure, derived from the certificates each object carries:
 *
 * - TrustedForNTAuth: an enterprise CA whose certificate thumbprint (`certthumbprint`) is among the
 *   thumbprints of an NTAuth store (`certthumbprints`) is trusted by it for logon.
 * - IssuedSignedBy: an enterprise, root or AIA CA whose chain (`certchain`) names a parent certificate is
 *   signed by each enterprise, root or AIA CA that holds that certificate.
 * - EnterpriseCAFor: an enterprise CA is the same CA as the root and AIA CA objects with its certificate.
 * - ExtendedByPolicy: a certificate template whose policies (`certificatepolicy`) name the OID of an
 *   issuance policy of the same domain (`certtemplateoid`) is extended by that policy.
 */
import type { GraphNode } from '../seed/graph';
import type { EdgeSink, GraphIndex } from './graph-index';

export const ADCS_STRUCTURE_EDGE_KINDS = ['TrustedForNTAuth', 'IssuedSignedBy', 'EnterpriseCAFor', 'ExtendedByPolicy'] as const;

const CA_KINDS = ['EnterpriseCA', 'RootCA', 'AIACA'];

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : [];

export function postAdcsStructure(index: GraphIndex, sink: EdgeSink): void {
  const byThumbprint = new Map<string, GraphNode[]>();
  for (const kind of CA_KINDS) {
    for (const node of index.nodes(kind)) {
      const thumb = node.props.certthumbprint;
      if (typeof thumb !== 'string' || !thumb) continue;
      const list = byThumbprint.get(thumb);
      if (list) list.push(node);
      else byThumbprint.set(thumb, [node]);
    }
  }
  const holders = (thumb: string, kinds: string[]) =>
    (byThumbprint.get(thumb) ?? []).filter((n) => kinds.some((k) => n.kinds.includes(k)));

  for (const store of index.nodes('NTAuthStore')) {
    for (const thumb of strings(store.props.certthumbprints)) {
      for (const ca of holders(thumb, ['EnterpriseCA'])) sink.add(ca.objectid, 'TrustedForNTAuth', store.objectid);
    }
  }
  const seen = new Set<string>();
  for (const kind of CA_KINDS) {
    for (const node of index.nodes(kind)) {
      if (seen.has(node.objectid)) continue;
      seen.add(node.objectid);
      const chain = strings(node.props.certchain);
      if (chain.length < 2) continue;
      for (const parent of holders(chain[1]!, CA_KINDS)) sink.add(node.objectid, 'IssuedSignedBy', parent.objectid);
    }
  }
  for (const ca of index.nodes('EnterpriseCA')) {
    const thumb = ca.props.certthumbprint;
    if (typeof thumb !== 'string' || !thumb) continue;
    for (const other of holders(thumb, ['RootCA', 'AIACA'])) sink.add(ca.objectid, 'EnterpriseCAFor', other.objectid);
  }

  const policies = new Map<string, GraphNode[]>();
  for (const policy of index.nodes('IssuancePolicy')) {
    const oid = policy.props.certtemplateoid;
    if (typeof oid !== 'string' || !oid) continue;
    const list = policies.get(oid);
    if (list) list.push(policy);
    else policies.set(oid, [policy]);
  }
  if (policies.size === 0) return;
  for (const template of index.nodes('CertTemplate')) {
    const domain = index.domainSidOf(template);
    if (!domain) continue;
    for (const oid of strings(template.props.certificatepolicy)) {
      for (const policy of policies.get(oid) ?? []) {
        if (index.domainSidOf(policy) === domain) sink.add(template.objectid, 'ExtendedByPolicy', policy.objectid);
      }
    }
  }
}
