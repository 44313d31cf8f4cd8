import { beforeEach, describe, expect, it } from 'vitest';
import { auditLogsResponse } from '../../../api/schemas/audit';
import {
  availableJobsResponse,
  canceledJobResponse,
  clientsListResponse,
  completedJobsResponse,
  completedTasksResponse,
  createdJobResponse,
  currentJobResponse,
  jobLogResponse,
  jobResponse,
  jobsListResponse,
  startedJobResponse,
} from '../../../api/schemas/collection';
import { JobStatus } from '../../../api/schemas/wire-format';
import { call, errorsOf, MOCK_CONTROL, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';

let mock: MockServer;
let admin: string;

async function clients() {
  const res = await call(mock, 'GET', '/api/v2/clients?limit=50', { token: admin });
  expect(res.status).toBe(200);
  return clientsListResponse.parse(res.body).data;
}

/** An idle SharpHound client (no job in progress) and its own token. */
async function idleClient() {
  const client = (await clients()).find((c) => c.type === 'sharphound' && !c.current_task)!;
  const res = await call(mock, 'POST', `/__mock/clients/${client.id}/token`, { headers: MOCK_CONTROL });
  expect(res.status).toBe(200);
  return { client, token: (res.body as { data: { token: string } }).data.token };
}

async function runNow(clientId: string, token = admin) {
  const res = await call(mock, 'POST', `/api/v2/clients/${clientId}/jobs`, { token, json: { session_collection: true } });
  expect(res.status).toBe(200);
  return createdJobResponse.parse(res.body).data;
}

async function logOf(id: number, token = admin): Promise<string[]> {
  const res = await call(mock, 'GET', `/api/v2/jobs/${id}/log`, { token });
  expect(res.status).toBe(200);
  return (jobLogResponse.parse(res.body).data.log ?? '').split('\n');
}

const message = (body: unknown) => errorsOf(body).map((e) => e.message)[0];

beforeEach(async () => {
  // Jobs wait until a client starts them unless a test says otherwise.
  mock = testMockServer({ collectionPickupMs: 3_600_000 });
  admin = await tokenFor(mock, 'admin');
});

describe('run now and history under both names', () => {
  it('creates a waiting job with POST /clients/{id}/jobs that the task operations read as the same record', async () => {
    const { client } = await idleClient();
    const job = await runNow(client.id);
    expect(job).toMatchObject({ client_id: client.id, status: JobStatus.Ready, session_collection: true });
    const read = jobResponse.parse((await call(mock, 'GET', `/api/v2/jobs/${job.id}`, { token: admin })).body).data;
    expect(read.id).toBe(job.id);
    const viaTasks = await call(mock, 'POST', `/api/v2/clients/${client.id}/tasks`, {
      token: admin,
      json: { session_collection: true },
    });
    expect(createdJobResponse.parse(viaTasks.body).data.id).toBe(job.id + 1);
  });

  it('answers completed-jobs as completed-tasks: the same page of finished jobs', async () => {
    const hq = (await clients()).find((c) => c.name.includes('HQ'))!;
    const jobs = await call(mock, 'GET', `/api/v2/clients/${hq.id}/completed-jobs?limit=100`, { token: admin });
    const tasks = await call(mock, 'GET', `/api/v2/clients/${hq.id}/completed-tasks?limit=100`, { token: admin });
    expect(jobs.status).toBe(200);
    const page = completedJobsResponse.parse(jobs.body);
    expect(page.count).toBeGreaterThan(0);
    expect(page.data.every((j) => j.client_id === hq.id && (j.status === 2 || j.status === 8))).toBe(true);
    expect(page).toEqual(completedTasksResponse.parse(tasks.body));
  });

  it('needs clients.Tasking to run a job and clients.Read to read the history', async () => {
    const { client } = await idleClient();
    const reader = await tokenFor(mock, 'reader');
    const uploader = await tokenFor(mock, 'uploader');
    const denied = await call(mock, 'POST', `/api/v2/clients/${client.id}/jobs`, {
      token: reader,
      json: { session_collection: true },
    });
    expect(denied.status).toBe(403);
    expect((await call(mock, 'GET', `/api/v2/clients/${client.id}/completed-jobs`, { token: uploader })).status).toBe(403);
    expect((await call(mock, 'GET', '/api/v2/jobs/finished', { token: reader })).status).toBe(403);
  });
});

describe('finished jobs', () => {
  it('pages finished jobs only, with the job list’s filters and sorting', async () => {
    const res = await call(mock, 'GET', '/api/v2/jobs/finished?limit=3&sort_by=-end_time', { token: admin });
    expect(res.status).toBe(200);
    const page = jobsListResponse.parse(res.body);
    expect(page.data).toHaveLength(3);
    expect(page.count).toBeGreaterThan(3);
    const ends = page.data.map((j) => Date.parse(j.end_time!));
    expect([...ends].sort((a, b) => b - a)).toEqual(ends);
    const all = jobsListResponse.parse((await call(mock, 'GET', '/api/v2/jobs/finished?limit=100', { token: admin })).body);
    expect(all.data.some((j) => j.status === JobStatus.Running || j.status === JobStatus.Ready)).toBe(false);
    const timedOut = jobsListResponse.parse(
      (await call(mock, 'GET', '/api/v2/jobs/finished?status=eq:4', { token: admin })).body,
    );
    expect(timedOut.data.map((j) => j.status)).toEqual([JobStatus.TimedOut]);
    const bad = await call(mock, 'GET', '/api/v2/jobs/finished?sort_by=colour', { token: admin });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.body)[0]!.context).toBe('sort_by');
  });
});

