import { beforeEach, describe, expect, it } from 'vitest';
import {
  mfaEnrollResponse,
  userResponse,
  usersListResponse,
  usersMinimalListResponse,
  type User,
} from '../../../api/schemas/users';
import { createMockServer, type MockServer } from '../../app';
import { totpFor } from '../../secrets';
import { compareText } from '../../../shared/compare-text';

const PASSWORD = 'Correct-Horse-9';
const NEW_PASSWORD = 'Brand-New-Pass-42';

interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

let mock: MockServer;
const tokens = new Map<string, string>();

async function call(method: string, path: string, options: { token?: string; json?: unknown } = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const res = await mock.fetch(new Request(`http://mock.test${path}`, { method, headers, body }));
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function login(username: string, secret = PASSWORD, otp?: string): Promise<Reply> {
  return call('POST', '/api/v2/login', { json: { login_method: 'secret', username, secret, ...(otp ? { otp } : {}) } });
}

async function token(username: string, secret = PASSWORD): Promise<string> {
  const key = `${username}:${secret}`;
  const cached = tokens.get(key);
  if (cached) return cached;
  const res = await login(username, secret);
  if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  tokens.set(key, res.body.data.session_token);
  return res.body.data.session_token;
}

async function users(): Promise<User[]> {
  const res = await call('GET', '/api/v2/app-users', { token: await token('admin') });
  return usersListResponse.parse(res.body).data.users;
}

async function userNamed(principal: string): Promise<User> {
  const u = (await users()).find((x) => x.principal_name === principal);
  if (!u) throw new Error(`no user ${principal}`);
  return u;
}

function contexts(res: Reply): string[] {
  return (res.body?.errors ?? []).map((e: { context: string }) => e.context);
}

/** A seeded user of `role` with a password and no MFA, and no environment list. */
async function plainUser(role: string): Promise<User> {
  const u = (await users()).find(
    (x) =>
      x.roles.some((r) => r.name === role) &&
      !x.sso_provider_id.valid &&
      x.AuthSecret &&
      !x.AuthSecret.totp_activated &&
      !x.is_disabled &&
      !['admin', 'poweruser', 'reader', 'uploader'].includes(x.principal_name) &&
      Date.parse(x.AuthSecret.expires_at) > Date.now(),
  );
  if (!u) throw new Error(`no plain ${role}`);
  return u;
}

beforeEach(() => {
  mock = createMockServer({ jwtSecret: new TextEncoder().encode('users-area-tests') }, {});
  tokens.clear();
});

describe('the minimal users list', () => {
  it('answers every enabled user by id, names and email to anyone with auth.ReadUsers, under both path words', async () => {
    for (const base of ['/api/v2/app-users-minimal', '/api/v2/bloodhound-users-minimal']) {
      const res = await call('GET', `${base}?sort_by=email_address`, { token: await token('reader') });
      expect(res.status).toBe(200);
      const list = usersMinimalListResponse.parse(res.body).data.users;
      const enabled = (await users()).filter((u) => !u.is_disabled);
      expect(list.map((u) => u.id).sort()).toEqual(enabled.map((u) => u.id).sort());
      const admin = await userNamed('admin');
      expect(res.body.data.users.find((u: { id: string }) => u.id === admin.id)).toEqual({
        id: admin.id,
        first_name: admin.first_name,
        last_name: admin.last_name,
        email: admin.email_address.string,
      });
      const emails = list.map((u) => u.email ?? '');
      expect(emails).toEqual([...emails].sort(compareText));
    }
  });

  it('filters by name, refuses unknown columns naming them, and is refused without auth.ReadUsers', async () => {
    const admin = await userNamed('admin');
    const res = await call('GET', `/api/v2/app-users-minimal?id=eq:${admin.id}`, { token: await token('reader') });
    expect(usersMinimalListResponse.parse(res.body).data.users.map((u) => u.id)).toEqual([admin.id]);
    const unknown = await call('GET', '/api/v2/app-users-minimal?principal_name=eq:admin', { token: await token('reader') });
    expect(unknown.status).toBe(400);
    expect(contexts(unknown)).toEqual(['principal_name']);
    expect((await call('GET', '/api/v2/app-users-minimal', { token: await token('uploader') })).status).toBe(403);
    expect((await call('GET', '/api/v2/app-users-minimal')).status).toBe(401);
  });
});

describe('users seed', () => {
  it('seeds at least 60 users across every role, with the documented variety', async () => {
    const all = await users();
    expect(all.length).toBeGreaterThanOrEqual(60);
    for (const role of ['Administrator', 'Power User', 'User', 'Read-Only', 'Upload-Only']) {
      expect(all.filter((u) => u.roles.some((r) => r.name === role)).length, role).toBeGreaterThanOrEqual(4);
    }
    expect(all.filter((u) => u.is_disabled).length).toBeGreaterThan(2);
    expect(all.filter((u) => u.AuthSecret?.totp_activated).length).toBeGreaterThan(2);
    const sso = all.filter((u) => u.sso_provider_id.valid);
    expect(sso.length).toBeGreaterThan(2);
    // Only providers that exist, and SSO users have no password.
    const providerIds = mock.db.state.ssoProviders.map((p) => p.id);
    for (const u of sso) {
      expect(providerIds).toContain(u.sso_provider_id.int32);
      expect(u).not.toHaveProperty('AuthSecret');
    }
    const withList = all.filter((u) => (u.environment_targeted_access_control ?? []).length > 0);
    expect(withList.length).toBeGreaterThan(2);
    for (const u of withList) {
      expect(u.all_environments).toBe(false);
      expect(u.roles.map((r) => r.name)).not.toContain('Administrator');
      expect(u.roles.map((r) => r.name)).not.toContain('Power User');
    }
    // The digest never leaves the server.
    expect(JSON.stringify(all)).not.toMatch(/digest"|salt/);
  });

  it('is deterministic', () => {
    const other = createMockServer({}, {});
    expect(other.db.state.users.map((u) => [u.id, u.principal_name, u.role_ids])).toEqual(
      mock.db.state.users.map((u) => [u.id, u.principal_name, u.role_ids]),
    );
  });

  it('lets seeded users sign in with the seed password', async () => {
    const u = await plainUser('User');
    const res = await login(u.principal_name);
    expect(res.status).toBe(200);
    expect(res.body.data.auth_expired).toBe(false);
  });
});

describe('list and read', () => {
  it('serves the same users under app-users and bloodhound-users', async () => {
    const t = await token('admin');
    const a = await call('GET', '/api/v2/app-users', { token: t });
    const b = await call('GET', '/api/v2/bloodhound-users', { token: t });
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    const id = a.body.data.users[0].id;
    const one = await call('GET', `/api/v2/bloodhound-users/${id}`, { token: t });
    expect(userResponse.parse(one.body).data.id).toBe(id);
  });

  it('sorts and filters as the reference ListUsers does', async () => {
    const t = await token('admin');
    const sorted = await call('GET', '/api/v2/app-users?sort_by=-principal_name', { token: t });
    const names = sorted.body.data.users.map((u: User) => u.principal_name);
    expect(names).toEqual([...names].sort((x: string, y: string) => compareText(y, x)));

    const filtered = await call('GET', '/api/v2/app-users?principal_name=~eq:READ', { token: t });
    expect(filtered.body.data.users.map((u: User) => u.principal_name)).toEqual(['reader']);

    const exact = await call('GET', '/api/v2/app-users?principal_name=eq:admin', { token: t });
    expect(exact.body.data.users).toHaveLength(1);

    const never = await call('GET', '/api/v2/app-users?last_login=lt:1970-01-01T00:00:00Z', { token: t });
    expect(never.body.data.users.length).toBeGreaterThan(0);
    for (const u of never.body.data.users) expect(u.last_login).toMatch(/^0001-/);

    expect((await call('GET', '/api/v2/app-users?sort_by=roles', { token: t })).status).toBe(400);
    const unknown = await call('GET', '/api/v2/app-users?colour=eq:red', { token: t });
    expect(unknown.status).toBe(400);
    expect(contexts(unknown)).toEqual(['colour']);
    expect((await call('GET', '/api/v2/app-users?principal_name=like:x', { token: t })).status).toBe(400);
  });

  it('answers 404 for a missing user and 400 for a malformed id', async () => {
    const t = await token('admin');
    const missing = await call('GET', '/api/v2/app-users/00000000-0000-4000-8000-000000000000', { token: t });
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].message).toContain('No user has id');
    expect((await call('GET', '/api/v2/app-users/not-a-uuid', { token: t })).status).toBe(400);
    expect((await call('PATCH', '/api/v2/app-users/00000000-0000-4000-8000-000000000000', { token: t, json: {} })).status).toBe(
      404,
    );
    expect((await call('DELETE', '/api/v2/app-users/00000000-0000-4000-8000-000000000000', { token: t })).status).toBe(404);
  });

  it('reports MFA state to whoever manages users, and your own to you', async () => {
    const t = await token('admin');
    const all = await users();
    const active = all.find((u) => u.AuthSecret?.totp_activated)!;
    const off = all.find((u) => u.AuthSecret && !u.AuthSecret.totp_activated)!;
    expect((await call('GET', `/api/v2/app-users/${active.id}/mfa-activation`, { token: t })).body).toEqual({
      data: { status: 'activated' },
    });
    expect((await call('GET', `/api/v2/app-users/${off.id}/mfa-activation`, { token: t })).body.data.status).toMatch(
      /deactivated|pending/,
    );
    const reader = all.find((u) => u.principal_name === 'reader')!;
    const readerToken = await token('reader');
    expect((await call('GET', `/api/v2/app-users/${reader.id}/mfa-activation`, { token: readerToken })).status).toBe(200);
    expect((await call('GET', `/api/v2/app-users/${active.id}/mfa-activation`, { token: readerToken })).status).toBe(403);
  });
});

