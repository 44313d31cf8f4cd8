/**
 * The audit log's view in the URL and in the API query.
 *
 * Page, page size, sorts and the column filters are the shared table state (url-state.ts):
 * `?actor_name=eq:admin&action=eq:UpdateUser&status=eq:failure&sort_by=action&page=2`. The date range is
 * two parameters of its own, `after` and `before`, written as a person types them in the browser's time
 * zone (`2026-11-01`, `2026-11-20T14:30`) or with an explicit zone (`2026-11-20T14:30:00Z`), and sent to
 * the API as RFC 3339 instants. A date alone means the start of that day for `after` and the end of it
 * for `before`, so "From 1 Nov, To 20 Nov" includes the 20th.
 */
import { addDays, format, isValid, parse, parseISO } from 'date-fns';
import type { QueryValue } from '@/api/client';
import { AUDIT_SORTABLE_COLUMNS, AUDIT_STATUSES } from '@/api/schemas/audit';
import { apiQuery, parseTableState, type TableSpec } from '@/components/table';

/** Filters with a control of their own on the page; `actor_id` and `actor_name` share the actor picker. */
export const AUDIT_TABLE: TableSpec = {
  sortable: AUDIT_SORTABLE_COLUMNS,
  defaultSort: [{ column: 'created_at', descending: true }],
  descendingFirst: ['created_at'],
  filters: {
    actor_id: { predicates: ['eq'] },
    actor_name: { predicates: ['eq'] },
    action: { predicates: ['eq'] },
    status: { predicates: ['eq'], values: AUDIT_STATUSES },
  },
};

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

/** The API's `after`/`before` of a valid range (nothing of a bound that is wrong or unset). */
export function dateQuery(range: DateRange): Record<string, string> {
  const out: Record<string, string> = {};
  if (range.problems.after === undefined && range.parsed.after?.ok) out.after = rfc3339(range.parsed.after.instant);
  if (range.problems.before === undefined && range.parsed.before?.ok) out.before = rfc3339(range.parsed.before.instant);
  return out;
}

/**
 * The API query of a view: the table's (skip, limit, sort_by, filters), the date range, and `-id` as the
 * last sort, so entries written in the same millisecond keep one order across pages.
 */
export function auditApiQuery(tableQuery: Record<string, QueryValue>, range: DateRange): Record<string, QueryValue> {
  const sorts = ([] as string[]).concat((tableQuery.sort_by as string[] | undefined) ?? []);
  if (!sorts.some((s) => s.replace(/^-/, '') === 'id')) sorts.push('-id');
  return { ...tableQuery, sort_by: sorts, ...dateQuery(range) };
}

/** True when the URL holds any filter of the page (a column filter or a date). */
export function hasAnyFilter(tableHasFilters: boolean, range: DateRange): boolean {
  return tableHasFilters || range.text.after !== '' || range.text.before !== '';
}

/** The URL without any filter (columns and dates), back on page 1; sort and page size kept. */
export function clearAllFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...Object.keys(AUDIT_TABLE.filters ?? {}), ...DATE_BOUNDS, 'page']) next.delete(key);
  return next;
}

/** The API query of the view a page URL describes (what the page asks for first; null while a date is wrong). */
export function viewQueryOf(params: URLSearchParams): Record<string, QueryValue> | null {
  const range = readDateRange(params);
  if (range.problems.after || range.problems.before) return null;
  return auditApiQuery(apiQuery(parseTableState(AUDIT_TABLE, params)), range);
}
