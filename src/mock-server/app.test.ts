import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorBody } from '../api/schemas/wire-format';
import { call, MOCK_CONTROL, testMockServer, tokenFor } from '../testing/mock-service';
import { createMockServer, type MockServer } from './app';
import { configFromEnv } from './config';

describe('mock service: sign-in and tokens', () => {
  let mock: MockServer;
  beforeAll(() => {
    mock = testMockServer();
  });

  it('answers GET /api/version to a signed-in caller only, as upstream (RequireAuth)', async () => {
    expect((await call(mock, 'GET', '/api/version')).status).toBe(401);
    const res = await call(mock, 'GET', '/api/version', { token: await tokenFor(mock, 'uploader') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: { API: { current_version: 'v2' }, product_edition: 'enterprise' } });
  });

  it('signs in a seeded account and returns a signed HS256 JWT with an expiry', async () => {
    const res = await call(mock, 'POST', '/api/v2/login', {
      json: { login_method: 'secret', username: 'admin', secret: 'Correct-Horse-9' },
    });
    expect(res.status).toBe(200);
    const data = (res.body as { data: { user_id: string; auth_expired: boolean; session_token: string } }).data;
    expect(data.auth_expired).toBe(false);
    const [header, payload] = data.session_token
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    expect(payload.sub).toBe(data.user_id);
    expect(payload.exp - payload.iat).toBe(8 * 3600);
  });

  it('refuses a wrong password and an unknown user with the same 401 message', async () => {
    const wrong = await call(mock, 'POST', '/api/v2/login', {
      json: { login_method: 'secret', username: 'admin', secret: 'nope' },
    });
    const unknown = await call(mock, 'POST', '/api/v2/login', {
      json: { login_method: 'secret', username: 'ghost', secret: 'nope' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toMatchObject({ errors: [{ message: 'The username or password is incorrect.' }] });
    expect((unknown.body as { errors: unknown }).errors).toEqual((wrong.body as { errors: unknown }).errors);
  });

  it('GET /api/v2/self returns the user with roles and permissions', async () => {
    const token = await tokenFor(mock, 'reader');
    const res = await call(mock, 'GET', '/api/v2/self', { token });
    expect(res.status).toBe(200);
    const user = (
      res.body as {
        data: { principal_name: string; roles: { name: string; permissions: { authority: string; name: string }[] }[] };
      }
    ).data;
    expect(user.principal_name).toBe('reader');
    expect(user.roles.map((r) => r.name)).toEqual(['Read-Only']);
    expect(user.roles[0]!.permissions.map((p) => `${p.authority}.${p.name}`)).toContain('graphdb.Read');
    expect(JSON.stringify(res.body)).not.toMatch(/digest"|salt/);
  });

  it('answers 401 in the error body without a token, with a bad token, an expired one, or after logout', async () => {
    const none = await call(mock, 'GET', '/api/v2/self');
    expect(none.status).toBe(401);
    expect(errorBody.safeParse(none.body).success).toBe(true);

    const forged = await new SignJWT({ typ: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('x')
      .setJti('j')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret'));
    expect((await call(mock, 'GET', '/api/v2/self', { token: forged })).status).toBe(401);

    const expired = await new SignJWT({ typ: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('x')
      .setJti('k')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(mock.config.jwtSecret);
    const expiredRes = await call(mock, 'GET', '/api/v2/self', { token: expired });
    expect(expiredRes.status).toBe(401);
    expect(expiredRes.body).toMatchObject({ errors: [{ message: 'The session has expired. Sign in again.' }] });

    const token = await tokenFor(mock, 'admin');
    expect((await call(mock, 'POST', '/api/v2/logout', { token })).status).toBe(200);
    expect((await call(mock, 'GET', '/api/v2/self', { token })).status).toBe(401);
  });
});

describe('mock service: errors and validation', () => {
  let mock: MockServer;
  let token: string;
  beforeAll(async () => {
    mock = testMockServer();
    token = await tokenFor(mock, 'admin');
  });

  it('answers unknown routes 404 in the error body with a request id', async () => {
    const res = await call(mock, 'GET', '/api/v2/no-such-thing', { token });
    expect(res.status).toBe(404);
    const body = errorBody.parse(res.body);
    expect(body.http_status).toBe(404);
    expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('X-Request-Id')).toBe(body.request_id);
  });

  it('answers malformed JSON with 400 saying so', async () => {
    const res = await call(mock, 'POST', '/api/v2/login', {
      body: '{"login_method":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: [{ context: 'body', message: expect.stringContaining('not valid JSON') }] });
  });

  it('names every field that fails its schema', async () => {
    const res = await call(mock, 'POST', '/api/v2/login', { json: { login_method: 'token', username: '' } });
    expect(res.status).toBe(400);
    const contexts = (res.body as { errors: { context: string }[] }).errors.map((e) => e.context).sort();
    expect(contexts).toEqual(['login_method', 'secret', 'username']);
  });

  it('answers a path parameter of the wrong type with 400 naming it', async () => {
    const res = await call(mock, 'GET', '/api/v2/roles/abc', { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: [{ context: 'role_id' }] });
  });

  it('accepts Prefer: wait=N from 0 to the maximum and refuses anything else', async () => {
    expect((await call(mock, 'GET', '/api/v2/roles', { token, headers: { Prefer: 'wait=0' } })).status).toBe(200);
    expect((await call(mock, 'GET', '/api/v2/roles', { token, headers: { Prefer: 'wait=300' } })).status).toBe(200);
    for (const bad of ['wait=301', 'wait=-1', 'wait=abc', 'wait=']) {
      const res = await call(mock, 'GET', '/api/v2/roles', { token, headers: { Prefer: bad } });
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ errors: [{ context: 'Prefer' }] });
    }
  });
});

describe('mock service: edition switch', () => {
  it('reports the edition from MOCK_EDITION and refuses an unknown one', () => {
    expect(configFromEnv({ MOCK_EDITION: 'community' }).edition).toBe('community');
    expect(configFromEnv({}).edition).toBe('enterprise');
    expect(() => configFromEnv({ MOCK_EDITION: 'gold' })).toThrow(/MOCK_EDITION/);
  });

  it('says which edition it is in GET /api/version', async () => {
    const community = testMockServer({ edition: 'community' });
    const res = await call(community, 'GET', '/api/version', { token: await tokenFor(community, 'reader') });
    expect(res.body).toMatchObject({ data: { product_edition: 'community' } });
  });
});

describe('mock service: state, reset and persistence', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mock-db-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('seeds the same data on every start at the same time', async () => {
    // The seeded running job dates from the start: the same clock, the same data.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-12-02T10:00:00Z') });
    try {
      const a = testMockServer();
      const b = testMockServer();
      expect(JSON.stringify(a.db.state)).toBe(JSON.stringify(b.db.state));
    } finally {
      vi.useRealTimers();
    }
  });

  it('restores the seed on POST /__mock/reset', async () => {
    const mock = testMockServer();
    const seeded = JSON.stringify(mock.db.state);
    mock.db.state.users[0]!.first_name = 'Changed';
    expect((await call(mock, 'POST', '/__mock/reset', { headers: MOCK_CONTROL })).status).toBe(204);
    expect(JSON.stringify(mock.db.state)).toBe(seeded);
  });

  it('with MOCK_DB saves changes atomically to the file and loads them on the next start', async () => {
    const file = join(dir, 'state.json');
    const first = createMockServer({ jwtSecret: new TextEncoder().encode('s') }, { MOCK_DB: file });
    expect(existsSync(file)).toBe(true);
    const token = await tokenFor(first, 'admin');
    expect(token).toBeTruthy();
    first.db.saveNow();
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    const admin = saved.users.find((u: { principal_name: string }) => u.principal_name === 'admin');
    // Sign-in updated last_login, and the file has it.
    expect(Date.parse(admin.last_login)).toBeGreaterThan(Date.parse('2026-11-10T00:00:00Z'));
    expect(JSON.stringify(saved)).not.toContain('Correct-Horse-9');

    const second = createMockServer({ jwtSecret: new TextEncoder().encode('s') }, { MOCK_DB: file });
    const again = second.db.state.users.find((u) => u.principal_name === 'admin')!;
    expect(again.last_login).toBe(admin.last_login);
  });
});

describe('mock service: sign-in throttling and injected faults', () => {
  it('answers 429 with Retry-After after five failed sign-ins of one name from one address, even with the right password', async () => {
    const mock = testMockServer();
    const attempt = (secret: string, address?: string) =>
      call(mock, 'POST', '/api/v2/login', { json: { login_method: 'secret', username: 'reader', secret }, address });
    for (let i = 0; i < 5; i++) expect((await attempt('wrong')).status).toBe(401);
    const locked = await attempt('Correct-Horse-9');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThanOrEqual(29);
    expect(locked.body).toMatchObject({
      errors: [{ message: expect.stringMatching(/^Too many failed sign-ins\. Try again in \d+ seconds\.$/) }],
    });
    // The same name from another address, and another name from this one, are not affected; a reset clears the lock.
    expect((await attempt('Correct-Horse-9', '10.0.0.9')).status).toBe(200);
    expect(
      (
        await call(mock, 'POST', '/api/v2/login', {
          json: { login_method: 'secret', username: 'admin', secret: 'Correct-Horse-9' },
        })
      ).status,
    ).toBe(200);
    await call(mock, 'POST', '/__mock/reset', { headers: MOCK_CONTROL });
    expect((await attempt('Correct-Horse-9')).status).toBe(200);
  });

  it('injects the fault named in X-Mock-Fault', async () => {
    const mock = testMockServer();
    const token = await tokenFor(mock, 'admin');
    const get = (fault: string) => call(mock, 'GET', '/api/v2/roles', { token, headers: { 'X-Mock-Fault': fault } });
    const failed = await get('status=503');
    expect(failed.status).toBe(503);
    expect(errorBody.safeParse(failed.body).success).toBe(true);
    const throttled = await get('throttle=7');
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('Retry-After')).toBe('7');
    const malformed = await get('malformed');
    expect(malformed.status).toBe(200);
    expect(typeof malformed.body).toBe('string');
    const schema = await get('schema');
    expect(schema.body).toMatchObject({ data: expect.any(String) });
    await expect(get('drop')).rejects.toThrow(/connection was closed/);
    expect((await get('nonsense')).status).toBe(400);
  });

  it('injects faults from rules for a number of matching requests', async () => {
    const mock = testMockServer();
    const token = await tokenFor(mock, 'admin');
    expect(
      (
        await call(mock, 'POST', '/__mock/faults', {
          json: { fault: 'status=500', path: '/api/v2/roles$', method: 'GET', times: 2 },
        })
      ).status,
    ).toBe(204);
    expect((await call(mock, 'GET', '/api/v2/roles', { token })).status).toBe(500);
    expect((await call(mock, 'GET', '/api/v2/permissions', { token })).status).toBe(200);
    expect((await call(mock, 'GET', '/api/v2/roles', { token })).status).toBe(500);
    expect((await call(mock, 'GET', '/api/v2/roles', { token })).status).toBe(200);
    expect((await call(mock, 'POST', '/__mock/faults', { json: { fault: 'bogus' } })).status).toBe(400);
  });
});
