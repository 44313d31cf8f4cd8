import { useParams } from 'react-router-dom';
import { z } from 'zod';

/** The largest id a numeric route parameter may hold (the service's ids are 32-bit integers). */
const MAX_NUMERIC_ID = 2_147_483_647;

/** A numeric id in an address (a role's, an event's): digits only, at most the service's largest id. */
export const numericId = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().max(MAX_NUMERIC_ID));

/** A UUID in an address (a user's, a client's). */
export const uuidId = z.guid();

/** An id route parameter as read: the text in the address, and the id when it is a valid one (else what is wrong). */
export type RouteId<T> = { ok: true; raw: string; id: T } | { ok: false; raw: string; message: string };

/** Reads `raw` (a route parameter) with `schema`: the id, or that the address holds no valid one. */
export function parseRouteId<T>(schema: z.ZodType<T, string>, raw: string | undefined): RouteId<T> {
  const text = raw ?? '';
  const result = schema.safeParse(text);
  return result.success
    ? { ok: true, raw: text, id: result.data }
    : { ok: false, raw: text, message: result.error.issues[0]?.message ?? 'Not a valid ID.' };
}

/** The route parameter `name` of the current page, read with `schema` (see parseRouteId). */
export function useRouteId<T>(name: string, schema: z.ZodType<T, string>): RouteId<T> {
  return parseRouteId(schema, useParams()[name]);
}

/** The query key of the item whose id is `raw` (a route parameter), or null when it is not a valid id. */
export function keyOfRouteId<T, K>(schema: z.ZodType<T, string>, raw: string | undefined, key: (id: T) => K): K | null {
  const parsed = parseRouteId(schema, raw);
  return parsed.ok ? key(parsed.id) : null;
}
