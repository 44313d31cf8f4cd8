/**
 * A date range as a list page keeps it in its URL: two parameters, `after` and `before` (the fields
 * "From" and "To"), written as a person types them in the browser's time zone (`2026-11-01`,
 * `2026-11-20T14:30`) or with an explicit zone (`2026-11-20T14:30:00Z`). A date alone means the start of
 * that day for `after` and the end of it for `before`, so "From 1 Nov, To 20 Nov" includes the 20th.
 * Read with date-fns, which refuses dates that do not exist (2026-02-30).
 */
import { addDays, format, isValid, parse, parseISO } from 'date-fns';

export type DateBound = 'after' | 'before';
export const DATE_BOUNDS: readonly DateBound[] = ['after', 'before'];
/** The fields' labels: what the messages name. */
export const DATE_LABELS: Record<DateBound, string> = { after: 'From', before: 'To' };

export type ParsedDate =
  { ok: true; instant: Date; /** Canonical spelling for the URL. */ text: string } | { ok: false; problem: string };

/** What a person may type without a zone (the browser's time): a date, or a date and a time. */
const LOCAL_FORMATS = ["yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm", 'yyyy-MM-dd'] as const;
/** A date and time with its zone (RFC 3339): "2026-11-01T13:30:00Z", "2026-11-01 14:30+01:00". */
const ZONED = /^\d{4}-\d{2}-\d{2}[Tt ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/;
export const EARLIEST_YEAR = 1970;

/**
 * A date or date-time as typed (or read from the URL): null when empty, else the instant it stands for
 * (`bound` decides what a date alone means) or a sentence naming the field. Read with date-fns, which
 * refuses dates that do not exist (2026-02-30).
 */
export function parseDate(raw: string, bound: DateBound): ParsedDate | null {
  // A "+" written into a URL by hand reads back as a space: "…T10:00:00 01:00" is "+01:00".
  const text = raw.trim().replace(/(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?) (\d{2}:\d{2})$/i, '$1+$2');
  if (text === '') return null;
  const label = DATE_LABELS[bound];
  if (ZONED.test(text)) {
    // One spelling: "T" between date and time, seconds written, "Z" in capitals.
    const canonical = `${text.slice(0, 10)}T${text.slice(11)}`.replace(/^(.{16})(?=[Zz+-])/, '$1:00').replace(/z$/, 'Z');
    const instant = parseISO(canonical);
    return inRange(instant) ? { ok: true, instant, text: canonical } : invalid(label, text);
  }
  const typed = text.replace(' ', 'T');
  for (const pattern of LOCAL_FORMATS) {
    const read = parse(typed, pattern, new Date());
    // Written in full, as the pattern writes it (date-fns alone would also take "2026-11-1").
    if (!inRange(read) || format(read, pattern) !== typed) continue;
    const timed = pattern !== 'yyyy-MM-dd';
    // A date alone: the start of that day (From), or the start of the next one (To, so the day is included).
    const instant = !timed && bound === 'before' ? addDays(read, 1) : read;
    const canonical = format(read, !timed ? 'yyyy-MM-dd' : read.getSeconds() ? "yyyy-MM-dd'T'HH:mm:ss" : "yyyy-MM-dd'T'HH:mm");
    return { ok: true, instant, text: canonical };
  }
  return invalid(label, text);
}

const inRange = (d: Date) => isValid(d) && d.getFullYear() >= EARLIEST_YEAR && d.getFullYear() <= 9999;

function invalid(label: string, text: string): ParsedDate {
  return {
    ok: false,
    problem: `${label}: "${text}" is not a date. Pick a date, and a time if you like.`,
  };
}

/** An instant as RFC 3339 in UTC, whole seconds unless it has a fraction ("2026-11-01T13:30:00Z"). */
export function rfc3339(instant: Date): string {
  return instant.toISOString().replace('.000Z', 'Z');
}

export interface DateRange {
  /** What the URL holds (and the fields show), trimmed; '' when unset. */
  text: Record<DateBound, string>;
  /** The parsed bounds; null when unset. */
  parsed: Record<DateBound, ParsedDate | null>;
  /** A sentence per field that is wrong (bad value, or To not after From). */
  problems: Partial<Record<DateBound, string>>;
}

/** The date range the URL describes. */
export function readDateRange(params: URLSearchParams): DateRange {
  const text = { after: (params.get('after') ?? '').trim(), before: (params.get('before') ?? '').trim() };
  const parsed = { after: parseDate(text.after, 'after'), before: parseDate(text.before, 'before') };
  const problems: Partial<Record<DateBound, string>> = {};
  for (const bound of DATE_BOUNDS) {
    const p = parsed[bound];
    if (p && !p.ok) problems[bound] = p.problem;
  }
  const { after, before } = parsed;
  if (after?.ok && before?.ok && before.instant.getTime() <= after.instant.getTime())
    problems.before = `${DATE_LABELS.before} must be later than ${DATE_LABELS.after}.`;
  return { text, parsed, problems };
}

/** The URL with one bound set (in its canonical spelling when it parses) or cleared, back on page 1. */
export function writeDate(params: URLSearchParams, bound: DateBound, raw: string, pageKey = 'page'): URLSearchParams {
  const next = new URLSearchParams(params);
  const parsed = parseDate(raw, bound);
  if (parsed === null) next.delete(bound);
  else next.set(bound, parsed.ok ? parsed.text : raw.trim());
  next.delete(pageKey);
  return next;
}
