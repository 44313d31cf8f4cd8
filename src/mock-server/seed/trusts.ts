/**
 * Domain trusts as upstream ingests them: a bidirectional trust between the
 * two collected domains of the forest (TreeRoot, transitive, no SID
 * filtering) and a bidirectional forest trust with a partner forest whose
 * domain was not collected (a Domain node with `collected: false`, as
 * upstream makes from trust data). Each direction is a TrustedBy edge from the
 * trusting to the trusted domain (the SharpHound ingest's kind) and the same
 * trust as SameForestTrust or CrossForestTrust (the current kinds), with the
 * trust's properties. CORP's trust of the partner has SID filtering disabled,
 * so the partner may spoof SID history into CORP (SpoofSIDHistory).
 */
import { type GraphNode } from './graph';
import { dn } from './naming';
import type { SeedContext } from './context';

/** The partner forest's root domain (trusted, never collected). */
export const PARTNER_DOMAIN = { name: 'GLOBEX.LOCAL', sid: 'S-1-5-21-2930113508-3716547262-1162045237' } as const;

/** Trust attribute flags (MS-ADTS trustAttributes). */
const WITHIN_FOREST = 0x20;
const FOREST_TRANSITIVE = 0x8;
const TREAT_AS_EXTERNAL = 0x40;

interface TrustSpec {
  trusttype: 'TreeRoot' | 'Forest';
  trustattributes: number;
  sidfilteringenabled: boolean;
}

export function addTrusts(ctx: SeedContext): void {
  const [corp, lab] = ctx.domains;
  if (!corp || !lab) return;
  const partner: GraphNode = {
    objectid: PARTNER_DOMAIN.sid,
    name: PARTNER_DOMAIN.name,
    kinds: ['Base', 'Domain'],
    primaryKind: 'Domain',
    domainSid: PARTNER_DOMAIN.sid,
    props: {
      name: PARTNER_DOMAIN.name,
      objectid: PARTNER_DOMAIN.sid,
      domain: PARTNER_DOMAIN.name,
      domainsid: PARTNER_DOMAIN.sid,
      distinguishedname: dn(PARTNER_DOMAIN.name),
      collected: false,
    },
  };
  ctx.nodes.push(partner);

  const trust = (trusting: GraphNode, trusted: GraphNode, spec: TrustSpec) => {
    const props = {
      isacl: false,
      trusttype: spec.trusttype,
      transitive: true,
      trustattributes: spec.trustattributes,
      sidfiltering: spec.sidfilteringenabled,
      sidfilteringenabled: spec.sidfilteringenabled,
      tgtdelegationenabled: false,
    };
    ctx.addEdge(trusting, trusted, 'TrustedBy', props);
    ctx.addEdge(trusting, trusted, spec.trusttype === 'Forest' ? 'CrossForestTrust' : 'SameForestTrust', props);
    if (spec.trusttype === 'Forest' && !spec.sidfilteringenabled) ctx.addEdge(trusted, trusting, 'SpoofSIDHistory');
  };
  const sameForest: TrustSpec = { trusttype: 'TreeRoot', trustattributes: WITHIN_FOREST, sidfilteringenabled: false };
  trust(corp, lab, sameForest);
  trust(lab, corp, sameForest);
  trust(corp, partner, {
    trusttype: 'Forest',
    trustattributes: FOREST_TRANSITIVE | TREAT_AS_EXTERNAL,
    sidfilteringenabled: false,
  });
  trust(partner, corp, { trusttype: 'Forest', trustattributes: FOREST_TRANSITIVE, sidfilteringenabled: true });
}
