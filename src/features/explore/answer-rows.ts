/**
 * An answer of POST /graphs/cypher as the page's tables show it: one row per node, relationship and literal,
 * and the counts the page announces.
 */
import type { CypherAnswer, CypherNode } from '@/api/schemas/cypher';
import { entityPath } from '@/lib/entity-path';
import { plural } from '@/shared/words';

export interface NodeRow {
  /** The node's key in the answer (its graph id). */
  id: string;
  kind: string;
  /** Every kind of the node, the primary one first. */
  kinds: string[];
  name: string;
  objectId: string;
  tierZero: boolean;
  owned: boolean;
  /** The node's page in the console, for the kinds that have one. */
  href: string | null;
}

export interface EdgeRow {
  /** Position in the answer: a relationship has no id of its own in it. */
  key: number;
  kind: string;
  fromId: string;
  from: string;
  toId: string;
  to: string;
}

export interface LiteralRow {
  key: number;
  column: string;
  value: string;
}

export interface AnswerRows {
  nodes: NodeRow[];
  edges: EdgeRow[];
  literals: LiteralRow[];
}

/** A node's name as the tables show it: its label, else its object id, else its key. */
export function nameOf(node: CypherNode | undefined, id: string): string {
  return node?.label || node?.objectId || `Node ${id}`;
}

/** A returned value as text: strings as they are, the rest as JSON (null reads "null"). */
export function literalText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return 'null';
  return JSON.stringify(value);
}

/** The rows of an answer (an empty answer, the 404 of a query that found nothing, has none). */
export function answerRows(answer: CypherAnswer | null): AnswerRows {
  if (!answer) return { nodes: [], edges: [], literals: [] };
  const nodes = Object.entries(answer.nodes).map(([id, n]) => ({
    id,
    kind: n.kind,
    kinds: [n.kind, ...n.kinds.filter((k) => k !== n.kind)],
    name: nameOf(n, id),
    objectId: n.objectId,
    tierZero: n.isTierZero,
    owned: n.isOwnedObject,
    href: n.objectId ? entityPath(n.kind, n.objectId) : null,
  }));
  const edges = answer.edges.map((e, key) => ({
    key,
    kind: e.kind || e.label,
    fromId: e.source,
    from: nameOf(answer.nodes[e.source], e.source),
    toId: e.target,
    to: nameOf(answer.nodes[e.target], e.target),
  }));
  const literals = answer.literals.map((l, key) => ({ key, column: l.key, value: literalText(l.value) }));
  return { nodes, edges, literals };
}

/** "12 nodes, 30 relationships", naming literals only when there are some; "No results" for none. */
export function answerSummary(rows: AnswerRows): string {
  const parts = [plural(rows.nodes.length, 'node'), plural(rows.edges.length, 'relationship')];
  if (rows.literals.length > 0) parts.push(plural(rows.literals.length, 'value'));
  return rows.nodes.length + rows.edges.length + rows.literals.length === 0 ? 'No results' : parts.join(', ');
}
