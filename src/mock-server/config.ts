import { randomBytes } from 'node:crypto';
import { HIDDEN_CHARACTERS } from '../api/schemas/field-rules';
import { parseFault, type Fault } from './faults';
import { DEFAULT_PASSWORD } from './seed/core';
import type { CollectionConfig } from './areas/collection/store';
import type { FileUploadConfig } from './areas/file-upload/store';
import type { TokensConfig } from './areas/tokens/store';

export type Edition = 'enterprise' | 'community';

/** Settings of the mock server, from the environment (see README, "Settings"); some parts add their own. */
export interface MockConfig extends CollectionConfig, FileUploadConfig, TokensConfig {
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
  /** The mock-only controls under /__mock (MOCK_CONTROLS=0: off, every one answers 404). */
  mockControls: boolean;
  /**
   * The service's own URL (MOCK_ROOT_URL), no trailing slash: the root of the
   * SSO service-provider URLs, which are never built from a request's Host
   * header. By default where the mock listens: `overrides.rootUrl` is that
   * address (main.ts, mount.ts), and MOCK_ROOT_URL, when set, wins over it.
   */
  rootUrl: string;
  /** Milliseconds the pipeline spends ingesting each accepted file of an ended upload job (MOCK_INGEST_MS_PER_FILE). */
  ingestMsPerFile: number;
  /** Milliseconds one analysis run takes (MOCK_ANALYSIS_MS). */
  analysisMs: number;
  /**
   * Nodes of a generated benchmark directory (MOCK_GRAPH_SCALE): the seeded graph grown to at least
   * this many nodes, about ten relationships each (seed/scale.ts); null = the seeded graph. Like the
   * Enterprise Fleet it is generated on every start, never saved with MOCK_DB.
   */
  graphScale: number | null;
  /**
   * MOCK_GRAPH=empty: start without the generated directory (as a clear-database of all graph data and the
   * data-quality history leaves it), so only uploaded files fill the graph; "generated" (the default) keeps it.
   */
  emptyGraph: boolean;
  /** Cypher's updating clauses run (MOCK_CYPHER_MUTATIONS=1), for people with graphdb.Mutate; refused otherwise, as upstream by default. */
  cypherMutations: boolean;
  /**
   * Cypher queries judged too complex are refused (upstream's complexity limit); MOCK_DISABLE_CYPHER_COMPLEXITY_LIMIT=1
   * turns that off, as upstream's `disable_cypher_complexity_limit` setting does.
   */
  cypherComplexityLimit: boolean;
  /**
   * The users' path word as deployed (`app` → /api/v2/app-users): MOCK_USERS_PATH_WORD, else the console's
   * VITE_USERS_PATH_WORD, else `app`. The mock answers both spellings; its API document writes this one.
   */
  usersPathWord: string;
  /** The mock's clock in milliseconds since the epoch (tests inject one); Date.now when absent. */
  clock?: () => number;
}

/** The mock's current time in milliseconds since the epoch: the injected clock, else the system's. */
export function nowOf(config: Pick<MockConfig, 'clock'>): number {
  return config.clock ? config.clock() : Date.now();
}

export const DEFAULT_INGEST_MS_PER_FILE = 1500;
export const DEFAULT_ANALYSIS_MS = 4000;

/** A switch from the environment variable `name`: "1" on, "0" (or unset) off; a clear error otherwise. */
function switchFromEnv(env: Record<string, string | undefined>, name: string): boolean {
  const raw = env[name] ?? '0';
  if (raw !== '0' && raw !== '1') throw new Error(`${name} must be "1" (on) or "0" (off), not "${raw}"`);
  return raw === '1';
}

/** A whole number of milliseconds from 0 to one hour, from the environment variable `name`; a clear error otherwise. */
function millisecondsFromEnv(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = raw.trim();
  if (!/^\d+$/.test(value) || Number(value) > 3_600_000) {
    throw new Error(`${name} must be a whole number of milliseconds from 0 to 3600000, not "${raw}"`);
  }
  return Number(value);
}

/** The largest MOCK_GRAPH_SCALE accepted (a graph of this size takes about 3 GB of memory). */
export const MAX_GRAPH_SCALE = 2_000_000;

/** MOCK_GRAPH: "generated" (the default) or "empty". */
function emptyGraphFromEnv(env: Record<string, string | undefined>): boolean {
  const raw = (env.MOCK_GRAPH ?? 'generated').trim().toLowerCase();
  if (raw !== 'generated' && raw !== 'empty') {
    throw new Error(
      `MOCK_GRAPH must be "generated" (the generated directory) or "empty" (no graph data), not "${env.MOCK_GRAPH}"`,
    );
  }
  if (raw === 'empty' && env.MOCK_GRAPH_SCALE) throw new Error('MOCK_GRAPH=empty and MOCK_GRAPH_SCALE cannot be set together');
  return raw === 'empty';
}

