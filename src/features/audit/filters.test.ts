import { describe, expect, it } from 'vitest';
import { parseTableState, writeTableState } from '@/components/table';
import {
  AUDIT_TABLE,
  auditApiQuery,
  clearAllFilters,
  dateQuery,
  hasAnyFilter,
  parseDate,
  readDateRange,
  rfc3339,
  viewQueryOf,
  writeDate,
} from './filters';

const params = (s: string) => new URLSearchParams(s);

describe('the table part of the URL', () => {
  it('reads the column filters, sort and page the way the API writes them', () => {
    const state = parseTableState(
      AUDIT_TABLE,
      params('actor_name=eq:admin&action=eq:UpdateUser&status=eq:failure&sort_by=action&page=3&page_size=50'),
    );
    expect(state).toEqual({
      page: 3,
      pageSize: 50,
      sorts: [{ column: 'action', descending: false }],
      filters: {
        actor_name: { predicate: 'eq', value: 'admin' },
        action: { predicate: 'eq', value: 'UpdateUser' },
        status: { predicate: 'eq', value: 'failure' },
      },
    });
  });

  it('sorts newest first by default, and leaves the default out of the URL', () => {
    const state = parseTableState(AUDIT_TABLE, params(''));
    expect(state.sorts).toEqual([{ column: 'created_at', descending: true }]);
    expect(writeTableState(AUDIT_TABLE, state).toString()).toBe('');
  });

  it('drops what it cannot use: an unknown status or sort column, a value with ":"', () => {
    const state = parseTableState(AUDIT_TABLE, params('status=eq:maybe&sort_by=secret&action=eq:a:b'));
    expect(state.filters).toEqual({});
    expect(state.sorts).toEqual([{ column: 'created_at', descending: true }]);
  });

  it('writes a view back to the same URL, keeping the date range beside it', () => {
    const url = params('after=2026-11-01&actor_id=eq:0e6d4b1a-0000-4000-8000-000000000001&sort_by=-status');
    const state = parseTableState(AUDIT_TABLE, url);
    const written = writeTableState(AUDIT_TABLE, state, url);
    expect(written.get('after')).toBe('2026-11-01');
    expect(written.get('actor_id')).toBe('eq:0e6d4b1a-0000-4000-8000-000000000001');
    expect(written.getAll('sort_by')).toEqual(['-status']);
  });
});

describe('parseDate', () => {
  it('reads a date alone as the start of that day (From) or the start of the next (To), in the browser zone', () => {
    expect(parseDate('2026-11-01', 'after')).toEqual({ ok: true, instant: new Date(2026, 10, 1), text: '2026-11-01' });
    expect(parseDate('2026-11-20', 'before')).toEqual({ ok: true, instant: new Date(2026, 10, 21), text: '2026-11-20' });
    expect(parseDate('2026-12-31', 'before')).toMatchObject({ ok: true, instant: new Date(2027, 0, 1) });
  });

  it('reads a date and time, with a space or a T, in the browser zone', () => {
    expect(parseDate(' 2026-11-20 14:30 ', 'before')).toEqual({
      ok: true,
      instant: new Date(2026, 10, 20, 14, 30),
      text: '2026-11-20T14:30',
    });
    expect(parseDate('2026-11-20T14:30:15', 'after')).toMatchObject({ text: '2026-11-20T14:30:15' });
    expect(parseDate('2026-11-20T14:30:00', 'after')).toMatchObject({ text: '2026-11-20T14:30' });
  });

  it('reads an instant with its own zone as that instant', () => {
    const parsed = parseDate('2026-11-20t14:30:00z', 'after');
    expect(parsed).toEqual({ ok: true, instant: new Date(Date.UTC(2026, 10, 20, 14, 30)), text: '2026-11-20T14:30:00Z' });
    expect(parseDate('2026-11-20T14:30:00+02:00', 'before')).toMatchObject({
      instant: new Date(Date.UTC(2026, 10, 20, 12, 30)),
    });
    // A "+" typed into the address bar arrives as a space.
    expect(readDateRange(params('before=2026-11-20T14:30:00+02:00')).parsed.before).toMatchObject({
      text: '2026-11-20T14:30:00+02:00',
    });
  });

  it('is empty for nothing, and names the field for what is not a date', () => {
    expect(parseDate('  ', 'after')).toBeNull();
    for (const bad of ['yesterday', '2026-02-30', '2026-13-01', '2026-11-01 25:00', '01/11/2026', '2026-11-1']) {
      const parsed = parseDate(bad, 'after');
      expect(parsed, bad).toMatchObject({ ok: false });
      expect(parsed!.ok === false && parsed!.problem, bad).toMatch(/^From: /);
    }
    expect(parseDate('soon', 'before')).toMatchObject({ ok: false, problem: expect.stringMatching(/^To: "soon" is not a date/) });
  });
});

