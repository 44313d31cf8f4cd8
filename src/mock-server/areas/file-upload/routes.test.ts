import { beforeEach, describe, expect, it } from 'vitest';
import { errorBody } from '../../../api/schemas/wire-format';
import {
  fileUploadJobsListResponse,
  fileUploadStartResponse,
  uploadCompletedTasksResponse,
} from '../../../api/schemas/file-upload';
import { call, testMockServer, tokenFor } from '../../../testing/mock-service';
import { countingBody, post } from '../../../testing/streams';
import type { MockServer } from '../../app';
import { checkUpload, CollectorJsonCheck } from './check';
import { finalStatus } from './store';

const GOOD = JSON.stringify({
  meta: { type: 'users', count: 2, version: 6 },
  data: [{ ObjectIdentifier: 'S-1' }, { ObjectIdentifier: 'S-2' }],
});

let mock: MockServer;
let admin: string;

async function start(token = admin): Promise<number> {
  const res = await call(mock, 'POST', '/api/v2/file-upload/start', { token });
  expect(res.status).toBe(201);
  return fileUploadStartResponse.parse(res.body).data.id;
}

function upload(id: number, body: BodyInit, contentType = 'application/json', name = 'users.json', token = admin) {
  return call(mock, 'POST', `/api/v2/file-upload/${id}`, {
    token,
    body,
    headers: { 'Content-Type': contentType, 'X-File-Upload-Name': name },
  });
}

async function job(id: number) {
  const list = fileUploadJobsListResponse.parse(
    (await call(mock, 'GET', `/api/v2/file-upload?limit=100`, { token: admin })).body,
  );
  return list.data.find((j) => j.id === id)!;
}

const message = (body: unknown) => errorBody.parse(body).errors[0]!.message;

beforeEach(async () => {
  mock = testMockServer({ ingestMsPerFile: 0, analysisMs: 0 });
  admin = await tokenFor(mock, 'admin');
});

