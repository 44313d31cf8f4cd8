import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, tooLongMessage } from '@/api/schemas/field-rules';
import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, passwordRule } from '@/api/schemas/users';
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
    current_password: z
      .string()
      .min(1, { error: 'Enter your current password' })
      .max(PASSWORD_MAX_LENGTH, { error: tooLongMessage('Current password', PASSWORD_MAX_LENGTH) }),
    password: passwordRule,
    confirm_password: z.string(),
  })
  .refine((v) => v.password === v.confirm_password, { path: ['confirm_password'], error: PASSWORD_MISMATCH_MESSAGE })
  .refine((v) => v.current_password === '' || v.password !== v.current_password, {
    path: ['password'],
    error: 'The new password must be different from the current one',
  });
export type OwnPasswordValues = z.infer<typeof ownPasswordSchema>;

/** The signed-in user's password confirming an MFA change (sent as `secret`). */
export const confirmPasswordSchema = z.object({
  password: z.string().min(1, { error: 'Enter the password' }).max(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.tooLong }),
});
export type ConfirmPasswordValues = z.infer<typeof confirmPasswordSchema>;
