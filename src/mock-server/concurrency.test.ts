/**
 * What the load bench made the mock do differently: passwords hashed off the
 * event loop (so requests interleave while one hashes), session tokens
 * verified once and then remembered, member counts kept apart from the member
 * indexes. These check the rules still hold.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, testMockServer, tokenFor } from '../testing/mock-service';
import { memberCountOf, memberIndexOf } from './areas/asset-groups/members';
import { TokenService } from './auth';
import { configFromEnv } from './config';

const PASSWORD = 'Concurrent-Pass-42';
const newUser = (principal: string, email: string) => ({
  principal,
  email_address: email,
  first_name: 'Con',
  last_name: 'Current',
  roles: [2],
  secret: PASSWORD,
});

describe('mock service: concurrent writes', () => {
  it('creates a principal once when two requests with passwords race for it', async () => {
    const mock = testMockServer();
    const token = await tokenFor(mock, 'admin');
    const [a, b] = await Promise.all([
      call(mock, 'POST', '/api/v2/app-users', { token, json: newUser('racer', 'racer.one@example.com') }),
      call(mock, 'POST', '/api/v2/app-users', { token, json: newUser('racer', 'racer.two@example.com') }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const list = await call(mock, 'GET', '/api/v2/app-users?principal_name=eq:racer', { token });
    expect((list.body as { data: { users: unknown[] } }).data.users).toHaveLength(1);
    // The one created signs in with its password.
    expect(await tokenFor(mock, 'racer', PASSWORD)).toBeTruthy();
  });

  it('answers other requests while a password is being hashed', async () => {
    const mock = testMockServer();
    const token = await tokenFor(mock, 'admin');
    const order: string[] = [];
    const create = call(mock, 'POST', '/api/v2/app-users', {
      token,
      json: newUser('hashing', 'hashing@example.com'),
    }).then((r) => order.push(`create ${r.status}`));
    const read = call(mock, 'GET', '/api/v2/roles', { token }).then((r) => order.push(`read ${r.status}`));
    await Promise.all([create, read]);
    expect(order).toEqual(['read 200', 'create 200']);
  });

  it('refuses a password change when another change of it landed during the hashing', async () => {
    const mock = testMockServer();
    const token = await tokenFor(mock, 'admin');
    const created = await call(mock, 'POST', '/api/v2/app-users', { token, json: newUser('twice', 'twice@example.com') });
    const id = (created.body as { data: { id: string } }).data.id;
    const put = (secret: string) => call(mock, 'PUT', `/api/v2/app-users/${id}/secret`, { token, json: { secret } });
    const results = await Promise.all([put('First-New-Pass-1'), put('Second-New-Pass-2')]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(204);
    // Both may succeed one after the other, or the second is told to try again; never a silent mix.
    if (statuses[1] === 409) {
      expect(results.find((r) => r.status === 409)!.body).toMatchObject({
        errors: [{ context: 'secret', message: expect.stringMatching(/changed by another request meanwhile/) }],
      });
    } else expect(statuses[1]).toBe(204);
    const winners = await Promise.all(
      ['First-New-Pass-1', 'Second-New-Pass-2'].map((p) =>
        call(mock, 'POST', '/api/v2/login', { json: { login_method: 'secret', username: 'twice', secret: p } }).then(
          (r) => r.status,
        ),
      ),
    );
    expect(winners.filter((s) => s === 200)).toHaveLength(1);
  });
});

describe('mock service: remembered session tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('still expire and still honour sign-out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = new TokenService(configFromEnv({}, { jwtSecret: new Uint8Array(Buffer.from('k')), tokenTtlSeconds: 60 }));
    const token = await tokens.issue('someone', 'user');
    const claims = await tokens.verify(token);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(Date.now() + 61_000);
    await expect(tokens.verify(token)).rejects.toThrow('The session has expired. Sign in again.');
    await expect(tokens.verify(token)).rejects.toThrow('The session has expired. Sign in again.');

    vi.useRealTimers();
    const other = await tokens.issue('someone', 'user');
    const c = await tokens.verify(other);
    tokens.revoke(c.tokenId, c.expiresAt);
    await expect(tokens.verify(other)).rejects.toThrow('This sign-in was signed out. Sign in again.');
  });
});

describe('mock service: member indexes with many groups', () => {
  it('keeps a big group index while the counts of many other groups are listed', () => {
    const big = { assetGroupId: 9000, selectors: [], population: { kind: 'fleet' as const, size: 3000 } };
    const index = memberIndexOf(big);
    for (let id = 9001; id < 9101; id++) expect(memberCountOf({ assetGroupId: id, selectors: [], population: null })).toBe(0);
    expect(memberIndexOf(big)).toBe(index);
    expect(memberCountOf(big)).toBe(3000);
  });
});