describe('a client’s own job operations', () => {
  it('lists its waiting jobs, starts the next one, answers it as current, and ends it', async () => {
    const { client, token } = await idleClient();
    const first = await runNow(client.id);
    const second = await runNow(client.id);
    const before = Date.now();
    const available = availableJobsResponse.parse((await call(mock, 'GET', '/api/v2/jobs/available', { token })).body).data;
    expect(available.map((j) => j.id)).toEqual([first.id, second.id]);
    // Asking for work is a check-in.
    expect(Date.parse((await clients()).find((c) => c.id === client.id)!.last_checkin)).toBeGreaterThanOrEqual(before);

    expect((await call(mock, 'GET', '/api/v2/jobs/current', { token })).status).toBe(404);
    const started = await call(mock, 'POST', '/api/v2/jobs/start', { token, json: {} });
    expect(started.status).toBe(200);
    expect(startedJobResponse.parse(started.body).data).toMatchObject({ id: first.id, status: JobStatus.Running });
    const current = currentJobResponse.parse((await call(mock, 'GET', '/api/v2/jobs/current', { token })).body).data;
    expect(current.id).toBe(first.id);

    const again = await call(mock, 'POST', '/api/v2/jobs/start', { token, json: { id: second.id } });
    expect(again.status).toBe(400);
    expect(message(again.body)).toBe(`The client ${client.name} is already running job ${first.id}; end it first.`);

    expect((await call(mock, 'POST', '/api/v2/jobs/end', { token })).status).toBe(200);
    const next = await call(mock, 'POST', '/api/v2/jobs/start', { token, json: { id: second.id } });
    expect(startedJobResponse.parse(next.body).data.id).toBe(second.id);
  });

  it('refuses to start a job that is not the client’s (404) or when nothing waits (400)', async () => {
    const { client, token } = await idleClient();
    const other = (await clients()).find((c) => c.id !== client.id && c.type === 'sharphound')!;
    const theirs = await runNow(other.id);
    const notMine = await call(mock, 'POST', '/api/v2/jobs/start', { token, json: { id: theirs.id } });
    expect(notMine.status).toBe(404);
    expect(message(notMine.body)).toBe(`The client ${client.name} has no job with id ${theirs.id}.`);
    const nothing = await call(mock, 'POST', '/api/v2/jobs/start', { token });
    expect(nothing.status).toBe(400);
    expect(message(nothing.body)).toBe(`The client ${client.name} has no waiting job to start.`);
    const typo = await call(mock, 'POST', '/api/v2/jobs/start', { token, json: { id: 'one' } });
    expect(typo.status).toBe(400);
    expect(errorsOf(typo.body)[0]!.context).toBe('id');
  });

  it('lets only a client’s own token call them, and refuses its token on people’s job operations', async () => {
    const { token } = await idleClient();
    for (const [method, path] of [
      ['GET', '/api/v2/jobs/available'],
      ['GET', '/api/v2/jobs/current'],
      ['POST', '/api/v2/jobs/start'],
    ] as const) {
      const res = await call(mock, method, path, { token: admin });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(message(res.body)).toBe('Only a collection client can call this, with its own token; a user session cannot.');
      expect((await call(mock, method, path)).status).toBe(401);
    }
    expect((await call(mock, 'GET', '/api/v2/jobs/finished', { token })).status).toBe(403);
    expect((await call(mock, 'PUT', '/api/v2/jobs/1/cancel', { token })).status).toBe(403);
    expect((await call(mock, 'GET', '/api/v2/jobs/1/log', { token })).status).toBe(403);
  });
});

