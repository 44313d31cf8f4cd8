import { beforeEach, describe, expect, it } from 'vitest';
import { ssoProvidersListResponse, ssoSignInProvidersResponse } from '../../../api/schemas/sso';
import { user as userSchema, usersListResponse } from '../../../api/schemas/users';
import { call, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import { escapeHtml, namesFromEmail, SSO_STATE_MAX, SSO_STATE_TTL_MS, SsoStates } from './idp';

let mock: MockServer;
let admin: string;

beforeEach(async () => {
  mock = testMockServer();
  admin = await tokenFor(mock, 'admin');
});

const linkedTo = (providerId: number) =>
  mock.db.state.users.filter((u) => u.deleted_at === null && u.sso_provider_id === providerId && !u.is_disabled);

/** Opens the provider's login URI: the mock IdP's page, and the state its forms carry. */
async function startSignIn(slug: string, next = '/users') {
  const res = await call(mock, 'GET', `/api/v2/sso/${slug}/login?next=${encodeURIComponent(next)}`);
  const html = String(res.body);
  const state = /name="state" value="([^"]+)"/.exec(html)?.[1];
  return { res, html, state: state ?? '' };
}

/** Posts the IdP page's form to the callback; returns the fragment the console receives. */
async function callback(slug: string, fields: Record<string, string>) {
  const res = await call(mock, 'POST', `/api/v2/sso/${slug}/callback`, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  expect(res.status).toBe(303);
  const location = res.headers.get('Location') ?? '';
  expect(location.startsWith('http://mock.test/login/sso#')).toBe(true);
  return Object.fromEntries(new URLSearchParams(location.split('#')[1]));
}

async function signInAt(slug: string, fields: Record<string, string>, next?: string) {
  const { state } = await startSignIn(slug, next);
  return callback(slug, { state, ...fields });
}

describe('GET /api/v2/sso-providers', () => {
  it('answers only what a sign-in page needs without a session, and to a caller without auth.ManageProviders', async () => {
    const reader = await tokenFor(mock, 'reader');
    for (const token of [undefined, reader]) {
      const res = await call(mock, 'GET', '/api/v2/sso-providers', { token });
      expect(res.status).toBe(200);
      const data = (res.body as { data: Record<string, unknown>[] }).data;
      expect(data.map((p) => Object.keys(p).sort())).toEqual(Array(3).fill(['id', 'login_uri', 'name', 'slug', 'type']));
      expect(data[0]).toEqual({
        id: 1,
        name: 'Okta',
        slug: 'okta',
        type: 'SAML',
        login_uri: 'http://mock.test/api/v2/sso/okta/login',
      });
      // Both console schemas read the short shape.
      expect(ssoSignInProvidersResponse.parse(res.body).data).toHaveLength(3);
      expect(ssoProvidersListResponse.parse(res.body).data[0]!.details).toBeUndefined();
    }
  });

  it('answers the full records to auth.ManageProviders, and 401 to a token that is not valid', async () => {
    const list = ssoProvidersListResponse.parse((await call(mock, 'GET', '/api/v2/sso-providers', { token: admin })).body).data;
    expect(list[0]!.details).toMatchObject({ id: 1, name: 'Okta' });
    expect(list[0]!.config?.auto_provision.enabled).toBe(true);
    expect(list[0]!.callback_uri).toBe('http://mock.test/api/v2/sso/okta/callback');
    expect((await call(mock, 'GET', '/api/v2/sso-providers', { token: `${admin}x` })).status).toBe(401);
  });
});

describe('the mock identity provider page', () => {
  it('lists the users linked to the provider (disabled ones marked), with a strict CSP and no external assets', async () => {
    const { res, html, state } = await startSignIn('okta');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    const csp = res.headers.get('Content-Security-Policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('form-action http://mock.test');
    expect(csp).not.toContain('unsafe-inline');
    expect(html).toContain('<title>Mock identity provider — Okta</title>');
    expect(html).toContain('<h1>Mock identity provider — Okta</h1>');
    expect(html).toContain('action="http://mock.test/api/v2/sso/okta/callback"');
    expect(html).not.toMatch(/<script|src=|<link/i);
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const u of linkedTo(1)) expect(html).toContain(`value="${escapeHtml(u.principal_name)}"`);
  });

  it('escapes every interpolated value', async () => {
    const okta = mock.db.state.ssoProviders[0]!;
    okta.name = 'okta"><script>alert(1)</script>';
    const u = linkedTo(1)[0]!;
    u.first_name = '<img src=x onerror=alert(2)>';
    u.principal_name = `a"b'c&d`;
    const { html } = await startSignIn('okta');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('Mock identity provider — okta&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Sign in as &lt;img src=x onerror=alert(2)&gt;');
    expect(html).toContain('value="a&quot;b&#39;c&amp;d"');
  });

  it('sends the browser back to the console when the provider does not exist', async () => {
    const res = await call(mock, 'GET', '/api/v2/sso/nope/login?next=/users');
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('http://mock.test/login/sso#error=provider_gone&next=%2Fusers');
  });
});

describe('the callback', () => {
  it('signs in a user linked to the provider, by principal or e-mail, and returns to the page wanted', async () => {
    const u = linkedTo(1)[0]!;
    for (const login of [{ principal: u.principal_name }, { email: u.email_address!.toUpperCase() }] as Record<
      string,
      string
    >[]) {
      const back = await signInAt('okta', login, '/users?page=2');
      expect(back).toMatchObject({ user_id: u.id, next: '/users?page=2' });
      const self = await call(mock, 'GET', '/api/v2/self', { token: back.token });
      expect(self.status).toBe(200);
      expect((self.body as { data: { id: string } }).data.id).toBe(u.id);
    }
  });

  it('creates an unknown e-mail address with the default role when the provider auto-provisions', async () => {
    const back = await signInAt('okta', { email: 'jane.o-doe@example.com' });
    expect(back.token).toBeTruthy();
    const created = mock.db.state.users.find((u) => u.id === back.user_id)!;
    expect(created).toMatchObject({
      principal_name: 'jane.o-doe@example.com',
      email_address: 'jane.o-doe@example.com',
      first_name: 'Jane',
      last_name: 'O Doe',
      sso_provider_id: 1,
      secret: null,
      is_disabled: false,
    });
    const readOnly = mock.db.state.roles.find((r) => r.name === 'Read-Only')!;
    expect(created.role_ids).toEqual([readOnly.id]);
    const record = (await call(mock, 'GET', `/api/v2/app-users/${created.id}`, { token: admin })).body as { data: unknown };
    expect(record.data).not.toHaveProperty('AuthSecret');
    expect(userSchema.parse(record.data).roles.map((r) => r.name)).toEqual(['Read-Only']);
    // Signing in again finds the same account.
    expect((await signInAt('okta', { email: 'Jane.O-Doe@example.com' })).user_id).toBe(created.id);
  });

  it('gives no session to a disabled user', async () => {
    const u = linkedTo(1)[0]!;
    u.is_disabled = true;
    const back = await signInAt('okta', { principal: u.principal_name });
    expect(back).toEqual({ error: 'account_disabled', provider: 'Okta', next: '/users' });
  });

  it('gives no session to an unknown e-mail address when the provider does not auto-provision', async () => {
    const before = mock.db.state.users.length;
    const back = await signInAt('microsoft-entra-id', { email: 'new.person@example.com' });
    expect(back).toEqual({
      error: 'no_account',
      provider: 'Microsoft Entra ID',
      email: 'new.person@example.com',
      next: '/users',
    });
    expect(mock.db.state.users.length).toBe(before);
  });

  it('gives no session to a user of another provider, nor to a password account (never provisioned over it)', async () => {
    const entraUser = linkedTo(2)[0]!;
    expect((await signInAt('okta', { principal: entraUser.principal_name })).error).toBe('other_provider');
    const admins = mock.db.state.users.filter((u) => u.principal_name === 'admin');
    expect((await signInAt('okta', { principal: 'ADMIN' })).error).toBe('other_provider');
    expect(mock.db.state.users.filter((u) => u.principal_name === 'admin')).toEqual(admins);
  });

  it('gives no session when the provider was deleted meanwhile', async () => {
    const u = linkedTo(1)[0]!;
    const { state } = await startSignIn('okta');
    expect((await call(mock, 'DELETE', '/api/v2/sso-providers/1', { token: admin })).status).toBe(200);
    const back = await callback('okta', { state, principal: u.principal_name });
    expect(back).toEqual({ error: 'provider_gone', next: '/users' });
  });

  it('refuses a missing, unknown, reused or other provider state', async () => {
    const u = linkedTo(1)[0]!;
    expect(await callback('okta', { principal: u.principal_name })).toEqual({ error: 'bad_state' });
    expect(await callback('okta', { state: 'x'.repeat(43), principal: u.principal_name })).toEqual({ error: 'bad_state' });
    const { state } = await startSignIn('okta');
    expect((await callback('okta', { state, principal: u.principal_name })).token).toBeTruthy();
    expect(await callback('okta', { state, principal: u.principal_name })).toEqual({ error: 'bad_state' });
    const entra = await startSignIn('microsoft-entra-id');
    expect(await callback('okta', { state: entra.state, principal: u.principal_name })).toEqual({ error: 'bad_state' });
  });

  it('keeps `next` to a path of the console', async () => {
    const u = linkedTo(1)[0]!;
    for (const next of ['https://evil.example/', '//evil.example', '/\\evil', '/login', '/a\r\nSet-Cookie: x=1']) {
      expect((await signInAt('okta', { principal: u.principal_name }, next)).next).toBe('/');
    }
  });

  it('reads only a small urlencoded form', async () => {
    const { state } = await startSignIn('okta');
    const json = await call(mock, 'POST', '/api/v2/sso/okta/callback', { json: { state } });
    expect(json.status).toBe(415);
    const big = await call(mock, 'POST', '/api/v2/sso/okta/callback', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `state=${state}&email=${'a'.repeat(20_000)}`,
    });
    expect(big.status).toBe(413);
  });
});

