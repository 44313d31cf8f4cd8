/**
 * The service's shapes as they travel, shared by every resource's schemas (upstream's contract,
 * reference/openapi-subset.json: components `null.*`, `model.components.*`, `api.error-wrapper`,
 * `api.response.pagination`, `api.params.*`, `enum.job-status`): times and ids, the nullable wrappers,
 * the base record, the error body, the answer envelopes, the list queries' parameters, job statuses, and
 * records read by a discriminant.
 *
 * Response schemas use `z.object` (unknown keys are stripped) so a newer server adding fields never breaks
 * parsing.
 */
import './zod-config';
import { z } from 'zod';
import { labelsFor } from '../../shared/value-labels';
import { textRules } from './field-rules';

// ---------------------------------------------------------------------------
// Scalars
// ---------------------------------------------------------------------------

/**
 * Reference `format: date-time`: ISO 8601 / RFC 3339
 * date-time with `Z` or a numeric offset and any number of fractional digits
 * (Go emits up to 9, e.g. "2024-01-02T03:04:05.123456Z"; zero time is
 * "0001-01-01T00:00:00Z").
 */
export const timestamp = z.iso.datetime({ offset: true, error: 'Must be an ISO 8601 date-time' });
export type Timestamp = z.infer<typeof timestamp>;

/** Go's zero `time.Time`, emitted inside invalid nullable times and for never-set timestamps. */
export const ZERO_TIME = '0001-01-01T00:00:00Z';

/**
 * Reference `format: uuid`. The reference's own uuid filter pattern is
 * `[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}` (no version/variant
 * check), so this uses `z.guid()` rather than the stricter RFC 9562 `z.uuid()`.
 */
export const uuidString = z.guid({ error: 'Must be a UUID' });

/** Reference `model.components.int32.id` / `int64.id`: an integer id. */
export const intId = z.int();

// ---------------------------------------------------------------------------
// Nullable wrappers (response side) — reference null.*
// ---------------------------------------------------------------------------

/** Reference `null.time`. */
export const nullableTime = z.object({ time: timestamp, valid: z.boolean() });
export type NullableTime = z.infer<typeof nullableTime>;

/** Reference `null.int32`. */
export const nullableInt = z.object({ int32: z.int(), valid: z.boolean() });
export type NullableInt = z.infer<typeof nullableInt>;

/** Reference `null.int64` (used by `model.client-display.current_job_id`). */
export const nullableInt64 = z.object({ int64: z.int(), valid: z.boolean() });
export type NullableInt64 = z.infer<typeof nullableInt64>;

/** Reference `null.string`. */
export const nullableString = z.object({ string: z.string(), valid: z.boolean() });
export type NullableString = z.infer<typeof nullableString>;

/** Reference `null.uuid` (used by `model.auth-token`). */
export const nullableUuid = z.object({ uuid: uuidString, valid: z.boolean() });
export type NullableUuid = z.infer<typeof nullableUuid>;

/** Build a `{time, valid}` wrapper; null → zero time, valid false. */
export function toNullableTime(v: string | Date | null | undefined): NullableTime {
  if (v === null || v === undefined) return { time: ZERO_TIME, valid: false };
  return { time: typeof v === 'string' ? v : v.toISOString(), valid: true };
}

/** Build an `{int32, valid}` wrapper; null → `{int32: 0, valid: false}`. */
export function toNullableInt(v: number | null | undefined): NullableInt {
  return v === null || v === undefined ? { int32: 0, valid: false } : { int32: v, valid: true };
}

/** Build an `{int64, valid}` wrapper; null → `{int64: 0, valid: false}`. */
export function toNullableInt64(v: number | null | undefined): NullableInt64 {
  return v === null || v === undefined ? { int64: 0, valid: false } : { int64: v, valid: true };
}

/** Build a `{string, valid}` wrapper; null → `{string: "", valid: false}`. */
export function toNullableString(v: string | null | undefined): NullableString {
  return v === null || v === undefined ? { string: '', valid: false } : { string: v, valid: true };
}

/** Build a `{uuid, valid}` wrapper; null → nil UUID, valid false. */
export function toNullableUuid(v: string | null | undefined): NullableUuid {
  return v === null || v === undefined
    ? { uuid: '00000000-0000-0000-0000-000000000000', valid: false }
    : { uuid: v, valid: true };
}

