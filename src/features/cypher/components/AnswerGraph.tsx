import type { CypherEdge, CypherNode } from '@/api/schemas/cypher';

export interface AnswerGraphProps {
  nodes: Record<string, CypherNode>;
  edges: CypherEdge[];
  selectedNode?: string;
  onSelectNode?: (id: string) => void;
}

/** The answer's paths as a graph (sigma and graphology): the drawing replaces this summary. */
export default function AnswerGraph({ nodes, edges }: AnswerGraphProps) {
  return (
    <p>
      Graph of {Object.keys(nodes).length} nodes and {edges.length} relationships.
    </p>
  );
}
