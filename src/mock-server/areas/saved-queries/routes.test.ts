import { beforeEach, describe, expect, it } from 'vitest';
import { savedQueriesListResponse, savedQueryPermissionsResponse } from '../../../api/schemas/saved-queries';
import { call, testMockServer, tokenFor, errorsOf } from '../../../testing/mock-service';
import type { MockServer } from '../../app';

let mock: MockServer;
let admin: string;

beforeEach(async () => {
  mock = testMockServer();
  admin = await tokenFor(mock, 'admin');
});

const adminId = () => mock.db.state.users.find((u) => u.principal_name === 'admin')!.id;

describe('saved queries seed', () => {
  it('has queries owned by seeded users and shared with other seeded users', () => {
    const users = new Set(mock.db.state.users.map((u) => u.id));
    const qs = mock.db.state.savedQueries;
    expect(qs.length).toBeGreaterThan(10);
    expect(qs.filter((q) => q.user_id === adminId()).length).toBeGreaterThanOrEqual(3);
    for (const q of qs) {
      expect(users.has(q.user_id)).toBe(true);
      expect(q.shared_to).not.toContain(q.user_id);
      for (const id of q.shared_to) expect(users.has(id)).toBe(true);
    }
    expect(qs.some((q) => q.user_id === adminId() && q.shared_to.length >= 3)).toBe(true);
  });
});

describe('GET /api/v2/saved-queries', () => {
  it('pages the caller’s queries by scope (owned by default)', async () => {
    const owned = savedQueriesListResponse.parse((await call(mock, 'GET', '/api/v2/saved-queries', { token: admin })).body);
    expect(owned.count).toBe(mock.db.state.savedQueries.filter((q) => q.user_id === adminId()).length);
    expect(owned.data.every((q) => q.user_id === adminId() && q.scope === 'owned')).toBe(true);
    const all = savedQueriesListResponse.parse(
      (await call(mock, 'GET', '/api/v2/saved-queries?scope=all&limit=2&skip=1&sort_by=-name', { token: admin })).body,
    );
    expect(all.count).toBeGreaterThan(owned.count);
    expect(all.data).toHaveLength(2);
    expect(all.skip).toBe(1);
    const names = savedQueriesListResponse
      .parse((await call(mock, 'GET', '/api/v2/saved-queries?scope=all&limit=100&sort_by=-name', { token: admin })).body)
      .data.map((q) => q.name);
    expect(all.data.map((q) => q.name)).toEqual(names.slice(1, 3));
    const filtered = savedQueriesListResponse.parse(
      (await call(mock, 'GET', '/api/v2/saved-queries?scope=all&name=~eq:domain', { token: admin })).body,
    );
    expect(filtered.data.every((q) => q.name.toLowerCase().includes('domain'))).toBe(true);
    const bad = await call(mock, 'GET', '/api/v2/saved-queries?scope=mine', { token: admin });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.body)[0]!.context).toBe('scope');
  });
});

describe('saved query permissions', () => {
  const ownQuery = () => mock.db.state.savedQueries.find((q) => q.user_id === adminId() && q.shared_to.length >= 3)!;

  it('shows whom a query is shared with', async () => {
    const q = ownQuery();
    const res = await call(mock, 'GET', `/api/v2/saved-queries/${q.id}/permissions`, { token: admin });
    expect(res.status).toBe(200);
    const body = savedQueryPermissionsResponse.parse(res.body);
    expect(body.data).toEqual({ shared_to_user_ids: q.shared_to, query_id: q.id, public: q.public });
    expect((await call(mock, 'GET', '/api/v2/saved-queries/999/permissions', { token: admin })).status).toBe(404);
  });

  it('revokes users (204) and the permissions no longer list them', async () => {
    const q = ownQuery();
    const [first, second, ...rest] = q.shared_to;
    const res = await call(mock, 'DELETE', `/api/v2/saved-queries/${q.id}/permissions`, {
      token: admin,
      json: { user_ids: [first, second] },
    });
    expect(res.status).toBe(204);
    const after = savedQueryPermissionsResponse.parse(
      (await call(mock, 'GET', `/api/v2/saved-queries/${q.id}/permissions`, { token: admin })).body,
    );
    expect(after.data.shared_to_user_ids).toEqual(rest);
  });

  it('refuses ids that are not UUIDs or not shared with (400 user_ids), others’ shares of others’ queries (403) and unknown queries (404)', async () => {
    const q = ownQuery();
    const del = (id: number, json: unknown, token = admin) =>
      call(mock, 'DELETE', `/api/v2/saved-queries/${id}/permissions`, { token, json });
    let res = await del(q.id, { user_ids: ['nope'] });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]!.context).toMatch(/^user_ids/);
    res = await del(q.id, { user_ids: [] });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]!.context).toBe('user_ids');
    res = await del(q.id, { user_ids: [adminId()] });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]).toMatchObject({ context: 'user_ids', message: expect.stringContaining('not shared with') });
    // Neither owner, recipient being removed, nor administrator: a power user removing someone else.
    const powerId = mock.db.state.users.find((u) => u.principal_name === 'poweruser')!.id;
    const other = mock.db.state.savedQueries.find((s) => s.user_id !== powerId && s.shared_to.some((id) => id !== powerId))!;
    const someoneElse = other.shared_to.find((id) => id !== powerId)!;
    res = await del(other.id, { user_ids: [someoneElse] }, await tokenFor(mock, 'poweruser'));
    expect(res.status).toBe(403);
    expect(errorsOf(res.body)[0]!.message).toContain('only remove yourself');
    expect(other.shared_to.length).toBeGreaterThan(0);
    res = await del(999, { user_ids: [q.shared_to[0]] });
    expect(res.status).toBe(404);
    // Nothing was revoked by the refused calls.
    expect(mock.db.state.savedQueries.find((s) => s.id === q.id)!.shared_to).toEqual(ownQuery().shared_to);
  });

  it('a reader may not revoke (saved_queries.Write)', async () => {
    const reader = await tokenFor(mock, 'reader');
    const readerId = mock.db.state.users.find((u) => u.principal_name === 'reader')!.id;
    const own = mock.db.state.savedQueries.find((q) => q.user_id === readerId && q.shared_to.length > 0)!;
    const res = await call(mock, 'DELETE', `/api/v2/saved-queries/${own.id}/permissions`, {
      token: reader,
      json: { user_ids: [own.shared_to[0]] },
    });
    expect(res.status).toBe(403);
  });
});
