/**
 * Owns and WriteOwner from the raw ownership edges ingest keeps (OwnsRaw, WriteOwnerRaw: the owner, and
 * who may change the owner, when no ACE for OWNER RIGHTS limits what the owner gets implicitly; the limited
 * cases are OwnsLimitedRights and WriteOwnerLimitedRights already).
 *
 * The owner of an object may read and rewrite its security descriptor, unless the domain blocks the owner's
 * implicit rights (character 29 of `dsheuristics` is `1`). In such a domain a computer, or a user that is a
 * (group) managed service account (`gmsa`, `msa`), does not give those rights to the owner that created
 * it: Owns is kept only when the owner is Domain Admins or Enterprise Admins, or a (nested) member of one,
 * and WriteOwner is dropped. Every other object keeps Owns and WriteOwner.
 */
import type { GraphNode } from '../seed/graph';
import type { EdgeSink, GraphIndex } from './graph-index';

export const OWNS_EDGE_KINDS = ['Owns', 'WriteOwner'] as const;

const ADMIN_SUFFIXES = ['-512', '-519'];

export function postOwns(index: GraphIndex, sink: EdgeSink): void {
  const blocking = new Set<string>();
  for (const domain of index.nodes('Domain')) {
    const heuristics = domain.props.dsheuristics;
    if (typeof heuristics === 'string' && heuristics.length >= 29 && heuristics[28] === '1') {
      blocking.add(index.domainSidOf(domain));
    }
  }
  let admins: ReadonlySet<string> | null = null;
  const computerLike = (node: GraphNode | undefined) =>
    node !== undefined && (node.kinds.includes('Computer') || node.props.gmsa === true || node.props.msa === true);
  const props = (raw: Record<string, unknown> | undefined) => ({ isacl: true, isinherited: raw?.isinherited === true });

  for (const [raw, kind] of [
    ['OwnsRaw', 'Owns'],
    ['WriteOwnerRaw', 'WriteOwner'],
  ] as const) {
    for (const edge of index.edges(raw)) {
      const target = index.byId.get(edge.target);
      const limited = target !== undefined && blocking.has(index.domainSidOf(target)) && computerLike(target);
      if (limited) {
        if (kind === 'WriteOwner') continue;
        if (!admins) {
          const groups = [...index.nodes('Group')].filter((g) => ADMIN_SUFFIXES.some((s) => g.objectid.endsWith(s)));
          admins = index.expandMembers(groups.map((g) => g.objectid));
        }
        if (!admins.has(edge.source)) continue;
      }
      sink.add(edge.source, kind, edge.target, props(edge.props));
    }
  }
}
