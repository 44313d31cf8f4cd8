/** Paging, sorting and simple filters for the collection area's list operations. */
import { z } from 'zod';
import { nonNegativeIntQuery, sortByParam, type SortSpec } from '../../api/schemas/common';
import { badRequest } from '../errors';

export const MAX_LIMIT = 1000;

export function listQuery<const C extends readonly string[], E extends z.ZodRawShape = Record<never, never>>(
  columns: C,
  extra?: E,
) {
  return z
    .object({
      skip: nonNegativeIntQuery('skip').optional(),
      limit: nonNegativeIntQuery('limit')
        .max(MAX_LIMIT, { error: `limit must be at most ${MAX_LIMIT}` })
        .optional(),
      sort_by: sortByParam(columns).optional(),
      hydrate_ous: z.enum(['true', 'false'], { error: 'hydrate_ous must be true or false' }).optional(),
      hydrate_domains: z.enum(['true', 'false'], { error: 'hydrate_domains must be true or false' }).optional(),
    })
    .extend((extra ?? {}) as E);
}

/** `eq:<value>` (or a bare value) as the only predicate of a filter; other predicates are a 400 naming the parameter. */
export function eqFilter(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const idx = value.indexOf(':');
  const predicate = idx === -1 ? 'eq' : value.slice(0, idx);
  const operand = idx === -1 ? value : value.slice(idx + 1);
  if (predicate !== 'eq')
    throw badRequest(name, `The ${name} filter supports only eq (for example ${name}=eq:<value>), not "${predicate}".`);
  if (operand === '') throw badRequest(name, `The ${name} filter needs a value after "eq:".`);
  return operand;
}

/** An `eq:<whole number>` filter. */
export function eqIntFilter(name: string, value: string | undefined): number | undefined {
  const operand = eqFilter(name, value);
  if (operand === undefined) return undefined;
  if (!/^-?\d+$/.test(operand)) throw badRequest(name, `The ${name} filter must be a whole number, not "${operand}".`);
  return Number(operand);
}

export const stringParam = z.string({ error: 'must be given once' }).optional();

type Value = string | number | boolean | null;

/** Sorts `items` by the given columns (ties keep their order); null values last. */
export function sortBy<T, C extends string>(items: T[], specs: SortSpec<C>[], valueOf: (item: T, column: C) => Value): T[] {
  if (specs.length === 0) return items;
  return [...items].sort((a, b) => {
    for (const { column, descending } of specs) {
      const x = valueOf(a, column);
      const y = valueOf(b, column);
      if (x === y) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      const cmp = typeof x === 'string' && typeof y === 'string' ? x.localeCompare(y) : x < y ? -1 : 1;
      return descending ? -cmp : cmp;
    }
    return 0;
  });
}

/** One page of `items` in the service's paginated envelope. */
export function page<T, R>(items: T[], skip: number, limit: number, toRecord: (item: T) => R) {
  return { count: items.length, skip, limit, data: items.slice(skip, skip + limit).map(toRecord) };
}
