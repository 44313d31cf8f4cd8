/**
 * Lists: the one way every list operation of the mock reads its query and
 * filters, orders and pages its rows.
 *
 * A list is declared once (`defineList`): its columns (how to read each from a
 * row, and whether it compares as text, number, time or true/false), the
 * columns `sort_by` takes, its filter parameters, its paging, its default
 * order and the key that breaks ties. A route then only does
 *
 *   const req = USERS.parse(c);                     // 400 naming the parameter at fault
 *   const rows = USERS.select(db.state.users, req); // filtered and ordered
 *   return c.json(USERS.page(rows, req, toRecord)); // { count, skip, limit, data }
 *
 * Query syntax (the reference's): `skip` and `limit` (whole numbers of 0 or
 * more; `limit` at most MAX_LIMIT), a repeatable `sort_by` with `-column` for
 * descending, and filters written `column=predicate:value` (a bare value means
 * eq) with the reference's predicates: eq, neq and ~eq (contains, any case) on
 * text; eq, neq, gt, gte, lt and lte on numbers and times; eq and neq on
 * true/false; a list may allow fewer (`predicateFilter`). Where src/api
 * describes a parameter, the list uses that parser, so the mock refuses exactly
 * what the console's request schemas describe, with the same messages.
 *
 * Order: the requested keys (or the list's default order), then the list's
 * tie-break keys; rows still equal keep their store order, which is creation
 * order (the sort is stable), so pages never overlap or skip rows. Text
 * compares as the console sorts names (compareText: case and accents do not
 * count, digits compare by value); a missing value (null) sorts last in either
 * direction.
 */
import type { z } from 'zod';
import type { Context } from 'hono';
import { listQuery, type Filter, type ListQuery, type ListQuerySpec, type ListRequest, type SortSpec } from '../api/list-query';
import { readQuery, refuseUnknownParams } from './validate';
import { compareText } from '../shared/compare-text';

export {
  MAX_LIMIT,
  flagParam,
  pickParams,
  predicateFilter,
  type Filter,
  type FilterParam,
  type ListRequest,
  type Paging,
  type Predicate,
  type SortSpec,
} from '../api/list-query';

// ---------------------------------------------------------------------------
// Columns
// ---------------------------------------------------------------------------

export type ColumnKind = 'text' | 'number' | 'time' | 'boolean';
type Value = string | number | boolean | null;

/** How a list reads one column from a row, and how the column compares. */
export interface Column<T> {
  kind: ColumnKind;
  get(row: T): Value;
}

export const text = <T>(get: (row: T) => string | null): Column<T> => ({ kind: 'text', get });
export const number = <T>(get: (row: T) => number | null): Column<T> => ({ kind: 'number', get });
/** An ISO 8601 time, compared as a point in time. */
export const time = <T>(get: (row: T) => string | null): Column<T> => ({ kind: 'time', get });
export const boolean = <T>(get: (row: T) => boolean): Column<T> => ({ kind: 'boolean', get });

function matches(kind: ColumnKind, raw: Value, f: Filter): boolean {
  if (f.predicate === 'eq' || f.predicate === 'neq') {
    const wanted = f.predicate === 'eq';
    if (raw === null) return !wanted;
    if (kind === 'time') return (Date.parse(raw as string) === f.value) === wanted;
    if (kind === 'boolean') return (String(raw) === f.value) === wanted;
    return (raw === f.value) === wanted;
  }
  if (raw === null) return false;
  if (f.predicate === '~eq') return String(raw).toLowerCase().includes(String(f.value).toLowerCase());
  const value = kind === 'time' ? Date.parse(raw as string) : raw;
  const d = typeof value === 'string' ? compareText(value, String(f.value)) : Number(value) - Number(f.value);
  switch (f.predicate) {
    case 'gt':
      return d > 0;
    case 'gte':
      return d >= 0;
    case 'lt':
      return d < 0;
    default:
      return d <= 0;
  }
}

// ---------------------------------------------------------------------------
// Query parameters
// ---------------------------------------------------------------------------

/** The query side of a list (src/api/list-query.ts), read from a request. */
export interface ListParams<S extends string, F extends string, P> extends ListQuery<S, F, P> {
  /** Reads the request's query: unknown parameters first, then everything else at once (400 naming each parameter at fault). */
  parse(c: Context): ListRequest<S, F, P>;
}

