/**
 * Trust and delegation edges.
 *
 * HasTrustKeys: a collected domain that has a trust edge (SameForestTrust or CrossForestTrust) to another
 * domain shares the trust's keys with that domain's trust account, the user of the other domain whose
 * sAMAccountName is the first domain's NetBIOS name followed by `$`. Whoever controls the first domain can
 * read those keys, so the edge runs from the domain to that account. A domain without a `netbios` property,
 * or an account that was not collected, gives no edge.
 *
 * CoerceToTGT: a user or computer trusted for unconstrained delegation receives the TGT of whoever
 * authenticates to it, so it can coerce a domain controller and take its ticket: the edge runs to its own
 * domain. Domain controllers (a DCFor edge, or `isdc`) are left out, as they are trusted that way by design.
 */
import type { EdgeSink, GraphIndex } from './graph-index';

export const TRUST_EDGE_KINDS = ['HasTrustKeys', 'CoerceToTGT'] as const;

const TRUST_KINDS = ['SameForestTrust', 'CrossForestTrust'];

export function postTrusts(index: GraphIndex, sink: EdgeSink): void {
  postHasTrustKeys(index, sink);
  postCoerceToTGT(index, sink);
}

function postHasTrustKeys(index: GraphIndex, sink: EdgeSink): void {
  let accounts: Map<string, string> | null = null;
  for (const domain of index.graph.domains) {
    const netbios = domain.props.netbios;
    if (typeof netbios !== 'string' || !netbios) continue;
    for (const kind of TRUST_KINDS) {
      for (const other of index.targets(domain.objectid, kind)) {
        const trusting = index.byId.get(other);
        if (!trusting?.kinds.includes('Domain')) continue;
        if (!accounts) {
          accounts = new Map();
          for (const user of index.nodes('User')) {
            const sam = user.props.samaccountname;
            if (typeof sam === 'string') accounts.set(`${index.domainSidOf(user)}|${sam}`, user.objectid);
          }
        }
        const account = accounts.get(`${index.domainSidOf(trusting)}|${netbios}$`);
        if (account) sink.add(domain.objectid, 'HasTrustKeys', account);
      }
    }
  }
}

function postCoerceToTGT(index: GraphIndex, sink: EdgeSink): void {
  for (const kind of ['User', 'Computer']) {
    for (const node of index.nodes(kind)) {
      if (node.props.unconstraineddelegation !== true) continue;
      const domain = index.domainSidOf(node);
      if (!domain || !index.byId.has(domain)) continue;
      if (kind === 'Computer' && (node.props.isdc === true || index.targets(node.objectid, 'DCFor').length > 0)) continue;
      sink.add(node.objectid, 'CoerceToTGT', domain);
    }
  }
}