describe('file upload jobs', () => {
  it('seeds a history of finished jobs, newest first', async () => {
    const list = fileUploadJobsListResponse.parse(
      (await call(mock, 'GET', '/api/v2/file-upload?skip=0&limit=5', { token: admin })).body,
    );
    expect(list.count).toBeGreaterThanOrEqual(6);
    expect(list.data).toHaveLength(5);
    expect(list.data.map((j) => j.id)).toEqual([...list.data.map((j) => j.id)].sort((a, b) => b - a));
    expect(list.data.every((j) => [2, 5, 8].includes(j.status))).toBe(true);
  });

  it('filters the history by job id, as upstream’s id parameter', async () => {
    const list = (q: string) => call(mock, 'GET', `/api/v2/file-upload?${q}`, { token: admin });
    const id = await start();
    const one = fileUploadJobsListResponse.parse((await list(`id=eq:${id}`)).body);
    expect(one.count).toBe(1);
    expect(one.data.map((j) => j.id)).toEqual([id]);
    const older = fileUploadJobsListResponse.parse((await list(`id=lt:${id}&limit=100`)).body);
    expect(older.count).toBeGreaterThan(0);
    expect(older.data.every((j) => j.id < id)).toBe(true);
    const bad = await list('id=eq:one');
    expect(bad.status).toBe(400);
    expect(message(bad.body)).toBe('The id filter must be a whole number, not "one".');
  });

  it('lists the accepted content types', async () => {
    const res = await call(mock, 'GET', '/api/v2/file-upload/accepted-types', { token: admin });
    expect(res.body).toEqual({
      data: ['application/json', 'application/zip', 'application/zip-compressed', 'application/x-zip-compressed'],
    });
  });

  it('starts a job for the signed-in user with status 0', async () => {
    const res = await call(mock, 'POST', '/api/v2/file-upload/start', { token: admin });
    expect(res.status).toBe(201);
    const j = fileUploadStartResponse.parse(res.body).data;
    expect(j).toMatchObject({ status: 0, user_email_address: 'admin@example.com', total_files: 0, failed_files: 0 });
  });

  it('takes good files, refuses bad ones naming the problem, counts them, and ends through ingesting', async () => {
    mock = testMockServer({ ingestMsPerFile: 60_000 });
    admin = await tokenFor(mock, 'admin');
    const id = await start();
    expect((await upload(id, GOOD)).status).toBe(202);
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]);
    expect((await upload(id, zip, 'application/zip', 'collection.zip')).status).toBe(202);

    const truncated = await upload(id, GOOD.slice(0, 40), 'application/json', 'broken.json');
    expect(truncated.status).toBe(400);
    expect(message(truncated.body)).toBe(
      'broken.json was refused: it is not valid JSON: the file ends before the JSON is complete.',
    );

    const notZip = await upload(id, 'hello', 'application/x-zip-compressed', 'fake.zip');
    expect(notZip.status).toBe(400);
    expect(message(notZip.body)).toMatch(/^fake\.zip was refused: it is not a zip archive/);

    const wrongType = await upload(id, 'a,b', 'text/csv', 'table.csv');
    expect(wrongType.status).toBe(400);
    expect(message(wrongType.body)).toMatch(/"text\/csv" is not an accepted file type/);

    const running = await job(id);
    expect(running).toMatchObject({ status: 1, total_files: 5, failed_files: 3 });

    expect((await call(mock, 'POST', `/api/v2/file-upload/${id}/end`, { token: admin })).status).toBe(200);
    expect((await job(id)).status).toBe(6);
    // An ended job takes no more files.
    const late = await upload(id, GOOD);
    expect(late.status).toBe(400);
    expect(message(late.body)).toMatch(/has ended/);
    expect((await call(mock, 'POST', `/api/v2/file-upload/${id}/end`, { token: admin })).status).toBe(400);
  });

  it('completes after ingesting (derived from time on read)', async () => {
    const id = await start();
    await upload(id, GOOD);
    await upload(id, '{"meta":{"type":"users"},"data":[}', 'application/json', 'bad.json');
    await call(mock, 'POST', `/api/v2/file-upload/${id}/end`, { token: admin });
    await mock.ingest.idle();
    const done = await job(id);
    expect(done).toMatchObject({
      status: 8,
      total_files: 2,
      failed_files: 1,
      status_message: 'Ingested 1 of 2 files; 1 failed.',
    });
    expect(done.last_ingest).not.toBe('0001-01-01T00:00:00Z');
  });

  it('answers what each file produced: a refused file at once with its error, accepted ones once ingested', async () => {
    mock = testMockServer({ ingestMsPerFile: 60_000 });
    admin = await tokenFor(mock, 'admin');
    const tasks = async (jobId: number) => {
      const res = await call(mock, 'GET', `/api/v2/file-upload/${jobId}/completed-tasks`, { token: admin });
      expect(res.status).toBe(200);
      return uploadCompletedTasksResponse.parse(res.body).data;
    };
    const id = await start();
    await upload(id, GOOD, 'application/json', 'users.json');
    await upload(id, GOOD.slice(0, 40), 'application/json', 'broken.json');
    await call(mock, 'POST', `/api/v2/file-upload/${id}/end`, { token: admin });
    expect(await tasks(id)).toEqual([
      expect.objectContaining({
        file_name: 'broken.json',
        parent_file_name: '',
        errors: ['broken.json was refused: it is not valid JSON: the file ends before the JSON is complete.'],
      }),
    ]);

    // A seeded partially complete job: every file, the failed ones with their error.
    const seeded = await tasks(3);
    expect(seeded).toHaveLength(5);
    expect(seeded.filter((t) => (t.errors ?? []).length > 0)).toHaveLength(2);
    expect(seeded.every((t) => t.parent_file_name.endsWith('.zip'))).toBe(true);
  });

  it('refuses completed tasks of an unknown job (404) and to people without graphdb.Ingest (403)', async () => {
    const unknown = await call(mock, 'GET', '/api/v2/file-upload/9999/completed-tasks', { token: admin });
    expect(unknown.status).toBe(404);
    expect(message(unknown.body)).toBe('No file-upload job has id 9999.');
    const bad = await call(mock, 'GET', '/api/v2/file-upload/abc/completed-tasks', { token: admin });
    expect(bad.status).toBe(400);
    const reader = await tokenFor(mock, 'reader');
    expect((await call(mock, 'GET', '/api/v2/file-upload/1/completed-tasks', { token: reader })).status).toBe(403);
    const uploader = await tokenFor(mock, 'uploader');
    expect((await call(mock, 'GET', '/api/v2/file-upload/1/completed-tasks', { token: uploader })).status).toBe(200);
  });

  it('refuses unknown jobs, other users’ jobs and users without graphdb.Ingest', async () => {
    expect((await upload(9999, GOOD)).status).toBe(404);
    const id = await start();
    const uploader = await tokenFor(mock, 'uploader');
    expect((await upload(id, GOOD, 'application/json', 'x.json', uploader)).status).toBe(403);
    const reader = await tokenFor(mock, 'reader');
    expect((await call(mock, 'POST', '/api/v2/file-upload/start', { token: reader })).status).toBe(403);
    // The Upload-Only role may upload.
    expect((await call(mock, 'POST', '/api/v2/file-upload/start', { token: uploader })).status).toBe(201);
  });

  it('enforces the size limit and counts the file as failed', async () => {
    mock = testMockServer({ uploadMaxBytes: 64 });
    admin = await tokenFor(mock, 'admin');
    const id = await start();
    const big = JSON.stringify({ meta: { type: 'users' }, data: Array.from({ length: 20 }, (_, i) => ({ i })) });
    const res = await upload(id, big, 'application/json', 'big.json');
    expect(res.status).toBe(413);
    expect(message(res.body)).toBe('big.json is larger than the 64 bytes limit of one upload.');
    expect(await job(id)).toMatchObject({ total_files: 1, failed_files: 1 });
  });

  it('stops reading an upload at its limit (413): the rest of a streamed file is never pulled, nor one declared too large', async () => {
    mock = testMockServer({ uploadMaxBytes: 256 * 1024 });
    admin = await tokenFor(mock, 'admin');
    const id = await start();
    const send = async (headers: Record<string, string> = {}) => {
      const source = countingBody(100);
      const res = await post(mock, `/api/v2/file-upload/${id}`, source.body, admin, {
        'Content-Type': 'application/json',
        ...headers,
      });
      return { status: res.status, pulled: source.pulled() };
    };
    // 256 KiB is 4 chunks; the 5th goes over. 100 (6.25 MiB) were on offer.
    expect(await send()).toEqual({ status: 413, pulled: 5 });
    expect(await send({ 'Content-Length': String(100 * 64 * 1024) })).toEqual({ status: 413, pulled: 0 });
  });
});

