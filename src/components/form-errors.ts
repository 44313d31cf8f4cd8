import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { describeError, HttpError } from '../api/errors';

/**
 * Puts the server's field errors (`errors[].context`) onto the form's fields
 * and returns the message for whatever names no field (null when every error
 * found its field). Failures of the request itself (network, timeout, 5xx, 429,
 * a broken answer) come back as one sentence from describeError. `fieldMap` maps a body field name to a form field name
 * where they differ (for example `email_address` → `email`).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fieldMap: Record<string, Path<T>> = {},
): string | null {
  // A server failure or a throttled request is about the request, not about any field.
  if (!(error instanceof HttpError) || !error.body || error.status >= 500 || error.status === 429) return describeError(error);
  const rest: string[] = [];
  let focused = false;
  for (const e of error.body.errors) {
    const name = (fieldMap[e.context] ?? (fields.includes(e.context as Path<T>) ? e.context : null)) as Path<T> | null;
    if (name) {
      setError(name, { type: 'server', message: e.message }, { shouldFocus: !focused });
      focused = true;
    } else if (e.message) rest.push(e.message);
  }
  if (rest.length > 0) return rest.join(' ');
  // Never a silent failure: an error body that named nothing still gets a sentence.
  return focused ? null : describeError(error);
}
