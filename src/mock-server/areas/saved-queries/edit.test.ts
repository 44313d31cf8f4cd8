import { beforeEach, describe, expect, it } from 'vitest';
import {
  SAVED_QUERY_DESCRIPTION_MAX_LENGTH,
  SAVED_QUERY_NAME_MAX_LENGTH,
  SAVED_QUERY_TEXT_MAX_LENGTH,
  savedQueriesListResponse,
  savedQueryPermissionsResponse,
  savedQueryResponse,
  shareSavedQueryResponse,
} from '../../../api/schemas/saved-queries';
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
const stored = (id: number) => mock.db.state.savedQueries.find((q) => q.id === id);
const BASE = '/api/v2/saved-queries';

async function create(token: string, json: unknown) {
  return call(mock, 'POST', BASE, { token, json });
}
async function createOk(token: string, name = 'Tier zero sessions', query = 'MATCH (n) RETURN n') {
  const res = await create(token, { name, query, description: 'Where they log on.' });
  expect(res.status).toBe(201);
  return savedQueryResponse.parse(res.body).data;
}
const share = (token: string, id: number, json: unknown) => call(mock, 'PUT', `${BASE}/${id}/permissions`, { token, json });
const lastAudit = () => mock.db.state.auditLogs[mock.db.state.auditLogs.length - 1]!;

describe('POST /api/v2/saved-queries', () => {
  it('creates a query owned by the caller (201), listed as owned and audited as CreateSavedQuery', async () => {
    const q = await createOk(power, 'Kerberoastable admins', 'MATCH (u:User)\n\tWHERE u.hasspn = true\nRETURN u');
    expect(q).toMatchObject({
      user_id: idOf('poweruser'),
      name: 'Kerberoastable admins',
      query: 'MATCH (u:User)\n\tWHERE u.hasspn = true\nRETURN u',
      description: 'Where they log on.',
    });
    expect(q.id).toBeGreaterThan(Math.max(...mock.db.state.savedQueries.filter((s) => s.id !== q.id).map((s) => s.id)));
    const list = savedQueriesListResponse.parse((await call(mock, 'GET', `${BASE}?limit=100`, { token: power })).body);
    expect(list.data.find((r) => r.id === q.id)?.scope).toBe('owned');
    expect(lastAudit()).toMatchObject({ action: 'CreateSavedQuery', status: 'success' });
  });

  it('names the field of a missing or blank name or query, too long a text, hidden characters, a wrong type', async () => {
    const cases: [unknown, string][] = [
      [{ query: 'MATCH (n) RETURN n' }, 'name'],
      [{ name: '   ', query: 'MATCH (n) RETURN n' }, 'name'],
      [{ name: 'x'.repeat(SAVED_QUERY_NAME_MAX_LENGTH + 1), query: 'q' }, 'name'],
      [{ name: 'a\u202Eb', query: 'q' }, 'name'],
      [{ name: 'Fine' }, 'query'],
      [{ name: 'Fine', query: ' \n\t ' }, 'query'],
      [{ name: 'Fine', query: 'x'.repeat(SAVED_QUERY_TEXT_MAX_LENGTH + 1) }, 'query'],
      [{ name: 'Fine', query: 'q', description: 'd'.repeat(SAVED_QUERY_DESCRIPTION_MAX_LENGTH + 1) }, 'description'],
      [{ name: 42, query: 'q' }, 'name'],
    ];
    const before = mock.db.state.savedQueries.length;
    for (const [json, field] of cases) {
      const res = await create(admin, json);
      expect(res.status, JSON.stringify(json).slice(0, 60)).toBe(400);
      expect(errorsOf(res.body).map((e) => e.context)).toContain(field);
      expect(errorsOf(res.body).find((e) => e.context === field)!.message).toMatch(new RegExp(field, 'i'));
    }
    expect(mock.db.state.savedQueries).toHaveLength(before);
  });

  it('refuses a name the caller already uses (400 name), but another owner may use it, and case differs (as upstream)', async () => {
    const taken = mock.db.state.savedQueries.find((q) => q.user_id === idOf('admin'))!.name;
    const res = await create(admin, { name: taken, query: 'MATCH (n) RETURN n' });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]).toMatchObject({ context: 'name', message: expect.stringContaining(`named "${taken}"`) });
    await createOk(power, taken);
    await createOk(admin, taken.toUpperCase());
  });

  it('needs saved_queries.Write: a reader gets 403', async () => {
    const res = await create(await tokenFor(mock, 'reader'), { name: 'Mine', query: 'MATCH (n) RETURN n' });
    expect(res.status).toBe(403);
  });
});

