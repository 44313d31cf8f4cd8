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
import { z } from 'zod';
import type { Context } from 'hono';
import { countQueryParam } from '../api/schemas/asset-groups';
import { nonNegativeIntQuery, parseDecimal, sortByParam, type SortSpec } from '../api/schemas/common';
import { readQuery, refuseUnknownParams } from './validate';
import { compareText } from '../shared/compare-text';
import { inWords } from '../shared/words';

export type { SortSpec };

/** The most rows one page may hold. */
export const MAX_LIMIT = 1000;

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

// ---------------------------------------------------------------------------
// Filters
// ---------------------------------------------------------------------------

export type Predicate = 'eq' | 'neq' | '~eq' | 'gt' | 'gte' | 'lt' | 'lte';

/** One parsed `column=predicate:value` filter (a time filter's value is milliseconds since the epoch). */
export interface Filter<C extends string = string> {
  column: C;
  predicate: Predicate;
  value: string | number;
}

type ParsedFilter = { predicate: string; value: string | number };

/** Reads one filter parameter: its value (or values, when it may repeat) as `{ predicate, value }`. */
export type FilterParam = z.ZodType<ParsedFilter | ParsedFilter[] | undefined>;

/**
 * A filter parameter given at most once as `predicate:value` or a bare value
 * (eq), taking only `predicates`; `integer` values must be whole numbers
 * written as `parseDecimal` reads them (signed), and
 * an empty value is refused unless `allowEmpty`. Every refusal names the parameter.
 */
export function predicateFilter(
  name: string,
  predicates: readonly Predicate[],
  options: { integer?: boolean; allowEmpty?: boolean } = {},
): FilterParam {
  return z.string({ error: 'must be given once' }).transform((raw, ctx): ParsedFilter => {
    const idx = raw.indexOf(':');
    const predicate = idx === -1 ? 'eq' : raw.slice(0, idx);
    const value = idx === -1 ? raw : raw.slice(idx + 1);
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', message, input: raw });
      return z.NEVER;
    };
    if (!(predicates as readonly string[]).includes(predicate)) {
      const example = predicates.length === 1 ? ` (for example ${name}=${predicates[0]}:<value>)` : '';
      const only = predicates.length === 1 ? 'only ' : '';
      return refuse(`The ${name} filter supports ${only}${inWords(predicates)}${example}, not "${predicate}".`);
    }
    if (value === '' && !options.allowEmpty) return refuse(`The ${name} filter needs a value after "${predicate}:".`);
    if (!options.integer) return { predicate, value };
    const n = parseDecimal(value, { signed: true });
    if (n === null) return refuse(`The ${name} filter must be a whole number, not "${value}".`);
    return { predicate, value: n };
  });
}

/** A query parameter that is `true` or `false`. */
export const flagParam = (name: string) => z.enum(['true', 'false'], { error: `${name} must be true or false` }).optional();

/** The parsers of `names` from an API query schema's shape (for the filters of a list). */
export function pickParams<S extends z.ZodRawShape, const K extends keyof S & string>(shape: S, names: readonly K[]): Pick<S, K> {
  return Object.fromEntries(names.map((n) => [n, shape[n]])) as Pick<S, K>;
}

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

export type Paging = {
  /** `limit` when the request gives none. */
  defaultLimit: number;
} & (
  | {
      /** A `limit` over MAX_LIMIT is capped to it (and answered as the limit), or refused (400 naming `limit`). */
      overMax: 'cap' | 'refuse';
      digitsOnly?: false;
    }
  | {
      overMax: 'cap';
      /** `skip` and `limit` written in digits only and given once (the asset-group members operation's rule). */
      digitsOnly: true;
    }
);

export interface ListParamsSpec<S extends string, F extends string, E extends z.ZodRawShape> {
  /** skip/limit; none for a list answered whole. */
  paging?: Paging;
  /** The operation's other parameters (scope, type, ...). */
  params?: E;
  /** Columns `sort_by` takes, in the order a refusal lists them; no `sort_by` parameter when absent. */
  sortBy?: readonly S[];
  /** Filter parameters, each named after its column. */
  filters?: Record<F, FilterParam>;
  /** The message refusing a parameter the list does not know (400 naming it); unknown parameters are ignored when absent. */
  unknown?: (name: string, known: readonly string[]) => string;
}