describe('cancel', () => {
  it('cancels a waiting job: status canceled, the client free, the log naming who', async () => {
    const { client } = await idleClient();
    const job = await runNow(client.id);
    const res = await call(mock, 'PUT', `/api/v2/jobs/${job.id}/cancel`, { token: admin });
    expect(res.status).toBe(200);
    const canceled = canceledJobResponse.parse(res.body).data;
    expect(canceled).toMatchObject({ id: job.id, status: JobStatus.Canceled, status_message: 'Canceled by admin.' });
    expect(canceled.end_time).not.toBeNull();
    expect((await clients()).find((c) => c.id === client.id)!.current_task).toBeUndefined();
    expect((await logOf(job.id)).at(-1)).toMatch(/ Canceled by admin while waiting to be picked up\.$/);
  });

  it('cancels a running job, and the client moves on to its next waiting job', async () => {
    const { client, token } = await idleClient();
    const running = await runNow(client.id);
    const waiting = await runNow(client.id);
    await call(mock, 'POST', '/api/v2/jobs/start', { token, json: { id: running.id } });
    expect((await call(mock, 'PUT', `/api/v2/jobs/${running.id}/cancel`, { token: admin })).status).toBe(200);
    expect((await clients()).find((c) => c.id === client.id)!.current_task?.id).toBe(waiting.id);
    // The next one waits to be started: nothing runs.
    expect((await call(mock, 'GET', '/api/v2/jobs/current', { token })).status).toBe(404);
  });

  it('refuses a finished job with 400 naming it and its status, an unknown one with 404, and people without clients.Tasking', async () => {
    const done = jobsListResponse.parse((await call(mock, 'GET', '/api/v2/jobs?status=eq:2&limit=1', { token: admin })).body)
      .data[0]!;
    const res = await call(mock, 'PUT', `/api/v2/jobs/${done.id}/cancel`, { token: admin });
    expect(res.status).toBe(400);
    expect(message(res.body)).toBe(`Job ${done.id} is complete: only a waiting or running job can be canceled.`);
    expect((await call(mock, 'PUT', '/api/v2/jobs/9999/cancel', { token: admin })).status).toBe(404);
    const { client } = await idleClient();
    const job = await runNow(client.id);
    const reader = await tokenFor(mock, 'reader');
    expect((await call(mock, 'PUT', `/api/v2/jobs/${job.id}/cancel`, { token: reader })).status).toBe(403);
    // Upload-Only holds clients.Tasking: it may cancel.
    const uploader = await tokenFor(mock, 'uploader');
    expect((await call(mock, 'PUT', `/api/v2/jobs/${job.id}/cancel`, { token: uploader })).status).toBe(200);
  });

  it('records CreateClientJob and CancelClientJob with their outcome in the audit log', async () => {
    const { client } = await idleClient();
    const job = await runNow(client.id);
    await call(mock, 'PUT', `/api/v2/jobs/${job.id}/cancel`, { token: admin });
    await call(mock, 'PUT', `/api/v2/jobs/${job.id}/cancel`, { token: admin });
    const logs = auditLogsResponse
      .parse((await call(mock, 'GET', '/api/v2/audit?limit=50', { token: admin })).body)
      .data.logs.filter((l) => l.action.endsWith('ClientJob'));
    expect(logs.map((l) => [l.action, l.status]).reverse()).toEqual([
      ['CreateClientJob', 'intent'],
      ['CreateClientJob', 'success'],
      ['CancelClientJob', 'intent'],
      ['CancelClientJob', 'success'],
      ['CancelClientJob', 'intent'],
      ['CancelClientJob', 'failure'],
    ]);
    expect(logs[0]!.fields).toMatchObject({ job_id: String(job.id) });
  });
});

