/**
 * Cypher over the graph — reference RunCypherQuery (`model.unified-graph.graph.w.property.keys`)
 * and GetKinds; upstream's answer shape as its server sends it.
 */
import { z } from 'zod';
import { dataEnvelope } from './wire-format';

/** The longest query text the console and the mock accept (UTF-16 code units), as a saved query's. */
export { SAVED_QUERY_TEXT_MAX_LENGTH as CYPHER_QUERY_MAX_LENGTH } from './saved-queries';

/** POST /api/v2/graphs/cypher body. */
export interface CypherQueryBody {
  query: string;
  include_properties?: boolean;
}

/** One node of an answer, keyed by its graph id in `nodes`. */
export const cypherNode = z.object({
  label: z.string(),
  kind: z.string(),
  kinds: z.array(z.string()),
  objectId: z.string(),
  isTierZero: z.boolean(),
  isOwnedObject: z.boolean(),
  lastSeen: z.string(),
  properties: z.record(z.string(), z.unknown()).optional(),
});
export type CypherNode = z.infer<typeof cypherNode>;

/** One relationship of an answer; `source` and `target` are keys of `nodes`. */
export const cypherEdge = z.object({
  source: z.string(),
  target: z.string(),
  label: z.string(),
  kind: z.string(),
  lastSeen: z.string(),
  properties: z.record(z.string(), z.unknown()).optional(),
});
export type CypherEdge = z.infer<typeof cypherEdge>;

/** A returned value that is neither a node, a relationship nor a path: its column and value. */
export const cypherLiteral = z.object({ key: z.string(), value: z.unknown() });
export type CypherLiteral = z.infer<typeof cypherLiteral>;

/** The answer's `data`: `node_keys`/`edge_keys` list the property names present when properties were asked for. */
export const cypherAnswer = z.object({
  nodes: z.record(z.string(), cypherNode),
  edges: z.array(cypherEdge),
  literals: z.array(cypherLiteral).optional().default([]),
  node_keys: z.array(z.string()).optional(),
  edge_keys: z.array(z.string()).optional(),
});
export type CypherAnswer = z.output<typeof cypherAnswer>;

export const cypherAnswerResponse = dataEnvelope(cypherAnswer);

/** GET /api/v2/graphs/kinds: `{ data: { kinds: string[] } }`. */
export const graphKindsResponse = dataEnvelope(z.object({ kinds: z.array(z.string()) }));
export type GraphKindsResponse = z.output<typeof graphKindsResponse>;