/** Reads a declared list query from a request (the operation's registration reads it too: see serve.ts). */
export function readListQuery<S extends string, F extends string, P>(
  c: Context,
  query: ListQuery<S, F, P>,
): ListRequest<S, F, P> {
  if (query.unknown) refuseUnknownParams(c, query.known, query.unknown);
  return query.request(readQuery(c, query.schema) as Record<string, unknown>);
}

type ParamsOf<E extends z.ZodRawShape> = z.output<z.ZodObject<E>>;

/** The query side of a list alone: for lists whose engine orders and pages with its own indexes. */
export function listParams<S extends string = never, F extends string = never, E extends z.ZodRawShape = Record<never, never>>(
  spec: ListQuerySpec<S, F, E> | ListQuery<S, F, ParamsOf<E>>,
): ListParams<S, F, ParamsOf<E>> {
  const query = 'kind' in spec && spec.kind === 'list' ? spec : listQuery<S, F, E>(spec as ListQuerySpec<S, F, E>);
  return { ...query, parse: (c) => readListQuery(c, query) };
}

// ---------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------

export type ListSpec<T, C extends string, S extends C, F extends C, E extends z.ZodRawShape> = (
  | ListQuerySpec<S, F, E>
  /** The query of the list operation's declaration (its `query`). */
  | { query: ListQuery<S, F, ParamsOf<E>> }
) & {
  columns: Record<C, Column<T>>;
  /** Order when the request gives no `sort_by`. */
  defaultSort?: readonly SortSpec<NoInfer<C>>[];
  /** Keys after every order, so equal rows come in a stable order; rows equal on these too keep store order. */
  tieBreak?: readonly SortSpec<NoInfer<C>>[];
};

export interface List<T, S extends string, F extends string, P> extends ListParams<S, F, P> {
  /** The rows that pass every filter, in the requested (or default) order. */
  select(rows: readonly T[], req: ListRequest<S, F, P>): T[];
  /** One page of `rows` (already selected) in the service's paged envelope. */
  page<R>(
    rows: readonly T[],
    req: ListRequest<S, F, P>,
    toRecord: (row: T) => R,
  ): { count: number; skip: number; limit: number; data: R[] };
}

/** Declares a list of rows of type T: `defineList<StoredUser>()({ columns, sortBy, filters, ... })`. */
export function defineList<T>() {
  return <C extends string, S extends C = never, F extends C = never, E extends z.ZodRawShape = Record<never, never>>(
    spec: ListSpec<T, C, S, F, E>,
  ): List<T, S, F, ParamsOf<E>> => {
    const { columns } = spec;
    const query = listParams<S, F, E>('query' in spec ? spec.query : spec);
    const sortValue = (column: Column<T>, row: T): Value => {
      const v = column.get(row);
      if (v === null) return null;
      if (column.kind === 'time') return Date.parse(v as string);
      if (column.kind === 'boolean') return v ? 1 : 0;
      return v;
    };
    const order = (rows: readonly T[], keys: readonly SortSpec<C>[]): T[] => {
      if (keys.length === 0) return [...rows];
      const cols = keys.map((k) => columns[k.column]);
      // Each key read once per row, not once per comparison.
      const decorated = rows.map((row, index) => ({ row, index, values: cols.map((col) => sortValue(col, row)) }));
      decorated.sort((a, b) => {
        for (let k = 0; k < keys.length; k++) {
          const x = a.values[k]!;
          const y = b.values[k]!;
          if (x === y) continue;
          if (x === null) return 1;
          if (y === null) return -1;
          const d = typeof x === 'string' ? compareText(x, y as string) : (x as number) - (y as number);
          if (d !== 0) return keys[k]!.descending ? -d : d;
        }
        return a.index - b.index;
      });
      return decorated.map((d) => d.row);
    };

    return {
      ...query,
      select(rows, req) {
        let out = rows;
        for (const f of req.filters) {
          const column = columns[f.column];
          out = out.filter((row) => matches(column.kind, column.get(row), f));
        }
        const requested: readonly SortSpec<C>[] = req.sorts.length > 0 ? req.sorts : (spec.defaultSort ?? []);
        return order(out, [...requested, ...(spec.tieBreak ?? [])]);
      },
      page(rows, req, toRecord) {
        const { skip, limit } = req;
        return { count: rows.length, skip, limit, data: rows.slice(skip, skip + limit).map(toRecord) };
      },
    };
  };
}
