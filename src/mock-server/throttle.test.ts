import { describe, expect, it } from 'vitest';
import { ApiFailure } from './errors';
import {
  ADDRESS_RULE,
  clientAddress,
  FAILURE_MEMORY_MS,
  LOCAL_ADDRESS,
  LoginThrottle,
  MAX_THROTTLE_ENTRIES,
  NAME_RULE,
  PAIR_RULE,
} from './throttle';

/** A throttle on a clock the test moves. */
function throttleAt(start = 1_000_000) {
  const clock = { now: start };
  const throttle = new LoginThrottle(() => clock.now);
  /** Seconds to wait (the 429's Retry-After), or 0 when the attempt is admitted; ends it with `outcome`. */
  const tryOnce = (address: string, name: string, outcome: 'failed' | 'succeeded' = 'failed'): number => {
    try {
      throttle.begin(address, name).end(outcome);
      return 0;
    } catch (e) {
      if (!(e instanceof ApiFailure) || e.status !== 429) throw e;
      expect(e.headers['Retry-After']).toMatch(/^\d+$/);
      return Number(e.headers['Retry-After']);
    }
  };
  return { clock, throttle, tryOnce };
}

describe('sign-in throttle', () => {
  it('locks one name from one address after five failures, doubling, without touching other addresses', () => {
    const { clock, tryOnce } = throttleAt();
    for (let i = 0; i < PAIR_RULE.failures; i++) expect(tryOnce('10.0.0.2', 'reader')).toBe(0);
    expect(tryOnce('10.0.0.2', 'reader', 'succeeded')).toBe(30);
    // The person at another address is not locked out by the stranger at 10.0.0.2.
    expect(tryOnce('10.0.0.1', 'reader', 'succeeded')).toBe(0);
    clock.now += 30_000;
    for (let i = 0; i < PAIR_RULE.failures; i++) expect(tryOnce('10.0.0.2', 'reader')).toBe(0);
    expect(tryOnce('10.0.0.2', 'reader')).toBe(60);
  });

  it('locks an address that fails for many names, and only that address', () => {
    const { tryOnce } = throttleAt();
    for (let i = 0; i < ADDRESS_RULE.failures; i++) expect(tryOnce('10.0.0.2', `ghost-${i}`)).toBe(0);
    expect(tryOnce('10.0.0.2', 'admin', 'succeeded')).toBe(30);
    expect(tryOnce('10.0.0.3', 'ghost-0')).toBe(0);
  });

  it('locks a name guessed from many addresses only briefly: never more than 60 s', () => {
    const { clock, tryOnce } = throttleAt();
    const waits: number[] = [];
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < NAME_RULE.failures; i++) expect(tryOnce(`10.1.${round}.${i}`, 'reader')).toBe(0);
      const wait = tryOnce('10.0.0.1', 'reader', 'succeeded');
      waits.push(wait);
      clock.now += wait * 1000;
      expect(tryOnce('10.0.0.1', 'reader', 'succeeded')).toBe(0);
    }
    expect(waits).toEqual([15, 30, 60, 60, 60, 60]);
    expect(NAME_RULE.maxLockMs).toBeLessThanOrEqual(60_000);
  });

  it('counts attempts still being checked, so a parallel burst cannot slip past the limit', () => {
    const { throttle, tryOnce } = throttleAt();
    const inFlight = Array.from({ length: PAIR_RULE.failures }, () => throttle.begin('10.0.0.2', 'reader'));
    expect(tryOnce('10.0.0.2', 'reader')).toBe(1);
    for (const attempt of inFlight) attempt.end('failed');
    expect(tryOnce('10.0.0.2', 'reader')).toBe(30);
  });

  it('clears only the pair on success, and forgets failures after a quiet while', () => {
    const { clock, tryOnce } = throttleAt();
    for (let i = 0; i < PAIR_RULE.failures - 1; i++) tryOnce('10.0.0.2', 'reader');
    expect(tryOnce('10.0.0.2', 'reader', 'succeeded')).toBe(0);
    for (let i = 0; i < PAIR_RULE.failures - 1; i++) expect(tryOnce('10.0.0.2', 'reader')).toBe(0);
    clock.now += FAILURE_MEMORY_MS;
    // Forgotten: five more failures are needed, and the lock starts again at 30 s.
    for (let i = 0; i < PAIR_RULE.failures; i++) expect(tryOnce('10.0.0.2', 'reader')).toBe(0);
    expect(tryOnce('10.0.0.2', 'reader')).toBe(30);
  });

  it('stays bounded after 20,000 unknown names', () => {
    const { throttle, tryOnce } = throttleAt();
    for (let i = 0; i < 20_000; i++) tryOnce(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, `ghost-${i}`);
    expect(throttle.size).toBeLessThanOrEqual(MAX_THROTTLE_ENTRIES);
    // From one address too (it is locked after 20, and locked attempts add nothing).
    for (let i = 0; i < 20_000; i++) tryOnce('10.9.9.9', `phantom-${i}`);
    expect(throttle.size).toBeLessThanOrEqual(MAX_THROTTLE_ENTRIES);
  });

  it('forgets everything on clear, and attempts from before it record nothing after it', () => {
    const { throttle, tryOnce } = throttleAt();
    const before = throttle.begin('10.0.0.2', 'reader');
    for (let i = 0; i < PAIR_RULE.failures - 1; i++) tryOnce('10.0.0.2', 'reader');
    throttle.clear();
    before.end('failed');
    expect(throttle.size).toBe(0);
  });
});

describe('client address', () => {
  const env = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

  it('is the socket address, one local address without a socket', () => {
    expect(clientAddress(undefined)).toBe(LOCAL_ADDRESS);
    expect(clientAddress({})).toBe(LOCAL_ADDRESS);
    expect(clientAddress(env('10.0.0.2'))).toBe('10.0.0.2');
    expect(clientAddress(env('::ffff:10.0.0.2'))).toBe('10.0.0.2');
  });

  it('counts IPv6 per /64', () => {
    expect(clientAddress(env('2001:db8:1:2:3:4:5:6'))).toBe('2001:db8:1:2::/64');
    expect(clientAddress(env('2001:DB8:1:2::9'))).toBe('2001:db8:1:2::/64');
    expect(clientAddress(env('2001:db8::1'))).toBe('2001:db8:0:0::/64');
    expect(clientAddress(env('::1'))).toBe('0:0:0:0::/64');
    expect(clientAddress(env('fe80::1%eth0'))).toBe('fe80:0:0:0::/64');
  });
});
