/**
 * A query's result in upstream's answer shape: every node, relationship and
 * path returned (also inside lists, as collect(n) gives) goes into `nodes`
 * (keyed by graph id) and `edges` (whose endpoints are always among the
 * nodes); every other value is a literal `{key: column, value}`.
 */
import type { CypherNode, CypherRel } from './graph';
import { valueToString } from './functions';
import type { QueryResult } from './evaluate';
import { CypherPath, Duration, Temporal, isNode, isRel, type Value } from './values';

export interface CypherAnswerNode {
  label: string;
  kind: string;
  kinds: string[];
  objectId: string;
  isTierZero: boolean;
  isOwnedObject: boolean;
  lastSeen: string;
  properties?: Record<string, unknown>;
}

export interface CypherAnswerEdge {
  source: string;
  target: string;
  label: string;
  kind: string;
  lastSeen: string;
  properties?: Record<string, unknown>;
}

export interface CypherAnswer {
  nodes: Record<string, CypherAnswerNode>;
  edges: CypherAnswerEdge[];
  literals: { key: string; value: unknown }[];
  node_keys?: string[];
  edge_keys?: string[];
}

/** The time upstream gives an object it has no last-seen time for. */
const NEVER = '0001-01-01T00:00:00Z';

/** A value as JSON: integers as numbers, maps as objects, temporal values as ISO 8601 text. */
export function toJson(v: Value): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (Array.isArray(v)) return v.map(toJson);
  if (v instanceof Map) return Object.fromEntries([...v].map(([k, x]) => [k, toJson(x)]));
  if (v instanceof Temporal || v instanceof Duration) return valueToString(v);
  return v;
}

const containsGraph = (v: Value): boolean =>
  isNode(v) || isRel(v) || v instanceof CypherPath || (Array.isArray(v) && v.some(containsGraph));

export function toAnswer(result: QueryResult, includeProperties: boolean): CypherAnswer {
  const nodes: Record<string, CypherAnswerNode> = {};
  const edges = new Map<number, CypherAnswerEdge>();
  const literals: CypherAnswer['literals'] = [];
  const nodeKeys = new Set<string>();

  const addNode = (node: CypherNode) => {
    const key = String(node.id);
    if (nodes[key]) return;
    const { source } = node;
    const entry: CypherAnswerNode = {
      label: typeof source.props.name === 'string' ? source.props.name : source.objectid,
      kind: source.primaryKind,
      kinds: [...node.labels],
      objectId: source.objectid,
      isTierZero: node.labels.includes('Tag_Tier_Zero'),
      isOwnedObject: node.labels.includes('Tag_Owned'),
      lastSeen: typeof source.props.lastseen === 'string' ? source.props.lastseen : NEVER,
    };
    if (includeProperties) {
      entry.properties = { ...source.props };
      for (const k of Object.keys(source.props)) nodeKeys.add(k);
    }
    nodes[key] = entry;
  };
  const addRel = (rel: CypherRel) => {
    addNode(rel.start);
    addNode(rel.end);
    if (edges.has(rel.id)) return;
    edges.set(rel.id, {
      source: String(rel.start.id),
      target: String(rel.end.id),
      label: rel.type,
      kind: rel.type,
      lastSeen: NEVER,
      ...(includeProperties ? { properties: {} } : {}),
    });
  };
  const add = (v: Value) => {
    if (isNode(v)) addNode(v);
    else if (isRel(v)) addRel(v);
    else if (v instanceof CypherPath) {
      v.nodes.forEach(addNode);
      v.rels.forEach(addRel);
    } else if (Array.isArray(v)) v.forEach(add);
  };

  for (const row of result.rows) {
    row.forEach((value, i) => {
      if (containsGraph(value)) add(value);
      else literals.push({ key: result.columns[i]!, value: toJson(value) });
    });
  }
  const answer: CypherAnswer = { nodes, edges: [...edges.values()], literals };
  if (includeProperties) {
    answer.node_keys = [...nodeKeys].sort();
    answer.edge_keys = [];
  }
  return answer;
}

/** Whether an answer holds nothing at all (upstream answers such a read 404). */
export const isEmptyAnswer = (a: CypherAnswer) =>
  Object.keys(a.nodes).length === 0 && a.edges.length === 0 && a.literals.length === 0;