/** Unwrap a `{time, valid}` wrapper to `string | null`. */
export function fromNullableTime(w: NullableTime | null | undefined): string | null {
  return w && w.valid ? w.time : null;
}

/** Unwrap an `{int32, valid}` wrapper to `number | null`. */
export function fromNullableInt(w: NullableInt | null | undefined): number | null {
  return w && w.valid ? w.int32 : null;
}

/** Unwrap an `{int64, valid}` wrapper to `number | null`. */
export function fromNullableInt64(w: NullableInt64 | null | undefined): number | null {
  return w && w.valid ? w.int64 : null;
}

/** Unwrap a `{string, valid}` wrapper to `string | null`. */
export function fromNullableString(w: NullableString | null | undefined): string | null {
  return w && w.valid ? w.string : null;
}

/** Unwrap a `{uuid, valid}` wrapper to `string | null`. */
export function fromNullableUuid(w: NullableUuid | null | undefined): string | null {
  return w && w.valid ? w.uuid : null;
}

// ---------------------------------------------------------------------------
// Nullable inputs (request side) — what upstream's null.* JSON decoding accepts
// ---------------------------------------------------------------------------

/**
 * Reference `null.int32` as a request field. Accepts the `{int32, valid}`
 * wrapper, a plain integer, or `null`; outputs `number | null`
 * (`valid: false` → null). `label` names the field in messages.
 */
export function makeNullableIntInput(label = 'Value') {
  const kind = `a whole number, null, or an {int32, valid} object`;
  const wrapper = z
    .object({
      int32: z.int({ error: `${label} must be a whole number` }).optional(),
      valid: z.boolean({ error: `${label}: "valid" must be true or false` }),
    })
    .refine((w) => !w.valid || w.int32 !== undefined, {
      error: `${label} is marked valid but has no int32 value`,
    })
    .transform((w) => (w.valid ? (w.int32 as number) : null));
  return z.union([z.int(), z.null(), wrapper], { error: `${label} must be ${kind}` });
}
export const nullableIntInput = makeNullableIntInput();
export type NullableIntInput = z.input<typeof nullableIntInput>;

/**
 * Reference `null.string` as a request field. Accepts the `{string, valid}`
 * wrapper, a plain string, or `null`; outputs `string | null`. The text is at
 * most `max` characters when given.
 */
export function makeNullableStringInput(label = 'Value', max?: number) {
  const kind = `text, null, or a {string, valid} object`;
  const text = (message?: string) => textRules(z.string(message ? { error: message } : undefined), label, { max });
  const wrapper = z
    .object({
      string: text(`${label} must be text`).optional(),
      valid: z.boolean({ error: `${label}: "valid" must be true or false` }),
    })
    .refine((w) => !w.valid || w.string !== undefined, {
      error: `${label} is marked valid but has no string value`,
    })
    .transform((w) => (w.valid ? (w.string as string) : null));
  return z.union([text(), z.null(), wrapper], { error: `${label} must be ${kind}` });
}
export const nullableStringInput = makeNullableStringInput();
export type NullableStringInput = z.input<typeof nullableStringInput>;

// ---------------------------------------------------------------------------
// Base record — reference model.components.int32.id + timestamps
// ---------------------------------------------------------------------------

/** Shape of the timestamps every stored record carries (reference `model.components.timestamps`). */
export const timestampFields = {
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: nullableTime,
};

/** The base fields: integer id + timestamps. A plain shape: use `.extend(baseFields)` or spread. */
export const baseFields = {
  id: intId,
  ...timestampFields,
};

/** The base record: the base fields alone. */
export const baseRecord = z.object(baseFields);
export type BaseRecord = z.infer<typeof baseRecord>;

// ---------------------------------------------------------------------------
// Errors — reference api.error-detail / api.error-wrapper
// ---------------------------------------------------------------------------

