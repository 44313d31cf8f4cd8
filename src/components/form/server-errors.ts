import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { describeError, HttpError } from '@/api/errors';

/** Where a server error context (a body field name such as `email_address` or `value.duration`) lands on the form, if anywhere. */
function fieldFor<T extends FieldValues>(
  context: string,
  fields: readonly Path<T>[],
  fieldMap: Partial<Record<string, Path<T>>>,
): Path<T> | null {
  const first = context.split('.')[0] ?? context;
  for (const key of context === first ? [context] : [context, first]) {
    const mapped = fieldMap[key];
    if (mapped) return mapped;
    if (fields.includes(key as Path<T>)) return key as Path<T>;
  }
  return null;
}

/**
 * Puts the server's field errors (`errors[].context`) onto the form's fields
 * and returns the message for whatever names no field (null when every error
 * found its field). Failures of the request itself (network, timeout, 5xx, 429,
 * a broken answer) come back as one sentence from describeError.
 *
 * A context names a field when it is one of `fields`, or through `fieldMap`
 * (body field name → form field name, for example `email_address` → `email`);
 * a nested context (`a.b.0.c`) that names no field goes by its first part. The
 * server's "context: " prefix is dropped from a message shown under its field.
 * The first field with an error gets the focus.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[] = [],
  fieldMap: Partial<Record<string, Path<T>>> = {},
): string | null {
  // A server failure or a throttled request is about the request, not about any field.
  if (!(error instanceof HttpError) || !error.body || error.status >= 500 || error.status === 429) return describeError(error);
  const rest: string[] = [];
  let focused = false;
  for (const e of error.body.errors) {
    const name = fieldFor(e.context, fields, fieldMap);
    if (name) {
      const prefix = `${e.context}: `;
      const message = e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
      setError(name, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else if (e.message) rest.push(e.message);
  }
  if (rest.length > 0) return rest.join(' ');
  // Never a silent failure: an error body that named nothing still gets a sentence.
  return focused ? null : describeError(error);
}