/** MOCK_GRAPH_SCALE as a node count (null when unset); a clear error for anything but a whole number up to MAX_GRAPH_SCALE. */
function graphScaleFromEnv(env: Record<string, string | undefined>): number | null {
  const raw = env.MOCK_GRAPH_SCALE;
  if (raw === undefined || raw.trim() === '') return null;
  const value = raw.trim().replaceAll('_', '');
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_GRAPH_SCALE) {
    throw new Error(
      `MOCK_GRAPH_SCALE must be a whole number of nodes from 1 to ${MAX_GRAPH_SCALE}, such as 100000, not "${raw}"`,
    );
  }
  return Number(value);
}

export const MAX_PREFER_WAIT_SECONDS = 300;

/** Where `npm run mock` listens unless HOST and PORT say otherwise. */
export const DEFAULT_ROOT_URL = 'http://127.0.0.1:8080';

/** The URL of a server listening on `host`:`port` (an address of every interface reads as localhost). */
export function listenUrl(host: string, port: number, https = false): string {
  const name = host === '' || host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `${https ? 'https' : 'http'}://${name}:${port}`;
}

/**
 * A root URL as the mock uses it: an absolute http(s) URL without query,
 * fragment, credentials, spaces or control characters, returned without a
 * trailing slash. Anything else stops the start with a message naming `name`.
 */
export function parseRootUrl(value: string, name = 'MOCK_ROOT_URL'): string {
  const refuse = (why: string) =>
    new Error(`${name} must be an http(s) URL such as https://bloodhound.example.com (${why}), not "${value}"`);
  if (/\s/.test(value) || HIDDEN_CHARACTERS.test(value)) throw refuse('no spaces or control characters');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse('it is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse(`not ${url.protocol.slice(0, -1)}`);
  if (value.includes('?') || value.includes('#')) throw refuse('no query or fragment');
  if (url.username || url.password) throw refuse('no user name or password');
  return url.href.replace(/\/+$/, '');
}

/** The users' path words the mock serves (/api/v2/app-users, /api/v2/bloodhound-users). */
export const USERS_PATH_WORDS = ['app', 'bloodhound'] as const;

/** The users' path word as deployed: one of USERS_PATH_WORDS. */
function usersPathWordFromEnv(env: Record<string, string | undefined>): string {
  const raw = (env.MOCK_USERS_PATH_WORD ?? env.VITE_USERS_PATH_WORD ?? '').trim() || 'app';
  if (!(USERS_PATH_WORDS as readonly string[]).includes(raw)) {
    throw new Error(
      `The users' path word (MOCK_USERS_PATH_WORD or VITE_USERS_PATH_WORD) must be ${USERS_PATH_WORDS.join(' or ')}, the words the mock serves, not "${raw}"`,
    );
  }
  return raw;
}

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
  const controls = env.MOCK_CONTROLS ?? '1';
  if (controls !== '0' && controls !== '1') throw new Error(`MOCK_CONTROLS must be "1" (on) or "0" (off), not "${controls}"`);
  return {
    edition,
    password: env.MOCK_PASSWORD || DEFAULT_PASSWORD,
    dbFile: env.MOCK_DB || null,
    jwtSecret: env.MOCK_JWT_SECRET ? new TextEncoder().encode(env.MOCK_JWT_SECRET) : new Uint8Array(randomBytes(32)),
    tokenTtlSeconds: ttl,
    maxWaitSeconds: MAX_PREFER_WAIT_SECONDS,
    log: env.MOCK_LOG === '1',
    fault,
    mockControls: controls === '1',
    ingestMsPerFile: millisecondsFromEnv(env, 'MOCK_INGEST_MS_PER_FILE', DEFAULT_INGEST_MS_PER_FILE),
    analysisMs: millisecondsFromEnv(env, 'MOCK_ANALYSIS_MS', DEFAULT_ANALYSIS_MS),
    graphScale: graphScaleFromEnv(env),
    emptyGraph: emptyGraphFromEnv(env),
    cypherMutations: switchFromEnv(env, 'MOCK_CYPHER_MUTATIONS'),
    cypherComplexityLimit: !switchFromEnv(env, 'MOCK_DISABLE_CYPHER_COMPLEXITY_LIMIT'),
    usersPathWord: usersPathWordFromEnv(env),
    ...overrides,
    rootUrl: env.MOCK_ROOT_URL ? parseRootUrl(env.MOCK_ROOT_URL) : parseRootUrl(overrides.rootUrl ?? DEFAULT_ROOT_URL, 'rootUrl'),
  };
}
