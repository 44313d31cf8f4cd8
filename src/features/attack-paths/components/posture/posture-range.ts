/**
 * The Posture page's window: the last 7, 30 or 90 days (`range=7d|90d`, 30 days when absent), or a custom
 * From and To with times (`after`, `before`, as every dated list writes them: the browser's time, or an
 * explicit zone). A custom range that does not hold is said on its field and reads nothing.
 */
import { format, isValid } from 'date-fns';
import { lastDaysWindow, type TimeWindow } from '@/api/domains';
import type { RangeField, RangeFields } from '@/components/form/RangePicker';
import { DATE_LABELS, readDateRange, rfc3339, type DateBound } from '@/lib/date-range';
import { formatDateTime, formatDay } from '@/shared/format';

export const POSTURE_PRESETS = [7, 30, 90] as const;
export type PosturePreset = (typeof POSTURE_PRESETS)[number];
export const DEFAULT_POSTURE_PRESET: PosturePreset = 30;

export type PostureRange =
  | { kind: 'preset'; days: PosturePreset }
  /** `after`/`before` as the URL writes them; `start`/`end` the instants they stand for. */
  | { kind: 'custom'; after: string; before: string; start: Date; end: Date };

export type ParsedPostureRange =
  | { ok: true; range: PostureRange }
  | { ok: false; text: Record<DateBound, string>; problems: Partial<Record<DateBound, string>> };

/** How far past now a bound may lie (the minute being typed is not "the future"). */
const SLACK_MS = 60_000;

const inFuture = (label: string, instant: Date) =>
  `${label} (${formatDateTime(instant)}) is in the future: pick a date and time up to now.`;

const laterThan = (to: Date, from: Date) => `"To" (${formatDateTime(to)}) must be later than "From" (${formatDateTime(from)}).`;

/** The range the URL holds, checked against `now`. */
export function readPostureRange(params: URLSearchParams, now: number = Date.now()): ParsedPostureRange {
  if (params.has('after') || params.has('before')) {
    const read = readDateRange(params);
    const problems = { ...read.problems };
    for (const bound of ['after', 'before'] as const) {
      const p = read.parsed[bound];
      if (p === null) problems[bound] = `Enter a "${DATE_LABELS[bound]}" date and time.`;
      else if (p.ok && !problems[bound] && p.instant.getTime() > now + SLACK_MS)
        problems[bound] = inFuture(`"${DATE_LABELS[bound]}"`, p.instant);
    }
    const { after, before } = read.parsed;
    // Said as the form says it, with both ends.
    if (after?.ok && before?.ok && before.instant.getTime() <= after.instant.getTime())
      problems.before = laterThan(before.instant, after.instant);
    if (problems.after || problems.before || !after?.ok || !before?.ok) return { ok: false, text: read.text, problems };
    return {
      ok: true,
      range: { kind: 'custom', after: after.text, before: before.text, start: after.instant, end: before.instant },
    };
  }
  const days = Number(/^(\d+)d$/.exec(params.get('range') ?? '')?.[1]);
  return { ok: true, range: { kind: 'preset', days: POSTURE_PRESETS.find((p) => p === days) ?? DEFAULT_POSTURE_PRESET } };
}

/** The URL with the range written in place of what it said (other parameters kept; the default preset left out). */
export function writePostureRange(params: URLSearchParams, range: PostureRange): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of ['range', 'after', 'before']) next.delete(name);
  if (range.kind === 'custom') {
    next.set('after', range.after);
    next.set('before', range.before);
  } else if (range.days !== DEFAULT_POSTURE_PRESET) {
    next.set('range', `${range.days}d`);
  }
  return next;
}

/** The window the server is asked for: a preset's whole UTC days up to the end of today, or the custom instants. */
export function postureWindow(range: PostureRange, now: number = Date.now()): TimeWindow {
  return range.kind === 'preset' ? lastDaysWindow(range.days, now) : { start: rfc3339(range.start), end: rfc3339(range.end) };
}

