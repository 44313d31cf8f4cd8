import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../api/operations';
import { AUDIT_ACTIONS, REDACTED } from '../api/schemas/audit';
import { mfaEnrollResponse } from '../api/schemas/users';
import { call, MOCK_CONTROL, testMockServer, TEST_PASSWORD, tokenFor } from '../testing/mock-service';
import { heldRequest } from '../testing/streams';
import type { MockServer } from './app';
import { AUDITED_OPERATIONS, READ_ONLY_OPERATIONS } from './areas/audit/actions';
import {
  appendAuditLog,
  auditableFields,
  FIELD_TEXT_MAX,
  isSecretName,
  MAX_AUDIT_LOGS,
  NO_ACTOR,
  redactSecrets,
  type StoredAuditLog,
} from './audit';
import { totpFor } from './secrets';

let mock: MockServer;
let admin: string;

beforeEach(async () => {
  mock = testMockServer();
  admin = await tokenFor(mock, 'admin');
});

const user = (principal: string) => mock.db.state.users.find((u) => u.principal_name === principal)!;
const roleId = (name: string) => mock.db.state.roles.find((r) => r.name === name)!.id;
const ADDRESS = '192.0.2.10';

/** The entries written since `mark` (an index into the log). */
const since = (mark: number): StoredAuditLog[] => mock.db.state.auditLogs.slice(mark);
const mark = () => mock.db.state.auditLogs.length;
/** Everything the log holds, as text, to look for what must not be there. */
const logText = () => JSON.stringify(mock.db.state.auditLogs);

const newUser = (principal: string) => ({
  principal,
  first_name: 'Quinn',
  last_name: 'Audit',
  email_address: `${principal}@example.com`,
  roles: [roleId('Read-Only')],
  secret: 'Audit-Trail-Secret-9!',
});

