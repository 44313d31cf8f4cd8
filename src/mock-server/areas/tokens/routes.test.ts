import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigKey } from '../../../api/schemas/config';
import { authTokensListResponse, createdAuthTokenResponse, TOKEN_HMAC_METHOD, TOKEN_NAME_MAX } from '../../../api/schemas/tokens';
import { call, testMockServer, tokenFor, errorsOf } from '../../../testing/mock-service';
import type { MockServer } from '../../app';

let mock: MockServer;
let admin: string;
let power: string;

beforeEach(async () => {
  mock = testMockServer();
  admin = await tokenFor(mock, 'admin');
  power = await tokenFor(mock, 'poweruser');
});

const idOf = (principal: string) => mock.db.state.users.find((u) => u.principal_name === principal)!.id;
const list = async (token: string, query = '') => {
  const res = await call(mock, 'GET', `/api/v2/tokens${query}`, { token });
  return {
    status: res.status,
    body: res.body,
    tokens: res.status === 200 ? authTokensListResponse.parse(res.body).data.tokens : [],
  };
};
const create = (token: string, json: unknown) => call(mock, 'POST', '/api/v2/tokens', { token, json });

describe('API tokens seed', () => {
  it('gives seeded accounts tokens with keys kept server-side', () => {
    const tokens = mock.db.state.authTokens;
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    const users = new Set(mock.db.state.users.map((u) => u.id));
    for (const t of tokens) {
      expect(users.has(t.user_id)).toBe(true);
      expect(Buffer.from(t.key, 'base64')).toHaveLength(32);
      expect(t.hmac_method).toBe(TOKEN_HMAC_METHOD);
    }
    expect(new Set(tokens.map((t) => t.id)).size).toBe(tokens.length);
    // Non-administrator seeds are fixed; the administrator's key comes from the server's secret (random per start).
    const again = testMockServer();
    const other = testMockServer({ jwtSecret: new Uint8Array(Buffer.from('another-secret')) });
    const power = (m: MockServer) => m.db.state.authTokens.filter((t) => t.user_id === idOf('poweruser'));
    expect(power(other).map((t) => [t.id, t.key])).toEqual(power(mock).map((t) => [t.id, t.key]));
    const adminKey = (m: MockServer) => m.db.state.authTokens.find((t) => t.user_id === idOf('admin'))!.key;
    expect(adminKey(again)).toBe(adminKey(mock));
    expect(adminKey(other)).not.toBe(adminKey(mock));
    expect(Buffer.from(adminKey(other), 'base64')).toHaveLength(32);
  });
});

describe('GET /api/v2/tokens', () => {
  it("lists the caller's own tokens, never with a key", async () => {
    const mine = await list(power);
    expect(mine.status).toBe(200);
    expect(mine.tokens.length).toBe(mock.db.state.authTokens.filter((t) => t.user_id === idOf('poweruser')).length);
    expect(mine.tokens.every((t) => t.user_id.uuid === idOf('poweruser') && t.user_id.valid)).toBe(true);
    expect(mine.tokens.every((t) => t.key === '')).toBe(true);
    const text = JSON.stringify(mine.body);
    for (const t of mock.db.state.authTokens) expect(text).not.toContain(t.key);
    // The administrator too sees only their own without a filter.
    expect((await list(admin)).tokens.every((t) => t.user_id.uuid === idOf('admin'))).toBe(true);
  });

  it("lists another user's tokens through user_id=eq:<uuid> only with auth.ManageUsers", async () => {
    const theirs = await list(admin, `?user_id=eq:${idOf('poweruser')}`);
    expect(theirs.status).toBe(200);
    expect(theirs.tokens.length).toBe(2);
    expect(theirs.tokens.every((t) => t.user_id.uuid === idOf('poweruser'))).toBe(true);
    const everyoneElse = await list(admin, `?user_id=neq:${idOf('admin')}`);
    expect(everyoneElse.tokens.length).toBe(mock.db.state.authTokens.length - 1);

    const refused = await list(power, `?user_id=eq:${idOf('admin')}`);
    expect(refused.status).toBe(403);
    expect(errorsOf(refused.body)[0]!.message).toContain('auth.ManageUsers');
    expect((await list(power, `?user_id=${idOf('admin')}`)).status).toBe(403);
    expect((await list(power, `?user_id=neq:${idOf('poweruser')}`)).status).toBe(403);
    // Their own id, with eq or bare, is fine.
    expect((await list(power, `?user_id=eq:${idOf('poweruser')}`)).tokens.length).toBe(2);
    expect((await list(power, `?user_id=${idOf('poweruser').toUpperCase()}`)).tokens.length).toBe(2);
  });

  it('filters and sorts as the reference lists, and refuses the rest', async () => {
    const byName = await list(power, '?sort_by=-name');
    expect(byName.tokens.map((t) => t.name.string)).toEqual(['Old laptop script', 'CI pipeline']);
    expect((await list(power, '?name=~eq:ci')).tokens.map((t) => t.name.string)).toEqual(['CI pipeline']);
    expect((await list(power, '?last_access=gt:2000-01-01T00:00:00Z')).tokens.map((t) => t.name.string)).toEqual(['CI pipeline']);
    expect((await list(power, '?sort_by=client_id&sort_by=last_access')).status).toBe(200);
    // The key filter never reaches the secret.
    const key = mock.db.state.authTokens.find((t) => t.user_id === idOf('poweruser'))!.key;
    expect((await list(power, `?key=~eq:${encodeURIComponent(key.slice(0, 4).replace(/[:]/g, ''))}`)).tokens).toEqual([]);
    const badSort = await list(power, '?sort_by=key');
    expect(badSort.status).toBe(400);
    expect(errorsOf(badSort.body)[0]!.context).toBe('sort_by');
    const unknown = await list(power, '?owner=me');
    expect(unknown.status).toBe(400);
    expect(errorsOf(unknown.body)[0]!.context).toBe('owner');
    expect((await list(power, '?user_id=eq:not-a-uuid')).status).toBe(400);
  });

  it('needs auth.ManageSelf and auth.CreateToken', async () => {
    const uploader = await tokenFor(mock, 'uploader');
    const res = await list(uploader);
    expect(res.status).toBe(403);
    expect(errorsOf(res.body)[0]!.message).toContain('auth.ManageSelf');
  });
});