/** "Last 30 days (22 Oct 2026 – 20 Nov 2026)", or "1 Oct 2026, 08:00 UTC – 31 Oct 2026, 18:00 UTC". */
export function postureRangeLabel(range: PostureRange, now: number = Date.now()): string {
  if (range.kind === 'custom') return `${formatDateTime(range.start)} – ${formatDateTime(range.end)}`;
  const w = postureWindow(range, now);
  return `Last ${range.days} days (${formatDay(w.start)} – ${formatDay(w.end)})`;
}

/** What the custom form holds: a date and a time of day per bound (an Invalid Date while one is half typed). */
export type CustomFields = RangeFields;
export type CustomField = RangeField;

/** The form's values as the URL writes them (`after`, `before`), or a message per field that is wrong. */
export function validateCustomFields(
  fields: CustomFields,
  now: number = Date.now(),
): { ok: true; after: string; before: string } | { ok: false; errors: Partial<Record<CustomField, string>> } {
  const errors: Partial<Record<CustomField, string>> = {};
  const instant = (bound: 'from' | 'to'): Date | null => {
    const label = bound === 'from' ? 'From' : 'To';
    const day = fields[`${bound}Day`];
    const time = fields[`${bound}Time`];
    if (day === null) errors[`${bound}Day`] = `Enter a "${label}" date.`;
    else if (!isValid(day))
      errors[`${bound}Day`] = `"${label}" is not a whole date: type the day, month and year, like 1 Nov 2026.`;
    if (time === null) errors[`${bound}Time`] = `Enter a "${label}" time.`;
    else if (!isValid(time)) errors[`${bound}Time`] = `"${label} time" is not a whole time: type hours and minutes, like 08:30.`;
    if (!day || !time || !isValid(day) || !isValid(time)) return null;
    const at = new Date(day);
    at.setHours(time.getHours(), time.getMinutes(), 0, 0);
    if (at.getTime() > now + SLACK_MS) errors[`${bound}Day`] = inFuture(`"${label}"`, at);
    return at;
  };
  const from = instant('from');
  const to = instant('to');
  if (from && to && !errors.fromDay && !errors.toDay && to.getTime() <= from.getTime()) errors.toDay = laterThan(to, from);
  if (Object.keys(errors).length > 0 || !from || !to) return { ok: false, errors };
  const text = (d: Date) => format(d, "yyyy-MM-dd'T'HH:mm");
  return { ok: true, after: text(from), before: text(to) };
}

/** The custom form's first values: the range's own bounds, or the preset's window ending now. */
export function customFieldsOf(parsed: ParsedPostureRange, now: number = Date.now()): CustomFields {
  let start: Date | null;
  let end: Date | null;
  if (!parsed.ok) {
    const read = readDateRange(new URLSearchParams({ after: parsed.text.after, before: parsed.text.before }));
    start = read.parsed.after?.ok ? read.parsed.after.instant : null;
    end = read.parsed.before?.ok ? read.parsed.before.instant : null;
  } else if (parsed.range.kind === 'custom') {
    start = parsed.range.start;
    end = parsed.range.end;
  } else {
    start = new Date(postureWindow(parsed.range, now).start);
    end = new Date(Math.floor(now / 60_000) * 60_000);
  }
  return { fromDay: start, fromTime: start, toDay: end, toTime: end };
}

/**
 * The 30 days up to the end of `day` (`YYYY-MM-DD`, UTC), as a custom range; a day that is today ends at
 * this minute, since the range may not reach into the future.
 */
export function thirtyDaysUpTo(day: string, now: number = Date.now()): PostureRange {
  const first = new Date(`${day}T00:00:00Z`);
  first.setUTCDate(first.getUTCDate() - 29);
  const start = new Date(first);
  const end = new Date(Math.min(new Date(`${day}T23:59:00Z`).getTime(), Math.floor(now / 60_000) * 60_000));
  const text = (d: Date) => `${d.toISOString().slice(0, 16)}:00Z`;
  return { kind: 'custom', after: text(start), before: text(end), start, end };
}