/** A list request as parsed: paging, the requested sort keys, the filters and the other parameters. */
export interface ListRequest<S extends string, F extends string, P> {
  skip: number;
  /** Rows per page (Infinity for a list answered whole). */
  limit: number;
  /** The requested sort keys (empty: the list's default order). */
  sorts: SortSpec<S>[];
  filters: Filter<F>[];
  params: P;
}

export interface ListParams<S extends string, F extends string, P> {
  /** Every parameter the list knows. */
  readonly known: readonly string[];
  /** The query's schema, every parameter optional (what `parse` reads with; the API document describes it). */
  readonly schema: z.ZodObject;
  /** Reads the request's query: unknown parameters first, then everything else at once (400 naming each parameter at fault). */
  parse(c: Context): ListRequest<S, F, P>;
}

type ParamsOf<E extends z.ZodRawShape> = z.output<z.ZodObject<E>>;

/** The query side of a list alone: for the asset-group members, whose engine orders and pages with its own indexes. */
export function listParams<S extends string = never, F extends string = never, E extends z.ZodRawShape = Record<never, never>>(
  spec: ListParamsSpec<S, F, E>,
): ListParams<S, F, ParamsOf<E>> {
  const { paging, sortBy, unknown } = spec;
  const params = spec.params ?? ({} as E);
  const filters = (spec.filters ?? {}) as Record<F, FilterParam>;
  const shape: Record<string, z.ZodType> = {};
  if (paging?.digitsOnly) {
    shape.skip = countQueryParam('skip').optional();
    shape.limit = countQueryParam('limit').optional();
  } else if (paging) {
    const limit = nonNegativeIntQuery('limit');
    shape.skip = nonNegativeIntQuery('skip').optional();
    shape.limit = (
      paging.overMax === 'refuse' ? limit.max(MAX_LIMIT, { error: `limit must be at most ${MAX_LIMIT}` }) : limit
    ).optional();
  }
  Object.assign(shape, params);
  if (sortBy) shape.sort_by = sortByParam(sortBy).optional();
  for (const [name, parser] of Object.entries<FilterParam>(filters)) shape[name] = parser.optional();
  const schema = z.object(shape);
  const known = Object.keys(shape);
  const filterNames = Object.keys(filters) as F[];

  return {
    known,
    schema,
    parse(c) {
      if (unknown) refuseUnknownParams(c, known, unknown);
      const q = readQuery(c, schema) as Record<string, unknown>;
      const parsed: Filter<F>[] = [];
      for (const column of filterNames) {
        const given = q[column] as ParsedFilter | ParsedFilter[] | undefined;
        for (const f of given === undefined ? [] : Array.isArray(given) ? given : [given]) {
          parsed.push({ column, predicate: f.predicate as Predicate, value: f.value });
        }
      }
      const other = Object.fromEntries(Object.keys(params).map((k) => [k, q[k]])) as ParamsOf<E>;
      const skip = (q.skip as number | undefined) ?? 0;
      const given = q.limit as number | undefined;
      const limit = paging ? Math.min(given ?? paging.defaultLimit, MAX_LIMIT) : Infinity;
      return { skip, limit, sorts: (q.sort_by as SortSpec<S>[] | undefined) ?? [], filters: parsed, params: other };
    },
  };
}

// ---------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------

export interface ListSpec<T, C extends string, S extends C, F extends C, E extends z.ZodRawShape> extends ListParamsSpec<
  S,
  F,
  E
> {
  columns: Record<C, Column<T>>;
  /** Order when the request gives no `sort_by`. */
  defaultSort?: readonly SortSpec<NoInfer<C>>[];
  /** Keys after every order, so equal rows come in a stable order; rows equal on these too keep store order. */
  tieBreak?: readonly SortSpec<NoInfer<C>>[];
}

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
    const query = listParams<S, F, E>(spec);
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