describe('POST /api/v2/tokens', () => {
  it('answers the key exactly once', async () => {
    const res = await create(power, { token_name: '  Nightly export  ' });
    expect(res.status).toBe(200);
    const token = createdAuthTokenResponse.parse(res.body).data;
    expect(Buffer.from(token.key, 'base64')).toHaveLength(32);
    expect(token.name).toEqual({ string: 'Nightly export', valid: true });
    expect(token.user_id).toEqual({ uuid: idOf('poweruser'), valid: true });
    expect(token.created_by).toEqual({ uuid: idOf('poweruser'), valid: true });
    expect(token.hmac_method).toBe('hmac-sha2-256');
    expect(token.last_access).toBe('0001-01-01T00:00:00Z');
    const mine = await list(power);
    const listed = mine.tokens.find((t) => t.id === token.id)!;
    expect(listed.key).toBe('');
    expect(JSON.stringify(mine.body)).not.toContain(token.key);
    const all = await list(admin, `?user_id=eq:${idOf('poweruser')}`);
    expect(JSON.stringify(all.body)).not.toContain(token.key);
  });

  it("creates for someone else only with auth.ManageUsers (the body's user_id)", async () => {
    const before = mock.db.state.authTokens.length;
    const refused = await create(power, { token_name: 'Sneaky', user_id: idOf('reader') });
    expect(refused.status).toBe(403);
    expect(errorsOf(refused.body)[0]!.message).toContain('auth.ManageUsers');
    expect(mock.db.state.authTokens).toHaveLength(before);

    const own = await create(power, { token_name: 'Mine', user_id: idOf('poweruser') });
    expect(own.status).toBe(200);
    const forReader = await create(admin, { token_name: 'For Rita', user_id: idOf('reader').toUpperCase() });
    expect(forReader.status).toBe(200);
    const token = createdAuthTokenResponse.parse(forReader.body).data;
    expect(token.user_id.uuid).toBe(idOf('reader'));
    expect(token.created_by!.uuid).toBe(idOf('admin'));
    const reader = await tokenFor(mock, 'reader');
    expect((await list(reader)).tokens.map((t) => t.id)).toContain(token.id);
  });

  it('checks the body', async () => {
    const missing = await create(power, {});
    expect(missing.status).toBe(400);
    expect(errorsOf(missing.body)[0]).toMatchObject({ context: 'token_name', message: 'Token name is required' });
    const long = await create(power, { token_name: 'x'.repeat(TOKEN_NAME_MAX + 1) });
    expect(long.status).toBe(400);
    expect(errorsOf(long.body)[0]!.message).toBe(`Token name must be at most ${TOKEN_NAME_MAX} characters`);
    const hidden = await create(power, { token_name: 'evil\u202Ename' });
    expect(hidden.status).toBe(400);
    expect(errorsOf(hidden.body)[0]!.message).toContain('control, zero-width or bidirectional');
    const badUser = await create(admin, { token_name: 'x', user_id: 'nobody' });
    expect(badUser.status).toBe(400);
    expect(errorsOf(badUser.body)[0]!.context).toBe('user_id');
    const unknownUser = await create(admin, { token_name: 'x', user_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknownUser.status).toBe(404);
  });

  it('is refused, naming the parameter, when auth.api_tokens is off', async () => {
    // The API may not change the parameter (as upstream); MOCK_API_TOKENS=0 starts the mock with it off.
    const put = await call(mock, 'PUT', '/api/v2/config', {
      token: admin,
      json: { key: ConfigKey.ApiTokens, value: { enabled: false } },
    });
    expect(put.status).toBe(400);
    const param = () => mock.db.state.configParameters.find((p) => p.key === ConfigKey.ApiTokens)!;
    param().value = { enabled: false };
    const res = await create(power, { token_name: 'Not now' });
    expect(res.status).toBe(403);
    expect(errorsOf(res.body)[0]!.message).toContain('"auth.api_tokens"');
    // Listing and revoking still work.
    expect((await list(power)).status).toBe(200);
    param().value = { enabled: true };
    expect((await create(power, { token_name: 'Now' })).status).toBe(200);
  });

  it('starts off with MOCK_API_TOKENS=0 (apiTokensEnabled: false): the parameter off, no tokens', async () => {
    const off = testMockServer({ apiTokensEnabled: false });
    expect(off.db.state.authTokens).toEqual([]);
    const config = await call(off, 'GET', `/api/v2/config?parameter=eq:${ConfigKey.ApiTokens}`, {
      token: await tokenFor(off, 'admin'),
    });
    expect(config.body).toMatchObject({ data: [{ key: ConfigKey.ApiTokens, value: { enabled: false } }] });
    const res = await call(off, 'POST', '/api/v2/tokens', { token: await tokenFor(off, 'poweruser'), json: { token_name: 'x' } });
    expect(res.status).toBe(403);
  });
});

describe('DELETE /api/v2/tokens/{token_id}', () => {
  it('revokes your own token once (then 404)', async () => {
    const id = (await list(power)).tokens[0]!.id;
    const res = await call(mock, 'DELETE', `/api/v2/tokens/${id}`, { token: power });
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    expect(mock.db.state.authTokens.some((t) => t.id === id)).toBe(false);
    const again = await call(mock, 'DELETE', `/api/v2/tokens/${id}`, { token: power });
    expect(again.status).toBe(404);
    expect(errorsOf(again.body)[0]!.context).toBe('token_id');
    expect((await call(mock, 'DELETE', '/api/v2/tokens/12', { token: power })).status).toBe(400);
  });

  it("revokes someone else's only with auth.ManageUsers", async () => {
    const adminToken = (await list(admin)).tokens[0]!.id;
    const refused = await call(mock, 'DELETE', `/api/v2/tokens/${adminToken}`, { token: power });
    expect(refused.status).toBe(403);
    expect(mock.db.state.authTokens.some((t) => t.id === adminToken)).toBe(true);
    const powerToken = (await list(power)).tokens[0]!.id;
    expect((await call(mock, 'DELETE', `/api/v2/tokens/${powerToken.toUpperCase()}`, { token: admin })).status).toBe(200);
    expect(mock.db.state.authTokens.some((t) => t.id === powerToken)).toBe(false);
  });
});

describe('tokens and their owner', () => {
  it('go with a deleted user', async () => {
    const readerId = idOf('reader');
    await create(admin, { token_name: 'Extra', user_id: readerId });
    expect(mock.db.state.authTokens.filter((t) => t.user_id === readerId).length).toBe(2);
    expect((await call(mock, 'DELETE', `/api/v2/app-users/${readerId}`, { token: admin })).status).toBe(204);
    expect(mock.db.state.authTokens.filter((t) => t.user_id === readerId)).toEqual([]);
    expect((await list(admin, `?user_id=eq:${readerId}`)).tokens).toEqual([]);
  });
});

describe('the state file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mock-tokens-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads a file written before API tokens existed (the seed fills them in) and keeps them', async () => {
    const file = join(dir, 'state.json');
    const first = testMockServer({}, { MOCK_DB: file });
    await first.db.idle();
    const old = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    delete old.authTokens;
    writeFileSync(file, JSON.stringify(old));

    const loaded = testMockServer({}, { MOCK_DB: file });
    expect(Array.isArray(loaded.db.state.authTokens)).toBe(true);
    const token = await tokenFor(loaded, 'poweruser');
    const res = await call(loaded, 'POST', '/api/v2/tokens', { token, json: { token_name: 'Kept' } });
    expect(res.status).toBe(200);
    await loaded.db.idle();
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { authTokens: { name: string }[] };
    expect(saved.authTokens.map((t) => t.name)).toContain('Kept');
    expect(testMockServer({}, { MOCK_DB: file }).db.state.authTokens.map((t) => t.name)).toContain('Kept');
  });
});
