import { beforeEach, describe, expect, it } from 'vitest';
import { ADMINISTRATOR_ROLE } from '../shared/permissions';
import { call, testMockServer } from '../testing/mock-service';
import { heldRequest as held } from '../testing/streams';
import { refuseLosingLastAdministrator } from './administrators';
import type { ApiFailure } from './errors';
import type { MockServer } from './app';
import type { StoredUser } from './store/db';

let mock: MockServer;

const roleId = (name: string) => mock.db.state.roles.find((r) => r.name === name)!.id;
const live = (u: StoredUser) => u.deleted_at === null && !u.is_disabled;
const onlyRole = (name: string) => (u: StoredUser) => live(u) && u.role_ids.length === 1 && u.role_ids[0] === roleId(name);
const admins = () => mock.db.state.users.filter(onlyRole(ADMINISTRATOR_ROLE));
const session = (user: StoredUser) => mock.tokens.issue(user.id, 'user', undefined, user.session_generation ?? 0);

/** A request as `token` whose JSON body is held back until `send()` (the access check runs first). */
const heldRequest = (method: string, path: string, token: string, json: unknown) =>
  held(mock, method, path, { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, JSON.stringify(json));

/** Lets the held request get past its access check and start waiting for the body. */
const settle = () => new Promise((r) => setTimeout(r, 20));

const newUser = (principal: string) => ({
  first_name: 'Ada',
  last_name: 'Held',
  email_address: `${principal}@example.com`,
  principal,
  roles: [roleId(ADMINISTRATOR_ROLE)],
  secret: 'Held-Back-Body-42!',
});

describe('access is checked again when the change is made', () => {
  beforeEach(() => {
    mock = testMockServer();
  });

  it('a body sent after its author was demoted creates nothing (403)', async () => {
    const [first, second] = admins();
    const held = heldRequest('POST', '/api/v2/app-users', await session(second!), newUser('held-demoted'));
    await settle();
    const demote = await call(mock, 'PATCH', `/api/v2/app-users/${second!.id}`, {
      token: await session(first!),
      json: { roles: [roleId('Read-Only')] },
    });
    expect(demote.status).toBe(204);
    held.send();
    const res = await held.answer;
    expect(res.status).toBe(403);
    expect(res.body.errors[0].message).toContain('auth.ManageUsers');
    expect(mock.db.state.users.some((u) => u.principal_name === 'held-demoted')).toBe(false);
  });

  it('a body sent after its author was disabled or deleted creates nothing (401)', async () => {
    const [first, second, third] = admins();
    const disabled = heldRequest('POST', '/api/v2/app-users', await session(second!), newUser('held-disabled'));
    const deleted = heldRequest('POST', '/api/v2/app-users', await session(third!), newUser('held-deleted'));
    await settle();
    const boss = await session(first!);
    expect(
      (await call(mock, 'PATCH', `/api/v2/app-users/${second!.id}`, { token: boss, json: { is_disabled: true } })).status,
    ).toBe(204);
    expect((await call(mock, 'DELETE', `/api/v2/app-users/${third!.id}`, { token: boss })).status).toBe(204);
    disabled.send();
    deleted.send();
    expect((await disabled.answer).status).toBe(401);
    expect((await deleted.answer).status).toBe(401);
    expect(mock.db.state.users.some((u) => u.principal_name.startsWith('held-'))).toBe(false);
  });

  it('a body sent after its author signed out changes nothing (401)', async () => {
    const [first] = admins();
    const token = await session(first!);
    const held = heldRequest('PUT', '/api/v2/config', token, {
      key: 'auth.password_expiration_window',
      value: { duration: 'P30D' },
    });
    await settle();
    expect((await call(mock, 'POST', '/api/v2/logout', { token })).status).toBe(200);
    held.send();
    expect((await held.answer).status).toBe(401);
  });

  it('of two administrators demoting each other at the same moment, one wins and one administrator is left', async () => {
    const [a, b, ...rest] = admins();
    for (const other of rest) other.is_disabled = true; // a and b are the last two
    const aDemotesB = heldRequest('PATCH', `/api/v2/app-users/${b!.id}`, await session(a!), { roles: [roleId('User')] });
    const bDemotesA = heldRequest('PATCH', `/api/v2/app-users/${a!.id}`, await session(b!), { roles: [roleId('User')] });
    await settle();
    aDemotesB.send();
    bDemotesA.send();
    const answers = [await aDemotesB.answer, await bDemotesA.answer];
    // The first to be applied wins; the other is checked again when applied and its author is no longer an administrator.
    expect(answers.map((a) => a.status).sort()).toEqual([204, 403]);
    expect(admins()).toHaveLength(1);
  });
});

describe('the last enabled administrator', () => {
  beforeEach(() => {
    mock = testMockServer();
  });

  function lastAdmin(): StoredUser {
    const [last, ...rest] = admins();
    for (const other of rest) other.is_disabled = true;
    return last!;
  }

  function refusal(after: StoredUser): ApiFailure {
    try {
      refuseLosingLastAdministrator(mock.db.state, [after], 'roles');
    } catch (e) {
      return e as ApiFailure;
    }
    throw new Error('not refused');
  }

  it('cannot be demoted, disabled, deleted or unlinked from the only way they sign in (409 and a sentence)', () => {
    const last = lastAdmin();
    const changes: StoredUser[] = [
      { ...last, role_ids: [roleId('Power User')] },
      { ...last, is_disabled: true },
      { ...last, deleted_at: new Date().toISOString() },
      { ...last, secret: null, sso_provider_id: null },
    ];
    for (const after of changes) {
      const failure = refusal(after);
      expect(failure.status).toBe(409);
      expect(failure.errors[0]!.message).toMatch(
        /is the last enabled administrator: after this change nobody could manage users/,
      );
    }
    // Changes that keep them an administrator who can sign in are fine.
    expect(() => refuseLosingLastAdministrator(mock.db.state, [{ ...last, first_name: 'Renamed' }], 'roles')).not.toThrow();
  });

  it('is not protected from a change once another administrator is enabled', async () => {
    const last = lastAdmin();
    const other = mock.db.state.users.find((u) => u.id !== last.id && u.role_ids.includes(roleId(ADMINISTRATOR_ROLE)))!;
    other.is_disabled = false;
    const res = await call(mock, 'PATCH', `/api/v2/app-users/${other.id}`, {
      token: await session(last),
      json: { is_disabled: true },
    });
    expect(res.status).toBe(204);
  });

  it('is kept when an SSO provider whose users include the last administrators is deleted', async () => {
    const [actor, linked] = admins();
    for (const u of admins().slice(2)) u.is_disabled = true;
    const provider = mock.db.state.ssoProviders.find((p) => p.deleted_at === null)!;
    // The actor signs in with a password but is about to lose it; the other only through the provider.
    linked!.secret = null;
    linked!.sso_provider_id = provider.id;
    actor!.is_disabled = false;
    const token = await session(actor!);
    actor!.secret = null; // as if their password had been removed: the actor cannot sign in either
    actor!.sso_provider_id = null;
    const res = await call(mock, 'DELETE', `/api/v2/sso-providers/${provider.id}`, { token });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ errors: [{ context: 'sso_provider_id' }] });
    expect(mock.db.state.ssoProviders.some((p) => p.id === provider.id)).toBe(true);
  });
});

