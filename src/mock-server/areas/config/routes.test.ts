import { beforeEach, describe, expect, it } from 'vitest';
import { configListResponse, featuresListResponse, featureToggleResponse, setConfigResponse } from '../../../api/schemas/config';
import { call, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';

let mock: MockServer;
let admin: string;
let reader: string;

beforeEach(async () => {
  mock = testMockServer();
  admin = await tokenFor(mock, 'admin');
  reader = await tokenFor(mock, 'reader');
});

type ErrorBodyLike = { errors: { context: string; message: string }[] };
const errorsOf = (body: unknown) => (body as ErrorBodyLike).errors;

describe('GET /api/v2/config', () => {
  it('lists every upstream parameter with typed values', async () => {
    const res = await call(mock, 'GET', '/api/v2/config', { token: reader });
    expect(res.status).toBe(200);
    const body = configListResponse.parse(res.body);
    const keys = body.data.map((p) => p.key);
    expect(keys).toContain('auth.password_expiration_window');
    expect(keys).toContain('analysis.scheduled');
    expect(keys).toContain('prune.ttl');
    expect(body.data.find((p) => p.key === 'auth.password_expiration_window')!.value).toEqual({ duration: 'P90D' });
  });

  it('filters with parameter=eq:<key>; other forms are a 400 naming parameter', async () => {
    const one = configListResponse.parse(
      (await call(mock, 'GET', '/api/v2/config?parameter=eq:prune.ttl', { token: reader })).body,
    );
    expect(one.data.map((p) => p.key)).toEqual(['prune.ttl']);
    const none = configListResponse.parse(
      (await call(mock, 'GET', '/api/v2/config?parameter=eq:no.such', { token: reader })).body,
    );
    expect(none.data).toEqual([]);
    for (const qs of ['parameter=prune.ttl', 'parameter=neq:prune.ttl', 'key=prune.ttl']) {
      const res = await call(mock, 'GET', `/api/v2/config?${qs}`, { token: reader });
      expect(res.status, qs).toBe(400);
      expect(errorsOf(res.body)[0]!.context).toBe(qs.split('=')[0]);
    }
  });
});

describe('PUT /api/v2/config', () => {
  const put = (token: string, json: unknown) => call(mock, 'PUT', '/api/v2/config', { token, json });

  it('changes a value and the list shows it', async () => {
    const res = await put(admin, { key: 'auth.password_expiration_window', value: { duration: 'P30D' } });
    expect(res.status).toBe(200);
    expect(setConfigResponse.parse(res.body).data).toEqual({
      key: 'auth.password_expiration_window',
      value: { duration: 'P30D' },
    });
    const list = configListResponse.parse(
      (await call(mock, 'GET', '/api/v2/config?parameter=eq:auth.password_expiration_window', { token: admin })).body,
    );
    expect(list.data[0]!.value).toEqual({ duration: 'P30D' });
  });

  it('refuses an unknown key, a protected key and a wrong value shape with 400 naming the field', async () => {
    let res = await put(admin, { key: 'no.such.key', value: { enabled: true } });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]!.context).toBe('key');
    res = await put(admin, { key: 'auth.session_ttl_hours', value: { hours: 12 } });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]).toMatchObject({ context: 'key', message: expect.stringContaining('cannot be changed') });
    res = await put(admin, { key: 'auth.password_expiration_window', value: { duration: '90 days' } });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]!.context).toBe('value.duration');
    res = await put(admin, { key: 'prune.ttl', value: { base_ttl: 'P60D', has_session_edge_ttl: 'P3D' } });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]).toMatchObject({ context: 'value.base_ttl', message: 'Base TTL must be between 4 and 30 days' });
    res = await put(admin, { key: 'analysis.citrix_rdp_support', value: { enabled: 'yes' } });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]!.context).toBe('value.enabled');
    res = await put(admin, { key: 'analysis.citrix_rdp_support', value: { enabled: true, extra: 1 } });
    expect(res.status).toBe(400);
    res = await put(admin, { key: 'analysis.scheduled', value: { enabled: true, rrule: 'EVERY DAY' } });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]!.context).toBe('value.rrule');
    res = await put(admin, { key: 'analysis.scheduled', value: { enabled: true, rrule: 'FREQ=DAILY;INTERVAL=1;BYHOUR=2' } });
    expect(res.status).toBe(200);
    res = await put(admin, { value: { enabled: true } });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]!.context).toBe('key');
  });

  it('refuses over-long keys and config text, naming the field and the limit', async () => {
    let res = await put(admin, { key: 'k'.repeat(100_000), value: { enabled: true } });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toEqual([{ context: 'key', message: 'Parameter key must be at most 128 characters' }]);
    res = await put(admin, { key: 'analysis.scheduled', value: { enabled: true, rrule: `FREQ=DAILY;${'X'.repeat(5000)}` } });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toEqual([
      { context: 'value.rrule', message: 'Schedule (RRULE) must be at most 1,000 characters' },
    ]);
  });

  it('needs app.WriteAppConfig', async () => {
    const res = await put(reader, { key: 'analysis.reconciliation', value: { enabled: false } });
    expect(res.status).toBe(403);
  });
});

describe('feature flags', () => {
  it('lists the seeded flags, some not user-updatable', async () => {
    const body = featuresListResponse.parse((await call(mock, 'GET', '/api/v2/features', { token: reader })).body);
    expect(body.data.length).toBeGreaterThan(5);
    expect(body.data.some((f) => f.user_updatable)).toBe(true);
    expect(body.data.some((f) => !f.user_updatable)).toBe(true);
  });

  it('toggles a user-updatable flag and refuses the others with a reason (403)', async () => {
    const flags = featuresListResponse.parse((await call(mock, 'GET', '/api/v2/features', { token: admin })).body).data;
    const open = flags.find((f) => f.user_updatable)!;
    const locked = flags.find((f) => !f.user_updatable)!;
    const res = await call(mock, 'PUT', `/api/v2/features/${open.id}/toggle`, { token: admin });
    expect(res.status).toBe(200);
    expect(featureToggleResponse.parse(res.body).data.enabled).toBe(!open.enabled);
    const after = featuresListResponse.parse((await call(mock, 'GET', '/api/v2/features', { token: admin })).body).data;
    expect(after.find((f) => f.id === open.id)!.enabled).toBe(!open.enabled);

    const refused = await call(mock, 'PUT', `/api/v2/features/${locked.id}/toggle`, { token: admin });
    expect(refused.status).toBe(403);
    expect(errorsOf(refused.body)[0]!.message).toContain('cannot be changed by users');
    expect((await call(mock, 'PUT', '/api/v2/features/999/toggle', { token: admin })).status).toBe(404);
    expect((await call(mock, 'PUT', `/api/v2/features/${open.id}/toggle`, { token: reader })).status).toBe(403);
  });
});
