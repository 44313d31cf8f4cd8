import { describe, expect, it } from 'vitest';
import type { User } from '@/api/schemas/users';
import { filterAndSort, parseTableState, writeTableState, type Column } from '@/components/table';
import { needsRewrite } from '@/components/table/url-state';
import {
  byName,
  statusValue,
  USER_TABLE_SORTS,
  userMatchers,
  userSortValues,
  USERS_TABLE,
  usersWithRoleHref,
} from './users-table';
import { userActions } from './user-display';

const NULL_TIME = { time: '0001-01-01T00:00:00Z', valid: false };
let n = 0;
function role(id: number, name: string, permissions: [string, string][] = []) {
  return {
    id,
    name,
    description: '',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    deleted_at: NULL_TIME,
    permissions: permissions.map(([authority, pname], i) => ({
      id: i + 1,
      authority,
      name: pname,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
      deleted_at: NULL_TIME,
    })),
  };
}
const ADMIN = role(1, 'Administrator', [
  ['auth', 'ManageUsers'],
  ['auth', 'ManageSelf'],
]);
const READER = role(3, 'Read-Only', [['auth', 'ManageSelf']]);
const USER_ROLE = role(2, 'User', [['auth', 'ManageSelf']]);

function make(first: string, last: string, over: Partial<User> = {}): User {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    deleted_at: NULL_TIME,
    sso_provider_id: { int32: 0, valid: false },
    AuthSecret: {
      id: n,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
      deleted_at: NULL_TIME,
      digest_method: 'scrypt',
      expires_at: '2099-01-01T00:00:00Z',
      totp_activated: false,
    },
    roles: [USER_ROLE],
    first_name: { string: first, valid: true },
    last_name: { string: last, valid: true },
    email_address: { string: `${first.toLowerCase()}@example.com`, valid: true },
    principal_name: `${first}.${last}`.toLowerCase(),
    last_login: '2026-10-01T00:00:00Z',
    is_disabled: false,
    eula_accepted: true,
    all_environments: true,
    environment_targeted_access_control: [],
    ...over,
  };
}

const ada = make('Ada', 'Admin', { roles: [ADMIN], last_login: '2026-11-20T10:00:00Z' });
const zoe = make('Zoe', 'Okafor', { is_disabled: true, last_login: '0001-01-01T00:00:00Z' });
const bruno = make('Bruno', 'Silva', {
  sso_provider_id: { int32: 2, valid: true },
  AuthSecret: null,
  email_address: { string: '', valid: false },
});
const rita = make('Rita', 'Reader', { roles: [READER] });
const all = [zoe, ada, bruno, rita];
const providers = [{ id: 2, name: 'okta', slug: 'okta', type: 'OIDC' as const, details: null }];

/** The table as UsersPage declares it, without the cells: what the URL says, filtered and sorted. */
function view(search: string, users: readonly User[] = all) {
  const values = userSortValues(providers);
  const columns: Column<User>[] = USER_TABLE_SORTS.map((id) => ({
    id,
    header: id,
    cell: () => null,
    sortable: true,
    sortValue: values[id],
    filterValue: id === 'status' ? statusValue : undefined,
  }));
  const state = parseTableState(USERS_TABLE, new URLSearchParams(search));
  return filterAndSort(byName(users), columns, state, userMatchers(providers)).map((u) => u.first_name.string);
}