describe("an administrator's change to an account ends its sessions", () => {
  beforeEach(() => {
    mock = testMockServer();
  });

  async function readerSession() {
    const reader = mock.db.state.users.find((u) => live(u) && u.principal_name === 'reader')!;
    const token = await session(reader);
    expect((await call(mock, 'GET', '/api/v2/self', { token })).status).toBe(200);
    return { reader, token };
  }

  async function adminToken() {
    return session(mock.db.state.users.find((u) => u.principal_name === 'admin')!);
  }

  it('a password set by an administrator', async () => {
    const { reader, token } = await readerSession();
    const res = await call(mock, 'PUT', `/api/v2/app-users/${reader.id}/secret`, {
      token: await adminToken(),
      json: { secret: 'Set-By-Admin-42!', needs_password_reset: false },
    });
    expect(res.status).toBe(204);
    const after = await call(mock, 'GET', '/api/v2/self', { token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ errors: [{ message: expect.stringContaining('Sign in again') }] });
  });

  it('a forced reset', async () => {
    const { reader, token } = await readerSession();
    expect((await call(mock, 'DELETE', `/api/v2/app-users/${reader.id}/secret`, { token: await adminToken() })).status).toBe(204);
    expect((await call(mock, 'GET', '/api/v2/self', { token })).status).toBe(401);
  });

  it('a disable, also after the account is enabled again', async () => {
    const { reader, token } = await readerSession();
    const admin = await adminToken();
    const path = `/api/v2/app-users/${reader.id}`;
    expect((await call(mock, 'PATCH', path, { token: admin, json: { is_disabled: true } })).status).toBe(204);
    expect((await call(mock, 'PATCH', path, { token: admin, json: { is_disabled: false } })).status).toBe(204);
    expect((await call(mock, 'GET', '/api/v2/self', { token })).status).toBe(401);
    // A new sign-in works.
    expect((await call(mock, 'GET', '/api/v2/self', { token: await session(reader) })).status).toBe(200);
  });

  it('a delete', async () => {
    const { reader, token } = await readerSession();
    expect((await call(mock, 'DELETE', `/api/v2/app-users/${reader.id}`, { token: await adminToken() })).status).toBe(204);
    expect((await call(mock, 'GET', '/api/v2/self', { token })).status).toBe(401);
  });

  it('but not your own password change', async () => {
    const admin = mock.db.state.users.find((u) => u.principal_name === 'admin')!;
    const token = await session(admin);
    const res = await call(mock, 'PUT', `/api/v2/app-users/${admin.id}/secret`, {
      token,
      json: { secret: 'My-Own-New-Pass-42!', current_secret: 'Correct-Horse-9' },
    });
    expect(res.status).toBe(204);
    expect((await call(mock, 'GET', '/api/v2/self', { token })).status).toBe(200);
  });
});

