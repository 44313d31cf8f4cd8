import { describe, expect, it } from 'vitest';
import { dailyPoints, lastDaysWindow } from '@/api/domains';
import type { AdDataQualityStat } from '@/api/schemas/data-quality';
import { isDate, parseRange, validateCustomDays, validateCustomRange, windowOf, writeRange } from './range';

const NOW = Date.parse('2026-11-22T15:30:00Z');

describe('date range', () => {
  it('reads presets, custom ranges and the default from the URL', () => {
    expect(parseRange(new URLSearchParams(''))).toEqual({ ok: true, range: { kind: 'preset', days: 30 } });
    expect(parseRange(new URLSearchParams('range=7d'))).toEqual({ ok: true, range: { kind: 'preset', days: 7 } });
    expect(parseRange(new URLSearchParams('range=90d'))).toEqual({ ok: true, range: { kind: 'preset', days: 90 } });
    // An unknown preset is the default, not an error.
    expect(parseRange(new URLSearchParams('range=12d'))).toEqual({ ok: true, range: { kind: 'preset', days: 30 } });
    expect(parseRange(new URLSearchParams('from=2026-10-01&to=2026-10-31&range=7d'))).toEqual({
      ok: true,
      range: { kind: 'custom', from: '2026-10-01', to: '2026-10-31' },
    });
  });

  it('names the field that is wrong and keeps what the URL said', () => {
    expect(parseRange(new URLSearchParams('from=2026-10-31&to=2026-10-01'))).toEqual({
      ok: false,
      from: '2026-10-31',
      to: '2026-10-01',
      errors: { from: '"From" (2026-10-31) must be on or before "To" (2026-10-01).' },
    });
    expect(parseRange(new URLSearchParams('from=2026-02-30'))).toEqual({
      ok: false,
      from: '2026-02-30',
      to: '',
      errors: {
        from: '"From" must be a date written YYYY-MM-DD, like 2026-11-01 (not "2026-02-30").',
        to: 'Enter a "To" date.',
      },
    });
    expect(validateCustomRange('', 'yesterday')).toEqual({
      from: 'Enter a "From" date.',
      to: '"To" must be a date written YYYY-MM-DD, like 2026-11-30 (not "yesterday").',
    });
    expect(validateCustomRange('2026-11-01', '2026-11-01')).toEqual({});
    expect(isDate('2024-02-29')).toBe(true);
    expect(isDate('2026-2-1')).toBe(false);
  });

  it('writes the range into the URL beside the other parameters, leaving the default out', () => {
    const base = new URLSearchParams('domain=S-1-5-21-1&from=2026-10-01&to=2026-10-02&view=table');
    expect(writeRange(base, { kind: 'preset', days: 7 }).toString()).toBe('domain=S-1-5-21-1&view=table&range=7d');
    expect(writeRange(base, { kind: 'preset', days: 30 }).toString()).toBe('domain=S-1-5-21-1&view=table');
    expect(writeRange(new URLSearchParams('range=7d'), { kind: 'custom', from: '2026-01-01', to: '2026-01-31' }).toString()).toBe(
      'from=2026-01-01&to=2026-01-31',
    );
  });

  it('reads whole UTC days: the last N days end today', () => {
    expect(windowOf({ kind: 'preset', days: 7 }, NOW)).toEqual({
      start: '2026-11-16T00:00:00.000Z',
      end: '2026-11-22T23:59:59.999Z',
    });
    expect(lastDaysWindow(30, NOW).start).toBe('2026-10-24T00:00:00.000Z');
    expect(windowOf({ kind: 'custom', from: '2026-10-01', to: '2026-10-31' }, NOW)).toEqual({
      start: '2026-10-01T00:00:00.000Z',
      end: '2026-10-31T23:59:59.999Z',
    });
  });
});

describe('daily points', () => {
  const point = (id: number, created_at: string, users: number) => ({ id, created_at, users }) as unknown as AdDataQualityStat;

  it('keeps the last analysis of each UTC day, oldest day first', () => {
    const days = dailyPoints([
      point(3, '2026-11-02T08:00:00Z', 30),
      point(1, '2026-11-01T09:00:00Z', 10),
      point(2, '2026-11-01T23:59:00Z', 20),
    ]);
    expect(days.map((d) => [d.day, d.id, d.users])).toEqual([
      ['2026-11-01', 2, 20],
      ['2026-11-02', 3, 30],
    ]);
    expect(dailyPoints([])).toEqual([]);
  });
});

describe('validateCustomDays', () => {
  it('names the field that is empty, not a whole date, or after the other', () => {
    expect(validateCustomDays(null, new Date(Number.NaN))).toEqual({
      from: 'Enter a "From" date.',
      to: '"To" is not a whole date: type the day, month and year, like 30 Nov 2026.',
    });
    expect(validateCustomDays(new Date(2026, 10, 2), new Date(2026, 10, 1))).toEqual({
      from: '"From" (2 Nov 2026) must be on or before "To" (1 Nov 2026).',
    });
    expect(validateCustomDays(new Date(2026, 10, 1), new Date(2026, 10, 1))).toEqual({});
  });
});
