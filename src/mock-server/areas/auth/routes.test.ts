import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody } from '../../../api/schemas/wire-format';
import { call, TEST_PASSWORD, testMockServer } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import type * as secrets from '../../secrets';
import { hashSecret, verifySecretAsync } from '../../secrets';
import { ADDRESS_RULE, PAIR_RULE } from '../../throttle';

// Count the hashing sign-in does, without changing it.
vi.mock('../../secrets', async (importOriginal) => {
  const actual = await importOriginal<typeof secrets>();
  return { ...actual, hashSecret: vi.fn(actual.hashSecret), verifySecretAsync: vi.fn(actual.verifySecretAsync) };
});

const login = (mock: MockServer, username: string, secret: string, address?: string) =>
  call(mock, 'POST', '/api/v2/login', { json: { login_method: 'secret', username, secret }, address });

describe('sign-in: the same work and answer whether or not the name exists', () => {
  let mock: MockServer;
  beforeEach(() => {
    mock = testMockServer();
    vi.mocked(verifySecretAsync).mockClear();
    vi.mocked(hashSecret).mockClear();
  });

  it('hashes once, off the event loop, for an unknown name, an account without a password and a wrong password', async () => {
    const sso = mock.db.state.users.find((u) => u.secret === null && u.deleted_at === null)!;
    const answers = [];
    for (const [name, address] of [
      ['ghost', '10.0.0.1'],
      [sso.principal_name, '10.0.0.2'],
      ['reader', '10.0.0.3'],
    ] as const) {
      vi.mocked(verifySecretAsync).mockClear();
      const res = await login(mock, name, 'Not-The-Password-1', address);
      expect(res.status, name).toBe(401);
      expect(vi.mocked(verifySecretAsync), name).toHaveBeenCalledTimes(1);
      answers.push(errorBody.parse(res.body).errors);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]).toEqual([{ context: 'auth', message: 'The username or password is incorrect.' }]);
    // The synchronous hash (which blocks every other request) is for seeds only.
    expect(vi.mocked(hashSecret)).not.toHaveBeenCalled();
  });

  it('keeps answering other requests while a burst of sign-ins is being hashed', async () => {
    const actual = await vi.importActual<typeof secrets>('../../secrets');
    let hashed = 0;
    vi.mocked(verifySecretAsync).mockImplementation(async (secret, stored) => {
      const result = await actual.verifySecretAsync(secret, stored);
      hashed += 1;
      return result;
    });
    const logins = Array.from({ length: 20 }, (_, i) => login(mock, `ghost-${i}`, 'Not-The-Password-1', `10.0.1.${i}`));
    // Once all 20 are hashing, ask for something else: it is answered before they are done
    // (a hash on the event loop would have finished each one as it started).
    while (vi.mocked(verifySecretAsync).mock.calls.length < 20) await new Promise((r) => setImmediate(r));
    const version = await call(mock, 'GET', '/api/version');
    expect(version.status).not.toBe(500);
    expect(hashed).toBeLessThan(20);
    expect((await Promise.all(logins)).map((r) => r.status)).toEqual(Array(20).fill(401));
    expect(hashed).toBe(20);
  });
});

describe('sign-in throttling per address and per name', () => {
  let mock: MockServer;
  beforeEach(() => {
    mock = testMockServer();
  });

  it("does not let a stranger's failures from another address lock the person out", async () => {
    for (let i = 0; i < PAIR_RULE.failures; i++) expect((await login(mock, 'reader', 'guess', '10.0.0.66')).status).toBe(401);
    const stranger = await login(mock, 'reader', TEST_PASSWORD, '10.0.0.66');
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get('Retry-After'))).toBe(PAIR_RULE.firstLockMs / 1000);
    expect(errorBody.parse(stranger.body).errors[0]!.message).toMatch(/^Too many failed sign-ins\. Try again in 30 seconds\.$/);
    expect((await login(mock, 'reader', TEST_PASSWORD, '10.0.0.5')).status).toBe(200);
  });

  it('locks an address that tries many names, whatever name it tries next, and only that address', async () => {
    for (let i = 0; i < ADDRESS_RULE.failures; i++) {
      expect((await login(mock, `ghost-${i}`, 'guess', '10.0.0.66')).status).toBe(401);
    }
    const locked = await login(mock, 'admin', TEST_PASSWORD, '10.0.0.66');
    expect(locked.status).toBe(429);
    expect(locked.headers.get('Retry-After')).toBe('30');
    expect((await login(mock, 'admin', TEST_PASSWORD, '10.0.0.5')).status).toBe(200);
    // In-process calls without a socket count as one local address of their own.
    expect((await login(mock, 'admin', TEST_PASSWORD)).status).toBe(200);
  });

  it('never reads X-Forwarded-For', async () => {
    for (let i = 0; i < PAIR_RULE.failures; i++) {
      const res = await call(mock, 'POST', '/api/v2/login', {
        json: { login_method: 'secret', username: 'reader', secret: 'guess' },
        headers: { 'X-Forwarded-For': `10.9.0.${i}` },
        address: '10.0.0.66',
      });
      expect(res.status).toBe(401);
    }
    expect((await login(mock, 'reader', TEST_PASSWORD, '10.0.0.66')).status).toBe(429);
  });
});
