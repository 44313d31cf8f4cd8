import { heldRequest } from '../testing/streams';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfigKey } from '../api/schemas/config';
import { createdAuthTokenResponse } from '../api/schemas/tokens';
import { call, testMockServer, tokenFor, errorsOf } from '../testing/mock-service';
import type { MockServer } from './app';
import { MAX_CLOCK_SKEW_MS, requestDigest, signatureHeaders } from './signature';
import { JSON_BODY_MAX_BYTES } from './body';

let mock: MockServer;

beforeEach(() => {
  mock = testMockServer();
});

const userOf = (principal: string) => mock.db.state.users.find((u) => u.principal_name === principal)!;
const rfc3339 = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');

interface Key {
  id: string;
  key: string;
}

/** A new API token of `principal`, made through the API. */
async function newToken(principal: string, name = 'Test token'): Promise<Key> {
  const session = await tokenFor(mock, principal);
  const res = await call(mock, 'POST', '/api/v2/tokens', { token: session, json: { token_name: name } });
  const { id, key } = createdAuthTokenResponse.parse(res.body).data;
  return { id, key };
}

/**
 * A signed call. `sign` overrides what is signed (to sign something other
 * than what is sent); by default the method, path and body sent, dated now.
 */
async function signed(
  token: Key,
  method: string,
  path: string,
  options: {
    json?: unknown;
    body?: string;
    contentType?: string;
    date?: string;
    sign?: { method?: string; path?: string; body?: string; key?: string };
  } = {},
) {
  const body = options.json !== undefined ? JSON.stringify(options.json) : options.body;
  const headers = signatureHeaders(
    token.id,
    options.sign?.key ?? token.key,
    options.sign?.method ?? method,
    options.sign?.path ?? path,
    options.sign?.body ?? body,
    options.date,
  );
  if (body !== undefined) headers['Content-Type'] = options.contentType ?? 'application/json';
  return call(mock, method, path, { headers, body });
}

describe('the bhesignature digest', () => {
  it('is the HMAC-SHA256 chain upstream computes (vectors from an independent implementation)', () => {
    // Python: hmac.new(key.encode()) over method+uri, then date[:13], then the body; base64.
    expect(
      requestDigest(
        'test-key',
        'POST',
        '/api/v2/test/resource?x=1',
        '2026-10-01T12:34:56+00:00',
        Buffer.from('{"hello":"world"}'),
      ).toString('base64'),
    ).toBe('ydOGD4+lFbK3yPmVRtSgLgjSVYWJ6FVF3oCiTDLDFXA=');
    expect(requestDigest('test-key', 'GET', '/api/v2/self', '2026-10-01T12:59:59Z').toString('base64')).toBe(
      'QF4lmG4/rV3v5y6SRWaJhaZQWlVBAo/h1JWubgkseeY=',
    );
    // Only the hour of the date is signed.
    expect(requestDigest('k', 'GET', '/x', '2026-10-01T12:00:00Z')).toEqual(
      requestDigest('k', 'GET', '/x', '2026-10-01T12:59:59.5Z'),
    );
  });
});