/** Reference `api.error-detail`. */
export const errorDetail = z.object({
  context: z.string(),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof errorDetail>;

/** Reference `api.error-wrapper` (http_status 100–600). */
export const errorBody = z.object({
  http_status: z.int().min(100).max(600),
  timestamp,
  request_id: z.string(),
  errors: z.array(errorDetail),
});
export type ErrorBody = z.infer<typeof errorBody>;

// ---------------------------------------------------------------------------
// Envelopes — reference api.response.pagination
// ---------------------------------------------------------------------------

/** One record's answer: `{ data: <record> }`. */
export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/** Reference `api.response.pagination`: count, skip, limit (integers ≥ 0). */
export const paginationFields = {
  count: z.int().min(0),
  skip: z.int().min(0),
  limit: z.int().min(0),
};
export const pagination = z.object(paginationFields);
export type Pagination = z.infer<typeof pagination>;

/** A paged list's answer: `{ count, skip, limit, data: item[] }`. */
export function pagedEnvelope<T extends z.ZodType>(itemSchema: T) {
  return z.object({ ...paginationFields, data: z.array(itemSchema) });
}

// ---------------------------------------------------------------------------
// Query parameters — reference api.params.query.*, api.params.predicate.*
// ---------------------------------------------------------------------------

/** A non-negative integer query parameter coerced from its string form. */
export function nonNegativeIntQuery(label: string) {
  return z.coerce
    .number({ error: `${label} must be a whole number of 0 or more` })
    .int({ error: `${label} must be a whole number of 0 or more` })
    .min(0, { error: `${label} must be a whole number of 0 or more` });
}

/** Reference `query.skip` / `query.limit`: both optional non-negative integers. */
export const paginationQuery = z.object({
  skip: nonNegativeIntQuery('skip').optional(),
  limit: nonNegativeIntQuery('limit').optional(),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;

/** One parsed `sort_by` entry. */
export interface SortSpec<C extends string = string> {
  column: C;
  descending: boolean;
}

/**
 * Reference `api.params.query.sort-by`: repeatable, `-` prefix for descending.
 * Accepts a string or string[] (a repeated query parameter) and outputs the
 * parsed list; each column must be one of `columns`.
 */
export function sortByParam<const C extends readonly string[]>(columns: C) {
  const allowed = new Set<string>(columns);
  return z.union([z.string(), z.array(z.string())], { error: 'sort_by must be a column name' }).transform((v, ctx) => {
    const items = Array.isArray(v) ? v : [v];
    const out: SortSpec<C[number]>[] = [];
    for (const raw of items) {
      const descending = raw.startsWith('-');
      const column = descending ? raw.slice(1) : raw;
      if (!allowed.has(column)) {
        ctx.addIssue({
          code: 'custom',
          message: `Cannot sort by "${column}"; sortable columns are ${columns.join(', ')}`,
          input: raw,
        });
        return z.NEVER;
      }
      out.push({ column: column as C[number], descending });
    }
    return out;
  });
}

/** Reference `api.params.predicate.filter.string` predicates. */
export const STRING_FILTER_PREDICATES = ['eq', '~eq', 'neq'] as const;
export type StringFilterPredicate = (typeof STRING_FILTER_PREDICATES)[number];

/** A parsed column filter. */
export interface ColumnFilter<P extends string = StringFilterPredicate> {
  predicate: P;
  value: string;
}

/**
 * Reference `api.params.predicate.filter.string`, pattern `^((eq|~eq|neq):)?[^:]+$`.
 * Parses `"<predicate>:<value>"` (predicate defaults to `eq`) into `{predicate, value}`.
 */
export function stringFilterParam(label: string) {
  return z.string({ error: `${label} filter must be text` }).transform((raw, ctx): ColumnFilter => {
    const idx = raw.indexOf(':');
    const predicate = idx === -1 ? 'eq' : raw.slice(0, idx);
    const value = idx === -1 ? raw : raw.slice(idx + 1);
    if (!(STRING_FILTER_PREDICATES as readonly string[]).includes(predicate)) {
      ctx.addIssue({
        code: 'custom',
        message: `${label} filter predicate "${predicate}" is not supported; use ${STRING_FILTER_PREDICATES.join(', ')}`,
        input: raw,
      });
      return z.NEVER;
    }
    if (value.length === 0 || value.includes(':')) {
      ctx.addIssue({
        code: 'custom',
        message: `${label} filter value must be non-empty and must not contain ":"`,
        input: raw,
      });
      return z.NEVER;
    }
    return { predicate: predicate as StringFilterPredicate, value };
  });
}

/**
 * A whole number as an id is written: decimal digits only, no sign, spaces,
 * exponent, fraction, hex or leading zeros ("0" itself is fine), at most
 * Number.MAX_SAFE_INTEGER. `signed` also takes a leading "-" (a filter on a
 * value that may be negative, such as a status). Null for anything else.
 */
export function parseDecimal(text: string, { signed = false } = {}): number | null {
  if (!(signed ? /^(0|-?[1-9][0-9]*)$/ : /^(0|[1-9][0-9]*)$/).test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/** An integer id in a path (reference `format: int32` ids), written as {@link parseDecimal} reads it; 400 naming it otherwise. */
export function intPathParam(label: string) {
  return z.string({ error: `${label} must be a whole number` }).transform((raw, ctx) => {
    const n = parseDecimal(raw);
    if (n !== null) return n;
    ctx.addIssue({
      code: 'custom',
      message: `${label} must be a whole number written in decimal digits, without sign, spaces or leading zeros`,
      input: raw,
    });
    return z.NEVER;
  });
}

// ---------------------------------------------------------------------------
// Job status — reference enum.job-status
// ---------------------------------------------------------------------------

/** Reference `enum.job-status` values. */
export const JobStatus = {
  Invalid: -1,
  Ready: 0,
  Running: 1,
  Complete: 2,
  Canceled: 3,
  TimedOut: 4,
  Failed: 5,
  Ingesting: 6,
  Analyzing: 7,
  PartiallyComplete: 8,
} as const;
export type JobStatusValue = (typeof JobStatus)[keyof typeof JobStatus];

/**
 * Reference `enum.job-status` on responses. Any integer is accepted so a newer
 * server's additional status never breaks a page; `jobStatusLabel` says an
 * unknown value is unknown and keeps it as it came. Use `knownJobStatus` to require a listed value.
 */
export const jobStatus = z.int();
/** Reference `enum.job-status`, restricted to the listed values. */
export const knownJobStatus = z.union(
  Object.values(JobStatus).map((v) => z.literal(v)) as [z.ZodLiteral<JobStatusValue>, ...z.ZodLiteral<JobStatusValue>[]],
);

const JOB_STATUS_LABELS: Record<number, string> = {
  [JobStatus.Invalid]: 'Invalid',
  [JobStatus.Ready]: 'Ready',
  [JobStatus.Running]: 'Running',
  [JobStatus.Complete]: 'Complete',
  [JobStatus.Canceled]: 'Canceled',
  [JobStatus.TimedOut]: 'Timed out',
  [JobStatus.Failed]: 'Failed',
  [JobStatus.Ingesting]: 'Ingesting',
  [JobStatus.Analyzing]: 'Analyzing',
  [JobStatus.PartiallyComplete]: 'Partially complete',
};

/** A job status in words ("Partially complete"); a status the reference does not list is unknown, kept as it came ("42"). */
export const jobStatusLabel = labelsFor(JOB_STATUS_LABELS);

// ---------------------------------------------------------------------------
// Open-ended unions (response side)
// ---------------------------------------------------------------------------

/**
 * A record read by the value of its `key` field: the schema `known[value]` for a value this console
 * knows, `other` for any other (a newer server's type, kept rather than failing the list). The key
 * itself must be text. Unlike a plain union, a known record that does not fit its schema fails with
 * that schema's own issues, each naming its field (`data.0.details.issuer: …`).
 */
export function byDiscriminant<const K extends string, const Known extends Record<string, z.ZodType>, Other extends z.ZodType>(
  key: K,
  known: Known,
  other: Other,
) {
  const schemas: Readonly<Record<string, z.ZodType>> = known;
  return z
    .looseObject({ [key]: z.string() } as Record<K, z.ZodString>)
    .transform((raw, ctx): z.output<Known[keyof Known]> | z.output<Other> => {
      const value = raw[key] as string;
      const schema = Object.hasOwn(schemas, value) ? schemas[value]! : other;
      const result = schema.safeParse(raw);
      if (result.success) return result.data as z.output<Known[keyof Known]>;
      for (const issue of result.error.issues) ctx.addIssue({ ...issue, input: undefined } as z.core.$ZodRawIssue);
      return z.NEVER;
    });
}