describe('GET, PUT and DELETE /api/v2/saved-queries/{id}', () => {
  it('GET: the owner, those it is shared with, and everyone when public; 404 for anyone else and unknown ids', async () => {
    const q = await createOk(admin);
    expect((await call(mock, 'GET', `${BASE}/${q.id}`, { token: admin })).status).toBe(200);
    let res = await call(mock, 'GET', `${BASE}/${q.id}`, { token: power });
    expect(res.status).toBe(404);
    expect(errorsOf(res.body)[0]!.context).toBe('saved_query_id');
    expect((await share(admin, q.id, { user_ids: [idOf('poweruser')] })).status).toBe(201);
    res = await call(mock, 'GET', `${BASE}/${q.id}`, { token: power });
    expect(res.status).toBe(200);
    expect(savedQueryResponse.parse(res.body).data.name).toBe(q.name);
    const reader = await tokenFor(mock, 'reader');
    expect((await call(mock, 'GET', `${BASE}/${q.id}`, { token: reader })).status).toBe(404);
    expect((await share(admin, q.id, {})).status).toBe(204);
    expect((await share(admin, q.id, { public: true })).status).toBe(201);
    expect((await call(mock, 'GET', `${BASE}/${q.id}`, { token: reader })).status).toBe(200);
    expect((await call(mock, 'GET', `${BASE}/9999`, { token: admin })).status).toBe(404);
    expect((await call(mock, 'GET', `${BASE}/abc`, { token: admin })).status).toBe(400);
  });

  it('PUT: the owner changes the fields sent, keeps the others, may clear the description; audited as UpdateSavedQuery', async () => {
    const q = await createOk(admin);
    let res = await call(mock, 'PUT', `${BASE}/${q.id}`, { token: admin, json: { query: 'MATCH (c:Computer) RETURN c' } });
    expect(res.status).toBe(200);
    expect(savedQueryResponse.parse(res.body).data).toMatchObject({
      name: q.name,
      query: 'MATCH (c:Computer) RETURN c',
      description: 'Where they log on.',
    });
    expect(lastAudit()).toMatchObject({ action: 'UpdateSavedQuery', status: 'success' });
    res = await call(mock, 'PUT', `${BASE}/${q.id}`, { token: admin, json: { name: 'Renamed', description: '' } });
    expect(savedQueryResponse.parse(res.body).data).toMatchObject({ name: 'Renamed', description: '' });
    expect(stored(q.id)).toMatchObject({ name: 'Renamed', description: '', query: 'MATCH (c:Computer) RETURN c' });
  });

  it('PUT: a blank name or query, or a name of another of the owner’s queries, is a 400 naming the field; nothing changes', async () => {
    const q = await createOk(admin);
    const other = mock.db.state.savedQueries.find((s) => s.user_id === idOf('admin') && s.id !== q.id)!;
    for (const [json, field] of [
      [{ name: '' }, 'name'],
      [{ query: '  ' }, 'query'],
      [{ name: other.name }, 'name'],
      [{ description: 7 }, 'description'],
    ] as const) {
      const res = await call(mock, 'PUT', `${BASE}/${q.id}`, { token: admin, json });
      expect(res.status).toBe(400);
      expect(errorsOf(res.body)[0]!.context).toBe(field);
    }
    // Its own name again is no clash.
    expect((await call(mock, 'PUT', `${BASE}/${q.id}`, { token: admin, json: { name: q.name } })).status).toBe(200);
    expect(stored(q.id)).toMatchObject({ name: q.name, query: q.query });
  });

  it('PUT and DELETE: someone it is shared with (even an administrator) gets 403; someone who cannot see it 404', async () => {
    const q = await createOk(power);
    await share(power, q.id, { user_ids: [idOf('admin')] });
    let res = await call(mock, 'PUT', `${BASE}/${q.id}`, { token: admin, json: { name: 'Taken over' } });
    expect(res.status).toBe(403);
    expect(errorsOf(res.body)[0]!.message).toContain('Only the owner of this query can change it');
    res = await call(mock, 'DELETE', `${BASE}/${q.id}`, { token: admin });
    expect(res.status).toBe(403);
    expect(errorsOf(res.body)[0]!.message).toContain('Only the owner of this query can delete it');
    const privateOfAdmin = await createOk(admin, 'Private one');
    expect((await call(mock, 'PUT', `${BASE}/${privateOfAdmin.id}`, { token: power, json: { name: 'x' } })).status).toBe(404);
    expect((await call(mock, 'DELETE', `${BASE}/${privateOfAdmin.id}`, { token: power })).status).toBe(404);
    expect(stored(q.id)!.name).toBe(q.name);
    expect(stored(privateOfAdmin.id)).toBeDefined();
  });

  it('DELETE: the owner deletes (204), it leaves every list and its sharing goes with it; audited as DeleteSavedQuery', async () => {
    const q = await createOk(power);
    await share(power, q.id, { user_ids: [idOf('admin')] });
    expect((await call(mock, 'DELETE', `${BASE}/${q.id}`, { token: power })).status).toBe(204);
    expect(lastAudit()).toMatchObject({ action: 'DeleteSavedQuery', status: 'success' });
    expect(lastAudit().fields).toMatchObject({ saved_query_name: q.name });
    expect(stored(q.id)).toBeUndefined();
    const all = savedQueriesListResponse.parse((await call(mock, 'GET', `${BASE}?scope=all&limit=100`, { token: admin })).body);
    expect(all.data.some((r) => r.id === q.id)).toBe(false);
    expect((await call(mock, 'DELETE', `${BASE}/${q.id}`, { token: power })).status).toBe(404);
    expect((await call(mock, 'GET', `${BASE}/${q.id}/permissions`, { token: power })).status).toBe(404);
  });
});

