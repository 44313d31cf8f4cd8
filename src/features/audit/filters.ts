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
import { DATE_BOUNDS, readDateRange, rfc3339, type DateRange } from '@/lib/date-range';

/** The date range's reading and writing, shared with other list pages (src/lib/date-range.ts). */
export {
  DATE_BOUNDS,
  DATE_LABELS,
  EARLIEST_YEAR,
  parseDate,
  readDateRange,
  rfc3339,
  writeDate,
  type DateBound,
  type DateRange,
  type ParsedDate,
} from '@/lib/date-range';

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

/** The API's `after`/`before` of a valid range (nothing of a bound that is wrong or unset). */
export function dateQuery(range: DateRange): Record<string, string> {
  const out: Record<string, string> = {};
  if (range.problems.after === undefined && range.parsed.after?.ok) out.after = rfc3339(range.parsed.after.instant);
  if (range.problems.before === undefined && range.parsed.before?.ok) out.before = rfc3339(range.parsed.before.instant);
  return out;
}

/**
 * The API query of a view: the table's (skip, limit, sort_by, filters) and the date range. One `sort_by`, as
 * the reference's ListAuditLogs takes it (a string, not a list); the service orders entries of one instant
 * itself, newest first.
 */
export function auditApiQuery(tableQuery: Record<string, QueryValue>, range: DateRange): Record<string, QueryValue> {
  return { ...tableQuery, ...dateQuery(range) };
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
