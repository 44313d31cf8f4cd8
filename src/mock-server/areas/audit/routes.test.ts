import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_ACTIONS, auditLogsResponse, type AuditLog } from '../../../api/schemas/audit';
import { call, testMockServer, TEST_PASSWORD, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import { SEED_EPOCH } from '../../seed/random';
import { compareText } from '../../../shared/compare-text';

const DAY = 86_400_000;
/** The clock of these tests: a day after the seed's, so the default window (a year back from now) is fixed. */
const NOW = SEED_EPOCH + DAY;

let mock: MockServer;
let admin: string;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  mock = testMockServer();
  admin = await tokenFor(mock, 'admin');
});
afterEach(() => {
  vi.useRealTimers();
});

const list = async (query = '', token = admin) => {
  const res = await call(mock, 'GET', `/api/v2/audit${query}`, { token });
  return { status: res.status, body: res.body, page: res.status === 200 ? auditLogsResponse.parse(res.body).data : null };
};
const refusal = (body: unknown) => (body as { errors: { context: string; message: string }[] }).errors[0]!;
const ids = (logs: AuditLog[]) => logs.map((l) => l.id);

describe('the seeded history', () => {
  it('holds a few hundred entries of the 90 days before the seed clock, the same on every start', () => {
    const logs = mock.db.state.auditLogs.filter((l) => Date.parse(l.created_at) < SEED_EPOCH);
    expect(logs.length).toBeGreaterThanOrEqual(300);
    expect(logs.length).toBeLessThan(600);
    for (const l of logs) expect(Date.parse(l.created_at)).toBeGreaterThan(SEED_EPOCH - 91 * DAY);
    expect(testMockServer().db.state.auditLogs.filter((l) => Date.parse(l.created_at) < SEED_EPOCH)).toEqual(logs);
  });

  it('is by the seeded accounts, with upstream action names, each intent followed by one outcome of its commit', () => {
    const logs = mock.db.state.auditLogs.filter((l) => Date.parse(l.created_at) < SEED_EPOCH);
    const users = new Map(mock.db.state.users.map((u) => [u.id, u]));
    for (const l of logs) {
      if (l.actor_id === '') expect(l.actor_name).toBe('');
      else {
        const u = users.get(l.actor_id);
        // An account created and deleted within the history is not in the state; every other actor is.
        if (u) expect([l.actor_name, l.actor_email]).toEqual([u.principal_name, u.email_address ?? '']);
      }
      expect((AUDIT_ACTIONS as readonly string[]).includes(l.action), l.action).toBe(true);
    }
    const byCommit = new Map<string, typeof logs>();
    for (const l of logs) byCommit.set(l.commit_id, [...(byCommit.get(l.commit_id) ?? []), l]);
    for (const entries of byCommit.values()) {
      const statuses = entries.map((e) => e.status);
      expect([['intent', 'success'], ['intent', 'failure'], ['failure']]).toContainEqual(statuses);
    }
    const actions = new Set(logs.map((l) => l.action));
    for (const a of [
      'LoginAttempt',
      'UnauthorizedAccessAttempt',
      'CreateUser',
      'UpdateUser',
      'CreateAuthToken',
      'UpdateParameter',
      'ToggleEarlyAccessFeatureFlag',
      'CreateAssetGroup',
    ]) {
      expect(actions.has(a), a).toBe(true);
    }
    expect(logs.some((l) => l.action === 'LoginAttempt' && l.status === 'failure' && l.actor_id === '')).toBe(true);
    expect(JSON.stringify(logs)).not.toContain(TEST_PASSWORD);
  });
});

