import type { CypherEdge, CypherNode } from '@/api/schemas/cypher';
import { SidePanel } from '@/components/SidePanel';
import { nameOf } from '@/features/explore/answer-rows';
import { EdgeComposition } from '@/features/explore/components/EdgeComposition';

/**
 * A relationship of the answer in a panel at the side: its kind and ends and, for a kind upstream composes
 * of others (an ADCS finding, an NTLM relay), how it is made, read when the panel opens: the nodes and
 * relationships that make it, drawn and listed.
 */
export function RelationshipPanel({
  edge,
  nodes,
  onClose,
}: {
  edge: CypherEdge | undefined;
  /** The answer's nodes, which name the relationship's ends. */
  nodes: Record<string, CypherNode> | undefined;
  onClose: () => void;
}) {
  return (
    <SidePanel
      open={edge !== undefined}
      onClose={onClose}
      title={edge && (edge.kind || edge.label)}
      subtitle={edge && `from ${nameOf(nodes?.[edge.source], edge.source)} to ${nameOf(nodes?.[edge.target], edge.target)}`}
      closeLabel="Close relationship"
      wide
    >
      {edge && <EdgeComposition edge={{ ...edge, kind: edge.kind || edge.label }} heading="How this edge is made" />}
    </SidePanel>
  );
}
