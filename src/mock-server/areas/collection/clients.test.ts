import { beforeEach, describe, expect, it } from 'vitest';
import {
  clientResponse,
  clientsListResponse,
  clientTokenResponse,
  completedTasksResponse,
  createdClientResponse,
  scheduledEventsListResponse,
  tasksListResponse,
} from '../../../api/schemas/collection';
import { errorBody } from '../../../api/schemas/wire-format';
import { call, MOCK_CONTROL, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';

let mock: MockServer;
let admin: string;

const errors = (body: unknown) => errorBody.parse(body).errors;

async function register(json: unknown, token = admin) {
  return call(mock, 'POST', '/api/v2/clients', { token, json });
}

async function registered(name = 'SharpHound Lab', extra: Record<string, unknown> = {}) {
  const res = await register({ name, type: 'sharphound', domain_controller: 'dc01.corp.example.com', ...extra });
  expect(res.status).toBe(200);
  return createdClientResponse.parse(res.body).data;
}

async function seededClient(name: string) {
  const res = await call(mock, 'GET', '/api/v2/clients?limit=100', { token: admin });
  const client = clientsListResponse.parse(res.body).data.find((c) => c.name === name);
  if (!client) throw new Error(`no seeded client ${name}`);
  return client;
}

const endJob = (token: string) => call(mock, 'POST', '/api/v2/jobs/end', { token });

async function auditActions(action: string) {
  const res = await call(mock, 'GET', `/api/v2/audit?action=eq:${action}&limit=100`, { token: admin });
  expect(res.status).toBe(200);
  return (res.body as { data: { logs: { status: string; fields: Record<string, unknown> }[] } }).data.logs;
}

beforeEach(async () => {
  mock = testMockServer({ collectionPickupMs: 3_600_000 });
  admin = await tokenFor(mock, 'admin');
});

describe('POST /api/v2/clients', () => {
  it('registers a client and shows its token once', async () => {
    const created = await registered();
    expect(created).toMatchObject({
      name: 'SharpHound Lab',
      type: 'sharphound',
      domain_controller: { string: 'dc01.corp.example.com', valid: true },
      events: [],
      completed_job_count: 0,
      current_job_id: { valid: false },
    });
    expect(created.token.key.length).toBeGreaterThan(20);
    // Read back, the client carries no token.
    const read = await call(mock, 'GET', `/api/v2/clients/${created.id}`, { token: admin });
    expect(read.status).toBe(200);
    const client = clientResponse.parse(read.body).data;
    expect(client.token).toBeUndefined();
    expect(JSON.stringify(read.body)).not.toContain(created.token.key);
    // The key works as the client's bearer token (no task yet: a 400, not a 401).
    const end = await endJob(created.token.key);
    expect(end.status).toBe(400);
    expect(errors(end.body)[0]!.context).toBe('job');
  });

  it('registers an AzureHound client without a domain controller', async () => {
    const res = await register({ name: 'Azure tenant', type: 'azurehound' });
    expect(res.status).toBe(200);
    expect(createdClientResponse.parse(res.body).data).toMatchObject({ type: 'azurehound', domain_controller: { valid: false } });
  });

  it.each([
    [{ type: 'sharphound' }, 'name', 'Name is required'],
    [{ name: '   ', type: 'sharphound' }, 'name', 'Name is required'],
    [{ name: 'x'.repeat(101), type: 'sharphound' }, 'name', 'at most 100'],
    [{ name: 'Bad\u200bname', type: 'sharphound' }, 'name', 'zero-width'],
    [{ name: 'No type' }, 'type', 'sharphound or azurehound'],
    [{ name: 'Open', type: 'openhound' }, 'type', 'sharphound or azurehound'],
    [{ name: 'Bad DC', type: 'sharphound', domain_controller: 'dc 01!' }, 'domain_controller', 'host name'],
    [{ name: 'Azure DC', type: 'azurehound', domain_controller: 'dc01.corp.example.com' }, 'domain_controller', 'SharpHound'],
    [{ name: 'With events', type: 'sharphound', events: [{ rrule: 'FREQ=DAILY' }] }, 'events', 'schedule'],
  ])('refuses %j with 400 naming %s', async (json, field, words) => {
    const res = await register(json);
    expect(res.status).toBe(400);
    const [error] = errors(res.body);
    expect(error!.context).toBe(field);
    expect(error!.message).toContain(words);
  });

  it('refuses a name another client has (any case) with 409', async () => {
    const res = await register({ name: 'sharphound hq', type: 'sharphound' });
    expect(res.status).toBe(409);
    expect(errors(res.body)[0]).toMatchObject({ context: 'name', message: expect.stringContaining('SharpHound HQ') });
  });

  it('needs clients.Manage', async () => {
    const reader = await tokenFor(mock, 'reader');
    expect((await register({ name: 'Nope', type: 'sharphound' }, reader)).status).toBe(403);
  });
});

describe('GET and PUT /api/v2/clients/{client_id}', () => {
  it('reads one client, 404 for an unknown id, 400 for a malformed one', async () => {
    const hq = await seededClient('SharpHound HQ');
    const res = await call(mock, 'GET', `/api/v2/clients/${hq.id}`, { token: admin });
    expect(clientResponse.parse(res.body).data).toMatchObject({ id: hq.id, name: 'SharpHound HQ' });
    const unknown = await call(mock, 'GET', '/api/v2/clients/00000000-0000-4000-8000-000000000000', { token: admin });
    expect(unknown.status).toBe(404);
    const bad = await call(mock, 'GET', '/api/v2/clients/not-a-uuid', { token: admin });
    expect(bad.status).toBe(400);
    expect(errors(bad.body)[0]!.context).toBe('client_id');
  });

  it('renames and changes the domain controller; a field left out keeps its value', async () => {
    const created = await registered();
    const path = `/api/v2/clients/${created.id}`;
    const renamed = await call(mock, 'PUT', path, { token: admin, json: { name: 'SharpHound Lab 2' } });
    expect(renamed.status).toBe(200);
    expect(clientResponse.parse(renamed.body).data).toMatchObject({
      name: 'SharpHound Lab 2',
      domain_controller: { string: 'dc01.corp.example.com', valid: true },
    });
    const cleared = await call(mock, 'PUT', path, { token: admin, json: { domain_controller: '' } });
    expect(clientResponse.parse(cleared.body).data).toMatchObject({
      name: 'SharpHound Lab 2',
      domain_controller: { valid: false },
    });
  });

  it('refuses a bad edit with 400 or 409 naming the field', async () => {
    const created = await registered();
    const path = `/api/v2/clients/${created.id}`;
    const dup = await call(mock, 'PUT', path, { token: admin, json: { name: 'SharpHound HQ' } });
    expect(dup.status).toBe(409);
    expect(errors(dup.body)[0]!.context).toBe('name');
    const same = await call(mock, 'PUT', path, { token: admin, json: { name: 'sharphound lab' } });
    expect(same.status).toBe(200);
    const dc = await call(mock, 'PUT', path, { token: admin, json: { domain_controller: 'not a host' } });
    expect(dc.status).toBe(400);
    expect(errors(dc.body)[0]!.context).toBe('domain_controller');
    const azure = createdClientResponse.parse((await register({ name: 'Azure', type: 'azurehound' })).body).data;
    const azureDc = await call(mock, 'PUT', `/api/v2/clients/${azure.id}`, {
      token: admin,
      json: { domain_controller: 'dc01.corp.example.com' },
    });
    expect(azureDc.status).toBe(400);
    expect(errors(azureDc.body)[0]!.context).toBe('domain_controller');
  });
});

describe('DELETE /api/v2/clients/{client_id}', () => {
  it('deletes the client with its events and tasks; its token stops working', async () => {
    const hq = await seededClient('SharpHound HQ');
    expect(hq.events.length).toBeGreaterThan(0);
    const token = (
      (await call(mock, 'POST', `/__mock/clients/${hq.id}/token`, { headers: MOCK_CONTROL })).body as { data: { token: string } }
    ).data.token;
    const res = await call(mock, 'DELETE', `/api/v2/clients/${hq.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    expect((await call(mock, 'GET', `/api/v2/clients/${hq.id}`, { token: admin })).status).toBe(404);
    const events = scheduledEventsListResponse.parse(
      (await call(mock, 'GET', '/api/v2/events?limit=100', { token: admin })).body,
    );
    expect(events.data.some((e) => e.client_id === hq.id)).toBe(false);
    for (const e of hq.events) {
      expect((await call(mock, 'GET', `/api/v2/events/${e.id}`, { token: admin })).status).toBe(404);
    }
    const tasks = tasksListResponse.parse(
      (await call(mock, 'GET', `/api/v2/jobs?client_id=eq:${hq.id}&limit=100`, { token: admin })).body,
    );
    expect(tasks.count).toBe(0);
    expect((await endJob(token)).status).toBe(401);
    expect((await call(mock, 'DELETE', `/api/v2/clients/${hq.id}`, { token: admin })).status).toBe(404);
  });
});

describe('PUT /api/v2/clients/{client_id}/token', () => {
  it('gives a new token and refuses the old one at once', async () => {
    const created = await registered();
    const old = created.token.key;
    const res = await call(mock, 'PUT', `/api/v2/clients/${created.id}/token`, { token: admin });
    expect(res.status).toBe(200);
    const token = clientTokenResponse.parse(res.body).data;
    expect(token.key).not.toBe(old);
    expect(token.id).not.toBe(created.token.id);
    const refused = await endJob(old);
    expect(refused.status).toBe(401);
    expect(errors(refused.body)[0]!.message).toContain('replaced by a newer one');
    // The new one is the client's: no task in progress is a 400, not a 401.
    expect((await endJob(token.key)).status).toBe(400);
  });

  it('refuses the tokens the mock control issued before; issues current ones after', async () => {
    const hq = await seededClient('SharpHound HQ');
    const control = async () =>
      (
        (await call(mock, 'POST', `/__mock/clients/${hq.id}/token`, { headers: MOCK_CONTROL })).body as {
          data: { token: string };
        }
      ).data.token;
    const before = await control();
    expect((await call(mock, 'PUT', `/api/v2/clients/${hq.id}/token`, { token: admin })).status).toBe(200);
    expect((await endJob(before)).status).toBe(401);
    // HQ has a running task: the current token ends it.
    const res = await endJob(await control());
    expect(res.status).toBe(200);
  });

  it('404 for an unknown client; needs clients.Manage', async () => {
    const unknown = await call(mock, 'PUT', '/api/v2/clients/00000000-0000-4000-8000-000000000000/token', { token: admin });
    expect(unknown.status).toBe(404);
    const hq = await seededClient('SharpHound HQ');
    const poweruser = await tokenFor(mock, 'reader');
    expect((await call(mock, 'PUT', `/api/v2/clients/${hq.id}/token`, { token: poweruser })).status).toBe(403);
  });
});

describe('GET /api/v2/clients/{client_id}/completed-tasks', () => {
  it('pages the finished tasks of one client, newest first, with their domain results', async () => {
    const hq = await seededClient('SharpHound HQ');
    const all = completedTasksResponse.parse(
      (await call(mock, 'GET', `/api/v2/clients/${hq.id}/completed-tasks?limit=100`, { token: admin })).body,
    );
    expect(all.count).toBe(hq.completed_task_count ?? hq.completed_job_count);
    expect(all.count).toBeGreaterThan(1);
    expect(all.data.every((t) => t.client_id === hq.id && (t.status === 2 || t.status === 8))).toBe(true);
    expect(all.data.every((t) => t.domain_results.length > 0)).toBe(true);
    expect(all.data.map((t) => t.id)).toEqual([...all.data.map((t) => t.id)].sort((a, b) => b - a));
    const page = completedTasksResponse.parse(
      (await call(mock, 'GET', `/api/v2/clients/${hq.id}/completed-tasks?skip=1&limit=1&sort_by=id`, { token: admin })).body,
    );
    expect(page).toMatchObject({ count: all.count, skip: 1, limit: 1 });
    expect(page.data[0]!.id).toBe(all.data[all.count - 2]!.id);
    const bad = await call(mock, 'GET', `/api/v2/clients/${hq.id}/completed-tasks?sort_by=nope`, { token: admin });
    expect(bad.status).toBe(400);
    expect(errors(bad.body)[0]!.context).toBe('sort_by');
  });

  it('is empty for a new client and 404 for an unknown one', async () => {
    const created = await registered();
    const res = await call(mock, 'GET', `/api/v2/clients/${created.id}/completed-tasks`, { token: admin });
    expect(completedTasksResponse.parse(res.body)).toMatchObject({ count: 0, data: [] });
    const unknown = await call(mock, 'GET', '/api/v2/clients/00000000-0000-4000-8000-000000000000/completed-tasks', {
      token: admin,
    });
    expect(unknown.status).toBe(404);
  });
});

describe('audit and editions', () => {
  it('records CreateClient, UpdateClient, ReplaceClientToken and DeleteClient without the key', async () => {
    const created = await registered();
    await call(mock, 'PUT', `/api/v2/clients/${created.id}`, { token: admin, json: { name: 'Renamed lab' } });
    await call(mock, 'PUT', `/api/v2/clients/${created.id}/token`, { token: admin });
    await call(mock, 'DELETE', `/api/v2/clients/${created.id}`, { token: admin });
    for (const action of ['CreateClient', 'UpdateClient', 'ReplaceClientToken', 'DeleteClient']) {
      const logs = await auditActions(action);
      expect(logs.map((l) => l.status)).toEqual(expect.arrayContaining(['intent', 'success']));
    }
    expect((await auditActions('DeleteClient')).find((l) => l.status === 'success')!.fields).toMatchObject({
      client_name: 'Renamed lab',
    });
    expect(JSON.stringify(mock.db.state.auditLogs)).not.toContain(created.token.key);
  });

  it('answers 404 on a community server', async () => {
    mock = testMockServer({ edition: 'community' });
    admin = await tokenFor(mock, 'admin');
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, path] of [
      ['POST', '/api/v2/clients'],
      ['GET', `/api/v2/clients/${id}`],
      ['PUT', `/api/v2/clients/${id}`],
      ['DELETE', `/api/v2/clients/${id}`],
      ['PUT', `/api/v2/clients/${id}/token`],
      ['GET', `/api/v2/clients/${id}/completed-tasks`],
    ] as const) {
      const res = await call(mock, method, path, {
        token: admin,
        json: method === 'GET' ? undefined : { name: 'x', type: 'sharphound' },
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });
});

describe('a state saved before clients could be managed', () => {
  it('treats a client without a token generation as generation 0', async () => {
    const hq = await seededClient('SharpHound HQ');
    const stored = mock.db.state.collectionClients.find((c) => c.id === hq.id)!;
    delete stored.token_generation;
    const token = (
      (await call(mock, 'POST', `/__mock/clients/${hq.id}/token`, { headers: MOCK_CONTROL })).body as { data: { token: string } }
    ).data.token;
    expect((await endJob(token)).status).toBe(200);
  });
});