describe('GET /api/v2/audit', () => {
  it('answers { data: { logs, count, skip, limit } }, newest first, 1000 by default', async () => {
    const { status, page } = await list();
    expect(status).toBe(200);
    const all = mock.db.state.auditLogs;
    expect(page!.count).toBe(all.length);
    expect(page!.skip).toBe(0);
    expect(page!.limit).toBe(1000);
    expect(page!.logs).toHaveLength(all.length);
    const times = page!.logs.map((l) => Date.parse(l.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The latest is this test's own sign-in.
    expect(page!.logs[0]).toMatchObject({ action: 'LoginAttempt', status: 'success', actor_name: 'admin' });
  });

  it('pages with skip and limit (limit capped at 1000), without overlap', async () => {
    const first = (await list('?limit=50')).page!;
    const second = (await list('?limit=50&skip=50')).page!;
    expect(first.logs).toHaveLength(50);
    expect(second.skip).toBe(50);
    expect(ids(first.logs).filter((id) => ids(second.logs).includes(id))).toEqual([]);
    expect(ids([...first.logs, ...second.logs])).toEqual(ids((await list('?limit=100')).page!.logs));
    expect((await list('?limit=5000')).page!.limit).toBe(1000);
    for (const q of ['?limit=-1', '?skip=x', '?limit=1.5']) {
      const res = await list(q);
      expect(res.status, q).toBe(400);
      expect(['limit', 'skip']).toContain(refusal(res.body).context);
    }
  });

  it('sorts by the reference columns, `-` descending, ties newest first', async () => {
    const byAction = (await list('?sort_by=action&sort_by=-id')).page!.logs;
    const actions = byAction.map((l) => l.action);
    expect(actions).toEqual([...actions].sort((a, b) => compareText(a, b)));
    const login = byAction.filter((l) => l.action === 'LoginAttempt').map((l) => l.id);
    expect(login).toEqual([...login].sort((a, b) => b - a));
    const ascending = ids((await list('?sort_by=id&limit=5')).page!.logs);
    expect(ascending).toEqual([1, 2, 3, 4, 5]);
    for (const column of ['actor_id', 'actor_name', 'actor_email', 'request_id', 'created_at', 'source', 'status']) {
      expect((await list(`?sort_by=-${column}&limit=1`)).status, column).toBe(200);
    }
    const bad = await list('?sort_by=fields');
    expect(bad.status).toBe(400);
    expect(refusal(bad.body)).toMatchObject({ context: 'sort_by', message: expect.stringContaining('"fields"') });
  });

  it('filters with the predicates upstream allows; anything else is a 400 naming the parameter', async () => {
    const failures = (await list('?status=eq:failure')).page!.logs;
    expect(failures.length).toBeGreaterThan(5);
    expect(failures.every((l) => l.status === 'failure')).toBe(true);
    const notLogin = (await list('?action=neq:LoginAttempt&status=success')).page!.logs;
    expect(notLogin.every((l) => l.action !== 'LoginAttempt' && l.status === 'success')).toBe(true);
    const me = mock.db.state.users.find((u) => u.principal_name === 'poweruser')!;
    const mine = (await list(`?actor_id=eq:${me.id}`)).page!;
    expect(mine.count).toBeGreaterThan(0);
    expect(mine.logs.every((l) => l.actor_name === 'poweruser')).toBe(true);
    expect((await list('?actor_name=poweruser')).page!.count).toBe(mine.count);
    expect((await list('?actor_email=eq:poweruser@example.com')).page!.count).toBe(mine.count);
    const some = mine.logs[0]!;
    expect(ids((await list(`?request_id=eq:${some.request_id}`)).page!.logs)).toContain(some.id);
    const fromThere = (await list(`?source=eq:${some.source_ip_address}`)).page!.logs;
    expect(fromThere.length).toBeGreaterThan(0);
    expect(fromThere.every((l) => l.source_ip_address === some.source_ip_address)).toBe(true);
    expect((await list(`?source_ip_address=eq:${some.source_ip_address}`)).page!.count).toBe(fromThere.length);
    expect(ids((await list('?id=gte:10&id=lt:14&sort_by=id')).page!.logs)).toEqual([10, 11, 12, 13]);
    expect(ids((await list('?id=lte:3&sort_by=id')).page!.logs)).toEqual([1, 2, 3]);
    const neither = (await list('?action=neq:LoginAttempt&action=neq:Logout')).page!.logs;
    expect(neither.some((l) => l.action === 'LoginAttempt' || l.action === 'Logout')).toBe(false);
    const day = new Date(SEED_EPOCH - 30 * DAY).toISOString();
    const nextDay = new Date(SEED_EPOCH - 29 * DAY).toISOString();
    const oneDay = (await list(`?created_at=gte:${day}&created_at=lt:${nextDay}`)).page!.logs;
    for (const l of oneDay) expect(l.created_at >= day && l.created_at < nextDay).toBe(true);

    for (const [query, context] of [
      ['?action=~eq:Login', 'action'],
      ['?status=eq:done', 'status'],
      ['?id=eq:one', 'id'],
      ['?created_at=yesterday', 'created_at'],
      ['?fields=x', 'fields'],
      ['?actor_name=gt:a', 'actor_name'],
    ] as const) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(refusal(res.body).context, query).toBe(context);
    }
  });

  it('keeps to before and after (RFC 3339; a year back from now by default); after later than before is a 400', async () => {
    const before = new Date(SEED_EPOCH - 10 * DAY).toISOString();
    const after = new Date(SEED_EPOCH - 20 * DAY).toISOString();
    const window = (await list(`?after=${after}&before=${before}`)).page!;
    expect(window.count).toBeGreaterThan(0);
    expect(window.count).toBeLessThan(mock.db.state.auditLogs.length);
    for (const l of window.logs) expect(l.created_at >= after && l.created_at <= before).toBe(true);
    // A year back: an entry older than that is left out unless `after` reaches it.
    mock.db.state.auditLogs[0]!.created_at = new Date(NOW - 400 * DAY).toISOString();
    const all = mock.db.state.auditLogs.length;
    expect((await list()).page!.count).toBe(all - 1);
    expect((await list(`?after=${new Date(NOW - 500 * DAY).toISOString()}`)).page!.count).toBe(all);
    // Offsets are read as written.
    const offset = (t: string) => encodeURIComponent(t.replace('Z', '+00:00'));
    const shifted = (await list(`?after=${offset(after)}&before=${offset(before)}`)).page!;
    expect(shifted.count).toBe(window.count);

    const reversed = await list(`?after=${before}&before=${after}`);
    expect(reversed.status).toBe(400);
    expect(refusal(reversed.body)).toMatchObject({ context: 'after', message: expect.stringContaining('later than before') });
    for (const [query, context] of [
      ['?before=2026-11-01', 'before'],
      ['?after=yesterday', 'after'],
      ['?before=2026-11-01T09:00:00', 'before'],
    ] as const) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(refusal(res.body).context).toBe(context);
    }
  });

  it('needs auth.ManageUsers, and a read is not itself recorded', async () => {
    const count = mock.db.state.auditLogs.length;
    await list();
    await list('?status=eq:failure');
    expect(mock.db.state.auditLogs.length).toBe(count);
    const power = await tokenFor(mock, 'poweruser');
    const refused = await list('', power);
    expect(refused.status).toBe(403);
    expect(refusal(refused.body).message).toContain('auth.ManageUsers');
  });
});
