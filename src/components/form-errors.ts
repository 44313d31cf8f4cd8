import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { describeError, HttpError } from '../api/errors';

/**
 * Puts the server's field errors (`errors[].context`) onto the form's fields
 * and returns the message for whatever names no field (null when every error
 * found its field). `fieldMap` maps a body field name to a form field name
 * where they differ (for example `email_address` → `email`).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fieldMap: Record<string, Path<T>> = {},
): string | null {
  if (!(error instanceof HttpError) || !error.body) return describeError(error);
  const rest: string[] = [];
  let focused = false;
  for (const e of error.body.errors) {
    const name = (fieldMap[e.context] ?? (fields.includes(e.context as Path<T>) ? e.context : null)) as Path<T> | null;
    if (name) {
      setError(name, { type: 'server', message: e.message }, { shouldFocus: !focused });
      focused = true;
    } else if (e.message) rest.push(e.message);
  }
  return rest.length > 0 ? rest.join(' ') : null;
}
