/**
 * A table's state (page, page size, sorts, filters) and its two spellings, the
 * same for every table of the console:
 *
 * - the page URL: `page` counted from 1, `page_size`, repeated `sort_by=-column`
 *   and filters as `column=predicate:value`, the way the API writes them
 *   (`?page=2&page_size=50&sort_by=primary_kind&sort_by=-name&name=~eq:adm`);
 * - the API query of a server-side list: `skip`, `limit`, repeated `sort_by`,
 *   `column=predicate:value`.
 *
 * Parsing is forgiving (a pasted, old or hand-edited link never breaks a page:
 * what is invalid takes its default), writing is canonical (defaults left out),
 * and parse(write(state)) gives the state back.
 */
import type { QueryValue } from '@/api/client';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

/** The API's filter predicates (reference: "Filter predicates"). */
export const PREDICATES = ['eq', 'neq', '~eq', 'gt', 'gte', 'lt', 'lte'] as const;
export type Predicate = (typeof PREDICATES)[number];

export const PREDICATE_LABELS: Record<Predicate, string> = {
  '~eq': 'contains',
  eq: 'equals',
  neq: 'not equals',
  gt: 'after',
  gte: 'from',
  lt: 'before',
  lte: 'until',
};

export interface Sort {
  column: string;
  descending: boolean;
}

export interface FilterValue {
  predicate: Predicate;
  value: string;
}

export type Filters = Record<string, FilterValue>;

export interface TableState {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Applied in order: the first is the primary sort. Empty: the default order. */
  sorts: Sort[];
  filters: Filters;
}

/** How one filter reads and writes: which predicates it takes, the one a bare value means, the values it allows. */
export interface FilterSpec {
  predicates: readonly Predicate[];
  /** The predicate of a value written without one (old links, `?status=enabled`). Default: the first of `predicates`. */
  defaultPredicate?: Predicate;
  /** Allowed values (a choice); anything else is dropped. */
  values?: readonly string[];
}

/** What a table accepts: its sortable columns, filters, defaults, and an optional prefix for a second table on a page. */
export interface TableSpec {
  sortable: readonly string[];
  filters?: Readonly<Record<string, FilterSpec>>;
  defaultSort?: readonly Sort[];
  defaultPageSize?: number;
  /** Parameters of a second table on the same page are written `<prefix>.page`, `<prefix>.sort_by`, … */
  prefix?: string;
  /** Columns whose first header click sorts largest (or latest) first, e.g. counts. Default: ascending first. */
  descendingFirst?: readonly string[];
}

const key = (spec: TableSpec, name: string) => (spec.prefix ? `${spec.prefix}.${name}` : name);

export function sortText(s: Sort): string {
  return `${s.descending ? '-' : ''}${s.column}`;
}

/** Why a filter value cannot be sent (the API's filter syntax has no room for ":" in a value), or null. */
export function filterValueProblem(value: string): string | null {
  if (value.includes(':')) return 'A filter value cannot contain ":".';
  return null;
}

/** One filter from its URL text (`~eq:adm`, or a bare `adm` read with the default predicate). */
export function parseFilter(spec: FilterSpec, raw: string): FilterValue | null {
  const at = raw.indexOf(':');
  const named = at > 0 ? raw.slice(0, at) : null;
  const known = named !== null && (PREDICATES as readonly string[]).includes(named);
  const predicate = (known ? named : (spec.defaultPredicate ?? spec.predicates[0])) as Predicate;
  const value = (known ? raw.slice(at + 1) : raw).trim();
  if (!spec.predicates.includes(predicate) || value === '' || filterValueProblem(value)) return null;
  if (spec.values && !spec.values.includes(value)) return null;
  return { predicate, value };
}

function parseSorts(spec: TableSpec, raws: readonly string[]): Sort[] {
  const sorts: Sort[] = [];
  for (const raw of raws) {
    const descending = raw.startsWith('-');
    const column = descending ? raw.slice(1) : raw;
    if (!spec.sortable.includes(column) || sorts.some((s) => s.column === column)) continue;
    sorts.push({ column, descending });
  }
  return sorts;
}

function positiveInt(raw: string | null): number | null {
  return raw !== null && /^\d{1,9}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : null;
}