describe('PUT /api/v2/saved-queries/{id}/permissions', () => {
  it('shares with users (201 with their rows), adds to those shared before, and they see it as shared', async () => {
    const q = await createOk(power);
    const [a, b] = [idOf('admin'), idOf('reader')];
    let res = await share(power, q.id, { user_ids: [a] });
    expect(res.status).toBe(201);
    expect(shareSavedQueryResponse.parse(res.body).data).toEqual([
      expect.objectContaining({ query_id: q.id, public: false, shared_to_user_id: { uuid: a, valid: true } }),
    ]);
    expect(lastAudit()).toMatchObject({ action: 'ShareSavedQuery', status: 'success' });
    res = await share(power, q.id, { user_ids: [b, a, b.toUpperCase()] });
    expect(res.status).toBe(201);
    expect(stored(q.id)!.shared_to).toEqual([a, b]);
    const perms = savedQueryPermissionsResponse.parse(
      (await call(mock, 'GET', `${BASE}/${q.id}/permissions`, { token: power })).body,
    );
    expect(perms.data).toEqual({ query_id: q.id, public: false, shared_to_user_ids: [a, b] });
    const seen = savedQueriesListResponse.parse(
      (await call(mock, 'GET', `${BASE}?scope=shared&limit=100`, { token: await tokenFor(mock, 'reader') })).body,
    );
    expect(seen.data.find((r) => r.id === q.id)?.scope).toBe('shared');
  });

  it('public: true makes it public (201; 204 when it already is) and replaces the shares; everyone sees it as public', async () => {
    const q = await createOk(power);
    await share(power, q.id, { user_ids: [idOf('admin')] });
    let res = await share(power, q.id, { public: true });
    expect(res.status).toBe(201);
    expect(shareSavedQueryResponse.parse(res.body).data).toEqual([
      expect.objectContaining({ query_id: q.id, public: true, shared_to_user_id: expect.objectContaining({ valid: false }) }),
    ]);
    expect(stored(q.id)).toMatchObject({ public: true, shared_to: [] });
    res = await share(power, q.id, { public: true });
    expect(res.status).toBe(204);
    const reader = await tokenFor(mock, 'reader');
    const pub = savedQueriesListResponse.parse(
      (await call(mock, 'GET', `${BASE}?scope=public&limit=100`, { token: reader })).body,
    );
    expect(pub.data.find((r) => r.id === q.id)?.scope).toBe('public');
  });

  it('neither makes it private again (204): the public flag and every share go; nobody else sees it', async () => {
    const q = await createOk(power);
    await share(power, q.id, { public: true });
    expect((await share(power, q.id, { public: false, user_ids: [] })).status).toBe(204);
    expect(stored(q.id)).toMatchObject({ public: false, shared_to: [] });
    await share(power, q.id, { user_ids: [idOf('admin')] });
    expect((await share(power, q.id, {})).status).toBe(204);
    expect(stored(q.id)!.shared_to).toEqual([]);
    expect((await call(mock, 'GET', `${BASE}/${q.id}`, { token: admin })).status).toBe(404);
  });

  it('refuses public with user ids (400 public), users of a public query, oneself, unknown users and bad ids (400 user_ids)', async () => {
    const q = await createOk(power);
    const cases: [unknown, string, RegExp][] = [
      [{ public: true, user_ids: [idOf('admin')] }, 'public', /either public or shared/],
      [{ user_ids: [idOf('poweruser')] }, 'user_ids', /yourself/],
      [{ user_ids: ['00000000-0000-4000-8000-000000000000'] }, 'user_ids', /No user has id 00000000-/],
      [{ user_ids: ['nope'] }, 'user_ids.0', /UUID/],
      [{ user_ids: 'nope' }, 'user_ids', /list/],
      [{ public: 'yes' }, 'public', /Public must be true or false/],
    ];
    for (const [json, context, message] of cases) {
      const res = await share(power, q.id, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(errorsOf(res.body)[0]).toMatchObject({ context, message: expect.stringMatching(message) });
    }
    await share(power, q.id, { public: true });
    const res = await share(power, q.id, { user_ids: [idOf('admin')] });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]).toMatchObject({
      context: 'user_ids',
      message: expect.stringContaining('make it private first'),
    });
    expect(stored(q.id)).toMatchObject({ public: true, shared_to: [] });
  });

  it('only the owner shares or makes public (403); an administrator may make someone’s public query private (as upstream)', async () => {
    const q = await createOk(power);
    await share(power, q.id, { user_ids: [idOf('admin')] });
    let res = await share(admin, q.id, { user_ids: [idOf('reader')] });
    expect(res.status).toBe(403);
    expect(errorsOf(res.body)[0]!.message).toContain('Only the owner of this query can share it');
    res = await share(admin, q.id, { public: true });
    expect(res.status).toBe(403);
    // Not public: an administrator it is shared with cannot make it private.
    expect((await share(admin, q.id, {})).status).toBe(403);
    expect(stored(q.id)!.shared_to).toEqual([idOf('admin')]);
    await share(power, q.id, { public: true });
    expect((await share(admin, q.id, {})).status).toBe(204);
    expect(stored(q.id)!.public).toBe(false);
    // A User-role account that merely sees a public query cannot make it private.
    await share(power, q.id, { public: true });
    const userAccount = mock.db.state.users.find(
      (u) =>
        u.deleted_at === null &&
        !u.is_disabled &&
        u.secret !== null &&
        !u.secret.needs_password_reset &&
        Date.parse(u.secret.expires_at) > Date.now() &&
        !u.mfa?.activated &&
        u.role_ids.length === 1 &&
        mock.db.state.roles.find((r) => r.id === u.role_ids[0])?.name === 'User',
    );
    expect(userAccount, 'a seeded User-role account').toBeDefined();
    const res2 = await share(await tokenFor(mock, userAccount!.principal_name), q.id, {});
    expect(res2.status).toBe(403);
    expect(stored(q.id)!.public).toBe(true);
    // Someone who cannot see a private query: 404.
    const mine = await createOk(admin, 'Admin only');
    expect((await share(power, mine.id, { public: true })).status).toBe(404);
    expect((await share(power, 9999, { public: true })).status).toBe(404);
  });

  it('a state saved before queries could be created still gets fresh ids', async () => {
    delete mock.db.state.counters['saved-query'];
    const q = await createOk(admin, 'After an old state');
    expect(mock.db.state.savedQueries.filter((s) => s.id === q.id)).toHaveLength(1);
  });
});
