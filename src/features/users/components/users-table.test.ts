import { describe, expect, it } from 'vitest';
import type { User } from '../../../api/schemas/users';
import { filterUsers, readTableState, sortUsers, writeTableState } from './users-table';
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

describe('users table', () => {
  it('reads and writes its state in the URL, with defaults left out and bad values ignored', () => {
    const state = readTableState(new URLSearchParams('q=ada&sort=last_login&dir=desc&page=2&size=50&status=disabled&role=1'));
    expect(state).toEqual({ q: 'ada', sort: 'last_login', dir: 'desc', page: 2, size: 50, status: 'disabled', role: 1 });
    expect(writeTableState(state).toString()).toBe('q=ada&status=disabled&role=1&sort=last_login&dir=desc&page=2&size=50');
    expect(readTableState(new URLSearchParams('sort=password&page=-3&size=7&status=x&role=abc'))).toEqual({
      q: '',
      sort: 'name',
      dir: 'asc',
      page: 1,
      size: 25,
      status: 'all',
      role: null,
    });
    expect(writeTableState(readTableState(new URLSearchParams())).toString()).toBe('');
  });

  it('filters by any word of name, principal, email, role and SSO provider, and by status and role', () => {
    const base = { status: 'all' as const, role: null };
    expect(filterUsers(all, { ...base, q: 'admin' }).map((u) => u.principal_name)).toEqual(['ada.admin']);
    expect(filterUsers(all, { ...base, q: 'READ-only' }).map((u) => u.principal_name)).toEqual(['rita.reader']);
    expect(filterUsers(all, { ...base, q: 'okta' }, providers).map((u) => u.principal_name)).toEqual(['bruno.silva']);
    expect(filterUsers(all, { ...base, q: 'zoe@example' }).map((u) => u.principal_name)).toEqual(['zoe.okafor']);
    expect(filterUsers(all, { ...base, q: 'rita ada' })).toEqual([]);
    expect(filterUsers(all, { q: '', status: 'disabled', role: null }).map((u) => u.principal_name)).toEqual(['zoe.okafor']);
    expect(filterUsers(all, { q: '', status: 'enabled', role: 1 }).map((u) => u.principal_name)).toEqual(['ada.admin']);
  });

  it('sorts by every column, either way', () => {
    const names = (users: User[]) => users.map((u) => u.first_name.string);
    expect(names(sortUsers(all, 'name', 'asc'))).toEqual(['Ada', 'Bruno', 'Rita', 'Zoe']);
    expect(names(sortUsers(all, 'name', 'desc'))).toEqual(['Zoe', 'Rita', 'Bruno', 'Ada']);
    expect(names(sortUsers(all, 'last_login', 'asc'))).toEqual(['Zoe', 'Bruno', 'Rita', 'Ada']);
    expect(names(sortUsers(all, 'last_login', 'desc'))[0]).toBe('Ada');
    expect(names(sortUsers(all, 'status', 'desc'))[0]).toBe('Zoe');
    expect(names(sortUsers(all, 'email', 'asc')).at(-1)).toBe('Bruno');
    expect(names(sortUsers(all, 'sso', 'asc', providers))[0]).toBe('Bruno');
    expect(names(sortUsers(all, 'roles', 'asc'))).toEqual(['Ada', 'Rita', 'Bruno', 'Zoe']);
    expect(names(sortUsers(all, 'mfa', 'asc')).at(-1)).toBe('Bruno');
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
