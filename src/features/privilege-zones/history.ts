/**
 * The Privilege Zones history page's view: its URL state (search, action, zone, person, dates, page) and
 * the API query made of it. Dates are read and written as on the audit page (a date alone covers its
 * whole day, in the browser's zone) and sent as `created_at=gte:…` and `created_at=lt:…` (To is the first instant after the range).
 */
import type { QueryValue } from '@/api/client';
import type { TableSpec } from '@/components/table';
import { DATE_BOUNDS, type DateRange, rfc3339 } from '@/lib/date-range';
import { HISTORY_SEARCH_MIN_LENGTH } from '@/features/privilege-zones/api/history';

/** Upstream's history actions, with what each says in the table and the filter. */
export const HISTORY_ACTIONS: readonly { value: string; label: string }[] = [
  { value: 'CreateTag', label: 'Zone or label created' },
  { value: 'UpdateTag', label: 'Zone or label changed' },
  { value: 'DeleteTag', label: 'Zone or label deleted' },
  { value: 'AnalysisEnabledTag', label: 'Analysis turned on' },
  { value: 'AnalysisDisabledTag', label: 'Analysis turned off' },
  { value: 'CreateSelector', label: 'Rule created' },
  { value: 'UpdateSelector', label: 'Rule changed' },
  { value: 'DeleteSelector', label: 'Rule deleted' },
  { value: 'CertifyNodeAuto', label: 'Certified automatically' },
  { value: 'CertifyNodeManual', label: 'Certified' },
  { value: 'CertifyNodeRevoked', label: 'Certification revoked' },
];

/** An action in words; one the console does not know shows as the server sent it. */
export function historyActionWords(action: string): string {
  return HISTORY_ACTIONS.find((a) => a.value === action)?.label ?? action;
}

export const HISTORY_TABLE: TableSpec = {
  sortable: ['created_at'],
  defaultSort: [{ column: 'created_at', descending: true }],
  descendingFirst: ['created_at'],
  filters: {
    q: { predicates: ['~eq'] },
    action: { predicates: ['eq'], values: HISTORY_ACTIONS.map((a) => a.value) },
    asset_group_tag_id: { predicates: ['eq'] },
    actor: { predicates: ['eq'] },
  },
};

/** Why the search is not sent yet, or null. */
export function searchProblem(search: string): string | null {
  const length = search.trim().length;
  return length > 0 && length < HISTORY_SEARCH_MIN_LENGTH
    ? `Search: type at least ${HISTORY_SEARCH_MIN_LENGTH} characters.`
    : null;
}

/**
 * The API query and search of a view: the table's paging, sort and filters (one `sort_by`, as the reference
 * takes it; the service orders records of one instant itself), the dates as `created_at` bounds, and the
 * search text apart (it goes in the POST body).
 */
export function historyApiQuery(
  tableQuery: Record<string, QueryValue>,
  range: DateRange,
): { query: Record<string, QueryValue>; search: string } {
  const { q, ...rest } = tableQuery;
  const search = typeof q === 'string' ? q.replace(/^~eq:/, '').trim() : '';
  const created: string[] = [];
  for (const bound of DATE_BOUNDS) {
    const parsed = range.parsed[bound];
    if (range.problems[bound] === undefined && parsed?.ok)
      created.push(`${bound === 'after' ? 'gte' : 'lt'}:${rfc3339(parsed.instant)}`);
  }
  return {
    query: { ...rest, ...(created.length ? { created_at: created } : {}) },
    search: searchProblem(search) ? '' : search,
  };
}

/** The URL without any filter (search, columns and dates), back on page 1; sort and page size kept. */
export function clearHistoryFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...Object.keys(HISTORY_TABLE.filters ?? {}), ...DATE_BOUNDS, 'page']) next.delete(key);
  return next;
}
