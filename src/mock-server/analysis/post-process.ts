/**
 * The edges upstream's analysis derives from a collected directory graph, computed from the graph alone:
 * `postProcess(graph)` returns the derived edges the graph does not already have (one per source, kind and
 * target). Each family of rules is in its own file, which explains its rule. The rules run in upstream's
 * order (replication rights, AdminSDHolder, trusts, local groups, certificate services, owners, NTLM),
 * each seeing the edges the earlier ones derived: NTLM relay to SMB uses the AdminTo edges from local
 * groups, the escalations use the certificate chain edges.
 *
 * Upstream kinds not derived here, and why:
 * - ADCSESC5 and ADCSESC7: named among upstream's post-processed kinds, but its analysis derives neither.
 * - ADCSESC16, CanReanimateTombstone, CanUseBadSuccessor: later additions upstream, not reproduced yet.
 * - OwnsLimitedRights and WriteOwnerLimitedRights: ingest makes them, as it alone sees the OWNER RIGHTS
 *   ACEs that limit the owner (the graph keeps only the resulting edges); here OwnsRaw and WriteOwnerRaw
 *   become Owns and WriteOwner.
 * - CanRDP through Citrix's Direct Access Users group: upstream applies it only when Citrix support is
 *   turned on, which it is not by default.
 * - Entra ID and Azure edges: another graph, with its own analysis.
 * CoerceToTGT is made by ingest already; it is derived here too, for graphs that do not have it.
 */
import type { DirectoryGraph, GraphEdge } from '../seed/graph';
import { ADCS_ESC3_EDGE_KINDS, postEnrollOnBehalfOf, postEsc3 } from './adcs-esc3';
import { ADCS_ESCALATION_EDGE_KINDS, postAdcsEscalations } from './adcs-escalations';
import { AdcsModel } from './adcs-model';
import { ADCS_STRUCTURE_EDGE_KINDS, postAdcsStructure } from './adcs-structure';
import { DCSYNC_EDGE_KINDS, postDCSync } from './dcsync';
import { EdgeSink, GraphIndex } from './graph-index';
import { LOCAL_GROUP_DERIVED_EDGE_KINDS, postLocalGroups } from './local-groups';
import { NTLM_EDGE_KINDS, postNtlm } from './ntlm';
import { OWNS_EDGE_KINDS, postOwns } from './owns';
import { PROTECT_ADMIN_GROUPS_EDGE_KINDS, postProtectAdminGroups } from './protect-admin-groups';
import { TRUST_EDGE_KINDS, postTrusts } from './trusts';

/** The edge kinds `postProcess` derives. */
export const POST_PROCESSED_EDGE_KINDS = [
  ...DCSYNC_EDGE_KINDS,
  ...PROTECT_ADMIN_GROUPS_EDGE_KINDS,
  ...TRUST_EDGE_KINDS,
  ...LOCAL_GROUP_DERIVED_EDGE_KINDS,
  ...ADCS_STRUCTURE_EDGE_KINDS,
  ...ADCS_ESC3_EDGE_KINDS,
  ...ADCS_ESCALATION_EDGE_KINDS,
  ...OWNS_EDGE_KINDS,
  ...NTLM_EDGE_KINDS,
] as const;

export function postProcess(graph: DirectoryGraph): GraphEdge[] {
  const index = new GraphIndex(graph);
  const sink = new EdgeSink(index);
  postDCSync(index, sink);
  postProtectAdminGroups(index, sink);
  postTrusts(index, sink);
  postLocalGroups(index, sink);
  postAdcsStructure(index, sink);
  const adcs = new AdcsModel(index);
  postEnrollOnBehalfOf(index, sink, adcs);
  postEsc3(index, sink, adcs);
  postAdcsEscalations(index, sink, adcs);
  postOwns(index, sink);
  postNtlm(index, sink, adcs);
  return sink.edges;
}
