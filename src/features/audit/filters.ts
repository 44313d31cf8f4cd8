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

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const ZONED = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * A date or date-time as typed (or read from the URL): null when empty, else the instant it stands for
 * (`bound` decides what a date alone means) or a sentence naming the field.
 */
export function parseDate(raw: string, bound: DateBound): ParsedDate | null {
  // A "+" written into a URL by hand reads back as a space: "…T10:00:00 01:00" is "+01:00".
  const text = raw.trim().replace(/(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?) (\d{2}:\d{2})$/i, '$1+$2');
  if (text === '') return null;
  const label = DATE_LABELS[bound];
  const zoned = ZONED.exec(text);
  if (zoned) {
    const [, y, mo, d, h, mi, s = '00', frac = '', zone] = zoned;
    const canonical = `${y}-${mo}-${d}T${h}:${mi}:${s}${frac}${zone!.toUpperCase()}`;
    const instant = new Date(canonical);
    if (Number.isNaN(instant.getTime()) || !validParts(+y!, +mo!, +d!, +h!, +mi!, +s)) return invalid(label, text);
    return { ok: true, instant, text: canonical };
  }
  const local = LOCAL.exec(text);
  if (!local) return invalid(label, text);
  const [, y, mo, d, h, mi, s] = local;
  const timed = h !== undefined;
  if (!validParts(+y!, +mo!, +d!, +(h ?? 0), +(mi ?? 0), +(s ?? 0))) return invalid(label, text);
  // A date alone: the start of that day (From), or the start of the next one (To, so the day is included).
  const dayShift = !timed && bound === 'before' ? 1 : 0;
  const instant = new Date(+y!, +mo! - 1, +d! + dayShift, +(h ?? 0), +(mi ?? 0), +(s ?? 0));
  const canonical = timed ? `${y}-${mo}-${d}T${h}:${mi}${s && s !== '00' ? `:${s}` : ''}` : `${y}-${mo}-${d}`;
  return { ok: true, instant, text: canonical };
}

function validParts(y: number, mo: number, d: number, h: number, mi: number, s: number): boolean {
  if (y < 1970 || y > 9999 || mo < 1 || mo > 12 || h > 23 || mi > 59 || s > 59) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d >= 1 && d <= days;
}

function invalid(label: string, text: string): ParsedDate {
  return {
    ok: false,
    problem: `${label}: "${text}" is not a date. Enter a date (2026-11-01) or a date and time (2026-11-01 14:30).`,
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
