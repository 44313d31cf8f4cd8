import { describe, expect, it } from 'vitest';
import { errorBody } from '../api/schemas/wire-format';
import { call, MOCK_CONTROL, testMockServer, tokenFor } from '../testing/mock-service';
import { configFromEnv } from './config';
import { matchesPath, MAX_FAULT_RULES, parsePathPattern } from './faults';

/** Changes something, so a reset (or its absence) shows. */
function touch(mock: ReturnType<typeof testMockServer>): void {
  mock.db.state.users[0]!.first_name = 'Changed';
}
const touched = (mock: ReturnType<typeof testMockServer>) => mock.db.state.users[0]!.first_name === 'Changed';

describe('mock controls: only requests another web page cannot forge', () => {
  it('refuses a cross-origin text/plain reset (no preflight in a browser) with 403, and keeps the state', async () => {
    const mock = testMockServer();
    touch(mock);
    const res = await call(mock, 'POST', '/__mock/reset', {
      body: '{}',
      headers: { 'Content-Type': 'text/plain', Origin: 'http://evil.test', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect(errorBody.parse(res.body).errors).toEqual([
      { context: 'X-Mock-Control', message: expect.stringContaining('http://evil.test') },
    ]);
    // Without Origin too: a form post or a text/plain body is not enough.
    const bodies: Record<string, string>[] = [
      { 'Content-Type': 'text/plain' },
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      {},
    ];
    for (const headers of bodies) {
      const bare = await call(mock, 'POST', '/__mock/reset', { headers, body: 'a=1' });
      expect(bare.status, JSON.stringify(headers)).toBe(403);
      expect(errorBody.parse(bare.body).errors[0]!.message).toMatch(/X-Mock-Control: 1.*Content-Type: application\/json/);
    }
    expect(touched(mock)).toBe(true);
  });

  it('resets with the X-Mock-Control header, or a JSON body from its own origin', async () => {
    const mock = testMockServer();
    touch(mock);
    expect((await call(mock, 'POST', '/__mock/reset', { headers: MOCK_CONTROL })).status).toBe(204);
    expect(touched(mock)).toBe(false);
    touch(mock);
    const own = { Origin: 'http://mock.test', 'Sec-Fetch-Site': 'same-origin' };
    expect((await call(mock, 'POST', '/__mock/reset', { json: {}, headers: own })).status).toBe(204);
    expect(touched(mock)).toBe(false);
  });

  it('refuses a JSON body or the header from another origin or site', async () => {
    const mock = testMockServer();
    touch(mock);
    const foreign: Record<string, string>[] = [
      { Origin: 'http://evil.test' },
      { Origin: 'http://mock.test:8080' },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'same-site' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { ...MOCK_CONTROL, Origin: 'http://evil.test' },
    ];
    for (const headers of foreign) {
      expect((await call(mock, 'POST', '/__mock/reset', { json: {}, headers })).status, JSON.stringify(headers)).toBe(403);
    }
    expect((await call(mock, 'DELETE', '/__mock/faults')).status).toBe(403);
    expect(
      (await call(mock, 'POST', '/__mock/faults', { json: { fault: 'status=500' }, headers: { Origin: 'http://evil.test' } }))
        .status,
    ).toBe(403);
    expect(touched(mock)).toBe(true);
  });

  it('leaves GET /__mock/health open', async () => {
    const res = await call(testMockServer(), 'GET', '/__mock/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, edition: 'enterprise' });
  });

  it('with MOCK_CONTROLS=0 has no controls at all (404)', async () => {
    const mock = testMockServer({}, { MOCK_CONTROLS: '0' });
    touch(mock);
    const token = await tokenFor(mock, 'admin');
    const clients = await call(mock, 'GET', '/api/v2/clients?limit=1', { token });
    const clientId = (clients.body as { data: { id: string }[] }).data[0]!.id;
    for (const [method, path] of [
      ['POST', '/__mock/reset'],
      ['GET', '/__mock/health'],
      ['POST', '/__mock/faults'],
      ['DELETE', '/__mock/faults'],
      ['POST', `/__mock/clients/${clientId}/token`],
    ] as const) {
      const res = await call(mock, method, path, {
        headers: MOCK_CONTROL,
        ...(method === 'POST' ? { json: { fault: 'drop' } } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(errorBody.parse(res.body).errors[0]!.message).toBe(`No operation ${method} ${path} exists.`);
    }
    expect(touched(mock)).toBe(true);
    expect((await call(mock, 'GET', '/api/v2/roles', { token })).status).toBe(200);
  });

  it('reads MOCK_CONTROLS as 1 (the default) or 0, nothing else', () => {
    expect(configFromEnv({}).mockControls).toBe(true);
    expect(configFromEnv({ MOCK_CONTROLS: '1' }).mockControls).toBe(true);
    expect(configFromEnv({ MOCK_CONTROLS: '0' }).mockControls).toBe(false);
    expect(() => configFromEnv({ MOCK_CONTROLS: 'off' })).toThrow(/MOCK_CONTROLS/);
  });
});

describe('fault rule paths: patterns, never regular expressions', () => {
  /** [pattern, path, matches] */
  const cases: [string, string, boolean][] = [
    // Whole segments from the start; a final $ means exactly.
    ['/api/v2/app-users', '/api/v2/app-users', true],
    ['/api/v2/app-users', '/api/v2/app-users/7/secret', true],
    ['/api/v2/app-users', '/api/v2/app-users-x', false],
    ['/api/v2/app-users', '/api/v2', false],
    ['/api/v2/', '/api/v2/roles', true],
    ['/', '/api/version', true],
    ['/api/v2/app-users$', '/api/v2/app-users', true],
    ['/api/v2/app-users$', '/api/v2/app-users/7', false],
    // * is any one segment.
    ['/api/v2/features/*/toggle$', '/api/v2/features/12/toggle', true],
    ['/api/v2/features/*/toggle$', '/api/v2/features/12/toggle/x', false],
    ['/api/v2/features/*/toggle$', '/api/v2/features/1/2/toggle', false],
    ['/api/v2/features/*/toggle$', '/api/v2/features//toggle', false],
    ['/api/*/roles', '/api/v2/roles/3', true],
  ];
  it.each(cases)('%s on %s: %s', (pattern, path, expected) => {
    expect(matchesPath(parsePathPattern(pattern)!, path)).toBe(expected);
  });

  it('refuses anything else', () => {
    for (const bad of [
      '^/api/v2/roles$',
      '^/api/(a|aa)+$',
      'api/v2/roles',
      '/api/v2/ro*les',
      '/api/v2/roles$/x',
      '/api/v2/[a-z]+',
      '/api/v2/roles?x=1',
      '/api/.*',
      `/${'a'.repeat(500)}`,
    ]) {
      expect(parsePathPattern(bad), bad).toBeNull();
    }
    expect(parsePathPattern(`/${'a'.repeat(499)}`)).not.toBeNull();
  });

  it('answers 400 naming path for a regular expression, and a long path does not stall the server', async () => {
    const mock = testMockServer();
    const token = await tokenFor(mock, 'admin');
    const refused = await call(mock, 'POST', '/__mock/faults', { json: { fault: 'status=500', path: '^/api/(a|aa)+$' } });
    expect(refused.status).toBe(400);
    expect(errorBody.parse(refused.body).errors).toEqual([
      { context: 'path', message: expect.stringContaining('not a regular expression') },
    ]);
    const armed = await call(mock, 'POST', '/__mock/faults', { json: { fault: 'status=503', path: '/api/*/*/*/*$' } });
    expect(armed.status).toBe(204);
    const started = performance.now();
    const long = await call(mock, 'GET', `/api/${'a'.repeat(60_000)}!`, { token });
    expect(long.status).toBe(404);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('injects a prefix rule and a * rule where they match', async () => {
    const mock = testMockServer();
    const token = await tokenFor(mock, 'admin');
    const arm = (path: string, method: string) =>
      call(mock, 'POST', '/__mock/faults', { json: { fault: 'status=502', path, method }, headers: MOCK_CONTROL });
    expect((await arm('/api/v2/roles', 'GET')).status).toBe(204);
    expect((await arm('/api/v2/features/*/toggle$', 'PUT')).status).toBe(204);
    expect((await call(mock, 'GET', '/api/v2/roles', { token })).status).toBe(502);
    expect((await call(mock, 'GET', '/api/v2/roles/1', { token })).status).toBe(502);
    expect((await call(mock, 'GET', '/api/v2/permissions', { token })).status).toBe(200);
    expect((await call(mock, 'PUT', '/api/v2/features/1/toggle', { token })).status).toBe(502);
    expect((await call(mock, 'GET', '/api/v2/features', { token })).status).toBe(200);
    expect((await call(mock, 'DELETE', '/__mock/faults', { headers: MOCK_CONTROL })).status).toBe(204);
    expect((await call(mock, 'GET', '/api/v2/roles', { token })).status).toBe(200);
  });

  it(`holds at most ${MAX_FAULT_RULES} rules`, async () => {
    const mock = testMockServer();
    for (let i = 0; i < MAX_FAULT_RULES; i++) {
      expect((await call(mock, 'POST', '/__mock/faults', { json: { fault: 'status=500', path: `/api/x${i}` } })).status).toBe(
        204,
      );
    }
    const over = await call(mock, 'POST', '/__mock/faults', { json: { fault: 'status=500', path: '/api/y' } });
    expect(over.status).toBe(400);
  });
});