describe('collector JSON check', () => {
  const check = (text: string) => {
    const c = new CollectorJsonCheck();
    try {
      c.write(new TextEncoder().encode(text));
    } catch (e) {
      return (e as Error).message;
    }
    return c.end();
  };

  it('accepts a collector file, with or without a byte order mark', () => {
    expect(check(GOOD)).toBeNull();
    expect(check(`\uFEFF${GOOD}`)).toBeNull();
    expect(check('{"data":[],"meta":{"type":"computers"}}')).toBeNull();
  });

  it('names what is wrong', () => {
    expect(check('')).toBe('the file is empty');
    expect(check('   ')).toBe('the file is empty');
    expect(check('[1,2]')).toBe(
      'a collected file must be a JSON object: "meta" and "data" (SharpHound, AzureHound) or "graph" (OpenGraph)',
    );
    expect(check('{"data":[]}')).toBe('it has no "meta" object, so it is not a collector file');
    expect(check('{"meta":{"type":"pets"},"data":[]}')).toMatch(/^its "meta.type" must be one of users, groups/);
    expect(check('{"meta":{"type":"users"},"data":{}}')).toBe('it has no "data" list, so it is not a collector file');
    expect(check('{"meta":{"type":"users"},"data":[]} trailing')).toMatch(/./);
    expect(check('{"meta" {"type":"users"}}')).toMatch(/./);
  });

  it('reads a large file as a stream without keeping it', async () => {
    const items = 200_000;
    const item = new TextEncoder().encode(
      `{"ObjectIdentifier":"S-1-5-21-1000","Properties":{"name":"USER@CORP.EXAMPLE.COM","enabled":true}},`,
    );
    const head = new TextEncoder().encode('{"meta":{"type":"users","count":200000},"data":[');
    const tail = new TextEncoder().encode('{"last":true}]}');
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        if (sent < items) {
          const batch = Math.min(1000, items - sent);
          const chunk = new Uint8Array(item.length * batch);
          for (let i = 0; i < batch; i++) chunk.set(item, i * item.length);
          controller.enqueue(chunk);
          sent += batch;
        } else {
          controller.enqueue(tail);
          controller.close();
        }
      },
    });
    const size = head.length + item.length * items + tail.length;
    const before = process.memoryUsage().heapUsed;
    const result = await checkUpload(stream, 'json', 1024 ** 3, 'users.json');
    const grown = process.memoryUsage().heapUsed - before;
    expect(result).toEqual({ ok: true, bytes: size, summary: 'users file with 200,001 items' });
    // Parsed whole, ~20 MB of JSON would take several times its size in objects.
    expect(grown).toBeLessThan(size);
  });
});

describe('final status of a job', () => {
  it('is complete, partially complete or failed by its files', () => {
    expect(finalStatus({ total_files: 3, failed_files: 0 }).status).toBe(2);
    expect(finalStatus({ total_files: 3, failed_files: 1 }).status).toBe(8);
    expect(finalStatus({ total_files: 3, failed_files: 3 }).status).toBe(5);
    expect(finalStatus({ total_files: 0, failed_files: 0 })).toEqual({ status: 5, message: 'No files were uploaded.' });
  });
});