describe('users table', () => {
  it('opens a link with bare filter values as the same view, rewritten in the one URL format', () => {
    const old = new URLSearchParams('q=ada&status=disabled&role=3&sort_by=-last_login&page=2&page_size=50');
    const state = parseTableState(USERS_TABLE, old);
    expect(state).toEqual({
      page: 2,
      pageSize: 50,
      sorts: [{ column: 'last_login', descending: true }],
      filters: {
        q: { predicate: '~eq', value: 'ada' },
        status: { predicate: 'eq', value: 'disabled' },
        role: { predicate: 'eq', value: '3' },
      },
    });
    expect(needsRewrite(USERS_TABLE, old)).toBe(true);
    const rewritten = writeTableState(USERS_TABLE, state, old);
    expect([...rewritten]).toEqual([
      ['page', '2'],
      ['page_size', '50'],
      ['sort_by', '-last_login'],
      ['q', '~eq:ada'],
      ['status', 'eq:disabled'],
      ['role', 'eq:3'],
    ]);
    expect(needsRewrite(USERS_TABLE, rewritten)).toBe(false);
    expect(parseTableState(USERS_TABLE, rewritten)).toEqual(state);
    // The default order is left out.
    expect(writeTableState(USERS_TABLE, parseTableState(USERS_TABLE, new URLSearchParams('sort_by=name'))).toString()).toBe('');
  });

  it('links to the holders of a role in the same format', () => {
    const href = usersWithRoleHref(3);
    expect(href).toBe('/users?role=eq%3A3');
    const params = new URLSearchParams(href.split('?')[1]);
    expect(needsRewrite(USERS_TABLE, params)).toBe(false);
    expect(view(params.toString())).toEqual(['Rita']);
  });

  it('drops what it cannot read: unknown sorts, bad pages and sizes, a status that is not one', () => {
    const state = parseTableState(USERS_TABLE, new URLSearchParams('sort_by=password&page=-3&page_size=7&status=all&q='));
    expect(state).toEqual({ page: 1, pageSize: 25, sorts: [{ column: 'name', descending: false }], filters: {} });
    expect(writeTableState(USERS_TABLE, state).toString()).toBe('');
  });

  it('searches every word in name, principal, email, role and SSO provider; filters by status and role', () => {
    expect(view('q=~eq:admin')).toEqual(['Ada']);
    expect(view('q=~eq:READ-only')).toEqual(['Rita']);
    expect(view('q=~eq:okta')).toEqual(['Bruno']);
    expect(view('q=~eq:zoe@example')).toEqual(['Zoe']);
    expect(view('q=~eq:rita+ada')).toEqual([]);
    expect(view('q=~eq:reader+rita')).toEqual(['Rita']);
    expect(view('status=eq:disabled')).toEqual(['Zoe']);
    expect(view('status=enabled&role=1')).toEqual(['Ada']);
    expect(view('role=eq:3')).toEqual(['Rita']);
  });

  it('sorts by every column, either way, ties in name order', () => {
    expect(view('')).toEqual(['Ada', 'Bruno', 'Rita', 'Zoe']);
    expect(view('sort_by=-name')).toEqual(['Zoe', 'Rita', 'Bruno', 'Ada']);
    // A login that never happened is the oldest.
    expect(view('sort_by=last_login')).toEqual(['Zoe', 'Bruno', 'Rita', 'Ada']);
    expect(view('sort_by=-last_login')).toEqual(['Ada', 'Bruno', 'Rita', 'Zoe']);
    expect(view('sort_by=-status')[0]).toBe('Zoe');
    // No email address: last, whichever the direction.
    expect(view('sort_by=email').at(-1)).toBe('Bruno');
    expect(view('sort_by=-email').at(-1)).toBe('Bruno');
    expect(view('sort_by=sso')[0]).toBe('Bruno');
    expect(view('sort_by=roles')).toEqual(['Ada', 'Rita', 'Bruno', 'Zoe']);
    expect(view('sort_by=principal')).toEqual(['Ada', 'Bruno', 'Rita', 'Zoe']);
    // MFA: active, off, not applicable.
    const mo = make('Mo', 'Fa', { AuthSecret: { ...rita.AuthSecret!, totp_activated: true } });
    expect(view('sort_by=mfa', [...all, mo])).toEqual(['Mo', 'Ada', 'Rita', 'Zoe', 'Bruno']);
    expect(view('sort_by=-mfa', [...all, mo])).toEqual(['Bruno', 'Ada', 'Rita', 'Zoe', 'Mo']);
  });
});

describe('user actions', () => {
  const ids = (u: User, self: User) => userActions(u, self).map((a) => a.id);

  it('offers an administrator every action on others, and says why self-disable and self-delete are not possible', () => {
    expect(ids(rita, ada)).toEqual(['view', 'edit', 'set-password', 'force-reset', 'enroll-mfa', 'toggle', 'delete']);
    const own = userActions(ada, ada);
    expect(own.map((a) => a.id)).toEqual(['view', 'edit', 'set-password', 'enroll-mfa', 'toggle', 'delete']);
    expect(own.find((a) => a.id === 'toggle')?.disabledReason).toBe('You cannot disable your own account');
    expect(own.find((a) => a.id === 'delete')?.disabledReason).toBe('You cannot delete your own account');
    expect(own.find((a) => a.id === 'set-password')?.label).toBe('Change your password');
  });

  it('gives a reader nothing to change on others, and their own password and MFA', () => {
    expect(ids(ada, rita)).toEqual(['view']);
    expect(ids(rita, rita)).toEqual(['view', 'set-password', 'enroll-mfa']);
    // The list's rows open the user themselves: without "View details" a reader's row of another has no menu at all.
    expect(userActions(ada, rita, { includeView: false })).toEqual([]);
    expect(userActions(rita, rita, { includeView: false }).map((a) => a.label)).toEqual(['Change your password', 'Enrol in MFA']);
  });

  it('explains password and MFA actions that do not apply to SSO users, and offers disabling active MFA', () => {
    const actions = userActions(bruno, ada);
    expect(actions.find((a) => a.id === 'set-password')?.disabledReason).toMatch(/SSO provider/);
    expect(actions.find((a) => a.id === 'enroll-mfa')?.disabledReason).toMatch(/SSO provider/);
    const withMfa = make('Mo', 'Fa', { AuthSecret: { ...rita.AuthSecret!, totp_activated: true } });
    expect(ids(withMfa, ada)).toContain('disable-mfa');
    expect(userActions(zoe, ada).find((a) => a.id === 'toggle')?.label).toBe('Enable user');
  });
});