/** The table state a URL describes; whatever is invalid or missing takes its default. */
export function parseTableState(spec: TableSpec, params: URLSearchParams): TableState {
  const defaultSize = spec.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const page = positiveInt(params.get(key(spec, 'page'))) ?? 1;
  const sizeRaw = positiveInt(params.get(key(spec, 'page_size')));
  const pageSize = sizeRaw !== null && (PAGE_SIZES as readonly number[]).includes(sizeRaw) ? sizeRaw : defaultSize;

  const parsed = parseSorts(spec, params.getAll(key(spec, 'sort_by')));
  const sorts = parsed.length > 0 ? parsed : [...(spec.defaultSort ?? [])];

  const filters: Filters = {};
  for (const [column, filterSpec] of Object.entries(spec.filters ?? {})) {
    const raw = params.get(key(spec, column));
    const filter = raw === null ? null : parseFilter(filterSpec, raw);
    if (filter) filters[column] = filter;
  }
  return { page, pageSize, sorts, filters };
}

function sameSorts(a: readonly Sort[], b: readonly Sort[]): boolean {
  return a.length === b.length && a.every((s, i) => s.column === b[i]!.column && s.descending === b[i]!.descending);
}

/** The names this table writes, so other parameters of the page are kept. */
export function ownKeys(spec: TableSpec): Set<string> {
  const names = ['page', 'page_size', 'sort_by', ...Object.keys(spec.filters ?? {})];
  return new Set(names.map((n) => key(spec, n)));
}

/** The URL search of a state, defaults left out; parameters that are not the table's are kept from `base`. */
export function writeTableState(spec: TableSpec, state: TableState, base?: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  const own = ownKeys(spec);
  for (const [k, v] of base ?? []) if (!own.has(k)) out.append(k, v);
  if (state.page !== 1) out.set(key(spec, 'page'), String(state.page));
  if (state.pageSize !== (spec.defaultPageSize ?? DEFAULT_PAGE_SIZE)) out.set(key(spec, 'page_size'), String(state.pageSize));
  if (!sameSorts(state.sorts, spec.defaultSort ?? [])) for (const s of state.sorts) out.append(key(spec, 'sort_by'), sortText(s));
  for (const column of Object.keys(spec.filters ?? {})) {
    const f = state.filters[column];
    if (f) out.set(key(spec, column), `${f.predicate}:${f.value}`);
  }
  return out;
}

/** True when the URL holds the table's state in another spelling than its canonical one (an old link). */
export function needsRewrite(spec: TableSpec, params: URLSearchParams): boolean {
  const canonical = writeTableState(spec, parseTableState(spec, params), params);
  const own = ownKeys(spec);
  const mine = (p: URLSearchParams) => [...p].filter(([k]) => own.has(k)).map(([k, v]) => `${k}=${v}`);
  return mine(canonical).join('&') !== mine(params).join('&');
}

/** The API query of a server-side list for a state: skip, limit, sort_by and the filters. */
export function apiQuery(state: TableState): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = { skip: (state.page - 1) * state.pageSize, limit: state.pageSize };
  if (state.sorts.length > 0) query.sort_by = state.sorts.map(sortText);
  for (const [column, f] of Object.entries(state.filters)) query[column] = `${f.predicate}:${f.value}`;
  return query;
}

/**
 * A click on a column header. A plain click makes the column the only sort
 * (reversing it when it already was the primary sort); with `additive`
 * (shift-click, Shift+Enter) the column is added as the next sort, or reversed
 * in place when it is already sorted. A column newly sorted starts ascending,
 * or descending when `descendingFirst` (a count: largest first).
 */
export function toggleSort(sorts: readonly Sort[], column: string, additive: boolean, descendingFirst = false): Sort[] {
  const at = sorts.findIndex((s) => s.column === column);
  if (additive) {
    if (at === -1) return [...sorts, { column, descending: descendingFirst }];
    return sorts.map((s, i) => (i === at ? { ...s, descending: !s.descending } : s));
  }
  if (at === 0) return [{ column, descending: !sorts[0]!.descending }];
  return [{ column, descending: descendingFirst }];
}

/** Number of pages for `count` rows (at least 1). */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}
