import { randomBytes } from 'node:crypto';
import { parseFault, type Fault } from './faults';
import { DEFAULT_PASSWORD } from './seed/core';

export type Edition = 'enterprise' | 'community';

/** Settings of the mock server, from the environment (see README, "Settings"). */
export interface MockConfig {
  edition: Edition;
  /** Password of every seeded account. */
  password: string;
  /** JSON file the state is saved to and loaded from; null = memory only. */
  dbFile: string | null;
  /** HS256 key of session tokens. Random per start unless MOCK_JWT_SECRET is set. */
  jwtSecret: Uint8Array;
  /** Session token lifetime in seconds. */
  tokenTtlSeconds: number;
  /** Largest `Prefer: wait=N` accepted, in seconds. */
  maxWaitSeconds: number;
  /** Print requests to the console. */
  log: boolean;
  /** A fault injected into every /api request (see faults.ts); null = none. */
  fault: Fault | null;
  /** Failed sign-ins of one username in a row before it is throttled (429). */
  loginAttempts: number;
}

export const MAX_PREFER_WAIT_SECONDS = 300;

export function configFromEnv(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<MockConfig> = {},
): MockConfig {
  const edition = (env.MOCK_EDITION ?? 'enterprise').toLowerCase();
  if (edition !== 'enterprise' && edition !== 'community') {
    throw new Error(`MOCK_EDITION must be "enterprise" or "community", not "${env.MOCK_EDITION}"`);
  }
  const ttl = env.MOCK_TOKEN_TTL ? Number(env.MOCK_TOKEN_TTL) : 8 * 3600;
  if (!Number.isInteger(ttl) || ttl <= 0) throw new Error(`MOCK_TOKEN_TTL must be a positive whole number of seconds`);
  const fault = env.MOCK_FAULT ? parseFault(env.MOCK_FAULT) : null;
  if (env.MOCK_FAULT && !fault) throw new Error(`MOCK_FAULT "${env.MOCK_FAULT}" is not a fault (see src/mock-server/faults.ts)`);
  return {
    edition,
    password: env.MOCK_PASSWORD || DEFAULT_PASSWORD,
    dbFile: env.MOCK_DB || null,
    jwtSecret: env.MOCK_JWT_SECRET ? new TextEncoder().encode(env.MOCK_JWT_SECRET) : new Uint8Array(randomBytes(32)),
    tokenTtlSeconds: ttl,
    maxWaitSeconds: MAX_PREFER_WAIT_SECONDS,
    log: env.MOCK_LOG === '1',
    fault,
    loginAttempts: 5,
    ...overrides,
  };
}