describe('signed requests', () => {
  it("act as the token's owner and record the token's last access", async () => {
    const token = await newToken('poweruser');
    const res = await signed(token, 'GET', '/api/v2/self');
    expect(res.status).toBe(200);
    expect((res.body as { data: { principal_name: string } }).data.principal_name).toBe('poweruser');
    const stored = mock.db.state.authTokens.find((t) => t.id === token.id)!;
    expect(Date.now() - Date.parse(stored.last_access)).toBeLessThan(5000);
    // With a query and a body.
    const list = await signed(token, 'GET', '/api/v2/tokens?sort_by=-name&name=~eq:test');
    expect(list.status).toBe(200);
    const created = await signed(token, 'POST', '/api/v2/asset-groups', { json: { name: 'Signed group', tag: 'signed_group' } });
    expect(created.status).toBe(200);
    expect(mock.db.state.assetGroups.some((g) => g.tag === 'signed_group')).toBe(true);
  });

  it("are refused what the owner's roles do not grant (403), and the account rule applies", async () => {
    const token = await newToken('reader');
    const write = await signed(token, 'POST', '/api/v2/asset-groups', { json: { name: 'Nope', tag: 'nope' } });
    expect(write.status).toBe(403);
    expect(errorsOf(write.body)[0]!.message).toContain('graphdb.Write');
    const users = await signed(token, 'GET', '/api/v2/app-users');
    expect(users.status).toBe(403);
    const others = await signed(token, 'GET', `/api/v2/tokens?user_id=eq:${userOf('admin').id}`);
    expect(others.status).toBe(403);
    const forOthers = await signed(token, 'POST', '/api/v2/tokens', { json: { token_name: 'x', user_id: userOf('admin').id } });
    expect(forOthers.status).toBe(403);
    // What the owner may do works.
    expect((await signed(token, 'GET', '/api/v2/roles')).status).toBe(200);
  });

  it('accept a date up to two hours away, and refuse one further away, either way (401)', async () => {
    const token = await newToken('poweruser');
    const now = Date.now();
    expect((await signed(token, 'GET', '/api/v2/self', { date: rfc3339(now - MAX_CLOCK_SKEW_MS + 60_000) })).status).toBe(200);
    expect((await signed(token, 'GET', '/api/v2/self', { date: rfc3339(now + MAX_CLOCK_SKEW_MS - 60_000) })).status).toBe(200);
    const old = await signed(token, 'GET', '/api/v2/self', { date: rfc3339(now - MAX_CLOCK_SKEW_MS - 60_000) });
    expect(old.status).toBe(401);
    expect(errorsOf(old.body)[0]!.message).toMatch(/minutes in the past/);
    const future = await signed(token, 'GET', '/api/v2/self', { date: rfc3339(now + MAX_CLOCK_SKEW_MS + 60_000) });
    expect(future.status).toBe(401);
    expect(errorsOf(future.body)[0]!.message).toMatch(/minutes in the future/);
    // A date with an offset (the Python client's local time) is the same instant.
    const local = new Date(now + 2 * 3600_000).toISOString().replace(/\.\d+Z$/, '+02:00');
    expect((await signed(token, 'GET', '/api/v2/self', { date: local })).status).toBe(200);
  });

  it('refuse a wrong key, a changed method, path, query or body (401)', async () => {
    const token = await newToken('poweruser');
    const cases = [
      await signed(token, 'GET', '/api/v2/self', { sign: { key: 'x'.repeat(44) } }),
      await signed(token, 'GET', '/api/v2/tokens?sort_by=name', { sign: { path: '/api/v2/tokens?sort_by=-name' } }),
      await signed(token, 'GET', '/api/v2/tokens?name=~eq:a', { sign: { path: '/api/v2/tokens' } }),
      await signed(token, 'GET', '/api/v2/self', { sign: { method: 'POST' } }),
      await signed(token, 'POST', '/api/v2/tokens', {
        json: { token_name: 'Changed' },
        sign: { body: '{"token_name":"Signed"}' },
      }),
      await signed(token, 'POST', '/api/v2/tokens', { json: { token_name: 'Unsigned body' }, sign: { body: '' } }),
    ];
    for (const res of cases) {
      expect(res.status).toBe(401);
      expect(errorsOf(res.body)[0]!.message).toContain('signature does not match');
    }
    expect(mock.db.state.authTokens.some((t) => t.name === 'Changed' || t.name === 'Unsigned body')).toBe(false);
  });

  it('refuse a revoked token, a disabled or deleted owner, and switched-off API tokens (401)', async () => {
    const token = await newToken('reader');
    const admin = await tokenFor(mock, 'admin');
    expect((await signed(token, 'GET', '/api/v2/self')).status).toBe(200);

    const reader = userOf('reader');
    await call(mock, 'PATCH', `/api/v2/app-users/${reader.id}`, { token: admin, json: { is_disabled: true } });
    const disabled = await signed(token, 'GET', '/api/v2/self');
    expect(disabled.status).toBe(401);
    expect(errorsOf(disabled.body)[0]!.message).toContain('disabled');
    await call(mock, 'PATCH', `/api/v2/app-users/${reader.id}`, { token: admin, json: { is_disabled: false } });
    expect((await signed(token, 'GET', '/api/v2/self')).status).toBe(200);

    const param = mock.db.state.configParameters.find((p) => p.key === ConfigKey.ApiTokens)!;
    param.value = { enabled: false };
    const off = await signed(token, 'GET', '/api/v2/self');
    expect(off.status).toBe(401);
    expect(errorsOf(off.body)[0]!.message).toContain('auth.api_tokens');
    param.value = { enabled: true };

    expect((await call(mock, 'DELETE', `/api/v2/tokens/${token.id}`, { token: admin })).status).toBe(200);
    const revoked = await signed(token, 'GET', '/api/v2/self');
    expect(revoked.status).toBe(401);
    expect(errorsOf(revoked.body)[0]!.message).toContain('deleted (revoked)');

    const other = await newToken('poweruser');
    // A token whose owner is gone (the owner's deletion takes the tokens too, so remove the owner alone here).
    mock.db.state.users = mock.db.state.users.filter((u) => u.principal_name !== 'poweruser');
    const gone = await signed(other, 'GET', '/api/v2/self');
    expect(gone.status).toBe(401);
    expect(errorsOf(gone.body)[0]!.message).toContain('no longer exists');
  });

  it('say which header is missing or malformed (400)', async () => {
    const token = await newToken('poweruser');
    const good = signatureHeaders(token.id, token.key, 'GET', '/api/v2/self');
    const without = async (name: string, replace?: string) => {
      const headers = { ...good };
      if (replace === undefined) delete headers[name];
      else headers[name] = replace;
      return call(mock, 'GET', '/api/v2/self', { headers });
    };
    expect(errorsOf((await without('RequestDate')).body)[0]!.context).toBe('RequestDate');
    expect((await without('RequestDate', 'yesterday')).status).toBe(400);
    expect(errorsOf((await without('Signature')).body)[0]!.context).toBe('Signature');
    expect((await without('Signature', 'not base64!')).status).toBe(400);
    expect((await without('Authorization', 'bhesignature not-a-token')).status).toBe(401);
    const unknown = await without('Authorization', 'bhesignature 00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(401);
  });

  it('read a body no larger than the JSON limit (413)', async () => {
    const token = await newToken('poweruser');
    const big = JSON.stringify({ token_name: 'x'.repeat(JSON_BODY_MAX_BYTES) });
    const res = await signed(token, 'POST', '/api/v2/tokens', { body: big });
    expect(res.status).toBe(413);
    expect(errorsOf(res.body)[0]!.context).toBe('body');
  });

  it('sign file uploads too (read up to the upload limit)', async () => {
    mock = testMockServer({ uploadMaxBytes: 4096 });
    const token = await newToken('poweruser');
    const start = await signed(token, 'POST', '/api/v2/file-upload/start');
    expect(start.status).toBe(201);
    const jobId = (start.body as { data: { id: number } }).data.id;
    const file = JSON.stringify({ meta: { type: 'users', count: 0, version: 6 }, data: [] });
    const up = await signed(token, 'POST', `/api/v2/file-upload/${jobId}`, { body: file });
    expect(up.status).toBe(202);
    const tampered = await signed(token, 'POST', `/api/v2/file-upload/${jobId}`, { body: file, sign: { body: `${file} ` } });
    expect(tampered.status).toBe(401);
    const tooBig = await signed(token, 'POST', `/api/v2/file-upload/${jobId}`, { body: 'x'.repeat(5000) });
    expect(tooBig.status).toBe(413);
    expect(errorsOf(tooBig.body)[0]!.context).toBe('file');
  });
});

describe('signed requests checked again when the change is made', () => {
  /** A signed POST whose body is held back until `send()`. */
  function held(token: Key, path: string, json: unknown) {
    const text = JSON.stringify(json);
    const headers = { ...signatureHeaders(token.id, token.key, 'POST', path, text), 'Content-Type': 'application/json' };
    return heldRequest(mock, 'POST', path, headers, text);
  }
  const settle = () => new Promise((r) => setTimeout(r, 20));

  it('a body that arrives after its token was revoked changes nothing (401)', async () => {
    const token = await newToken('poweruser');
    const request = held(token, '/api/v2/asset-groups', { name: 'Held group', tag: 'held_group' });
    await settle();
    const admin = await tokenFor(mock, 'admin');
    expect((await call(mock, 'DELETE', `/api/v2/tokens/${token.id}`, { token: admin })).status).toBe(200);
    request.send();
    expect((await request.answer).status).toBe(401);
    expect(mock.db.state.assetGroups.some((g) => g.tag === 'held_group')).toBe(false);
  });

  it('a change applied after the owner was disabled, while the operation awaited, is refused by confirmAccess (401)', async () => {
    const token = await newToken('poweruser');
    const power = userOf('poweruser');
    const stored = mock.db.state.authTokens.find((t) => t.id === token.id)!;
    const digest = power.secret!.digest;
    // Setting your password checks the current one and hashes the new one off the event loop before the change:
    // the owner is disabled as soon as the request is past the door (its token's last access is recorded there).
    const answer = signed(token, 'PUT', `/api/v2/app-users/${power.id}/secret`, {
      json: { secret: 'Another-Secret-77!', current_secret: 'Correct-Horse-9' },
    });
    while (stored.last_access === '0001-01-01T00:00:00Z') await new Promise((r) => setImmediate(r));
    power.is_disabled = true;
    const res = await answer;
    expect(res.status).toBe(401);
    expect(errorsOf(res.body)[0]!.message).toContain('disabled');
    expect(power.secret!.digest).toBe(digest);
  });
});
