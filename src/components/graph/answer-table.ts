/**
 * The answer as a table, the drawing's text alternative: one row per node, the fixed columns (name, kind, object
 * id, Tier Zero, Owned) and any of the nodes' properties, and the CSV of what the table shows. Pure.
 */
import type { CypherNode } from '@/api/schemas/cypher';
import { compareText } from '@/shared/compare-text';

export interface AnswerRow {
  id: string;
  name: string;
  kind: string;
  objectId: string;
  tierZero: boolean;
  owned: boolean;
  properties: Record<string, unknown>;
}

export const FIXED_COLUMNS = [
  { id: 'name', header: 'Name' },
  { id: 'kind', header: 'Kind' },
  { id: 'objectId', header: 'Object ID' },
  { id: 'tierZero', header: 'Tier Zero' },
  { id: 'owned', header: 'Owned' },
] as const;

/** The answer's nodes as rows, in the answer's order. */
export function answerRows(nodes: Record<string, CypherNode>): AnswerRow[] {
  return Object.entries(nodes).map(([id, node]) => ({
    id,
    name: node.label || node.objectId || id,
    kind: node.kind,
    objectId: node.objectId,
    tierZero: node.isTierZero,
    owned: node.isOwnedObject,
    properties: node.properties ?? {},
  }));
}

/** Every property key any node has, in name order: the columns a person may add. */
export function propertyKeys(rows: readonly AnswerRow[]): string[] {
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row.properties)) keys.add(key);
  return [...keys].sort(compareText);
}

/** A property value as one line of text: empty for none, lists joined with ", ", objects as JSON. */
export function propertyText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) return value.map(String).join(', ');
  return JSON.stringify(value);
}

/** The text of a fixed column's cell, or of property `column`. */
export function cellText(row: AnswerRow, column: string): string {
  switch (column) {
    case 'name':
      return row.name;
    case 'kind':
      return row.kind;
    case 'objectId':
      return row.objectId;
    case 'tierZero':
      return row.tierZero ? 'Yes' : 'No';
    case 'owned':
      return row.owned ? 'Yes' : 'No';
    default:
      return propertyText(row.properties[column]);
  }
}

/** One CSV field: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is made inert. */
export function csvField(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The CSV of `rows` with `columns` (ids and headers), a header line first, CRLF line ends (RFC 4180). */
export function answerCsv(rows: readonly AnswerRow[], columns: readonly { id: string; header: string }[]): string {
  const lines = [columns.map((c) => csvField(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(cellText(row, c.id))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
