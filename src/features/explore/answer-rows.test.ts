import { describe, expect, it } from 'vitest';
import type { CypherAnswer } from '@/api/schemas/cypher';
import { answerRows, answerSummary, literalText } from './answer-rows';

const node = (label: string, kind: string, objectId: string, marks: { t0?: boolean; owned?: boolean } = {}) => ({
  label,
  kind,
  kinds: ['Base', kind],
  objectId,
  isTierZero: marks.t0 ?? false,
  isOwnedObject: marks.owned ?? false,
  lastSeen: '2026-11-20T10:00:00Z',
});

const answer: CypherAnswer = {
  nodes: {
    '1': node('ANN@CORP.LOCAL', 'User', 'S-1-5-21-1-2-3-1104', { owned: true }),
    '2': node('DOMAIN ADMINS@CORP.LOCAL', 'Group', 'S-1-5-21-1-2-3-512', { t0: true }),
    '3': node('DC01.CORP.LOCAL', 'Computer', 'S-1-5-21-1-2-3-1000'),
  },
  edges: [
    { source: '1', target: '2', label: 'MemberOf', kind: 'MemberOf', lastSeen: '2026-11-20T10:00:00Z' },
    { source: '2', target: '9', label: 'AdminTo', kind: 'AdminTo', lastSeen: '2026-11-20T10:00:00Z' },
  ],
  literals: [
    { key: 'count(n)', value: 3 },
    { key: 'name', value: 'ANN' },
    { key: 'nothing', value: null },
  ],
};

describe('answerRows', () => {
  const rows = answerRows(answer);

  it('gives each node its kinds, marks and its place in Explore', () => {
    expect(rows.nodes[0]).toEqual({
      id: '1',
      kind: 'User',
      kinds: ['User', 'Base'],
      name: 'ANN@CORP.LOCAL',
      objectId: 'S-1-5-21-1-2-3-1104',
      tierZero: false,
      owned: true,
      href: '/explore?search=S-1-5-21-1-2-3-1104&selected=S-1-5-21-1-2-3-1104',
    });
    expect(rows.nodes[1]).toMatchObject({
      tierZero: true,
      owned: false,
      href: '/explore?search=S-1-5-21-1-2-3-512&selected=S-1-5-21-1-2-3-512',
    });
    expect(rows.nodes[2]!.href).toBe('/explore?search=S-1-5-21-1-2-3-1000&selected=S-1-5-21-1-2-3-1000');
  });

  it('names both ends of a relationship, and a node missing from the answer by its key', () => {
    expect(rows.edges).toEqual([
      { key: 0, kind: 'MemberOf', fromId: '1', from: 'ANN@CORP.LOCAL', toId: '2', to: 'DOMAIN ADMINS@CORP.LOCAL' },
      { key: 1, kind: 'AdminTo', fromId: '2', from: 'DOMAIN ADMINS@CORP.LOCAL', toId: '9', to: 'Node 9' },
    ]);
  });

  it('writes literals as text', () => {
    expect(rows.literals.map((l) => [l.column, l.value])).toEqual([
      ['count(n)', '3'],
      ['name', 'ANN'],
      ['nothing', 'null'],
    ]);
    expect(literalText({ a: [1, 'b'] })).toBe('{"a":[1,"b"]}');
  });

  it('has no rows for no answer', () => {
    expect(answerRows(null)).toEqual({ nodes: [], edges: [], literals: [] });
  });
});

describe('answerSummary', () => {
  it('counts nodes and relationships, and values when there are some', () => {
    expect(answerSummary(answerRows(answer))).toBe('3 nodes, 2 relationships, 3 values');
    expect(answerSummary(answerRows({ ...answer, edges: [], literals: [] }))).toBe('3 nodes, 0 relationships');
    expect(answerSummary(answerRows(null))).toBe('No results');
  });
});
