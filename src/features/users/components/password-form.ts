import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { HttpError } from '../../../api/errors';
import { PASSWORD_MIN_LENGTH, passwordRule } from '../../../api/schemas/users';
import { applyServerErrors } from '../../../components/form-errors';
import { PASSWORD_MISMATCH_MESSAGE } from './user-form';

/** The strength rule, one line a requirement, as the forms show it. */
export const PASSWORD_REQUIREMENTS: readonly { label: string; test: (p: string) => boolean }[] = [
  { label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (p) => [...p].length >= PASSWORD_MIN_LENGTH },
  { label: 'An upper-case letter', test: (p) => /\p{Lu}/u.test(p) },
  { label: 'A lower-case letter', test: (p) => /\p{Ll}/u.test(p) },
  { label: 'A digit', test: (p) => /\p{Nd}/u.test(p) },
  { label: 'A symbol, such as ! - # or %', test: (p) => /[^\p{L}\p{N}\s]/u.test(p) },
];

/** Set password dialog (an administrator setting someone's password). */
export const setPasswordSchema = z
  .object({
    password: passwordRule,
    confirm_password: z.string(),
    needs_password_reset: z.boolean(),
  })
  .refine((v) => v.password === v.confirm_password, { path: ['confirm_password'], error: PASSWORD_MISMATCH_MESSAGE });
export type SetPasswordValues = z.infer<typeof setPasswordSchema>;

/** Your own new password: the current one too, and the new one must differ from it. */
export const ownPasswordSchema = z
  .object({
    current_password: z.string().min(1, { error: 'Enter your current password' }),
    password: passwordRule,
    confirm_password: z.string(),
  })
  .refine((v) => v.password === v.confirm_password, { path: ['confirm_password'], error: PASSWORD_MISMATCH_MESSAGE })
  .refine((v) => v.current_password === '' || v.password !== v.current_password, {
    path: ['password'],
    error: 'The new password must be different from the current one',
  });
export type OwnPasswordValues = z.infer<typeof ownPasswordSchema>;

/**
 * Puts the server's field errors on the form: `fieldMap` names the form field
 * for a body field; nested contexts (`a.b.0.c`) go by their first part. The
 * server's messages carry a "field: " prefix when they do not name the field
 * themselves; that prefix is dropped where the message sits under its field.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldMap: Record<string, Path<T>>,
): string | null {
  if (!(error instanceof HttpError) || !error.body) return applyServerErrors(error, setError, [], {});
  const map: Record<string, Path<T>> = {};
  const cleaned = error.body.errors.map((e) => {
    const field = fieldMap[e.context] ?? fieldMap[e.context.split('.')[0] ?? ''];
    if (field) map[e.context] = field;
    const prefix = `${e.context}: `;
    return field && e.message.startsWith(prefix) ? { ...e, message: e.message.slice(prefix.length) } : e;
  });
  const copy = new HttpError(error.operation, error.status, { ...error.body, errors: cleaned }, error.retryAfterSeconds);
  return applyServerErrors(copy, setError, [], map);
}
