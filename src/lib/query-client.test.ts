import { describe, expect, it, vi } from 'vitest';
import { AbortedError, HttpError, NetworkError, SchemaError, TimeoutError } from '@/api/errors';
import { createQueryClient, MAX_AUTO_WAIT_SECONDS, retryDelay, shouldRetry } from './query-client';

const http = (status: number, retryAfter: number | null = null) => new HttpError('List users', status, null, retryAfter);

/** How many times a query is tried in all when it keeps failing with `error`. */
function tries(error: unknown): number {
  let failures = 0;
  while (shouldRetry(failures, error)) failures++;
  return failures + 1;
}

describe('retry policy of reads', () => {
  it('tries three times on network failures, 5xx and 408', () => {
    expect(tries(new NetworkError('List users'))).toBe(3);
    expect(tries(http(500))).toBe(3);
    expect(tries(http(503))).toBe(3);
    expect(tries(http(408))).toBe(3);
  });

  it('tries a timed-out read twice only (each try already waited the whole timeout)', () => {
    expect(tries(new TimeoutError('List users', 30_000))).toBe(2);
  });

  it('never retries other 4xx, broken answers or cancelled requests', () => {
    for (const status of [400, 401, 403, 404, 409]) expect(tries(http(status))).toBe(1);
    expect(tries(new SchemaError('List users', []))).toBe(1);
    expect(tries(new SchemaError('List users', [], true))).toBe(1);
    expect(tries(new AbortedError('List users'))).toBe(1);
    expect(tries(new Error('a bug'))).toBe(1);
  });

  it('waits out a short Retry-After on 429 but leaves a long one to the person', () => {
    expect(tries(http(429, 2))).toBe(3);
    expect(tries(http(429, null))).toBe(3);
    expect(tries(http(429, MAX_AUTO_WAIT_SECONDS))).toBe(3);
    expect(tries(http(429, MAX_AUTO_WAIT_SECONDS + 1))).toBe(1);
    expect(tries(http(429, 3600))).toBe(1);
  });

  it('backs off 0.5 s then 1 s, or waits the Retry-After the server gave', () => {
    expect(retryDelay(0, http(500))).toBe(500);
    expect(retryDelay(1, http(500))).toBe(1000);
    expect(retryDelay(2, new NetworkError('x'))).toBe(2000);
    expect(retryDelay(10, new NetworkError('x'))).toBe(8000);
    expect(retryDelay(0, http(429, 3))).toBe(3000);
    expect(retryDelay(1, http(503, 0))).toBe(0);
  });

  it('is the default of the console query client; writes never retry', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.retry).toBe(shouldRetry);
    expect(defaults.queries?.retryDelay).toBe(retryDelay);
    expect(defaults.mutations?.retry).toBe(false);
  });
});

describe('writes with an unknown outcome', () => {
  it('read again what is on screen after a write timed out or lost its connection, not after a refusal', async () => {
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const run = (error: Error) =>
      client
        .getMutationCache()
        .build(client, {
          mutationFn: () => Promise.reject(error),
        })
        .execute(undefined)
        .catch(() => undefined);
    await run(http(400));
    await run(http(500));
    await run(new TimeoutError('Sign in', 5000, false));
    expect(invalidate).not.toHaveBeenCalled();
    await run(new TimeoutError('Create a user', 5000, true));
    await run(new NetworkError('Create a user', undefined, true));
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
