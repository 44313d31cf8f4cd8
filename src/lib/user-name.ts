import type { User } from '@/api/schemas/users';

/**
 * "First Last" (trimmed), or the principal name when the user has neither (or, for a record without one,
 * the email address, else the id). The one way the console names a person.
 */
export function userName(
  user: Pick<User, 'first_name' | 'last_name'> & Partial<Pick<User, 'principal_name' | 'email_address' | 'id'>>,
): string {
  const full = [user.first_name.valid ? user.first_name.string : '', user.last_name.valid ? user.last_name.string : '']
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
  return full || user.principal_name || (user.email_address?.valid ? user.email_address.string : '') || (user.id ?? '');
}
