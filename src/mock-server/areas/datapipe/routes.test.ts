import { beforeEach, describe, expect, it } from 'vitest';
import { ZERO_TIME } from '../../../api/schemas/wire-format';
import { analysisRequestResponse, datapipeStatusResponse } from '../../../api/schemas/datapipe';
import { fileUploadJobsListResponse, fileUploadStartResponse } from '../../../api/schemas/file-upload';
import { adDataQualityStatsResponse } from '../../../api/schemas/data-quality';
import { call, MOCK_CONTROL, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import { configFromEnv } from '../../config';
import { SEED_EPOCH } from '../../seed/random';

const GOOD = JSON.stringify({ meta: { type: 'users', count: 1, version: 6 }, data: [{ ObjectIdentifier: 'S-1' }] });
const CORP = 'S-1-5-21-4107638521-1930581446-2864410937';
const T0 = SEED_EPOCH + 3 * 86_400_000;
const INGEST_MS = 1000;
const ANALYSIS_MS = 5000;

let mock: MockServer;
let now: number;
let admin: string;

const at = (ms: number) => new Date(ms).toISOString();

async function status() {
  const res = await call(mock, 'GET', '/api/v2/datapipe/status', { token: admin });
  expect(res.status).toBe(200);
  return datapipeStatusResponse.parse(res.body).data;
}

async function analysis(token = admin) {
  const res = await call(mock, 'GET', '/api/v2/analysis', { token });
  expect(res.status).toBe(200);
  return analysisRequestResponse.parse(res.body).data;
}

async function job(id: number) {
  const res = await call(mock, 'GET', '/api/v2/file-upload?limit=100', { token: admin });
  return fileUploadJobsListResponse.parse(res.body).data.find((j) => j.id === id)!;
}

async function corpPoints() {
  const res = await call(mock, 'GET', `/api/v2/ad-domains/${CORP}/data-quality-stats?start=2020-01-01T00:00:00Z`, {
    token: admin,
  });
  return adDataQualityStatsResponse.parse(res.body);
}

/** An upload job with `good` accepted and `bad` refused files, ended at the current clock. */
async function uploadAndEnd(good: number, bad = 0): Promise<number> {
  const res = await call(mock, 'POST', '/api/v2/file-upload/start', { token: admin });
  const id = fileUploadStartResponse.parse(res.body).data.id;
  const send = (body: string) =>
    call(mock, 'POST', `/api/v2/file-upload/${id}`, {
      token: admin,
      body,
      headers: { 'Content-Type': 'application/json', 'X-File-Upload-Name': 'f.json' },
    });
  for (let i = 0; i < good; i++) expect((await send(GOOD)).status).toBe(202);
  for (let i = 0; i < bad; i++) expect((await send('{"broken"')).status).toBe(400);
  expect((await call(mock, 'POST', `/api/v2/file-upload/${id}/end`, { token: admin })).status).toBe(200);
  // The files are read into the graph; the turn then ends when the clock says.
  await mock.ingest.idle();
  return id;
}

beforeEach(async () => {
  now = T0;
  mock = testMockServer({ clock: () => now, ingestMsPerFile: INGEST_MS, analysisMs: ANALYSIS_MS });
  admin = await tokenFor(mock, 'admin');
});

describe('pipeline status', () => {
  it('starts idle since the last seeded analysis; next_scheduled_analysis_at only in the enterprise edition', async () => {
    const s = await status();
    const newest = (await corpPoints()).data.at(-1)!;
    expect(s).toMatchObject({ status: 'idle', next_scheduled_analysis_at: ZERO_TIME });
    expect(Date.parse(s.last_complete_analysis_at)).toBeGreaterThanOrEqual(Date.parse(newest.created_at));
    expect(s.last_analysis_run_at).toBe(s.last_complete_analysis_at);
    expect(await analysis()).toEqual({
      requested_by: '',
      request_type: '',
      requested_at: ZERO_TIME,
      delete_all_graph: false,
      delete_sourceless_graph: false,
      delete_source_kinds: null,
      delete_relationships: null,
    });

    mock = testMockServer({ edition: 'community' });
    admin = await tokenFor(mock, 'admin');
    expect(await status()).not.toHaveProperty('next_scheduled_analysis_at');
    // Anyone signed in reads the status.
    const uploader = await tokenFor(mock, 'uploader');
    expect((await call(mock, 'GET', '/api/v2/datapipe/status', { token: uploader })).status).toBe(200);
  });

  it('goes from an ended upload through ingesting and analyzing to idle, the job with it', async () => {
    const before = (await corpPoints()).count;
    const id = await uploadAndEnd(2, 1);
    expect(await status()).toMatchObject({ status: 'ingesting', updated_at: at(T0) });
    expect(await job(id)).toMatchObject({ status: 6, status_message: 'Ingesting 2 files.' });

    now = T0 + 2 * INGEST_MS - 1;
    expect((await status()).status).toBe('ingesting');
    now = T0 + 2 * INGEST_MS;
    expect(await status()).toMatchObject({ status: 'analyzing', updated_at: at(now) });
    expect(await job(id)).toMatchObject({ status: 7, last_ingest: at(now) });

    now = T0 + 2 * INGEST_MS + ANALYSIS_MS - 1;
    expect((await status()).status).toBe('analyzing');
    now = T0 + 2 * INGEST_MS + ANALYSIS_MS;
    expect(await status()).toMatchObject({
      status: 'idle',
      updated_at: at(now),
      last_complete_analysis_at: at(now),
      last_analysis_run_at: at(now),
    });
    expect(await job(id)).toMatchObject({ status: 8, status_message: 'Ingested 2 of 3 files; 1 failed.' });
    // A data-quality point with the live figures (the same as the newest seeded one: the graph did not change).
    const points = await corpPoints();
    expect(points.count).toBe(before + 1);
    const [previous, added] = points.data.slice(-2);
    expect(added!.created_at).toBe(at(now));
    expect({ ...added, id: 0, created_at: '', updated_at: '', run_id: '' }).toEqual({
      ...previous,
      id: 0,
      created_at: '',
      updated_at: '',
      run_id: '',
    });
  });

  it('ingests jobs ended meanwhile one after another, then analyzes once', async () => {
    const first = await uploadAndEnd(2);
    now = T0 + 500;
    const second = await uploadAndEnd(3);
    expect(await job(second)).toMatchObject({ status: 6, status_message: 'Waiting to ingest 3 files.' });
    now = T0 + 2 * INGEST_MS;
    expect((await status()).status).toBe('ingesting');
    expect(await job(first)).toMatchObject({ status: 7 });
    expect(await job(second)).toMatchObject({ status: 6, status_message: 'Ingesting 3 files.' });
    // The second job's files are read before the clock moves past its turn.
    await mock.ingest.idle();
    now = T0 + 5 * INGEST_MS;
    expect(await status()).toMatchObject({ status: 'analyzing', updated_at: at(now) });
    now += ANALYSIS_MS;
    expect((await status()).status).toBe('idle');
    expect((await job(first)).status).toBe(2);
    expect((await job(second)).status).toBe(2);
  });

  it('fails a job without accepted files at once, without ingest or analysis', async () => {
    const id = await uploadAndEnd(0, 2);
    expect(await job(id)).toMatchObject({ status: 5, status_message: 'None of the 2 files could be ingested.' });
    expect((await status()).status).toBe('idle');
  });

  it('returns to idle on /__mock/reset', async () => {
    await uploadAndEnd(1);
    expect((await status()).status).toBe('ingesting');
    expect((await call(mock, 'POST', '/__mock/reset', { headers: MOCK_CONTROL })).status).toBe(204);
    admin = await tokenFor(mock, 'admin');
    expect((await status()).status).toBe('idle');
  });
});

describe('analysis requests', () => {
  it('starts analysis at once when idle, attributed to the caller; a second request changes nothing', async () => {
    const self = (await call(mock, 'GET', '/api/v2/self', { token: admin })).body as { data: { id: string } };
    expect((await call(mock, 'PUT', '/api/v2/analysis', { token: admin })).status).toBe(202);
    expect(await status()).toMatchObject({ status: 'analyzing', updated_at: at(T0) });
    const pending = await analysis();
    expect(pending).toMatchObject({ requested_by: self.data.id, request_type: 'analysis', requested_at: at(T0) });

    now += 1000;
    const poweruser = await tokenFor(mock, 'poweruser');
    expect((await call(mock, 'PUT', '/api/v2/analysis', { token: poweruser })).status).toBe(202);
    expect(await analysis()).toEqual(pending);

    now = T0 + ANALYSIS_MS;
    expect(await status()).toMatchObject({ status: 'idle', last_complete_analysis_at: at(now) });
    expect((await analysis()).request_type).toBe('');
  });

  it('waits for the analysis after the current ingest, and a request during analysis gets the next run', async () => {
    await uploadAndEnd(2);
    expect((await call(mock, 'PUT', '/api/v2/analysis', { token: admin })).status).toBe(202);
    expect((await status()).status).toBe('ingesting');
    expect((await analysis()).request_type).toBe('analysis');
    now = T0 + 2 * INGEST_MS + ANALYSIS_MS;
    expect((await status()).status).toBe('idle');
    expect((await analysis()).request_type).toBe('');

    // During an analysis that ingest started, a new request waits for the next run.
    await uploadAndEnd(1);
    const ingestEnd = now + INGEST_MS;
    now = ingestEnd + 10;
    expect((await status()).status).toBe('analyzing');
    await call(mock, 'PUT', '/api/v2/analysis', { token: admin });
    now = ingestEnd + ANALYSIS_MS;
    expect(await status()).toMatchObject({ status: 'analyzing', updated_at: at(now) });
    expect((await analysis()).request_type).toBe('analysis');
    now += ANALYSIS_MS;
    expect((await status()).status).toBe('idle');
    expect((await analysis()).request_type).toBe('');
  });

  it('cancels a pending request: 404 without one; the run it started alone stops, a run covering an ingest goes on', async () => {
    const none = await call(mock, 'DELETE', '/api/v2/analysis', { token: admin });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ errors: [{ context: 'analysis' }] });

    const before = await status();
    await call(mock, 'PUT', '/api/v2/analysis', { token: admin });
    now += 1000;
    expect((await call(mock, 'DELETE', '/api/v2/analysis', { token: admin })).status).toBe(202);
    expect(await status()).toMatchObject({
      status: 'idle',
      last_complete_analysis_at: before.last_complete_analysis_at,
      last_analysis_run_at: at(now),
    });
    expect((await analysis()).request_type).toBe('');

    await uploadAndEnd(1);
    await call(mock, 'PUT', '/api/v2/analysis', { token: admin });
    expect((await call(mock, 'DELETE', '/api/v2/analysis', { token: admin })).status).toBe(202);
    now += INGEST_MS;
    expect((await status()).status).toBe('analyzing');
  });

  it('needs graphdb.Write to request or cancel, graphdb.Read to read', async () => {
    const reader = await tokenFor(mock, 'reader');
    expect((await call(mock, 'PUT', '/api/v2/analysis', { token: reader })).status).toBe(403);
    expect((await call(mock, 'DELETE', '/api/v2/analysis', { token: reader })).status).toBe(403);
    expect((await analysis(reader)).request_type).toBe('');
    const uploader = await tokenFor(mock, 'uploader');
    expect((await call(mock, 'GET', '/api/v2/analysis', { token: uploader })).status).toBe(403);
  });
});

describe('pipeline timing settings', () => {
  it('reads MOCK_INGEST_MS_PER_FILE and MOCK_ANALYSIS_MS, with defaults, and refuses anything but whole milliseconds', () => {
    expect(configFromEnv({})).toMatchObject({ ingestMsPerFile: 1500, analysisMs: 4000 });
    expect(configFromEnv({ MOCK_INGEST_MS_PER_FILE: '10', MOCK_ANALYSIS_MS: '0' })).toMatchObject({
      ingestMsPerFile: 10,
      analysisMs: 0,
    });
    expect(configFromEnv({ MOCK_ANALYSIS_MS: '9' }, { analysisMs: 1 }).analysisMs).toBe(1);
    for (const bad of ['-1', '1.5', 'soon', '3600001']) {
      expect(() => configFromEnv({ MOCK_ANALYSIS_MS: bad })).toThrow(
        `MOCK_ANALYSIS_MS must be a whole number of milliseconds from 0 to 3600000, not "${bad}"`,
      );
    }
    expect(() => configFromEnv({ MOCK_INGEST_MS_PER_FILE: '2s' })).toThrow(/^MOCK_INGEST_MS_PER_FILE must be/);
  });
});
