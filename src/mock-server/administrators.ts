import { ADMINISTRATOR_ROLE } from '../shared/permissions';
import { inWords, pluralWord } from '../shared/words';
import { conflict } from './errors';
import type { DbState, StoredUser } from './store/db';

/** An account that keeps the service manageable: not deleted, enabled, an Administrator, and able to sign in. */
function isActiveAdministrator(state: DbState, user: StoredUser): boolean {
  const admin = state.roles.find((r) => r.name === ADMINISTRATOR_ROLE);
  return (
    admin !== undefined &&
    user.deleted_at === null &&
    !user.is_disabled &&
    user.role_ids.includes(admin.id) &&
    (user.secret !== null || user.sso_provider_id !== null)
  );
}

/**
 * Refuses (409) a change that would leave no enabled administrator who can
 * sign in: `after` are the changed accounts as the change would leave them
 * (demoted, disabled, deleted, unlinked from their SSO provider). Called in
 * the same synchronous step that applies the change, so of two changes that
 * race, the second sees the first.
 */
export function refuseLosingLastAdministrator(state: DbState, after: readonly StoredUser[], context: string): void {
  const changed = new Map(after.map((u) => [u.id, u]));
  const before = state.users.filter((u) => isActiveAdministrator(state, u));
  if (before.length === 0) return;
  const remaining = before.filter((u) => {
    const next = changed.get(u.id);
    return next === undefined || isActiveAdministrator(state, next);
  });
  if (remaining.length > 0) return;
  const names = before.map((u) => u.principal_name);
  throw conflict(
    context,
    `${inWords(names)} ${pluralWord(names.length, 'is the last enabled administrator', 'are the last enabled administrators')}: ` +
      'after this change nobody could manage users. Make another account an administrator first.',
  );
}
