import { describe, expect, it } from 'vitest';
import type { AuditLog } from '@/api/schemas/audit';
import { buildCsv, CSV_COLUMNS, csvCell, csvFileName } from './csv';
import { readDateRange } from './filters';
import { readCsv } from '@/testing/csv-read';

const entry = (over: Partial<AuditLog> = {}): AuditLog => ({
  id: 7,
  created_at: '2026-11-20T14:30:00Z',
  actor_id: 'b0d1e2f3-0000-4000-8000-000000000001',
  actor_name: 'admin',
  actor_email: 'admin@example.com',
  action: 'UpdateUser',
  fields: { first_name: 'Ada', roles: [1, 2] },
  request_id: 'req-1',
  source_ip_address: '127.0.0.1',
  commit_id: 'c0mm1t',
  status: 'success',
  ...over,
});

describe('csvCell', () => {
  it('leaves plain text alone and quotes a quote, comma or line break (quotes doubled)', () => {
    expect(csvCell('admin')).toBe('admin');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(null)).toBe('');
  });

  it('neutralises what a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+1+2')).toBe("'+1+2");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('a=1')).toBe('a=1');
  });
});

describe('buildCsv', () => {
  it('writes a header row and one row per entry, CRLF line ends', () => {
    const text = buildCsv([entry(), entry({ id: 8, status: 'intent' })]);
    expect(text.startsWith(`${CSV_COLUMNS.join(',')}\r\n`)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = readCsv(text);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows[1]).toEqual([
      '7',
      '2026-11-20T14:30:00Z',
      'b0d1e2f3-0000-4000-8000-000000000001',
      'admin',
      'admin@example.com',
      'UpdateUser',
      'success',
      '127.0.0.1',
      'req-1',
      'c0mm1t',
      '{"first_name":"Ada","roles":[1,2]}',
    ]);
    expect(rows[2]![6]).toBe('intent');
  });

  it('writes fields as JSON that reads back, with redacted values as they came, and none as {}', () => {
    const fields = { secret: '********', note: 'a, "quoted"\nline', nested: { list: ['x', null] } };
    const rows = readCsv(buildCsv([entry({ fields }), entry({ id: 9, fields: null })]));
    expect(JSON.parse(rows[1]![10]!)).toEqual(fields);
    expect(rows[2]![10]).toBe('{}');
  });

  it('neutralises a formula in any cell, and the row still reads back', () => {
    const rows = readCsv(buildCsv([entry({ actor_name: '=cmd|" /C calc"!A0', action: '+Evil' })]));
    expect(rows[1]![3]).toBe(`'=cmd|" /C calc"!A0`);
    expect(rows[1]![5]).toBe("'+Evil");
    expect(rows[1]).toHaveLength(CSV_COLUMNS.length);
  });

  it('is a header row alone for no entries', () => {
    expect(buildCsv([])).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
  });
});

describe('csvFileName', () => {
  const today = new Date(2026, 10, 22, 9, 0);
  it('names the date range the view shows', () => {
    expect(csvFileName(readDateRange(new URLSearchParams('after=2026-11-01&before=2026-11-20')), today)).toBe(
      'audit-log_2026-11-01_to_2026-11-20.csv',
    );
    expect(csvFileName(readDateRange(new URLSearchParams('after=2026-11-01T14:30')), today)).toBe(
      'audit-log_2026-11-01T1430_to_2026-11-22.csv',
    );
    expect(csvFileName(readDateRange(new URLSearchParams('before=2026-11-20T10:00:00%2B01:00')), today)).toBe(
      'audit-log_start_to_2026-11-20T100000+0100.csv',
    );
  });
});
