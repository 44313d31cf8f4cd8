import type { SsoProvider } from '../../../api/schemas/sso';
import type { User } from '../../../api/schemas/users';
import { emailOf, isNever, mfaStateOf, providerName, ssoProviderIdOf, userName } from './user-display';

/** Sortable columns of the users table (client-side, over the whole list). */
export const USER_TABLE_SORTS = ['name', 'principal', 'email', 'roles', 'sso', 'status', 'mfa', 'last_login'] as const;
export type UserTableSort = (typeof USER_TABLE_SORTS)[number];
export type SortDirection = 'asc' | 'desc';
export type StatusFilter = 'all' | 'enabled' | 'disabled';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

/** The table state as the URL holds it, with bad values replaced by defaults. */
export interface UsersTableState {
  q: string;
  status: StatusFilter;
  role: number | null;
  sort: UserTableSort;
  dir: SortDirection;
  /** 1-based. */
  page: number;
  size: number;
}

export function readTableState(params: URLSearchParams): UsersTableState {
  const sort = params.get('sort');
  const status = params.get('status');
  const role = Number(params.get('role'));
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    q: params.get('q') ?? '',
    status: status === 'enabled' || status === 'disabled' ? status : 'all',
    role: params.get('role') && Number.isInteger(role) && role > 0 ? role : null,
    sort: (USER_TABLE_SORTS as readonly string[]).includes(sort ?? '') ? (sort as UserTableSort) : 'name',
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** URL parameters for a state: defaults are left out so links stay short. */
export function writeTableState(state: UsersTableState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.q) p.set('q', state.q);
  if (state.status !== 'all') p.set('status', state.status);
  if (state.role !== null) p.set('role', String(state.role));
  if (state.sort !== 'name') p.set('sort', state.sort);
  if (state.dir !== 'asc') p.set('dir', state.dir);
  if (state.page !== 1) p.set('page', String(state.page));
  if (state.size !== DEFAULT_PAGE_SIZE) p.set('size', String(state.size));
  return p;
}

/** Everything the quick filter looks in: name, principal, email, roles and SSO provider. */
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

export function filterUsers(
  users: readonly User[],
  state: Pick<UsersTableState, 'q' | 'status' | 'role'>,
  providers?: readonly SsoProvider[],
): User[] {
  const words = state.q.toLowerCase().split(/\s+/).filter(Boolean);
  return users.filter((u) => {
    if (state.status === 'enabled' && u.is_disabled) return false;
    if (state.status === 'disabled' && !u.is_disabled) return false;
    if (state.role !== null && !u.roles.some((r) => r.id === state.role)) return false;
    if (words.length === 0) return true;
    const text = haystack(u, providers);
    return words.every((w) => text.includes(w));
  });
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const MFA_ORDER = { active: 0, off: 1, 'not-applicable': 2 } as const;

function compare(a: User, b: User, sort: UserTableSort, providers?: readonly SsoProvider[]): number {
  switch (sort) {
    case 'name':
      return collator.compare(userName(a), userName(b));
    case 'principal':
      return collator.compare(a.principal_name, b.principal_name);
    case 'email':
      // Users without an email address go last.
      return (
        (emailOf(a) === null ? 1 : 0) - (emailOf(b) === null ? 1 : 0) || collator.compare(emailOf(a) ?? '', emailOf(b) ?? '')
      );
    case 'roles':
      return collator.compare(a.roles.map((r) => r.name).join(', '), b.roles.map((r) => r.name).join(', '));
    case 'sso': {
      const pa = providerName(providers, ssoProviderIdOf(a));
      const pb = providerName(providers, ssoProviderIdOf(b));
      return (pa === null ? 1 : 0) - (pb === null ? 1 : 0) || collator.compare(pa ?? '', pb ?? '');
    }
    case 'status':
      return Number(a.is_disabled) - Number(b.is_disabled);
    case 'mfa':
      return MFA_ORDER[mfaStateOf(a)] - MFA_ORDER[mfaStateOf(b)];
    case 'last_login': {
      const ta = isNever(a.last_login) ? -Infinity : Date.parse(a.last_login);
      const tb = isNever(b.last_login) ? -Infinity : Date.parse(b.last_login);
      return ta === tb ? 0 : ta < tb ? -1 : 1;
    }
  }
}

/** Sorted by `sort` then by name (stable), `dir` applying to the chosen column. */
export function sortUsers(
  users: readonly User[],
  sort: UserTableSort,
  dir: SortDirection,
  providers?: readonly SsoProvider[],
): User[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...users].sort(
    (a, b) => sign * compare(a, b, sort, providers) || collator.compare(userName(a), userName(b)) || collator.compare(a.id, b.id),
  );
}
