import type { Context } from 'hono';
import type { z } from 'zod';
import { confirmAccess } from './access';
import { noteRequestBody } from './audit';
import { JSON_BODY_MAX_BYTES, jsonTooLarge, readBodyLimited } from './body';
import { ApiFailure, badRequest, type ErrorDetail } from './errors';

/** Zod issues as error details whose `context` names the field and whose message says what is wrong. */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[], prefix?: string): ErrorDetail[] {
  return issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    const context = path || prefix || 'body';
    const field = (path.split('.').pop() ?? '').replace(/_/g, ' ').toLowerCase();
    const named = field !== '' && issue.message.toLowerCase().replace(/_/g, ' ').includes(field);
    return { context, message: path && !named ? `${path}: ${issue.message}` : issue.message };
  });
}

/** Zod issues as error details as they are: `context` the field path as sent (or `fallback`), the message unchanged. */
export function issuesAtPaths(issues: readonly z.core.$ZodIssue[], fallback = 'body'): ErrorDetail[] {
  return issues.map((i) => ({ context: i.path.map(String).join('.') || fallback, message: i.message }));
}

function check<S extends z.ZodType>(schema: S, value: unknown, prefix?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiFailure(400, issuesToErrors(result.error.issues, prefix));
  return result.data;
}

/** `application/json`, in any case, optionally followed by parameters (`; charset=utf-8`): nothing else is JSON. */
const JSON_CONTENT_TYPE = /^application\/json[ \t]*(;.*)?$/i;

/**
 * Parses the JSON body against `schema`. A Content-Type other than JSON is a
 * 415, a body over JSON_BODY_MAX_BYTES a 413 (read no further), malformed JSON
 * or a wrong shape a 400 naming the fields.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('Content-Type') ?? '';
  if (!JSON_CONTENT_TYPE.test(type.trim())) {
    await c.req.raw.body?.cancel().catch(() => undefined);
    throw new ApiFailure(415, [
      {
        context: 'Content-Type',
        message: `This operation takes a JSON body (Content-Type: application/json), not "${type || 'none'}".`,
      },
    ]);
  }
  const text = new TextDecoder().decode(await readBodyLimited(c, JSON_BODY_MAX_BYTES, jsonTooLarge));
  // The body may have taken a while: the author's access is checked again before anything is done with it.
  confirmAccess(c);
  let value: unknown;
  try {
    value = text.trim() === '' ? undefined : JSON.parse(text);
  } catch (e) {
    throw badRequest('body', `The body is not valid JSON: ${(e as Error).message}`);
  }
  if (value === undefined) throw badRequest('body', 'The body is empty; a JSON object is required.');
  // What the change carries, for the audit log (secrets redacted there), before the schema may refuse it.
  noteRequestBody(c, value);
  return check(schema, value);
}

/**
 * Query parameters as an object: a parameter given once is a string, one given
 * several times is an array (so `sort_by=a&sort_by=b` arrives as `['a','b']`).
 */
export function queryObject(c: Context): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(c.req.queries())) {
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

/** A query parameter not in `known` is a 400 naming it (the first one, in the order sent), with `describe`'s message. */
export function refuseUnknownParams(
  c: Context,
  known: readonly string[],
  describe: (name: string, known: readonly string[]) => string,
): void {
  for (const name of Object.keys(queryObject(c))) if (!known.includes(name)) throw badRequest(name, describe(name, known));
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return check(schema, queryObject(c));
}

export function readParam<S extends z.ZodType>(c: Context, name: string, schema: S): z.output<S> {
  return check(schema, c.req.param(name), name);
}