describe('a change through the API', () => {
  it('records its intent, then its success under the same commit, with actor, request id, address and fields', async () => {
    const before = mark();
    const res = await call(mock, 'POST', '/api/v2/app-users', {
      token: admin,
      json: newUser('quinn.audit'),
      address: '::ffff:192.0.2.10',
      headers: { 'X-Forwarded-For': '198.51.100.99' },
    });
    expect(res.status).toBe(200);
    const created = (res.body as { data: { id: string } }).data;
    const [intent, success, ...rest] = since(before);
    expect(rest).toEqual([]);
    const me = user('admin');
    for (const entry of [intent!, success!]) {
      expect(entry).toMatchObject({
        action: 'CreateUser',
        actor_id: me.id,
        actor_name: 'admin',
        actor_email: 'admin@example.com',
        request_id: res.headers.get('X-Request-Id'),
        // The socket's address (IPv4-mapped shown as IPv4); X-Forwarded-For is never read.
        source_ip_address: ADDRESS,
      });
      expect(entry.commit_id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(intent!.status).toBe('intent');
    expect(success!.status).toBe('success');
    expect(success!.commit_id).toBe(intent!.commit_id);
    expect(success!.id).toBe(intent!.id + 1);
    expect(Date.parse(success!.created_at)).toBeGreaterThanOrEqual(Date.parse(intent!.created_at));
    const carried = {
      principal: 'quinn.audit',
      first_name: 'Quinn',
      email_address: 'quinn.audit@example.com',
      roles: [roleId('Read-Only')],
      secret: REDACTED,
    };
    expect(intent!.fields).toMatchObject(carried);
    // The success adds the created record's id and name from the answer.
    expect(success!.fields).toEqual({ ...intent!.fields, id: created.id, principal_name: 'quinn.audit' });
  });

  it('names the record the path points at, read before the change (a deleted user keeps their name in the log)', async () => {
    const victim = user('reader');
    const before = mark();
    expect((await call(mock, 'DELETE', `/api/v2/app-users/${victim.id}`, { token: admin })).status).toBe(204);
    const [intent, success] = since(before);
    expect(intent).toMatchObject({ action: 'DeleteUser', status: 'intent' });
    expect(success).toMatchObject({
      action: 'DeleteUser',
      status: 'success',
      fields: { user_id: victim.id, principal_name: 'reader' },
    });
  });

  it('records a failure with the error the client got: a duplicate name (409)', async () => {
    const before = mark();
    const res = await call(mock, 'POST', '/api/v2/app-users', { token: admin, json: newUser('reader') });
    expect(res.status).toBe(409);
    const message = (res.body as { errors: { message: string }[] }).errors[0]!.message;
    const [intent, failure] = since(before);
    expect(intent).toMatchObject({ action: 'CreateUser', status: 'intent' });
    expect(failure).toMatchObject({ action: 'CreateUser', status: 'failure', commit_id: intent!.commit_id });
    expect(failure!.fields).toMatchObject({ principal: 'reader', error: message });
    expect(message).toMatch(/already taken/);
    expect(mock.db.state.users.filter((u) => u.principal_name === 'reader')).toHaveLength(1);
  });

  it('records a failure with the error the client got: demoting the last administrator who can sign in (409)', async () => {
    // `admin` acts with no password of its own (so it is not an administrator who can sign in), the other administrators are off.
    const me = user('admin');
    const others = mock.db.state.users.filter((u) => u !== me && u.role_ids.includes(roleId('Administrator')));
    const last = others.pop()!;
    for (const u of others) u.is_disabled = true;
    me.secret = null;
    const before = mark();
    const res = await call(mock, 'PATCH', `/api/v2/app-users/${last.id}`, { token: admin, json: { is_disabled: true } });
    expect(res.status).toBe(409);
    const [intent, failure] = since(before);
    expect(intent).toMatchObject({ action: 'UpdateUser', fields: { user_id: last.id, is_disabled: true } });
    expect(failure).toMatchObject({ action: 'UpdateUser', status: 'failure', commit_id: intent!.commit_id });
    expect(failure!.fields.error).toMatch(/is the last enabled administrator/);
    expect(failure!.fields.error).toBe((res.body as { errors: { message: string }[] }).errors[0]!.message);
  });

  it('records a body refused at the door (400, 415) as a failure, so "who tried this?" has an answer', async () => {
    const before = mark();
    const bad = await call(mock, 'POST', '/api/v2/app-users', { token: admin, json: { principal: 'x' } });
    expect(bad.status).toBe(400);
    const wrongType = await call(mock, 'PUT', '/api/v2/config', {
      token: admin,
      body: 'key=x',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(wrongType.status).toBe(415);
    const entries = since(before);
    expect(entries.map((e) => [e.action, e.status])).toEqual([
      ['CreateUser', 'intent'],
      ['CreateUser', 'failure'],
      ['UpdateParameter', 'intent'],
      ['UpdateParameter', 'failure'],
    ]);
    expect(entries[1]!.fields).toMatchObject({ principal: 'x' });
    expect(entries[1]!.fields.error).toMatch(/email/i);
    expect(entries[3]!.fields).toMatchObject({ content_type: 'text/plain', error: expect.stringMatching(/JSON body/) });
  });

  it('records what a flag toggle, a configuration change and a token revocation were about', async () => {
    const flag = mock.db.state.featureFlags.find((f) => f.user_updatable)!;
    const before = mark();
    const toggled = await call(mock, 'PUT', `/api/v2/features/${flag.id}/toggle`, { token: admin });
    expect(toggled.status).toBe(200);
    const param = mock.db.state.configParameters.find((p) => p.key === 'auth.password_expiration_window')!;
    const value = { duration: 'P45D' };
    expect((await call(mock, 'PUT', '/api/v2/config', { token: admin, json: { key: param.key, value } })).status).toBe(200);
    const token = mock.db.state.authTokens.find((t) => t.user_id === user('admin').id.toLowerCase())!;
    expect((await call(mock, 'DELETE', `/api/v2/tokens/${token.id}`, { token: admin })).status).toBe(200);
    const outcomes = since(before).filter((e) => e.status === 'success');
    expect(outcomes.map((e) => e.action)).toEqual(['ToggleEarlyAccessFeatureFlag', 'UpdateParameter', 'DeleteAuthToken']);
    expect(outcomes[0]!.fields).toEqual({
      feature_id: String(flag.id),
      feature_key: flag.key,
      feature_name: flag.name,
      enabled: flag.enabled,
    });
    expect(outcomes[1]!.fields).toEqual({ key: param.key, value });
    expect(outcomes[2]!.fields).toEqual({ token_id: token.id, token_name: token.name, user_id: token.user_id });
  });

  it('a collection client acting with its own token is the actor (its id and name, no e-mail)', async () => {
    const client = mock.db.state.collectionClients.find((k) => k.name === 'SharpHound HQ')!;
    const issued = await call(mock, 'POST', `/__mock/clients/${client.id}/token`, { headers: MOCK_CONTROL });
    const token = (issued.body as { data: { token: string } }).data.token;
    const before = mark();
    expect((await call(mock, 'POST', '/api/v2/jobs/end', { token })).status).toBe(200);
    // Anywhere else its token is refused, and that is recorded as theirs too.
    expect((await call(mock, 'GET', '/api/v2/app-users', { token })).status).toBe(403);
    const actor = { actor_id: client.id, actor_name: 'SharpHound HQ', actor_email: '' };
    expect(since(before).map((e) => [e.action, e.status])).toEqual([
      ['EndClientJob', 'intent'],
      ['EndClientJob', 'success'],
      ['UnauthorizedAccessAttempt', 'failure'],
    ]);
    for (const e of since(before)) expect(e).toMatchObject(actor);
  });

  it('does not record reads, nor requests without a valid session', async () => {
    const before = mark();
    for (const path of ['/api/v2/app-users', '/api/v2/self', '/api/v2/audit', '/api/v2/config', '/api/v2/tokens']) {
      expect((await call(mock, 'GET', path, { token: admin })).status).toBe(200);
    }
    expect((await call(mock, 'POST', '/api/v2/app-users', { json: newUser('nobody') })).status).toBe(401);
    expect((await call(mock, 'POST', '/api/v2/app-users', { token: 'not-a-token', json: newUser('nobody') })).status).toBe(401);
    expect(since(before)).toEqual([]);
  });

  it('has an action for every changing operation declared, each an audit action the console knows', () => {
    const changing = OPERATIONS.filter((r) => r.method !== 'GET' && r.access.kind !== 'public')
      .map((r) => `${r.method} ${r.path}`)
      .filter((op) => !READ_ONLY_OPERATIONS.includes(op));
    expect(changing.filter((op) => !AUDITED_OPERATIONS.includes(op))).toEqual([]);
    const known = new Set<string>(AUDIT_ACTIONS);
    const seeded = new Set(mock.db.state.auditLogs.map((e) => e.action));
    expect([...seeded].filter((a) => !known.has(a))).toEqual([]);
  });
});

describe('secrets in the audit log', () => {
  it('names that are secret and names that are not', () => {
    for (const name of [
      'secret',
      'current_secret',
      'password',
      'newPassword',
      'otp',
      'totp_secret',
      'session_token',
      'token',
      'accessToken',
      'client_secret',
      'private_key',
      'api_key',
      'signingKey',
      'hmac',
      'hmac_key',
      'signature',
      'credentials',
      'salt',
    ]) {
      expect(isSecretName(name), name).toBe(true);
    }
    for (const name of ['key', 'feature_key', 'token_name', 'token_id', 'principal', 'user_id', 'client_id', 'roles', 'value']) {
      expect(isSecretName(name), name).toBe(false);
    }
    expect(
      redactSecrets({
        secret: 'x',
        needs_password_reset: true,
        totp_activated: false,
        nested: [{ client_secret: { string: 'y', valid: true } }],
        key: 'auth.password_expiration_window',
      }),
    ).toEqual({
      secret: REDACTED,
      needs_password_reset: true,
      totp_activated: false,
      nested: [{ client_secret: REDACTED }],
      key: 'auth.password_expiration_window',
    });
  });

  it('a password set by an administrator, and your own change with the current one', async () => {
    const target = user('reader');
    const before = mark();
    const res = await call(mock, 'PUT', `/api/v2/app-users/${target.id}/secret`, {
      token: admin,
      json: { secret: 'Brand-New-Secret-77!', needs_password_reset: true },
    });
    expect(res.status).toBe(204);
    const reader = await tokenFor(mock, 'poweruser');
    const own = await call(mock, 'PUT', `/api/v2/app-users/${user('poweruser').id}/secret`, {
      token: reader,
      json: { secret: 'Another-New-Secret-8!', current_secret: TEST_PASSWORD },
    });
    expect(own.status).toBe(204);
    const sets = since(before).filter((e) => e.action === 'UpdateAuthSecret');
    expect(sets).toHaveLength(4);
    expect(sets[1]!.fields).toEqual({
      user_id: target.id,
      principal_name: 'reader',
      change: 'set_password',
      secret: REDACTED,
      needs_password_reset: true,
    });
    expect(sets[3]!.fields).toMatchObject({ secret: REDACTED, current_secret: REDACTED });
    expect(logText()).not.toContain('Brand-New-Secret-77!');
    expect(logText()).not.toContain('Another-New-Secret-8!');
    expect(logText()).not.toContain(TEST_PASSWORD);
  });

  it('a password on an account without one is CreateAuthSecret, as upstream names it', async () => {
    const target = user('reader');
    target.secret = null;
    const before = mark();
    await call(mock, 'PUT', `/api/v2/app-users/${target.id}/secret`, {
      token: admin,
      json: { secret: 'First-Ever-Secret-5!' },
    });
    expect(since(before).map((e) => e.action)).toEqual(['CreateAuthSecret', 'CreateAuthSecret']);
  });

  it('sign-in: the password and the one-time code are never written, nor the session token', async () => {
    const target = user('reader');
    target.mfa = { secret: 'JBSWY3DPEHPK3PXP', activated: true };
    const code = totpFor('JBSWY3DPEHPK3PXP').generate();
    const before = mark();
    const res = await call(mock, 'POST', '/api/v2/login', {
      json: { login_method: 'secret', username: 'reader', secret: TEST_PASSWORD, otp: code },
    });
    expect(res.status).toBe(200);
    const token = (res.body as { data: { session_token: string } }).data.session_token;
    const [intent, success] = since(before);
    expect(intent!.fields).toEqual({ username: 'reader', auth_type: 'secret' });
    expect(success!.fields).toEqual({ username: 'reader', auth_type: 'secret' });
    expect(logText()).not.toContain(TEST_PASSWORD);
    expect(logText()).not.toContain(token);
    expect(JSON.stringify(since(before))).not.toContain(code);
  });

  it('MFA enrolment: the password sent is redacted, the TOTP seed and QR code answered are never written', async () => {
    const target = user('reader');
    const readerToken = await tokenFor(mock, 'reader');
    const before = mark();
    const res = await call(mock, 'POST', `/api/v2/app-users/${target.id}/mfa`, {
      token: readerToken,
      json: { secret: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    const { totp_secret, qr_code } = mfaEnrollResponse.parse(res.body).data;
    const [intent, success] = since(before);
    expect(intent).toMatchObject({ action: 'UpdateAuthSecret', actor_name: 'reader' });
    expect(success!.fields).toEqual({ user_id: target.id, principal_name: 'reader', change: 'enrol_mfa', secret: REDACTED });
    expect(logText()).not.toContain(totp_secret);
    expect(logText()).not.toContain(qr_code.slice(30, 80));
    // Activation: the code is redacted too.
    const code = totpFor(totp_secret).generate();
    const activated = await call(mock, 'POST', `/api/v2/app-users/${target.id}/mfa-activation`, {
      token: readerToken,
      json: { otp: code },
    });
    expect(activated.status).toBe(200);
    expect(since(before).at(-1)!.fields).toMatchObject({ change: 'activate_mfa', otp: REDACTED });
  });

  it('API token creation: the key answered once is never written', async () => {
    const before = mark();
    const res = await call(mock, 'POST', '/api/v2/tokens', { token: admin, json: { token_name: 'Audit me' } });
    expect(res.status).toBe(200);
    const { id, key } = (res.body as { data: { id: string; key: string } }).data;
    const [intent, success] = since(before);
    expect(intent).toMatchObject({ action: 'CreateAuthToken', fields: { token_name: 'Audit me' } });
    expect(success!.fields).toEqual({ token_name: 'Audit me', id, name: 'Audit me' });
    expect(logText()).not.toContain(key);
  });

  it('an OIDC client secret sent with a provider is redacted', async () => {
    const before = mark();
    const res = await call(mock, 'POST', '/api/v2/sso-providers/oidc', {
      token: admin,
      json: {
        name: 'audit-oidc',
        issuer: 'https://idp.example.com/',
        client_id: 'console',
        client_secret: 'oidc-client-secret-value',
        config: { auto_provision: { enabled: true, default_role_id: 2, role_provision: true } },
      },
    });
    expect(res.status).toBe(201);
    const [intent, success] = since(before);
    expect(intent).toMatchObject({ action: 'CreateOIDCIdentityProvider' });
    expect(success!.fields).toMatchObject({ client_id: 'console', client_secret: REDACTED, name: 'audit-oidc' });
    expect(logText()).not.toContain('oidc-client-secret-value');
  });

  it('a SAML provider sent as a form: what the handler adds (name, issuer, settings), never the metadata file itself', async () => {
    const form = new FormData();
    form.append('name', 'acme');
    form.append('config.auto_provision.enabled', 'false');
    form.append('config.auto_provision.default_role_id', '3');
    form.append('config.auto_provision.role_provision', 'false');
    const xml = readFileSync(join(__dirname, '../../e2e/fixtures/sso/acme-idp-metadata.xml'));
    form.append('metadata', new Blob([new Uint8Array(xml)], { type: 'text/xml' }), 'metadata.xml');
    const before = mark();
    const res = await call(mock, 'POST', '/api/v2/sso-providers/saml', { token: admin, body: form });
    expect(res.status).toBe(200);
    const [intent, success] = since(before);
    expect(intent!.action).toBe('CreateSAMLIdentityProvider');
    expect(success!.fields).toMatchObject({
      content_type: 'multipart/form-data',
      name: 'acme',
      idp_issuer_uri: expect.stringMatching(/^https?:/),
      auto_provision: { enabled: false, default_role_id: 3, role_provision: false },
      id: (res.body as { data: { id: number } }).data.id,
    });
    expect(logText()).not.toContain('EntityDescriptor');
  });

  it('a malformed body is refused without writing what the parser quotes of it', async () => {
    const before = mark();
    const res = await call(mock, 'PUT', `/api/v2/app-users/${user('reader').id}/secret`, {
      token: admin,
      body: '{"secret": "Quoted-Back-Secret-1!" oops}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(since(before).at(-1)!.fields.error).toBe('The body is not valid JSON.');
    expect(logText()).not.toContain('Quoted-Back-Secret-1!');
  });

  it('keeps fields bounded: long text cut, long lists shortened, and it says so', () => {
    const fields = auditableFields({ name: 'n'.repeat(5000), list: Array.from({ length: 100 }, (_, i) => i) });
    expect(String(fields.name).length).toBeLessThan(FIELD_TEXT_MAX + 30);
    expect((fields.list as number[]).length).toBeLessThanOrEqual(20);
    expect(fields.fields_truncated).toBe(true);
    expect(
      JSON.stringify(auditableFields({ a: 'x'.repeat(10_000), b: 'y'.repeat(10_000), c: { d: 'z'.repeat(10_000) } })).length,
    ).toBeLessThan(3000);
  });
});

describe('sign-in attempts', () => {
  it('a success: intent without an actor, then the account, one commit', async () => {
    const before = mark();
    await tokenFor(mock, 'reader');
    const [intent, success] = since(before);
    expect(intent).toMatchObject({ action: 'LoginAttempt', status: 'intent', ...NO_ACTOR });
    expect(success).toMatchObject({
      action: 'LoginAttempt',
      status: 'success',
      actor_id: user('reader').id,
      actor_name: 'reader',
      commit_id: intent!.commit_id,
    });
  });

  it('a wrong password names the account tried; an unknown name has no actor; both say why', async () => {
    const before = mark();
    const login = (username: string, address?: string) =>
      call(mock, 'POST', '/api/v2/login', { json: { login_method: 'secret', username, secret: 'Wrong-Secret-1!' }, address });
    expect((await login('reader', ADDRESS)).status).toBe(401);
    expect((await login('no.such.person')).status).toBe(401);
    const failures = since(before).filter((e) => e.status === 'failure');
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatchObject({
      actor_name: 'reader',
      source_ip_address: ADDRESS,
      fields: { username: 'reader', auth_type: 'secret', error: 'The username or password is incorrect.' },
    });
    expect(failures[1]).toMatchObject({ ...NO_ACTOR, fields: { username: 'no.such.person' } });
    expect(logText()).not.toContain('Wrong-Secret-1!');
  });

  it('a throttled attempt is recorded with the answer it got', async () => {
    const login = (secret: string) =>
      call(mock, 'POST', '/api/v2/login', { json: { login_method: 'secret', username: 'reader', secret }, address: ADDRESS });
    for (let i = 0; i < 5; i++) await login('Wrong-Secret-1!');
    const before = mark();
    expect((await login(TEST_PASSWORD)).status).toBe(429);
    const [, failure] = since(before);
    expect(failure).toMatchObject({ status: 'failure', actor_name: 'reader' });
    expect(failure!.fields.error).toMatch(/^Too many failed sign-ins/);
  });

  it('through the mock identity provider: success, a refusal, and an account it creates', async () => {
    const okta = mock.db.state.ssoProviders.find((p) => p.slug === 'okta')!;
    const linked = mock.db.state.users.find((u) => u.sso_provider_id === okta.id && !u.is_disabled)!;
    const signIn = async (fields: Record<string, string>) => {
      const page = await call(mock, 'GET', '/api/v2/sso/okta/login?next=/users');
      const state = /name="state" value="([^"]+)"/.exec(String(page.body))![1]!;
      return call(mock, 'POST', '/api/v2/sso/okta/callback', {
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ state, ...fields }).toString(),
      });
    };
    const provider = { auth_type: 'saml', sso_provider_id: okta.id, saml_provider_id: okta.saml!.id };
    let before = mark();
    expect((await signIn({ principal: linked.principal_name })).status).toBe(303);
    expect(since(before).map((e) => [e.status, e.actor_name])).toEqual([
      ['intent', ''],
      ['success', linked.principal_name],
    ]);
    expect(since(before)[1]!.fields).toEqual({ username: linked.principal_name, ...provider });

    before = mark();
    await signIn({ principal: 'reader' });
    expect(since(before)[1]).toMatchObject({
      status: 'failure',
      actor_name: 'reader',
      fields: { ...provider, error: expect.stringMatching(/^other_provider: /) },
    });

    before = mark();
    await signIn({ email: 'new.person@example.com' });
    expect(since(before).map((e) => [e.action, e.status])).toEqual([
      ['LoginAttempt', 'intent'],
      ['CreateUser', 'intent'],
      ['CreateUser', 'success'],
      ['LoginAttempt', 'success'],
    ]);
    expect(since(before)[2]).toMatchObject({ ...NO_ACTOR, fields: { principal_name: 'new.person@example.com' } });
  });
});

describe('refusals', () => {
  it('a request refused for lack of permission is one UnauthorizedAccessAttempt failure, as upstream', async () => {
    const reader = await tokenFor(mock, 'reader');
    const before = mark();
    const res = await call(mock, 'POST', '/api/v2/asset-groups', {
      token: reader,
      json: { name: 'Nope', tag: 'nope' },
      address: ADDRESS,
    });
    expect(res.status).toBe(403);
    const read = await call(mock, 'GET', '/api/v2/audit', { token: reader });
    expect(read.status).toBe(403);
    const entries = since(before);
    expect(entries.map((e) => [e.action, e.status])).toEqual([
      ['UnauthorizedAccessAttempt', 'failure'],
      ['UnauthorizedAccessAttempt', 'failure'],
    ]);
    expect(entries[0]).toMatchObject({
      actor_name: 'reader',
      source_ip_address: ADDRESS,
      request_id: res.headers.get('X-Request-Id'),
      fields: { endpoint: 'POST /api/v2/asset-groups', error: expect.stringContaining('graphdb.Write') },
    });
    expect(entries[1]!.fields.endpoint).toBe('GET /api/v2/audit');
  });

  it('a change whose author is demoted while its body is on the way: intent, the refusal, then its failure', async () => {
    const second = mock.db.state.users.find(
      (u) => u.principal_name !== 'admin' && u.role_ids.includes(roleId('Administrator')) && !u.is_disabled,
    )!;
    const session = await mock.tokens.issue(second.id, 'user', undefined, second.session_generation ?? 0);
    const before = mark();
    const request = heldRequest(
      mock,
      'POST',
      '/api/v2/app-users',
      {
        Authorization: `Bearer ${session}`,
        'Content-Type': 'application/json',
      },
      JSON.stringify(newUser('held.audit')),
    );
    await new Promise((r) => setTimeout(r, 20));
    const demote = await call(mock, 'PATCH', `/api/v2/app-users/${second.id}`, {
      token: admin,
      json: { roles: [roleId('Read-Only')] },
    });
    expect(demote.status).toBe(204);
    request.send();
    expect((await request.answer).status).toBe(403);
    const mine = since(before).filter((e) => e.actor_id === second.id);
    expect(mine.map((e) => [e.action, e.status])).toEqual([
      ['CreateUser', 'intent'],
      ['UnauthorizedAccessAttempt', 'failure'],
      ['CreateUser', 'failure'],
    ]);
    expect(mine[2]!.fields.error).toMatch(/auth\.ManageUsers/);
  });
});

describe('the log in the state', () => {
  it('keeps at most MAX_AUDIT_LOGS entries, the oldest going first, ids still increasing', () => {
    const base = { ...NO_ACTOR, action: 'Logout', fields: {}, request_id: '', source_ip_address: '', commit_id: '' };
    const logs = mock.db.state.auditLogs;
    while (logs.length < MAX_AUDIT_LOGS) appendAuditLog(mock.db, { ...base, status: 'success' });
    const first = logs[0]!.id;
    const last = appendAuditLog(mock.db, { ...base, status: 'success' });
    expect(logs).toHaveLength(MAX_AUDIT_LOGS);
    expect(logs[0]!.id).toBe(first + 1);
    expect(last.id).toBe(logs[logs.length - 2]!.id + 1);
  });

  it('is saved with MOCK_DB, and a reset brings back the seeded history', async () => {
    const file = join(dir, 'state.json');
    const first = testMockServer({}, { MOCK_DB: file });
    const seeded = first.db.state.auditLogs.length;
    const token = await tokenFor(first, 'admin');
    await call(first, 'POST', '/api/v2/app-users', { token, json: newUser('saved.audit') });
    await first.db.idle();
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { auditLogs: StoredAuditLog[] };
    expect(saved.auditLogs.length).toBe(seeded + 4);
    expect(JSON.stringify(saved.auditLogs)).not.toContain('Audit-Trail-Secret-9!');

    const second = testMockServer({}, { MOCK_DB: file });
    expect(second.db.state.auditLogs).toEqual(first.db.state.auditLogs);
    expect((await call(second, 'POST', '/__mock/reset', { headers: MOCK_CONTROL })).status).toBe(204);
    expect(second.db.state.auditLogs.length).toBe(seeded);
  });

  it('a state file from before the log existed loads with the seeded history, and new ids follow it', async () => {
    const file = join(dir, 'old.json');
    const fresh = testMockServer();
    const old = JSON.parse(JSON.stringify(fresh.db.state)) as Record<string, unknown> & { counters: Record<string, number> };
    delete old.auditLogs;
    delete old.counters['audit-log'];
    writeFileSync(file, JSON.stringify(old));
    const loaded = testMockServer({}, { MOCK_DB: file });
    const seeded = loaded.db.state.auditLogs;
    expect(seeded.length).toBeGreaterThan(200);
    const lastSeeded = seeded.at(-1)!.id;
    await tokenFor(loaded, 'admin');
    expect(loaded.db.state.auditLogs.at(-1)!.id).toBe(lastSeeded + 2);
  });
});

const dir = mkdtempSync(join(tmpdir(), 'audit-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
