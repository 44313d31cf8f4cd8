import { describe, expect, it } from 'vitest';
import {
  customFieldsOf,
  postureRangeLabel,
  postureWindow,
  readPostureRange,
  thirtyDaysUpTo,
  validateCustomFields,
  writePostureRange,
  type PostureRange,
} from './posture-range';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const read = (search: string) => readPostureRange(new URLSearchParams(search), NOW);
const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

describe('the posture range in the URL', () => {
  it('is the last 30 days by default, and a known preset otherwise', () => {
    expect(read('')).toEqual({ ok: true, range: { kind: 'preset', days: 30 } });
    expect(read('range=90d')).toEqual({ ok: true, range: { kind: 'preset', days: 90 } });
    expect(read('range=12d')).toEqual({ ok: true, range: { kind: 'preset', days: 30 } });
  });

  it('reads a custom range with times', () => {
    const parsed = read('after=2026-10-01T08:30&before=2026-10-31T18:00');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok || parsed.range.kind !== 'custom') return;
    expect(parsed.range.after).toBe('2026-10-01T08:30');
    expect(parsed.range.start.getTime()).toBe(local(2026, 10, 1, 8, 30).getTime());
    expect(postureWindow(parsed.range, NOW)).toEqual({
      start: local(2026, 10, 1, 8, 30).toISOString().replace('.000Z', 'Z'),
      end: local(2026, 10, 31, 18, 0).toISOString().replace('.000Z', 'Z'),
    });
  });

  it('refuses an end before the start, a date in the future, an unreadable one and a missing one, naming the field', () => {
    const backwards = read('after=2026-10-31T08:00&before=2026-10-01T08:00');
    expect(backwards.ok).toBe(false);
    if (!backwards.ok)
      expect(backwards.problems.before).toMatch(/^"To" \(1 Oct 2026, .*\) must be later than "From" \(31 Oct 2026, /);
    const future = read('after=2026-10-01T08:00&before=2027-01-01T00:00Z');
    expect(future.ok).toBe(false);
    if (!future.ok) expect(future.problems.before).toMatch(/^"To" \(1 Jan 2027, 00:00 UTC\) is in the future/);
    const unreadable = read('after=yesterday&before=2026-10-01T08:00');
    expect(unreadable).toMatchObject({ ok: false, text: { after: 'yesterday' } });
    if (!unreadable.ok) expect(unreadable.problems.after).toMatch(/^From: "yesterday" is not a date/);
    expect(read('after=2026-10-01T08:00')).toMatchObject({
      ok: false,
      problems: { before: 'Enter a "To" date and time.' },
    });
  });

  it('writes a preset or a custom range in place of the other, keeping the rest', () => {
    const custom: PostureRange = {
      kind: 'custom',
      after: '2026-10-01T08:00',
      before: '2026-10-02T08:00',
      start: new Date(0),
      end: new Date(0),
    };
    const withCustom = writePostureRange(new URLSearchParams('zone=3&range=7d'), custom);
    expect(withCustom.toString()).toBe('zone=3&after=2026-10-01T08%3A00&before=2026-10-02T08%3A00');
    expect(writePostureRange(withCustom, { kind: 'preset', days: 90 }).toString()).toBe('zone=3&range=90d');
    expect(writePostureRange(withCustom, { kind: 'preset', days: 30 }).toString()).toBe('zone=3');
  });

  it('is labelled with its days', () => {
    expect(postureRangeLabel({ kind: 'preset', days: 30 }, NOW)).toBe('Last 30 days (22 Oct 2026 – 20 Nov 2026)');
    const custom = read('after=2026-10-01T08:30:00Z&before=2026-10-31T18:00:00Z');
    if (custom.ok) expect(postureRangeLabel(custom.range, NOW)).toBe('1 Oct 2026, 08:30 UTC – 31 Oct 2026, 18:00 UTC');
    expect(custom.ok).toBe(true);
  });

  it('reads a preset as whole UTC days up to the end of today', () => {
    expect(postureWindow({ kind: 'preset', days: 7 }, NOW)).toEqual({
      start: '2026-11-14T00:00:00.000Z',
      end: '2026-11-20T23:59:59.999Z',
    });
  });
});

describe('the custom range form', () => {
  const fields = (from: Date | null, to: Date | null) => ({ fromDay: from, fromTime: from, toDay: to, toTime: to });

  it('joins each date with its time, as the URL writes them', () => {
    expect(validateCustomFields(fields(local(2026, 10, 1, 8, 30), local(2026, 10, 2, 17, 5)), NOW)).toEqual({
      ok: true,
      after: '2026-10-01T08:30',
      before: '2026-10-02T17:05',
    });
  });

  it('names the field that is wrong', () => {
    const backwards = validateCustomFields(fields(local(2026, 10, 2), local(2026, 10, 1)), NOW);
    expect(backwards.ok).toBe(false);
    if (!backwards.ok) expect(backwards.errors.toDay).toMatch(/^"To" \(.*\) must be later than "From"/);
    const future = validateCustomFields(fields(local(2026, 10, 2), local(2027, 1, 1)), NOW);
    if (!future.ok) expect(future.errors.toDay).toMatch(/^"To" .* is in the future/);
    expect(future.ok).toBe(false);
    const half = validateCustomFields({ ...fields(local(2026, 10, 2), local(2026, 10, 3)), fromDay: new Date(NaN) }, NOW);
    expect(half).toEqual({ ok: false, errors: { fromDay: expect.stringMatching(/^"From" is not a whole date/) } });
    const empty = validateCustomFields({ ...fields(local(2026, 10, 2), local(2026, 10, 3)), toTime: null }, NOW);
    expect(empty).toEqual({ ok: false, errors: { toTime: 'Enter a "To" time.' } });
  });

  it('starts from the range the URL holds, or the preset’s window', () => {
    const custom = customFieldsOf(read('after=2026-10-01T08:30&before=2026-10-31T18:00'), NOW);
    expect(custom.fromDay).toEqual(local(2026, 10, 1, 8, 30));
    const preset = customFieldsOf(read(''), NOW);
    expect(preset.fromDay?.toISOString()).toBe('2026-10-22T00:00:00.000Z');
    expect(preset.toDay?.getTime()).toBe(NOW);
    const bad = customFieldsOf(read('after=nonsense&before=2026-10-31T18:00'), NOW);
    expect(bad.fromDay).toBeNull();
    expect(bad.toDay).toEqual(local(2026, 10, 31, 18, 0));
  });
});

describe('thirtyDaysUpTo', () => {
  it('covers the 30 whole days up to a past day', () => {
    const range = thirtyDaysUpTo('2026-11-20', Date.parse('2026-12-03T10:58:31Z'));
    expect(range).toMatchObject({ kind: 'custom', after: '2026-10-22T00:00:00Z', before: '2026-11-20T23:59:00Z' });
  });
  it('ends at this minute when the day is today, so the range is not refused as in the future', () => {
    const now = Date.parse('2026-12-03T10:58:31Z');
    const range = thirtyDaysUpTo('2026-12-03', now);
    expect(range).toMatchObject({ after: '2026-11-04T00:00:00Z', before: '2026-12-03T10:58:00Z' });
    const params = writePostureRange(new URLSearchParams(), range);
    expect(readPostureRange(params, now)).toMatchObject({ ok: true, range: { kind: 'custom' } });
  });
});
