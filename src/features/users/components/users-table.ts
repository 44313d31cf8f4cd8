import type { SsoProvider } from '@/api/schemas/sso';
import type { User } from '@/api/schemas/users';
import { DEFAULT_PAGE_SIZE, writeTableState, type RowMatchers, type SortValue, type TableSpec } from '@/components/table';
import { emailOf, isNever, mfaStateOf, providerName, ssoProviderIdOf, userName } from './user-display';
import { compareText } from '@/shared/compare-text';

/** Sortable columns of the users table (client mode, over the whole list). */
export const USER_TABLE_SORTS = ['name', 'principal', 'email', 'roles', 'sso', 'status', 'mfa', 'last_login'] as const;
export type UserTableSort = (typeof USER_TABLE_SORTS)[number];

/**
 * The users table's URL state: the search box `q`, the Status and Role choices, sorted by name unless
 * the person picks another order.
 * A link's bare filter values (`?status=disabled`) are read with each filter's default predicate and
 * rewritten with it (`?status=eq:disabled`).
 */
export const USERS_TABLE: TableSpec = {
  sortable: USER_TABLE_SORTS,
  filters: {
    q: { predicates: ['~eq'], defaultPredicate: '~eq' },
    status: { predicates: ['eq'], defaultPredicate: 'eq', values: ['enabled', 'disabled'] },
    role: { predicates: ['eq'], defaultPredicate: 'eq' },
  },
  defaultSort: [{ column: 'name', descending: false }],
};

const MFA_ORDER = { active: 0, off: 1, 'not-applicable': 2 } as const;

/**
 * What each column sorts by. Empty values (no email, no SSO provider) go last whichever the direction;
 * MFA sorts active, off, not applicable; a login that never happened is the oldest.
 */
export function userSortValues(providers: readonly SsoProvider[] | undefined): Record<UserTableSort, (u: User) => SortValue> {
  return {
    name: (u) => userName(u),
    principal: (u) => u.principal_name,
    email: (u) => emailOf(u),
    roles: (u) => u.roles.map((r) => r.name).join(', '),
    sso: (u) => providerName(providers, ssoProviderIdOf(u)),
    status: (u) => Number(u.is_disabled),
    mfa: (u) => MFA_ORDER[mfaStateOf(u)],
    last_login: (u) => (isNever(u.last_login) ? -Infinity : Date.parse(u.last_login)),
  };
}

/** What the Status choice matches (`status=eq:enabled|disabled`). */
export const statusValue = (u: User): 'enabled' | 'disabled' => (u.is_disabled ? 'disabled' : 'enabled');

/** Everything the search box looks in: name, principal, email, roles and SSO provider. */
function haystack(user: User, providers: readonly SsoProvider[] | undefined): string {
  return [
    userName(user),
    user.principal_name,
    emailOf(user) ?? '',
    ...user.roles.map((r) => r.name),
    providerName(providers, ssoProviderIdOf(user)) ?? '',
  ]
    .join('\n')
    .toLowerCase();
}

/**
 * The filters that are no column's own: `q` (every word of it somewhere in the name, principal, email,
 * role names or SSO provider name) and `role` (`role=eq:<role id>`: holds that role).
 */
export function userMatchers(providers: readonly SsoProvider[] | undefined): RowMatchers<User> {
  return {
    q: (u, f) => {
      const words = f.value.toLowerCase().split(/\s+/).filter(Boolean);
      if (words.length === 0) return true;
      const text = haystack(u, providers);
      return words.every((w) => text.includes(w));
    },
    role: (u, f) => u.roles.some((r) => String(r.id) === f.value),
  };
}

/** The list in name order (then id): the order ties keep under any other sort. */
export function byName(users: readonly User[]): User[] {
  return [...users].sort((a, b) => compareText(userName(a), userName(b)) || compareText(a.id, b.id));
}

/** The users list filtered to the holders of a role (`/users?role=eq:3`), in the table's own URL format. */
export function usersWithRoleHref(roleId: number): string {
  const filters = { role: { predicate: 'eq' as const, value: String(roleId) } };
  const search = writeTableState(USERS_TABLE, {
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    sorts: [...USERS_TABLE.defaultSort!],
    filters,
  });
  return `/users?${search.toString()}`;
}
