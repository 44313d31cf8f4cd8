/**
 * The data-quality page's date range: presets (the last 7, 30 or 90 days) or a custom from/to, kept
 * in the URL (`range=30d`, or `from=2026-10-01&to=2026-10-31`) so a link reproduces the view.
 */
import { format, isValid, parse } from 'date-fns';
import { daysWindow, lastDaysWindow, type TimeWindow } from '@/api/domains';

export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_PRESET: RangePreset = 30;

export type DateRange = { kind: 'preset'; days: RangePreset } | { kind: 'custom'; from: string; to: string };

/** What is wrong with a custom range, by field. */
export interface RangeErrors {
  from?: string;
  to?: string;
}

/** What the URL asks for: a range, or a custom one that does not hold (shown on its fields, nothing read). */
export type ParsedRange = { ok: true; range: DateRange } | { ok: false; from: string; to: string; errors: RangeErrors };

const DAY_FORMAT = 'yyyy-MM-dd';

/** True for a real calendar date written in full as `YYYY-MM-DD` (no 2026-02-30, no 2026-2-3). */
export function isDate(text: string): boolean {
  const read = parse(text, DAY_FORMAT, new Date());
  return isValid(read) && format(read, DAY_FORMAT) === text;
}

/** The problems of a custom range, each on the field it is about; `{}` when it holds. */
export function validateCustomRange(from: string, to: string): RangeErrors {
  const errors: RangeErrors = {};
  const f = from.trim();
  const t = to.trim();
  if (f === '') errors.from = 'Enter a "From" date.';
  else if (!isDate(f)) errors.from = `"From" must be a date written YYYY-MM-DD, like 2026-11-01 (not "${f}").`;
  if (t === '') errors.to = 'Enter a "To" date.';
  else if (!isDate(t)) errors.to = `"To" must be a date written YYYY-MM-DD, like 2026-11-30 (not "${t}").`;
  if (!errors.from && !errors.to && f > t) errors.from = `"From" (${f}) must be on or before "To" (${t}).`;
  return errors;
}

/** The problems of the custom range's date fields (an Invalid Date: what is typed is not a whole date). */
export function validateCustomDays(from: Date | null, to: Date | null): RangeErrors {
  const errors: RangeErrors = {};
  if (from === null) errors.from = 'Enter a "From" date.';
  else if (!isValid(from)) errors.from = '"From" is not a whole date: type the day, month and year, like 1 Nov 2026.';
  if (to === null) errors.to = 'Enter a "To" date.';
  else if (!isValid(to)) errors.to = '"To" is not a whole date: type the day, month and year, like 30 Nov 2026.';
  if (!errors.from && !errors.to && from && to && from > to)
    errors.from = `"From" (${format(from, 'd MMM yyyy')}) must be on or before "To" (${format(to, 'd MMM yyyy')}).`;
  return errors;
}

/** The range in the URL: `range=7d|30d|90d`, or `from` and `to`; nothing (or an unknown preset) is the default. */
export function parseRange(params: URLSearchParams): ParsedRange {
  const from = params.get('from');
  const to = params.get('to');
  if (from !== null || to !== null) {
    const errors = validateCustomRange(from ?? '', to ?? '');
    return errors.from || errors.to
      ? { ok: false, from: from ?? '', to: to ?? '', errors }
      : { ok: true, range: { kind: 'custom', from: from!.trim(), to: to!.trim() } };
  }
  const days = Number(/^(\d+)d$/.exec(params.get('range') ?? '')?.[1]);
  const preset = RANGE_PRESETS.find((p) => p === days) ?? DEFAULT_PRESET;
  return { ok: true, range: { kind: 'preset', days: preset } };
}

/** The URL with `range` written in place of what it said (other parameters kept; the default preset is left out). */
export function writeRange(params: URLSearchParams, range: DateRange): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('range');
  next.delete('from');
  next.delete('to');
  if (range.kind === 'custom') {
    next.set('from', range.from);
    next.set('to', range.to);
  } else if (range.days !== DEFAULT_PRESET) {
    next.set('range', `${range.days}d`);
  }
  return next;
}

/** The time window a range reads (UTC days, both ends whole). */
export function windowOf(range: DateRange, now: number = Date.now()): TimeWindow {
  return range.kind === 'preset' ? lastDaysWindow(range.days, now) : daysWindow(range.from, range.to);
}

/** "Last 30 days", "1 Oct 2026 – 31 Oct 2026". */
export function rangeLabel(range: DateRange, formatDay: (day: string) => string): string {
  return range.kind === 'preset'
    ? `Last ${range.days} days`
    : `${formatDay(`${range.from}T00:00:00Z`)} – ${formatDay(`${range.to}T00:00:00Z`)}`;
}
