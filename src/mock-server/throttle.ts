import { createHash } from 'node:crypto';
import { ApiFailure } from './errors';
import { plural } from '../shared/words';

/**
 * Sign-in throttling. Failed sign-ins are counted under three keys, and an
 * attempt is refused (429 with Retry-After) while any of its keys is locked:
 *
 * - the pair (client address, name): someone guessing one password from one place;
 * - the client address, whatever the names: a spray of guesses, or of unknown names;
 * - the name, from every address: a distributed guesser. Its lock is short and
 *   capped (`NAME_RULE`), so nobody can keep a person out of their account for long.
 *
 * A success clears only its pair. Attempts still being checked count against
 * the limits too, so a burst of parallel guesses cannot slip past them. Entries
 * are forgotten `FAILURE_MEMORY_MS` after their last failure or lock, and the
 * table never holds more than `MAX_THROTTLE_ENTRIES`: it is kept in two
 * generations, and when the newer one is full the older one is dropped whole
 * (an entry in use moves to the newer one), so unknown names cannot grow it
 * and making room costs nothing per request.
 *
 * The client address is the socket's (`clientAddress`); X-Forwarded-For is
 * never read, since any client can write it.
 */
export interface LockRule {
  /** Failures in a row (while the entry is remembered) that lock the key. */
  failures: number;
  /** The first lock; each further lock of the same entry is twice as long, up to `maxLockMs`. */
  firstLockMs: number;
  maxLockMs: number;
}

/** One address, one name: 5 failures lock that pair for 30 s, then 1, 2, 4, 8 min, at most 15 min. */
export const PAIR_RULE: LockRule = { failures: 5, firstLockMs: 30_000, maxLockMs: 15 * 60_000 };
/** One address, any names: 20 failures lock the address for 30 s, doubling, at most 15 min. */
export const ADDRESS_RULE: LockRule = { failures: 20, firstLockMs: 30_000, maxLockMs: 15 * 60_000 };
/** One name, all addresses: 20 failures lock the name for 15 s, then 30 s, then never more than 60 s. */
export const NAME_RULE: LockRule = { failures: 20, firstLockMs: 15_000, maxLockMs: 60_000 };
/** An entry (its failures and its backoff) is forgotten this long after its last failure or the end of its lock. */
export const FAILURE_MEMORY_MS = 15 * 60_000;
/** Most entries the table holds (two generations of half as many). */
export const MAX_THROTTLE_ENTRIES = 10_000;
/** Retry-After while the attempts in flight already reach a limit. */
const IN_FLIGHT_RETRY_SECONDS = 1;
/** Names longer than this are keyed by their SHA-256, so a long name costs no more memory than a short one. */
const MAX_NAME_KEY_LENGTH = 64;
/** The address of a request that came without a socket (in-process tests: `mock.fetch` without env). */
export const LOCAL_ADDRESS = 'local';

/**
 * The client address of a request from its socket (`env.incoming.socket`, as
 * @hono/node-server passes it, also inside the Vite plugin). IPv4-mapped IPv6
 * counts as IPv4, and IPv6 is counted per /64 (one host usually holds a whole
 * /64, so per address it could guess without limit).
 */
