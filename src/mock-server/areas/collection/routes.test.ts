import { beforeEach, describe, expect, it } from 'vitest';
import {
  clientsListResponse,
  scheduledEventResponse,
  scheduledEventsListResponse,
  scheduledTaskResponse,
  tasksListResponse,
} from '../../../api/schemas/collection';
import { errorBody } from '../../../api/schemas/wire-format';
import { nextRun } from '../../../shared/schedule';
import { call, MOCK_CONTROL, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';

let mock: MockServer;
let admin: string;

async function clients(token = admin) {
  const res = await call(mock, 'GET', '/api/v2/clients?limit=50', { token });
  expect(res.status).toBe(200);
  return clientsListResponse.parse(res.body).data;
}

async function clientToken(clientId: string): Promise<string> {
  const res = await call(mock, 'POST', `/__mock/clients/${clientId}/token`, { headers: MOCK_CONTROL });
  expect(res.status).toBe(200);
  return (res.body as { data: { token: string } }).data.token;
}

function messages(body: unknown): string[] {
  return errorBody.parse(body).errors.map((e) => e.message);
}

beforeEach(async () => {
  // Tasks stay "ready" until ended unless a test says otherwise.
  mock = testMockServer({ collectionPickupMs: 3_600_000 });
  admin = await tokenFor(mock, 'admin');
});

describe('collection seed', () => {
  it('has at least 4 clients, one of them with a running task', async () => {
    const list = await clients();
    expect(list.length).toBeGreaterThanOrEqual(4);
    const busy = list.filter((c) => c.current_task !== undefined);
    expect(busy).toHaveLength(1);
    expect(busy[0]!.current_task!.status).toBe(1);
    expect(busy[0]!.current_job_id).toEqual({ int64: busy[0]!.current_task!.id, valid: true });
  });

  it('has its running task started minutes ago, by a client that checked in since, and the pipeline idle', async () => {
    const startedBy = Date.now();
    mock = testMockServer({ collectionPickupMs: 3_600_000 });
    admin = await tokenFor(mock, 'admin');
    const busy = (await clients()).find((c) => c.current_task !== undefined)!;
    const started = Date.parse(busy.current_task!.start_time!);
    // Within the last ten minutes of the mock's start, not at the seed's epoch a month before.
    expect(started).toBeLessThanOrEqual(startedBy);
    expect(started).toBeGreaterThan(startedBy - 10 * 60_000);
    expect(Date.parse(busy.last_checkin)).toBeGreaterThanOrEqual(started);
    // Every other seeded job has ended: only the one running job is unfinished.
    const all = tasksListResponse.parse((await call(mock, 'GET', '/api/v2/jobs?limit=100', { token: admin })).body).data;
    expect(all.filter((t) => t.end_time === null).map((t) => t.id)).toEqual([busy.current_task!.id]);
    const pipeline = await call(mock, 'GET', '/api/v2/datapipe/status', { token: admin });
    expect((pipeline.body as { data: { status: string } }).data.status).toBe('idle');
  });

  it('has 6 events with daily, weekly and hourly rules and OUs and domains that no longer exist', async () => {
    const res = await call(mock, 'GET', '/api/v2/events?limit=100', { token: admin });
    const events = scheduledEventsListResponse.parse(res.body);
    expect(events.count).toBe(6);
    const rules = events.data.map((e) => e.rrule).join('\n');
    for (const freq of ['FREQ=DAILY', 'FREQ=WEEKLY', 'FREQ=HOURLY']) expect(rules).toContain(freq);
    expect(events.data.some((e) => e.ous.some((o) => o.exists === false))).toBe(true);
    expect(events.data.some((e) => e.domains.some((d) => d.exists === false))).toBe(true);
  });

  it('has a history of finished tasks with domain results', async () => {
    const res = await call(mock, 'GET', '/api/v2/jobs?status=eq:2&limit=100', { token: admin });
    const tasks = tasksListResponse.parse(res.body);
    expect(tasks.count).toBeGreaterThan(3);
    expect(tasks.data.every((t) => t.status === 2 && t.domain_results.length > 0 && t.end_time !== null)).toBe(true);
    const all = tasksListResponse.parse((await call(mock, 'GET', '/api/v2/jobs?limit=100', { token: admin })).body).data;
    expect(new Set(all.map((t) => t.id)).size).toBe(all.length);
    expect(all.every((t) => t.domain_results.every((r) => r.job_id === t.id))).toBe(true);
    // The list answers upstream's display records: each job names its event by id, its OUs and domains by name.
    const daily = all.filter((t) => t.event_id === 1);
    expect(daily.length).toBe(3);
    expect(daily.every((t) => t.event_title === undefined && t.created_at === undefined)).toBe(true);
    expect(all.flatMap((t) => t.domains).every((name) => !/^S-1-5-21-/.test(name))).toBe(true);
  });
});

describe('events', () => {
  it('pages, sorts by next run and hydrates OUs and domains on request', async () => {
    const first = scheduledEventsListResponse.parse(
      (await call(mock, 'GET', '/api/v2/events?skip=2&limit=2', { token: admin })).body,
    );
    expect(first).toMatchObject({ count: 6, skip: 2, limit: 2 });
    expect(first.data.map((e) => e.id)).toEqual([3, 4]);
    const byNext = scheduledEventsListResponse.parse(
      (await call(mock, 'GET', '/api/v2/events?sort_by=next_scheduled_at', { token: admin })).body,
    );
    // Ordered by each rule's next run (whatever the time of day the test runs at).
    const nextRuns = byNext.data.map((e) => nextRun(e.rrule)?.getTime() ?? Infinity);
    expect(nextRuns).toEqual([...nextRuns].sort((a, b) => a - b));
    expect(byNext.data).toHaveLength(6);
    const bare = scheduledEventResponse.parse(
      (await call(mock, 'GET', '/api/v2/events/3?hydrate_ous=false', { token: admin })).body,
    );
    expect(bare.data.ous.every((o) => Object.keys(o).join() === 'objectid')).toBe(true);
    const bad = await call(mock, 'GET', '/api/v2/events?sort_by=rrule', { token: admin });
    expect(bad.status).toBe(400);
  });

  it('answers 404 for an unknown event and 400 for a bad id', async () => {
    expect((await call(mock, 'GET', '/api/v2/events/999', { token: admin })).status).toBe(404);
    const bad = await call(mock, 'GET', '/api/v2/events/abc', { token: admin });
    expect(bad.status).toBe(400);
    expect(messages(bad.body)[0]).toMatch(/event_id must be a whole number/);
  });

  it('reads event and task ids strictly: "1e0" or "01" is not event 1, and nothing is deleted', async () => {
    for (const id of ['1e0', '01', '0x1', '%201', '+1']) {
      const res = await call(mock, 'DELETE', `/api/v2/events/${id}`, { token: admin });
      expect(res.status, id).toBe(400);
      expect(errorBody.parse(res.body).errors[0]!.context, id).toBe('event_id');
    }
    expect((await call(mock, 'GET', '/api/v2/events/1', { token: admin })).status).toBe(200);
    expect((await call(mock, 'GET', '/api/v2/jobs/1e0', { token: admin })).status).toBe(400);
    expect((await call(mock, 'GET', '/api/v2/jobs?event_id=eq:01', { token: admin })).status).toBe(400);
  });

  it('deletes an event with its tasks, for clients.Manage only', async () => {
    const reader = await tokenFor(mock, 'reader');
    expect((await call(mock, 'DELETE', '/api/v2/events/1', { token: reader })).status).toBe(403);
    const before = tasksListResponse.parse((await call(mock, 'GET', '/api/v2/jobs?event_id=eq:1', { token: admin })).body);
    expect(before.count).toBeGreaterThan(0);
    const res = await call(mock, 'DELETE', '/api/v2/events/1', { token: admin });
    expect(res.status).toBe(204);
    expect((await call(mock, 'GET', '/api/v2/events/1', { token: admin })).status).toBe(404);
    const after = tasksListResponse.parse((await call(mock, 'GET', '/api/v2/jobs?event_id=eq:1', { token: admin })).body);
    expect(after.count).toBe(0);
    expect((await call(mock, 'DELETE', '/api/v2/events/1', { token: admin })).status).toBe(404);
  });
});

describe('task creation', () => {
  it('creates a ready task with the client name and id and makes it the idle client’s current task', async () => {
    const idle = (await clients()).find((c) => c.type === 'sharphound' && !c.current_task)!;
    const res = await call(mock, 'POST', `/api/v2/clients/${idle.id}/tasks`, {
      token: admin,
      json: {
        session_collection: true,
        local_group_collection: false,
        domain_controller: { string: 'dc01.corp.example.com', valid: true },
      },
    });
    expect(res.status).toBe(200);
    const task = scheduledTaskResponse.parse(res.body).data;
    expect(task).toMatchObject({
      status: 0,
      client_id: idle.id,
      client_name: idle.name,
      session_collection: true,
      local_group_collection: false,
      domain_controller: { string: 'dc01.corp.example.com', valid: true },
      event_id: { valid: false },
    });
    const after = (await clients()).find((c) => c.id === idle.id)!;
    expect(after.current_task?.id).toBe(task.id);
    expect(after.current_task?.status).toBe(0);
  });

  it('accepts a plain or null domain controller', async () => {
    const idle = (await clients()).find((c) => c.type === 'sharphound' && !c.current_task)!;
    const plain = await call(mock, 'POST', `/api/v2/clients/${idle.id}/tasks`, {
      token: admin,
      json: { ad_structure_collection: true, domain_controller: 'dc02.corp.example.com' },
    });
    expect(scheduledTaskResponse.parse(plain.body).data.domain_controller).toEqual({
      string: 'dc02.corp.example.com',
      valid: true,
    });
    const none = await call(mock, 'POST', `/api/v2/clients/${idle.id}/tasks`, {
      token: admin,
      json: { ad_structure_collection: true, domain_controller: null },
    });
    expect(scheduledTaskResponse.parse(none.body).data.domain_controller.valid).toBe(false);
  });

  it('validates the body: booleans only, a collection chosen, a host name', async () => {
    const id = (await clients())[0]!.id;
    const post = (json: unknown) => call(mock, 'POST', `/api/v2/clients/${id}/tasks`, { token: admin, json });
    const notBool = await post({ session_collection: 'yes' });
    expect(notBool.status).toBe(400);
    expect(errorBody.parse(notBool.body).errors[0]).toMatchObject({
      context: 'session_collection',
      message: 'Session collection must be true or false',
    });
    const none = await post({ all_trusted_domains: true });
    expect(none.status).toBe(400);
    expect(messages(none.body)).toEqual(['Choose at least one collection type']);
    const dc = await post({ session_collection: true, domain_controller: 'not a host!' });
    expect(dc.status).toBe(400);
    expect(errorBody.parse(dc.body).errors[0]!.context).toBe('domain_controller');
    const badDc = await post({ session_collection: true, domain_controller: 42 });
    expect(badDc.status).toBe(400);
  });

  it('refuses what the client’s type does not collect: an AzureHound client runs structure collection only, without a domain controller', async () => {
    const azure = (await clients()).find((c) => c.type === 'azurehound')!;
    const post = (json: unknown) => call(mock, 'POST', `/api/v2/clients/${azure.id}/tasks`, { token: admin, json });
    const sessions = await post({ ad_structure_collection: true, session_collection: true });
    expect(sessions.status).toBe(400);
    expect(errorBody.parse(sessions.body).errors[0]).toMatchObject({
      context: 'session_collection',
      message: expect.stringMatching(/^AzureHound clients cannot collect "Sessions"/),
    });
    const dc = await post({ ad_structure_collection: true, domain_controller: 'dc01.corp.acme.local' });
    expect(dc.status).toBe(400);
    expect(errorBody.parse(dc.body).errors[0]!.context).toBe('domain_controller');
    const before = mock.db.state.collectionTasks.length;
    expect((await post({ ad_structure_collection: true })).status).toBe(200);
    expect(mock.db.state.collectionTasks.length).toBe(before + 1);
  });

  it('answers 404 for a missing client and 403 without clients.Tasking', async () => {
    const missing = await call(mock, 'POST', '/api/v2/clients/00000000-0000-4000-8000-000000000000/tasks', {
      token: admin,
      json: { session_collection: true },
    });
    expect(missing.status).toBe(404);
    const id = (await clients())[0]!.id;
    const reader = await tokenFor(mock, 'reader');
    const denied = await call(mock, 'POST', `/api/v2/clients/${id}/tasks`, { token: reader, json: { session_collection: true } });
    expect(denied.status).toBe(403);
  });

  it('starts a ready task when its client picks it up (derived from time)', async () => {
    mock = testMockServer({ collectionPickupMs: 0 });
    admin = await tokenFor(mock, 'admin');
    const idle = (await clients()).find((c) => c.type === 'sharphound' && !c.current_task)!;
    await call(mock, 'POST', `/api/v2/clients/${idle.id}/tasks`, { token: admin, json: { session_collection: true } });
    const after = (await clients()).find((c) => c.id === idle.id)!;
    expect(after.current_task?.status).toBe(1);
  });
});

describe('job end', () => {
  it('ends the client’s current task with results, and the next ready task becomes current', async () => {
    const busy = (await clients()).find((c) => c.current_task)!;
    const running = busy.current_task!;
    // A second task queues behind the running one.
    const queued = scheduledTaskResponse.parse(
      (await call(mock, 'POST', `/api/v2/clients/${busy.id}/tasks`, { token: admin, json: { dc_registry_collection: true } }))
        .body,
    ).data;
    const token = await clientToken(busy.id);
    const res = await call(mock, 'POST', '/api/v2/jobs/end', { token });
    expect(res.status).toBe(200);
    const ended = scheduledTaskResponse.parse(res.body).data;
    expect(ended.id).toBe(running.id);
    expect(ended.status).toBe(2);
    expect(ended.end_time).not.toBe('0001-01-01T00:00:00Z');
    expect(ended.domain_results.length).toBeGreaterThan(0);
    expect(ended.domain_results.every((r) => r.job_id === ended.id && r.success)).toBe(true);
    const after = (await clients()).find((c) => c.id === busy.id)!;
    expect(after.current_task?.id).toBe(queued.id);
    const read = tasksListResponse.parse(
      (await call(mock, 'GET', `/api/v2/jobs?client_id=eq:${busy.id}&limit=1`, { token: admin })).body,
    );
    expect(read.data[0]!.id).toBe(queued.id);
    const one = await call(mock, 'GET', `/api/v2/jobs/${ended.id}`, { token: admin });
    expect(one.status).toBe(200);
  });

  it('gives a clear 400 to a client with no task in progress', async () => {
    const idle = (await clients()).find((c) => c.type === 'sharphound' && !c.current_task)!;
    const res = await call(mock, 'POST', '/api/v2/jobs/end', { token: await clientToken(idle.id) });
    expect(res.status).toBe(400);
    expect(messages(res.body)[0]).toBe(`The client ${idle.name} has no job in progress to end.`);
  });

  it('refuses a user token with 403, and a missing token with 401', async () => {
    const res = await call(mock, 'POST', '/api/v2/jobs/end', { token: admin });
    expect(res.status).toBe(403);
    expect(messages(res.body)[0]).toMatch(/Only a collection client can call this/);
    expect((await call(mock, 'POST', '/api/v2/jobs/end')).status).toBe(401);
  });

  it('refuses a client token on user operations', async () => {
    const id = (await clients())[0]!.id;
    const token = await clientToken(id);
    expect((await call(mock, 'POST', `/api/v2/clients/${id}/tasks`, { token, json: { session_collection: true } })).status).toBe(
      403,
    );
  });

  it('issues tokens only for existing clients', async () => {
    const issue = (id: string) => call(mock, 'POST', `/__mock/clients/${id}/token`, { headers: MOCK_CONTROL });
    expect((await issue('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await issue('nope')).status).toBe(400);
  });

  it('issues a token only to a request another web page cannot forge', async () => {
    const id = (await clients())[0]!.id;
    const path = `/__mock/clients/${id}/token`;
    const bare = await call(mock, 'POST', path);
    expect(bare.status).toBe(403);
    expect(bare.body).toMatchObject({
      errors: [{ context: 'X-Mock-Control', message: expect.stringContaining('X-Mock-Control: 1') }],
    });
    const crossSite = await call(mock, 'POST', path, {
      headers: { 'Content-Type': 'text/plain', Origin: 'http://evil.test', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect((await call(mock, 'POST', path, { headers: MOCK_CONTROL })).status).toBe(200);
  });
});

describe('community edition', () => {
  it('answers 404 on every collection operation', async () => {
    const community = testMockServer({ edition: 'community' });
    const token = await tokenFor(community, 'admin');
    for (const [method, path] of [
      ['GET', '/api/v2/events'],
      ['GET', '/api/v2/events/1'],
      ['DELETE', '/api/v2/events/1'],
      ['GET', '/api/v2/clients'],
      ['POST', '/api/v2/clients/00000000-0000-4000-8000-000000000000/tasks'],
      ['GET', '/api/v2/jobs'],
      ['POST', '/api/v2/jobs/end'],
    ] as const) {
      expect((await call(community, method, path, { token })).status, `${method} ${path}`).toBe(404);
    }
  });
});