describe('SSO-only users', () => {
  it('have no AuthSecret at all (absent, not null), and the console reads them', async () => {
    const res = await call(mock, 'GET', '/api/v2/app-users', { token: admin });
    const users = (res.body as { data: { users: Record<string, unknown>[] } }).data.users;
    const sso = users.filter((u) => (u.sso_provider_id as { valid: boolean }).valid);
    expect(sso.length).toBeGreaterThan(0);
    for (const u of sso) expect(u).not.toHaveProperty('AuthSecret');
    expect(usersListResponse.parse(res.body).data.users.length).toBe(users.length);
  });
});

describe('SsoStates', () => {
  it('is one-time, expires, and holds at most SSO_STATE_MAX sign-ins', () => {
    let now = 0;
    const states = new SsoStates(() => now);
    const pending = { providerId: 1, slug: 'okta', next: '/' };
    const first = states.begin(pending);
    now = SSO_STATE_TTL_MS;
    expect(states.take(first)).toBeNull();
    const second = states.begin(pending);
    expect(states.take(second)).toMatchObject(pending);
    expect(states.take(second)).toBeNull();
    const oldest = states.begin(pending);
    for (let i = 0; i < SSO_STATE_MAX + 10; i++) states.begin(pending);
    expect(states.size).toBe(SSO_STATE_MAX);
    expect(states.take(oldest)).toBeNull();
  });

  it('names people from their e-mail address', () => {
    expect(namesFromEmail('jane.doe@example.com')).toEqual({ first: 'Jane', last: 'Doe' });
    expect(namesFromEmail('ops@example.com')).toEqual({ first: 'Ops', last: null });
  });
});
