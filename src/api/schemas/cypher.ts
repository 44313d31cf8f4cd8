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

/**
 * A graph of nodes and relationships — reference `model.unified-graph.graph` — as upstream sends it: with
 * each item's properties, and an empty `literals`.
 */
export const unifiedGraph = cypherAnswer.pick({ nodes: true, edges: true, literals: true });
export type UnifiedGraph = z.output<typeof unifiedGraph>;

/** GET /api/v2/graphs/edge-composition: `{ data: graph }`, the nodes and relationships a relationship is made of. */
export const edgeCompositionResponse = dataEnvelope(unifiedGraph);

/**
 * The certificate-services findings upstream's post-processing draws (GoldenCert and the ESC kinds it
 * computes), each made of the template, CA and trust relationships its composition names.
 */
export const ADCS_FINDING_KINDS = [
  'GoldenCert',
  'ADCSESC1',
  'ADCSESC3',
  'ADCSESC4',
  'ADCSESC6a',
  'ADCSESC6b',
  'ADCSESC9a',
  'ADCSESC9b',
  'ADCSESC10a',
  'ADCSESC10b',
  'ADCSESC13',
] as const;

/**
 * The relationship kinds upstream's analysis composes of others (its `GetEdgeCompositionPath`): post-processed
 * findings whose composition names the nodes and relationships that make them. Any other kind answers an
 * empty composition.
 */
export const COMPOSED_EDGE_KINDS = [
  ...ADCS_FINDING_KINDS,
  'CoerceAndRelayNTLMToADCS',
  'CoerceAndRelayNTLMToSMB',
  'GPOAppliesTo',
  'CanApplyGPO',
] as const;

/** Whether upstream composes relationships of this kind of others. */
export const isComposedEdgeKind = (kind: string): boolean => (COMPOSED_EDGE_KINDS as readonly string[]).includes(kind);

/** GET /api/v2/graphs/kinds: `{ data: { kinds: string[] } }`. */
export const graphKindsResponse = dataEnvelope(z.object({ kinds: z.array(z.string()) }));
export type GraphKindsResponse = z.output<typeof graphKindsResponse>;
