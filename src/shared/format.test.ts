import { describe, expect, it } from 'vitest';
import { clockTime, formatDateTime, formatDay, formatRelative, formatSize, isoOf, timeOf } from './format';

const NOW = Date.parse('2026-11-22T12:00:00Z');

describe('the one date and time format', () => {
  it('writes a date and time in UTC, with the zone', () => {
    expect(formatDateTime('2026-11-22T17:16:09Z')).toBe('22 Nov 2026, 17:16 UTC');
    expect(formatDateTime('2026-01-02T03:04:00+02:00')).toBe('2 Jan 2026, 01:04 UTC');
    expect(formatDateTime(Date.parse('2026-09-22T09:00:00Z'))).toBe('22 Sep 2026, 09:00 UTC');
    expect(formatDateTime(new Date('2026-12-31T23:59:59Z'))).toBe('31 Dec 2026, 23:59 UTC');
  });

  it('writes the day alone, in UTC', () => {
    expect(formatDay('2026-11-22T23:30:00Z')).toBe('22 Nov 2026');
    expect(formatDay('2026-11-22T23:30:00-02:00')).toBe('23 Nov 2026');
  });

  it('gives the fallback for an unset time: null, unreadable, Go zero time, before 1971', () => {
    for (const unset of [null, undefined, '', 'soon', '0001-01-01T00:00:00Z', 0, -1]) {
      expect(formatDateTime(unset)).toBe('—');
      expect(formatDay(unset, 'Never')).toBe('Never');
      expect(timeOf(unset)).toBeNull();
      expect(isoOf(unset)).toBeUndefined();
    }
    expect(formatDateTime(null, 'Not started')).toBe('Not started');
  });

  it('says how far away a time is, either way', () => {
    expect(formatRelative('2026-11-22T15:00:00Z', NOW)).toBe('in 3 hours');
    expect(formatRelative('2026-11-22T11:55:00Z', NOW)).toBe('5 minutes ago');
    expect(formatRelative('2026-11-21T12:00:00Z', NOW)).toBe('yesterday');
    expect(formatRelative('2026-11-22T12:00:20Z', NOW)).toBe('just now');
    expect(formatRelative(null, NOW)).toBe('never');
  });

  it('shares its clock with the schedules', () => {
    expect(clockTime(2, 0)).toBe('02:00');
    expect(clockTime(17, 16)).toBe('17:16');
  });

  it('gives ISO text for <time dateTime>', () => {
    expect(isoOf('2026-11-22T17:16:09+01:00')).toBe('2026-11-22T16:16:09.000Z');
  });

  it('writes file sizes in decimal units', () => {
    expect(formatSize(999)).toBe('999 B');
    expect(formatSize(1_250_000)).toBe('1.3 MB');
  });
});