export function clientAddress(env: unknown): string {
  const raw = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
  if (!raw) return LOCAL_ADDRESS;
  const address = raw.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? front : [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

interface Entry {
  failures: number;
  /** Attempts admitted and not yet finished. */
  pending: number;
  locks: number;
  lockedUntil: number;
  forgetAt: number;
}

export type AttemptOutcome = 'failed' | 'succeeded' | 'neither';

/** An admitted sign-in attempt; `end` it once (later calls do nothing). */
export interface LoginAttempt {
  end(outcome?: AttemptOutcome): void;
}

interface Held {
  key: string;
  rule: LockRule;
  entry: Entry;
}

export class LoginThrottle {
  /** Entries used since the last rotation, and those from the generation before (dropped at the next). */
  private current = new Map<string, Entry>();
  private previous = new Map<string, Entry>();
  /** Bumped by `clear`, so attempts from before a reset record nothing after it. */
  private generation = 0;

  constructor(private readonly now: () => number = Date.now) {}

  get size(): number {
    return this.current.size + this.previous.size;
  }

  /** Admits an attempt of `name` from `address`, or throws the 429 saying how long to wait. */
  begin(address: string, name: string): LoginAttempt {
    const now = this.now();
    const keys = keysOf(address, name);
    let wait = 0;
    for (const { key, rule } of keys) {
      const entry = this.live(key, now);
      if (!entry) continue;
      if (entry.lockedUntil > now) wait = Math.max(wait, Math.ceil((entry.lockedUntil - now) / 1000));
      else if (entry.failures + entry.pending >= rule.failures) wait = Math.max(wait, IN_FLIGHT_RETRY_SECONDS);
    }
    if (wait > 0) {
      throw new ApiFailure(
        429,
        [{ context: 'username', message: `Too many failed sign-ins. Try again in ${plural(wait, 'second')}.` }],
        { 'Retry-After': String(wait) },
      );
    }
    const held: Held[] = keys.map(({ key, rule }) => {
      const entry = this.live(key, now) ?? this.put(key, { failures: 0, pending: 0, locks: 0, lockedUntil: 0, forgetAt: 0 });
      entry.pending += 1;
      entry.forgetAt = Math.max(entry.forgetAt, now + FAILURE_MEMORY_MS);
      return { key, rule, entry };
    });
    const generation = this.generation;
    let ended = false;
    return {
      end: (outcome: AttemptOutcome = 'neither') => {
        if (ended) return;
        ended = true;
        for (const h of held) h.entry.pending = Math.max(0, h.entry.pending - 1);
        if (generation !== this.generation) return;
        if (outcome === 'failed') for (const h of held) this.fail(h, this.now());
        // Only the pair: a success must not wipe the failures an address or a name collected elsewhere.
        const pair = held[0]!;
        if (outcome === 'succeeded' && (this.current.get(pair.key) ?? this.previous.get(pair.key)) === pair.entry) {
          this.current.delete(pair.key);
          this.previous.delete(pair.key);
        }
      },
    };
  }

  clear(): void {
    this.current.clear();
    this.previous.clear();
    this.generation += 1;
  }

  private fail({ key, rule, entry: held }: Held, now: number): void {
    // The entry may have been dropped meanwhile: count on the current one, or bring it back.
    const entry = this.live(key, now) ?? this.put(key, held);
    entry.failures += 1;
    if (entry.failures >= rule.failures) {
      entry.failures = 0;
      entry.locks += 1;
      entry.lockedUntil = now + Math.min(rule.firstLockMs * 2 ** (entry.locks - 1), rule.maxLockMs);
    }
    entry.forgetAt = Math.max(now, entry.lockedUntil) + FAILURE_MEMORY_MS;
  }

  /** The entry of `key` (moved to the newer generation), unless it is due to be forgotten (then it is). */
  private live(key: string, now: number): Entry | undefined {
    const entry = this.current.get(key) ?? this.previous.get(key);
    if (!entry) return undefined;
    if (entry.pending === 0 && entry.forgetAt <= now) {
      this.current.delete(key);
      this.previous.delete(key);
      return undefined;
    }
    return this.put(key, entry);
  }

  private put(key: string, entry: Entry): Entry {
    this.previous.delete(key);
    if (!this.current.has(key) && this.current.size >= MAX_THROTTLE_ENTRIES / 2) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(key, entry);
    return entry;
  }
}

function keysOf(address: string, name: string): { key: string; rule: LockRule }[] {
  const id = name.length > MAX_NAME_KEY_LENGTH ? createHash('sha256').update(name).digest('base64url') : name;
  return [
    { key: `pair ${address} ${id}`, rule: PAIR_RULE },
    { key: `address ${address}`, rule: ADDRESS_RULE },
    { key: `name ${id}`, rule: NAME_RULE },
  ];
}
