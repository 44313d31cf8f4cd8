import { describe, expect, it } from 'vitest';
import type { CypherNode } from '@/api/schemas/cypher';
import { answerCsv, answerRows, cellText, csvField, FIXED_COLUMNS, propertyKeys } from './answer-table';

const nodes: Record<string, CypherNode> = {
  '1': {
    label: 'ALICE@CORP.LOCAL',
    kind: 'User',
    kinds: ['Base', 'User'],
    objectId: 'S-1',
    isTierZero: false,
    isOwnedObject: true,
    lastSeen: '',
    properties: { enabled: true, description: 'Says "hi", often', spns: ['a', 'b'] },
  },
  '2': {
    label: '',
    kind: 'Group',
    kinds: [],
    objectId: 'S-2',
    isTierZero: true,
    isOwnedObject: false,
    lastSeen: '',
    properties: { admincount: 1 },
  },
};

describe('the answer as a table', () => {
  it('has a row per node, named by its label or else its object id', () => {
    const rows = answerRows(nodes);
    expect(rows.map((r) => [r.id, r.name, r.kind, r.tierZero, r.owned])).toEqual([
      ['1', 'ALICE@CORP.LOCAL', 'User', false, true],
      ['2', 'S-2', 'Group', true, false],
    ]);
    expect(propertyKeys(rows)).toEqual(['admincount', 'description', 'enabled', 'spns']);
    expect(cellText(rows[0]!, 'spns')).toBe('a, b');
    expect(cellText(rows[1]!, 'spns')).toBe('');
    expect(cellText(rows[1]!, 'tierZero')).toBe('Yes');
  });

  it('gives a CSV of the columns shown, quoting what needs it and making formulas inert', () => {
    const rows = answerRows(nodes);
    const csv = answerCsv(rows, [...FIXED_COLUMNS, { id: 'description', header: 'Description' }]);
    expect(csv).toBe(
      'Name,Kind,Object ID,Tier Zero,Owned,Description\r\n' +
        'ALICE@CORP.LOCAL,User,S-1,No,Yes,"Says ""hi"", often"\r\n' +
        'S-2,Group,S-2,Yes,No,\r\n',
    );
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });
});