describe('a job’s log', () => {
  it('grows across a run: created, picked up, started, each domain with counts, ingest, ended', async () => {
    const { client, token } = await idleClient();
    const job = await runNow(client.id);
    const created = await logOf(job.id);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatch(new RegExp(`^\\S+Z Job ${job.id} created: run now by admin\\.$`));

    await call(mock, 'POST', '/api/v2/jobs/start', { token, json: { id: job.id } });
    const started = await logOf(job.id);
    expect(started.slice(0, 1)).toEqual(created);
    expect(started.slice(1).map((l) => l.replace(/^\S+ /, ''))).toEqual([
      `Picked up by ${client.name}.`,
      'Started collecting Sessions against a domain controller the client chose.',
    ]);

    await call(mock, 'POST', '/api/v2/jobs/end', { token });
    const ended = await logOf(job.id);
    expect(ended.slice(0, 3)).toEqual(started);
    const after = ended.slice(3).map((l) => l.replace(/^\S+ /, ''));
    expect(after.some((l) => /^Collected domain \S+: [\d,]+ computers\.$/.test(l))).toBe(true);
    expect(after).toContain(`Results handed to ingest; log file C:\\ProgramData\\SharpHound\\logs\\task-${job.id}.log.`);
    expect(after.slice(-2, -1)[0]).toMatch(/^Ended \(Complete\): Collection complete: 1 domain collected\.$/);
    expect(after.at(-1)).toMatch(/^Results handed to ingest; /);
  });

  it('tells a seeded job’s log from its history, and keeps it when the job moves on', async () => {
    const done = jobsListResponse.parse(
      (await call(mock, 'GET', '/api/v2/jobs?status=eq:2&event_id=eq:1&limit=1', { token: admin })).body,
    ).data[0]!;
    const log = (await logOf(done.id)).map((l) => l.replace(/^\S+ /, ''));
    expect(log[0]).toBe(`Job ${done.id} created: scheduled by event 1 (Every day at 02:00 UTC).`);
    expect(log).toContain(`Picked up by ${done.client_name}.`);
    expect(log.filter((l) => l.startsWith('Collected domain '))).toHaveLength(done.domain_results.length);
    expect(log.at(-2)).toMatch(/^Ended \(Complete\): /);
    expect(log.at(-1)).toMatch(/^Results handed to ingest; /);

    const running = (await clients()).find((c) => c.current_task?.status === JobStatus.Running)!.current_task!;
    const before = await logOf(running.id);
    expect(before.at(-1)).toMatch(
      / Started collecting Sessions and Local groups against domain controller dc02\.corp\.acme\.local\.$/,
    );
    await call(mock, 'PUT', `/api/v2/jobs/${running.id}/cancel`, { token: admin });
    const after = await logOf(running.id);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.at(-1)).toMatch(/ Canceled by admin while running\.$/);
  });

  it('answers 404 for an unknown job, and needs clients.Read', async () => {
    const res = await call(mock, 'GET', '/api/v2/jobs/9999/log', { token: admin });
    expect(res.status).toBe(404);
    expect(message(res.body)).toBe('No job has id 9999.');
    expect((await call(mock, 'GET', '/api/v2/jobs/1/log', { token: await tokenFor(mock, 'reader') })).status).toBe(403);
  });

  it('reads state saved before jobs had a log, and keeps the log in the saved state', async () => {
    const task = mock.db.state.collectionTasks.find((t) => t.status === JobStatus.Complete)!;
    delete task.log;
    expect((await logOf(task.id)).length).toBeGreaterThan(3);
    const { client } = await idleClient();
    const job = await runNow(client.id);
    await call(mock, 'PUT', `/api/v2/jobs/${job.id}/cancel`, { token: admin });
    const stored = JSON.parse(JSON.stringify(mock.db.state)) as typeof mock.db.state;
    expect(stored.collectionTasks.find((t) => t.id === job.id)!.log).toHaveLength(2);
  });
});

describe('community edition', () => {
  it('answers 404 on every job operation', async () => {
    const community = testMockServer({ edition: 'community' });
    const token = await tokenFor(community, 'admin');
    for (const [method, path] of [
      ['GET', '/api/v2/jobs/finished'],
      ['GET', '/api/v2/jobs/1/log'],
      ['PUT', '/api/v2/jobs/1/cancel'],
      ['GET', '/api/v2/jobs/available'],
    ] as const) {
      expect((await call(community, method, path, { token })).status, `${method} ${path}`).toBe(404);
    }
  });
});
