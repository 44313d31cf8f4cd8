/**
 * The query of a list operation, as its declaration states it (src/api/operations/): paging, the columns
 * `sort_by` takes, the filter parameters and the operation's other parameters, as one Zod object the API
 * document describes, the mock validates with and the console types its requests by. How the rows are then
 * filtered and ordered is the mock's (src/mock-server/list.ts).
 *
 * Query syntax (the reference's): `skip` and `limit` (whole numbers of 0 or more; `limit` at most
 * MAX_LIMIT), a repeatable `sort_by` with `-column` for descending, and filters written
 * `column=predicate:value` (a bare value means eq) with the reference's predicates.
 */
import { z } from 'zod';
import { countQueryParam } from './schemas/asset-groups';
import { nonNegativeIntQuery, parseDecimal, sortByParam, type SortSpec } from './schemas/wire-format';
import { inWords } from '../shared/words';

export type { SortSpec };

/** The most rows one page may hold. */
export const MAX_LIMIT = 1000;

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

export interface ListQuerySpec<S extends string, F extends string, E extends z.ZodRawShape> {
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

type ParamsOf<E extends z.ZodRawShape> = z.output<z.ZodObject<E>>;

/** A list operation's query: its schema (every parameter optional) and how a parsed query becomes a list request. */
export interface ListQuery<S extends string = string, F extends string = string, P = unknown, K extends string = string> {
  readonly kind: 'list';
  /** The parameters' names, for the console's typed requests (a type only). */
  readonly names?: K;
  /** The query's schema, every parameter optional (the API document describes it). */
  readonly schema: z.ZodObject;
  /** Every parameter the list knows. */
  readonly known: readonly string[];
  /** The refusal of a parameter the list does not know; unknown parameters are ignored when absent. */
  readonly unknown?: (name: string, known: readonly string[]) => string;
  /** The list request of a query `schema` has parsed. */
  request(query: Record<string, unknown>): ListRequest<S, F, P>;
}

/** Declares a list operation's query (see ListQuerySpec). */
export function listQuery<S extends string = never, F extends string = never, E extends z.ZodRawShape = Record<never, never>>(
  spec: ListQuerySpec<S, F, E>,
): ListQuery<S, F, ParamsOf<E>, 'skip' | 'limit' | 'sort_by' | F | (keyof E & string)> {
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
  const filterNames = Object.keys(filters) as F[];

  return {
    kind: 'list',
    schema: z.object(shape),
    known: Object.keys(shape),
    ...(unknown ? { unknown } : {}),
    request(q) {
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

export function isListQuery(value: unknown): value is ListQuery {
  return typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'list';
}
