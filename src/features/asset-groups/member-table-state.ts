/**
 * The member table's state (page, page size, sorts, filters) and its two
 * spellings: the page URL (`?page=2&size=50&sort=primary_kind&sort=-name&name=~eq:adm`)
 * and the members operation's query (`skip`, `limit`, repeated `sort_by`,
 * `<column>=<predicate>:<value>`, API document 4.2 #11).
 *
 * Parsing is forgiving (a pasted or hand-edited link never breaks the page:
 * anything invalid falls back to the default), building is canonical, and
 * parse(build(state)) gives the state back.
 */
import type { QueryValue } from '../../api/client';
import {
  FILTER_PREDICATES,
  MEMBER_FILTER_COLUMNS,
  MEMBER_SORTABLE_COLUMNS,
  type FilterPredicate,
  type MemberFilterColumn,
  type MemberSortableColumn,
} from '../../api/schemas/asset-groups';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;

export interface MemberSort {
  column: MemberSortableColumn;
  descending: boolean;
}

export interface MemberFilterValue {
  predicate: FilterPredicate;
  value: string;
}

export type MemberFilters = Partial<Record<MemberFilterColumn, MemberFilterValue>>;

export interface MemberTableState {
  /** 1-based. */
  page: number;
  size: PageSize;
  /** Applied in order: the first is the primary sort. */
  sorts: MemberSort[];
  filters: MemberFilters;
}

export const DEFAULT_MEMBER_TABLE_STATE: MemberTableState = { page: 1, size: DEFAULT_PAGE_SIZE, sorts: [], filters: {} };

/** Text columns take any predicate; custom_member is a yes/no choice (`eq:true` / `eq:false`). */
export const TEXT_FILTER_COLUMNS = MEMBER_FILTER_COLUMNS.filter((c) => c !== 'custom_member') as Exclude<
  MemberFilterColumn,
  'custom_member'
>[];

export const COLUMN_LABELS: Record<MemberSortableColumn | MemberFilterColumn | 'kinds', string> = {
  name: 'Name',
  object_id: 'Object ID',
  primary_kind: 'Primary kind',
  kinds: 'Kinds',
  environment_kind: 'Environment kind',
  environment_id: 'Environment ID',
  asset_group_id: 'Asset group ID',
  custom_member: 'Custom member',
};

export const PREDICATE_LABELS: Record<FilterPredicate, string> = {
  '~eq': 'contains',
  eq: 'equals',
  neq: 'not equals',
};

const URL_KEYS = { page: 'page', size: 'size', sort: 'sort' } as const;

/** Why a filter value cannot be sent (the service's filter syntax has no room for ":"), or null. */
export function filterValueProblem(value: string): string | null {
  if (value.includes(':')) return 'A filter value cannot contain ":".';
  return null;
}

function parseFilter(column: MemberFilterColumn, raw: string): MemberFilterValue | null {
  const at = raw.indexOf(':');
  const predicate = at === -1 ? 'eq' : raw.slice(0, at);
  const value = at === -1 ? raw : raw.slice(at + 1);
  if (!(FILTER_PREDICATES as readonly string[]).includes(predicate)) return null;
  if (column === 'custom_member') {
    if (predicate === '~eq' || (value !== 'true' && value !== 'false')) return null;
    // neq:true is eq:false: one spelling per choice.
    return { predicate: 'eq', value: String((value === 'true') === (predicate === 'eq')) };
  }
  const trimmed = value.trim();
  if (trimmed === '' || filterValueProblem(trimmed)) return null;
  return { predicate: predicate as FilterPredicate, value: trimmed };
}

/** The table state a URL describes; whatever is invalid or missing takes its default. */
export function parseMemberTableState(params: URLSearchParams): MemberTableState {
  const pageRaw = params.get(URL_KEYS.page) ?? '';
  const page = /^\d{1,9}$/.test(pageRaw) && Number(pageRaw) >= 1 ? Number(pageRaw) : 1;
  const sizeRaw = Number(params.get(URL_KEYS.size));
  const size = (PAGE_SIZES as readonly number[]).includes(sizeRaw) ? (sizeRaw as PageSize) : DEFAULT_PAGE_SIZE;
  const sorts: MemberSort[] = [];
  for (const raw of params.getAll(URL_KEYS.sort)) {
    const descending = raw.startsWith('-');
    const column = (descending ? raw.slice(1) : raw) as MemberSortableColumn;
    if (!MEMBER_SORTABLE_COLUMNS.includes(column) || sorts.some((s) => s.column === column)) continue;
    sorts.push({ column, descending });
  }
  const filters: MemberFilters = {};
  for (const column of MEMBER_FILTER_COLUMNS) {
    const raw = params.get(column);
    const filter = raw === null ? null : parseFilter(column, raw);
    if (filter) filters[column] = filter;
  }
  return { page, size, sorts, filters };
}

/**
 * The URL search of a table state, defaults left out. Parameters that are not
 * the table's (none today) are kept from `base`.
 */
export function memberTableSearch(state: MemberTableState, base?: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  const own = new Set<string>([...Object.values(URL_KEYS), ...MEMBER_FILTER_COLUMNS]);
  for (const [k, v] of base ?? []) if (!own.has(k)) out.append(k, v);
  if (state.page !== 1) out.set(URL_KEYS.page, String(state.page));
  if (state.size !== DEFAULT_PAGE_SIZE) out.set(URL_KEYS.size, String(state.size));
  for (const s of state.sorts) out.append(URL_KEYS.sort, `${s.descending ? '-' : ''}${s.column}`);
  for (const column of MEMBER_FILTER_COLUMNS) {
    const f = state.filters[column];
    if (f) out.set(column, `${f.predicate}:${f.value}`);
  }
  return out;
}

/** The members operation's query for a table state. */
export function memberApiQuery(state: MemberTableState): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {
    skip: (state.page - 1) * state.size,
    limit: state.size,
  };
  if (state.sorts.length > 0) query.sort_by = state.sorts.map((s) => `${s.descending ? '-' : ''}${s.column}`);
  for (const column of MEMBER_FILTER_COLUMNS) {
    const f = state.filters[column];
    if (f) query[column] = `${f.predicate}:${f.value}`;
  }
  return query;
}

/**
 * A click on a column header. A plain click makes the column the only sort
 * (reversing it when it already was the primary sort); with `additive`
 * (shift-click) the column is added as the next sort, or reversed in place
 * when it is already sorted.
 */
export function toggleSort(sorts: readonly MemberSort[], column: MemberSortableColumn, additive: boolean): MemberSort[] {
  const at = sorts.findIndex((s) => s.column === column);
  if (additive) {
    if (at === -1) return [...sorts, { column, descending: false }];
    return sorts.map((s, i) => (i === at ? { ...s, descending: !s.descending } : s));
  }
  if (at === 0) return [{ column, descending: !sorts[0]!.descending }];
  return [{ column, descending: false }];
}

export function hasFilters(state: MemberTableState): boolean {
  return Object.keys(state.filters).length > 0;
}

/** Number of pages for `count` members (at least 1). */
export function pageCount(count: number, size: number): number {
  return Math.max(1, Math.ceil(count / size));
}