describe('what upstream allows that the mock used to refuse', () => {
  beforeEach(() => {
    mock = testMockServer();
  });

  it('Upload-Only creates a collection task (clients.Tasking)', async () => {
    const uploader = mock.db.state.users.find(onlyRole('Upload-Only'))!;
    const clientId = mock.db.state.collectionClients.find((k) => k.deleted_at === null)!.id;
    const res = await call(mock, 'POST', `/api/v2/clients/${clientId}/tasks`, {
      token: await session(uploader),
      json: { session_collection: true },
    });
    expect(res.status).toBe(200);
  });

  it('a user expires their own password (auth.ManageSelf)', async () => {
    const user = mock.db.state.users.find((u) => onlyRole('User')(u) && u.secret !== null && u.sso_provider_id === null)!;
    const res = await call(mock, 'DELETE', `/api/v2/app-users/${user.id}/secret`, { token: await session(user) });
    expect(res.status).toBe(204);
  });

  it("an administrator revokes a share of someone else's query; a recipient removes only themself", async () => {
    const admin = mock.db.state.users.find((u) => u.principal_name === 'admin')!;
    const writersOf = (q: { shared_to: string[] }) =>
      q.shared_to
        .map((id) => mock.db.state.users.find((u) => u.id === id)!)
        .filter((u) => u.id !== admin.id && (onlyRole('User')(u) || onlyRole('Power User')(u)));
    const query = mock.db.state.savedQueries.find(
      (q) => q.deleted_at === null && q.user_id !== admin.id && writersOf(q).length >= 2,
    )!;
    const [first, second] = writersOf(query);
    const path = `/api/v2/saved-queries/${query.id}/permissions`;

    const others = await call(mock, 'DELETE', path, { token: await session(first!), json: { user_ids: [second!.id] } });
    expect(others.status).toBe(403);
    const self = await call(mock, 'DELETE', path, { token: await session(first!), json: { user_ids: [first!.id] } });
    expect(self.status).toBe(204);
    const byAdmin = await call(mock, 'DELETE', path, { token: await session(admin), json: { user_ids: [second!.id] } });
    expect(byAdmin.status).toBe(204);
    expect(query.shared_to).not.toContain(first!.id);
    expect(query.shared_to).not.toContain(second!.id);
  });
});