describe('create', () => {
  const body = {
    first_name: 'Nia',
    last_name: 'Quinn',
    email_address: 'nia.quinn@example.com',
    principal: 'nia.quinn',
    roles: [2],
    secret: NEW_PASSWORD,
    needs_password_reset: false,
  };

  it('creates a user who can then sign in; the answer is the user record without the digest', async () => {
    const res = await call('POST', '/api/v2/app-users', { token: await token('admin'), json: body });
    expect(res.status).toBe(200);
    const created = userResponse.parse(res.body).data;
    expect(created.principal_name).toBe('nia.quinn');
    expect(created.roles.map((r) => r.name)).toEqual(['User']);
    expect(created.all_environments).toBe(true);
    expect(created.last_login).toMatch(/^0001-/);
    expect(JSON.stringify(res.body)).not.toContain('digest"');
    expect((await login('nia.quinn', NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses duplicates, bad fields, weak passwords and SSO users with passwords, naming the field', async () => {
    const t = await token('admin');
    const dup = await call('POST', '/api/v2/app-users', { token: t, json: { ...body, principal: 'ADMIN' } });
    expect(dup.status).toBe(409);
    expect(contexts(dup)).toEqual(['principal']);
    const dupMail = await call('POST', '/api/v2/app-users', { token: t, json: { ...body, email_address: 'admin@example.com' } });
    expect(dupMail.status).toBe(409);
    expect(contexts(dupMail)).toEqual(['email_address']);
    const badMail = await call('POST', '/api/v2/app-users', { token: t, json: { ...body, email_address: 'nia@' } });
    expect(badMail.status).toBe(400);
    expect(contexts(badMail)).toEqual(['email_address']);
    const badRole = await call('POST', '/api/v2/app-users', { token: t, json: { ...body, roles: [99] } });
    expect(badRole.status).toBe(400);
    expect(contexts(badRole)).toEqual(['roles']);
    expect(badRole.body.errors[0].message).toContain('99');
    const weak = await call('POST', '/api/v2/app-users', { token: t, json: { ...body, secret: 'short' } });
    expect(weak.status).toBe(400);
    expect(contexts(weak)).toContain('secret');
    const sso = await call('POST', '/api/v2/app-users', { token: t, json: { ...body, sso_provider_id: 1 } });
    expect(sso.status).toBe(400);
    expect(contexts(sso)).toEqual(['secret']);
    const adminList = await call('POST', '/api/v2/app-users', {
      token: t,
      json: {
        ...body,
        roles: [1],
        environment_targeted_access_control: { environments: [{ environment_id: 'S-1-5-21-1-2-3' }] },
      },
    });
    expect(adminList.status).toBe(400);
    expect(contexts(adminList)).toEqual(['environment_targeted_access_control']);
  });

  it('refuses over-long fields, naming the field and the limit, and stores nothing', async () => {
    const t = await token('admin');
    const before = (await users()).length;
    const megabyte = await call('POST', '/api/v2/app-users', { token: t, json: { ...body, first_name: 'x'.repeat(1_000_000) } });
    expect(megabyte.status).toBe(400);
    expect(megabyte.body.errors).toEqual([{ context: 'first_name', message: 'First name must be at most 100 characters' }]);
    const principal = await call('POST', '/api/v2/app-users', { token: t, json: { ...body, principal: 'p'.repeat(100_000) } });
    expect(principal.status).toBe(400);
    expect(principal.body.errors).toEqual([{ context: 'principal', message: 'Principal name must be at most 100 characters' }]);
    const admin = await userNamed('admin');
    const patch = await call('PATCH', `/api/v2/app-users/${admin.id}`, { token: t, json: { last_name: 'y'.repeat(101) } });
    expect(patch.status).toBe(400);
    expect(patch.body.errors).toEqual([{ context: 'last_name', message: 'Last name must be at most 100 characters' }]);
    expect((await users()).length).toBe(before);
  });

  it('refuses hidden characters in principals and names, and principals that are "admin" after NFKC and case folding', async () => {
    const t = await token('admin');
    for (const principal of ['adm\u200Bin', 'admin\u0000', 'ad\u202Emin', 'admin\u001B[0m']) {
      const res = await call('POST', '/api/v2/app-users', { token: t, json: { ...body, principal } });
      expect(res.status, JSON.stringify(principal)).toBe(400);
      expect(res.body.errors).toEqual([
        { context: 'principal', message: 'Principal name must not contain control, zero-width or bidirectional characters' },
      ]);
    }
    const name = await call('POST', '/api/v2/app-users', { token: t, json: { ...body, first_name: 'Nia\r\nX-Injected: 1' } });
    expect(name.body.errors).toEqual([
      { context: 'first_name', message: 'First name must not contain control, zero-width or bidirectional characters' },
    ]);
    for (const principal of ['ADMİN', 'ＡＤＭＩＮ', 'admín', 'admın']) {
      const res = await call('POST', '/api/v2/app-users', { token: t, json: { ...body, principal } });
      expect(res.status, principal).toBe(409);
      expect(res.body.errors).toEqual([
        {
          context: 'principal',
          message: `The principal name "${principal}" is already taken (as "admin": names that differ only in case, accents or character forms are the same). Choose another.`,
        },
      ]);
    }
    // Renaming someone else to a look-alike of "admin" is refused the same way.
    const other = await plainUser('User');
    const rename = await call('PATCH', `/api/v2/app-users/${other.id}`, { token: t, json: { principal: 'ADMİN' } });
    expect(rename.status).toBe(409);
    expect(contexts(rename)).toEqual(['principal']);
  });

  it('signs in by the same identity key: a look-alike spelling of a principal is that account', async () => {
    const res = await login('ＡＤＭＩＮ');
    expect(res.status).toBe(200);
    expect(res.body.data.user_id).toBe((await userNamed('admin')).id);
  });

  it('creates an SSO user without a password, and maps the deprecated saml_provider_id', async () => {
    const t = await token('admin');
    const saml = mock.db.state.ssoProviders.find((p) => p.saml)!;
    const { secret: _s, needs_password_reset: _n, ...rest } = body;
    const res = await call('POST', '/api/v2/app-users', { token: t, json: { ...rest, saml_provider_id: String(saml.saml!.id) } });
    expect(res.status).toBe(200);
    expect(res.body.data.sso_provider_id).toEqual({ int32: saml.id, valid: true });
    expect(res.body.data).not.toHaveProperty('AuthSecret');
  });

  it('answers 403 to a role without the user-management permission', async () => {
    for (const who of ['reader', 'uploader', 'poweruser']) {
      const res = await call('POST', '/api/v2/app-users', { token: await token(who), json: body });
      expect(res.status, who).toBe(403);
    }
  });
});

describe('update (PATCH)', () => {
  it('is partial and answers 204', async () => {
    const u = await plainUser('User');
    const t = await token('admin');
    const res = await call('PATCH', `/api/v2/app-users/${u.id}`, { token: t, json: { first_name: 'Renamed' } });
    expect(res.status).toBe(204);
    const after = (await call('GET', `/api/v2/app-users/${u.id}`, { token: t })).body.data;
    expect(after.first_name).toEqual({ string: 'Renamed', valid: true });
    expect(after.last_name).toEqual(u.last_name);
    expect(after.email_address).toEqual(u.email_address);
    expect(after.roles.map((r: { id: number }) => r.id)).toEqual(u.roles.map((r) => r.id));
    expect(after.environment_targeted_access_control).toEqual(u.environment_targeted_access_control);
  });

  it('names the field for unknown roles, a malformed email and an environment list on Administrators and Power Users', async () => {
    const u = await plainUser('User');
    const t = await token('admin');
    const path = `/api/v2/app-users/${u.id}`;
    const role = await call('PATCH', path, { token: t, json: { roles: [2, 42] } });
    expect([role.status, contexts(role)]).toEqual([400, ['roles']]);
    // As upstream, one role per user: Read-Only and Administrator together are refused, and nothing changes.
    const two = await call('PATCH', path, { token: t, json: { roles: [1, 3] } });
    expect([two.status, contexts(two)]).toEqual([400, ['roles']]);
    expect(two.body.errors[0].message).toMatch(
      /^A user can only have one role; 2 were given\. Choose one of: 1 \(Administrator\)/,
    );
    expect((await userNamed(u.principal_name)).roles.map((r) => r.name)).toEqual(['User']);
    const created = await call('POST', '/api/v2/app-users', {
      token: t,
      json: {
        first_name: 'Two',
        last_name: 'Roles',
        email_address: 'two.roles@example.com',
        principal: 'two.roles',
        roles: [2, 4],
      },
    });
    expect([created.status, contexts(created)]).toEqual([400, ['roles']]);
    const mail = await call('PATCH', path, { token: t, json: { email_address: 'not an email' } });
    expect([mail.status, contexts(mail)]).toEqual([400, ['email_address']]);
    const env = { environment_targeted_access_control: { environments: [{ environment_id: 'S-1-5-21-10-20-30' }] } };
    for (const roleId of [1, 5]) {
      const res = await call('PATCH', path, { token: t, json: { roles: [roleId], ...env } });
      expect([res.status, contexts(res)]).toEqual([400, ['environment_targeted_access_control']]);
      expect(res.body.errors[0].message).toContain('Administrators and Power Users');
    }
    const allOff = await call('PATCH', path, { token: t, json: { roles: [1], all_environments: false } });
    expect([allOff.status, contexts(allOff)]).toEqual([400, ['all_environments']]);
    const both = await call('PATCH', path, { token: t, json: { all_environments: true, ...env } });
    expect([both.status, contexts(both)]).toEqual([400, ['environment_targeted_access_control']]);
    const badEnv = await call('PATCH', path, {
      token: t,
      json: { environment_targeted_access_control: { environments: [{ environment_id: 'corp' }] } },
    });
    expect(badEnv.status).toBe(400);
    // Nothing was half-saved.
    expect((await call('GET', path, { token: t })).body.data.roles.map((r: { id: number }) => r.id)).toEqual([2]);
  });

  it('sets an environment list, and all_environments: true clears it', async () => {
    const u = await plainUser('Read-Only');
    const t = await token('admin');
    const path = `/api/v2/app-users/${u.id}`;
    const envs = ['S-1-5-21-10-20-30', '6c12b0b0-b2cc-4a73-8252-0b94bfca2145'];
    expect(
      (
        await call('PATCH', path, {
          token: t,
          json: { environment_targeted_access_control: { environments: envs.map((environment_id) => ({ environment_id })) } },
        })
      ).status,
    ).toBe(204);
    let after = (await call('GET', path, { token: t })).body.data;
    expect(after.all_environments).toBe(false);
    expect(after.environment_targeted_access_control).toEqual(envs.map((environment_id) => ({ user_id: u.id, environment_id })));
    expect((await call('PATCH', path, { token: t, json: { all_environments: true } })).status).toBe(204);
    after = (await call('GET', path, { token: t })).body.data;
    expect(after.all_environments).toBe(true);
    expect(after.environment_targeted_access_control).toEqual([]);
  });

  it('clears the environment list when the user becomes an Administrator', async () => {
    const u = (await users()).find((x) => (x.environment_targeted_access_control ?? []).length > 0)!;
    const t = await token('admin');
    expect((await call('PATCH', `/api/v2/app-users/${u.id}`, { token: t, json: { roles: [1] } })).status).toBe(204);
    const after = (await call('GET', `/api/v2/app-users/${u.id}`, { token: t })).body.data;
    expect([after.all_environments, after.environment_targeted_access_control]).toEqual([true, []]);
  });

  it('accepts the deprecated saml_provider_id and links the user, removing their password', async () => {
    const u = await plainUser('User');
    const t = await token('admin');
    const saml = mock.db.state.ssoProviders.find((p) => p.saml)!;
    expect(
      (await call('PATCH', `/api/v2/app-users/${u.id}`, { token: t, json: { saml_provider_id: String(saml.saml!.id) } })).status,
    ).toBe(204);
    const after = (await call('GET', `/api/v2/app-users/${u.id}`, { token: t })).body.data;
    expect(after.sso_provider_id).toEqual({ int32: saml.id, valid: true });
    expect(after).not.toHaveProperty('AuthSecret');
    const bad = await call('PATCH', `/api/v2/app-users/${u.id}`, { token: t, json: { sso_provider_id: 77 } });
    expect([bad.status, contexts(bad)]).toEqual([400, ['sso_provider_id']]);
    const unlink = await call('PATCH', `/api/v2/app-users/${u.id}`, {
      token: t,
      json: { sso_provider_id: { int32: 0, valid: false } },
    });
    expect(unlink.status).toBe(204);
    expect((await call('GET', `/api/v2/app-users/${u.id}`, { token: t })).body.data.sso_provider_id.valid).toBe(false);
  });

  it('refuses to let users disable themselves or change their own roles', async () => {
    const admin = await userNamed('admin');
    const t = await token('admin');
    const off = await call('PATCH', `/api/v2/app-users/${admin.id}`, { token: t, json: { is_disabled: true } });
    expect([off.status, contexts(off)]).toEqual([400, ['is_disabled']]);
    expect(off.body.errors[0].message).toBe('You cannot disable your own account.');
    const role = await call('PATCH', `/api/v2/app-users/${admin.id}`, { token: t, json: { roles: [2] } });
    expect([role.status, contexts(role)]).toEqual([400, ['roles']]);
    // Their own name is fine.
    expect(
      (await call('PATCH', `/api/v2/app-users/${admin.id}`, { token: t, json: { first_name: 'Adaline', roles: [1] } })).status,
    ).toBe(204);
  });

  it('disabling a user ends their sessions and refuses their sign-in; enabling lets them back', async () => {
    const u = await plainUser('User');
    const theirs = await token(u.principal_name);
    const t = await token('admin');
    expect((await call('PATCH', `/api/v2/app-users/${u.id}`, { token: t, json: { is_disabled: true } })).status).toBe(204);
    expect((await call('GET', '/api/v2/self', { token: theirs })).status).toBe(401);
    expect((await login(u.principal_name)).status).toBe(401);
    expect((await call('PATCH', `/api/v2/app-users/${u.id}`, { token: t, json: { is_disabled: false } })).status).toBe(204);
    expect((await login(u.principal_name)).status).toBe(200);
  });

  it('answers 403 to a role without the user-management permission', async () => {
    const u = await plainUser('User');
    for (const who of ['reader', 'uploader', 'poweruser']) {
      const res = await call('PATCH', `/api/v2/app-users/${u.id}`, { token: await token(who), json: { first_name: 'X' } });
      expect(res.status, who).toBe(403);
    }
  });
});

describe('delete', () => {
  it('deletes another user (204, then 404), never yourself, and only with the permission', async () => {
    const u = await plainUser('User');
    const theirs = await token(u.principal_name);
    const admin = await userNamed('admin');
    const t = await token('admin');
    expect((await call('DELETE', `/api/v2/app-users/${u.id}`, { token: await token('reader') })).status).toBe(403);
    const self = await call('DELETE', `/api/v2/app-users/${admin.id}`, { token: t });
    expect(self.status).toBe(400);
    expect(self.body.errors[0].message).toBe('You cannot delete your own account.');
    expect((await call('DELETE', `/api/v2/bloodhound-users/${u.id}`, { token: t })).status).toBe(204);
    expect((await call('GET', `/api/v2/app-users/${u.id}`, { token: t })).status).toBe(404);
    expect((await call('GET', '/api/v2/self', { token: theirs })).status).toBe(401);
  });
});

describe('secrets', () => {
  it('sets a password: the new one signs in, the old one does not; weak ones are a 400', async () => {
    const u = await plainUser('User');
    const t = await token('admin');
    const path = `/api/v2/app-users/${u.id}/secret`;
    const weak = await call('PUT', path, { token: t, json: { secret: 'password1234' } });
    expect(weak.status).toBe(400);
    expect(contexts(weak)).toEqual(['secret', 'secret']);
    const messages = weak.body.errors.map((e: { message: string }) => e.message).join(' ');
    expect(messages).toContain('Password must contain at least one upper-case letter');
    expect(messages).toContain('Password must contain at least one symbol');
    expect((await call('PUT', path, { token: t, json: { secret: NEW_PASSWORD, needs_password_reset: false } })).status).toBe(204);
    expect((await login(u.principal_name, PASSWORD)).status).toBe(401);
    const ok = await login(u.principal_name, NEW_PASSWORD);
    expect([ok.status, ok.body.data.auth_expired]).toEqual([200, false]);
    // Only salted hashes are stored.
    const stored = mock.db.state.users.find((x) => x.id === u.id)!;
    expect(JSON.stringify(stored)).not.toContain(NEW_PASSWORD);
    expect(stored.secret!.salt).toMatch(/^[0-9a-f]{32}$/);
  });

  it('needs_password_reset makes sign-in answer auth_expired; the user then sets their own with auth.ManageSelf', async () => {
    const u = await plainUser('Read-Only');
    const t = await token('admin');
    expect(
      (
        await call('PUT', `/api/v2/app-users/${u.id}/secret`, {
          token: t,
          json: { secret: NEW_PASSWORD, needs_password_reset: true },
        })
      ).status,
    ).toBe(204);
    const first = await login(u.principal_name, NEW_PASSWORD);
    expect(first.body.data.auth_expired).toBe(true);
    const theirs = first.body.data.session_token;
    const path = `/api/v2/app-users/${u.id}/secret`;
    const noCurrent = await call('PUT', path, { token: theirs, json: { secret: 'Their-Own-Pass-77' } });
    expect([noCurrent.status, contexts(noCurrent)]).toEqual([400, ['current_secret']]);
    const wrong = await call('PUT', path, { token: theirs, json: { secret: 'Their-Own-Pass-77', current_secret: 'nope' } });
    expect([wrong.status, contexts(wrong)]).toEqual([403, ['current_secret']]);
    const same = await call('PUT', path, { token: theirs, json: { secret: NEW_PASSWORD, current_secret: NEW_PASSWORD } });
    expect([same.status, contexts(same)]).toEqual([400, ['secret']]);
    // A request to need another reset is ignored for your own password.
    const mine = await call('PUT', path, {
      token: theirs,
      json: { secret: 'Their-Own-Pass-77', current_secret: NEW_PASSWORD, needs_password_reset: true },
    });
    expect(mine.status).toBe(204);
    const again = await login(u.principal_name, 'Their-Own-Pass-77');
    expect([again.status, again.body.data.auth_expired]).toEqual([200, false]);
  });

  it("refuses another user's password without auth.ManageUsers, and passwords of SSO users", async () => {
    const u = await plainUser('User');
    const reader = await token('reader');
    expect(
      (await call('PUT', `/api/v2/app-users/${u.id}/secret`, { token: reader, json: { secret: NEW_PASSWORD } })).status,
    ).toBe(403);
    const sso = (await users()).find((x) => x.sso_provider_id.valid)!;
    const res = await call('PUT', `/api/v2/app-users/${sso.id}/secret`, {
      token: await token('admin'),
      json: { secret: NEW_PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toContain('SSO provider');
    expect((await call('DELETE', `/api/v2/app-users/${sso.id}/secret`, { token: await token('admin') })).status).toBe(409);
  });

  it('DELETE secret expires the password: sign-in then answers auth_expired', async () => {
    const u = await plainUser('User');
    const t = await token('admin');
    expect((await call('DELETE', `/api/v2/app-users/${u.id}/secret`, { token: await token('reader') })).status).toBe(403);
    expect((await call('DELETE', `/api/v2/app-users/${u.id}/secret`, { token: t })).status).toBe(204);
    const after = (await call('GET', `/api/v2/app-users/${u.id}`, { token: t })).body.data;
    expect(Date.parse(after.AuthSecret.expires_at)).toBeLessThan(Date.now());
    expect((await login(u.principal_name)).body.data.auth_expired).toBe(true);
  });
});

describe('MFA', () => {
  it('enrols with the password, activates with a real TOTP code, then sign-in needs the code', async () => {
    const u = await plainUser('User');
    const t = await token('admin');
    const base = `/api/v2/app-users/${u.id}`;
    const wrongPassword = await call('POST', `${base}/mfa`, { token: t, json: { secret: 'not-it' } });
    expect([wrongPassword.status, contexts(wrongPassword)]).toEqual([400, ['secret']]);

    const enrol = await call('POST', `${base}/mfa`, { token: t, json: { secret: PASSWORD } });
    expect(enrol.status).toBe(200);
    const { qr_code, totp_secret } = mfaEnrollResponse.parse(enrol.body).data;
    expect(qr_code).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);
    expect(totp_secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect((await call('GET', `${base}/mfa-activation`, { token: t })).body.data.status).toBe('pending');

    const bad = await call('POST', `${base}/mfa-activation`, { token: t, json: { otp: '000000' } });
    const totp = totpFor(totp_secret);
    // 000000 may, very rarely, be the real code.
    if (totp.validate({ token: '000000', window: 1 }) === null) {
      expect([bad.status, contexts(bad)]).toEqual([400, ['otp']]);
    }
    const stale = totp.generate({ timestamp: Date.now() - 5 * 60_000 });
    if (totp.validate({ token: stale, window: 1 }) === null) {
      expect((await call('POST', `${base}/mfa-activation`, { token: t, json: { otp: stale } })).status).toBe(400);
    }
    const malformed = await call('POST', `${base}/mfa-activation`, { token: t, json: { otp: '12ab' } });
    expect([malformed.status, contexts(malformed)]).toEqual([400, ['otp']]);

    const ok = await call('POST', `${base}/mfa-activation`, { token: t, json: { otp: totp.generate() } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ data: { status: 'activated' } });
    expect((await call('GET', base, { token: t })).body.data.AuthSecret.totp_activated).toBe(true);

    const noCode = await login(u.principal_name);
    expect([noCode.status, contexts(noCode)]).toEqual([400, ['otp']]);
    expect((await login(u.principal_name, PASSWORD, totp.generate())).status).toBe(200);

    const again = await call('POST', `${base}/mfa`, { token: t, json: { secret: PASSWORD } });
    expect(again.status).toBe(400);
    expect(again.body.errors[0].message).toContain('already active');
  });

  it("disables MFA with the acting user's own password", async () => {
    const u = (await users()).find((x) => x.AuthSecret?.totp_activated)!;
    const t = await token('admin');
    const base = `/api/v2/app-users/${u.id}`;
    expect((await call('DELETE', `${base}/mfa`, { token: await token('reader'), json: { secret: PASSWORD } })).status).toBe(403);
    const wrong = await call('DELETE', `${base}/mfa`, { token: t, json: { secret: 'wrong' } });
    expect([wrong.status, contexts(wrong)]).toEqual([400, ['secret']]);
    const ok = await call('DELETE', `${base}/mfa`, { token: t, json: { secret: PASSWORD } });
    expect(ok.body).toEqual({ data: { status: 'deactivated' } });
    expect((await call('GET', `${base}/mfa-activation`, { token: t })).body.data.status).toBe('deactivated');
  });

  it('lets a user without auth.ManageUsers manage their own MFA, not anyone else’s', async () => {
    const reader = await userNamed('reader');
    const other = await plainUser('User');
    const t = await token('reader');
    expect((await call('POST', `/api/v2/app-users/${other.id}/mfa`, { token: t, json: { secret: PASSWORD } })).status).toBe(403);
    const enrol = await call('POST', `/api/v2/app-users/${reader.id}/mfa`, { token: t, json: { secret: PASSWORD } });
    expect(enrol.status).toBe(200);
    const code = totpFor(enrol.body.data.totp_secret).generate();
    expect((await call('POST', `/api/v2/app-users/${reader.id}/mfa-activation`, { token: t, json: { otp: code } })).status).toBe(
      200,
    );
  });
});

describe('MFA removal by someone without a password', () => {
  it('an administrator who signs in through SSO removes MFA without a password; one with a password must give it', async () => {
    const target = (await users()).find((u) => u.AuthSecret?.totp_activated)!;
    const admin = mock.db.state.users.find((u) => u.principal_name === 'admin')!;
    const withPassword = await call('DELETE', `/api/v2/app-users/${target.id}/mfa`, { token: await token('admin'), json: {} });
    expect([withPassword.status, contexts(withPassword)]).toEqual([400, ['secret']]);
    // The same administrator, now signing in through an SSO provider (no password).
    admin.secret = null;
    admin.sso_provider_id = mock.db.state.ssoProviders[0]!.id;
    const sso = await mock.tokens.issue(admin.id, 'user', undefined, admin.session_generation ?? 0);
    const res = await call('DELETE', `/api/v2/app-users/${target.id}/mfa`, { token: sso, json: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'deactivated' } });
  });
});
