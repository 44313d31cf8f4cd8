import type { User } from '../../api/schemas/users';

export interface UserLabel {
  name: string;
  detail: string | null;
}

/** "First Last" (or the principal name) and a second line (principal, email), for a user id; unknown ids say so. */
export function userLabel(users: readonly User[] | undefined, id: string): UserLabel {
  const u = users?.find((x) => x.id.toLowerCase() === id.toLowerCase());
  if (!u) return { name: users ? 'Unknown user' : id, detail: users ? id : null };
  const full = [u.first_name.valid ? u.first_name.string : '', u.last_name.valid ? u.last_name.string : '']
    .filter(Boolean)
    .join(' ');
  const email = u.email_address.valid ? u.email_address.string : null;
  return { name: full || u.principal_name, detail: [full ? u.principal_name : null, email].filter(Boolean).join(' · ') || null };
}
