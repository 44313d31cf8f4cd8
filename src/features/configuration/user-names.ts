import { userName } from '@/lib/user-name';
import type { Person } from '@/api/users';

export interface UserLabel {
  name: string;
  detail: string | null;
}

/** "First Last" (or the principal name) and a second line (principal, email), for a user id; unknown ids say so. */
export function userLabel(users: readonly Person[] | undefined, id: string): UserLabel {
  const u = users?.find((x) => x.id.toLowerCase() === id.toLowerCase());
  if (!u) return { name: users ? 'Unknown user' : id, detail: users ? id : null };
  const name = userName(u);
  const full = u.principal_name !== undefined && name !== u.principal_name;
  const email = u.email_address.valid ? u.email_address.string : null;
  return { name, detail: [full ? u.principal_name : null, email === name ? null : email].filter(Boolean).join(' · ') || null };
}
