import type { UnifiedGraph } from '@/api/schemas/cypher';

const quote = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/**
 * A Cypher query answering exactly the relationships of `graph` (a composition, a path), each matched by its
 * two ends' object ids and its kind; null for a graph without relationships or whose ends have no object id.
 */
export function graphCypher(graph: Pick<UnifiedGraph, 'nodes' | 'edges'>): string | null {
  const terms = new Set<string>();
  for (const edge of graph.edges) {
    const from = graph.nodes[edge.source]?.objectId;
    const to = graph.nodes[edge.target]?.objectId;
    if (!from || !to) return null;
    terms.add(`(a.objectid = ${quote(from)} AND type(r) = ${quote(edge.kind || edge.label)} AND b.objectid = ${quote(to)})`);
  }
  if (terms.size === 0) return null;
  return `MATCH p = (a)-[r]->(b)\nWHERE ${[...terms].join('\n   OR ')}\nRETURN p`;
}