describe('the date range', () => {
  it('is sent as RFC 3339 instants', () => {
    const range = readDateRange(params('after=2026-11-01&before=2026-11-20T14:30'));
    expect(range.problems).toEqual({});
    expect(dateQuery(range)).toEqual({
      after: rfc3339(new Date(2026, 10, 1)),
      before: rfc3339(new Date(2026, 10, 20, 14, 30)),
    });
    expect(dateQuery(range).after).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('says so on the To field when it is not after From, and sends neither wrong bound', () => {
    const range = readDateRange(params('after=2026-11-20&before=2026-11-19'));
    expect(range.problems).toEqual({ before: 'To must be later than From.' });
    expect(dateQuery(range)).toEqual({ after: rfc3339(new Date(2026, 10, 20)) });
    expect(viewQueryOf(params('after=2026-11-20&before=2026-11-19'))).toBeNull();
    expect(readDateRange(params('after=nope')).problems.after).toMatch(/^From: "nope"/);
  });

  it('writes a typed bound in its canonical spelling (what is wrong as typed), back on page 1', () => {
    expect(writeDate(params('page=4&status=eq:success'), 'after', '2026-11-01 09:05').toString()).toBe(
      'status=eq%3Asuccess&after=2026-11-01T09%3A05',
    );
    expect(writeDate(params('after=2026-11-01'), 'after', 'garbage').get('after')).toBe('garbage');
    expect(writeDate(params('after=2026-11-01&page=2'), 'after', '').toString()).toBe('');
  });

  it('clears every filter and both dates, keeping sort and page size', () => {
    const cleared = clearAllFilters(
      params(
        'actor_name=eq:x&actor_id=eq:y&action=eq:LoginAttempt&status=eq:failure&after=2026-11-01&before=2026-11-02&page=3&sort_by=action&page_size=50',
      ),
    );
    expect(cleared.toString()).toBe('sort_by=action&page_size=50');
    expect(hasAnyFilter(false, readDateRange(params('before=2026-11-02')))).toBe(true);
    expect(hasAnyFilter(false, readDateRange(params('sort_by=action')))).toBe(false);
  });
});

describe('the API query of a view', () => {
  it('sends one sort_by, as the reference takes it (a string, not a list)', () => {
    expect(viewQueryOf(params('action=eq:UpdateUser&status=eq:intent&page=2&page_size=10'))).toEqual({
      skip: 10,
      limit: 10,
      sort_by: ['-created_at'],
      action: 'eq:UpdateUser',
      status: 'eq:intent',
    });
    expect(auditApiQuery({ skip: 0, limit: 25, sort_by: ['id'] }, readDateRange(params(''))).sort_by).toEqual(['id']);
  });

  it('carries the date range', () => {
    const q = viewQueryOf(params('after=2026-11-01T00:00:00Z&sort_by=actor_name'));
    expect(q).toEqual({ skip: 0, limit: 25, sort_by: ['actor_name'], after: '2026-11-01T00:00:00Z' });
  });
});
