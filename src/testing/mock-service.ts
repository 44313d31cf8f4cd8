import { buildSeed, createMockServer, type MockServer } from '@/mock-server/app';
import type { MockConfig } from '@/mock-server/config';
import { MOCK_CONTROL_HEADER } from '@/mock-server/mock-controls';
import type { DbState } from '@/mock-server/store/db';
import { errorBody } from '@/api/schemas/wire-format';

export const TEST_PASSWORD = 'Correct-Horse-9';

/** The header a call of a mock control (`/__mock/*`) needs, unless it sends a JSON body. */
export const MOCK_CONTROL = { [MOCK_CONTROL_HEADER]: '1' };

/** The origin `call` and `routeFetchTo` send requests to, and the test mock's root URL (its SSO URLs start there). */
export const TEST_ORIGIN = 'http://mock.test';

/**
 * The seeds built so far, as JSON, by the config they were built for: kept for the worker's life where
 * its files share their modules (vitest.config.ts), else for the file's. Building one costs hundreds of
 * milliseconds (every seeded password is hashed); a copy of a built one costs a few. A seed depends on the
 * config's values alone (its times count from SEED_EPOCH, never from the clock), so the key leaves out
 * the config's functions.
 */
const seeds = new Map<string, string>();

function reusedSeed(config: MockConfig): DbState {
  const key = JSON.stringify(config);
  let seed = seeds.get(key);
  if (seed === undefined) {
    seed = JSON.stringify(buildSeed(config));
    seeds.set(key, seed);
  }
  return JSON.parse(seed) as DbState;
}

/**
 * An in-process mock service (no network) with a fixed token secret, for unit tests. Each call gives a
 * service of its own, starting from the seed; the seed itself is built once per config (above).
 */
export function testMockServer(overrides: Partial<MockConfig> = {}, env: Record<string, string | undefined> = {}): MockServer {
  // A plain Uint8Array (not a jsdom TextEncoder's), so jose accepts the key in jsdom tests too.
  return createMockServer(
    { jwtSecret: new Uint8Array(Buffer.from('unit-test-secret')), rootUrl: TEST_ORIGIN, ...overrides },
    env,
    reusedSeed,
  );
}

/**
 * Calls the in-process mock like a client would. `token` adds the bearer header; `address` is the
 * client's address as the socket would give it (without one, every call comes from one local address).
 */
export async function call(
  mock: MockServer,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; headers?: Record<string, string>; body?: BodyInit; address?: string } = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body = options.body;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const env = options.address ? { incoming: { socket: { remoteAddress: options.address } } } : undefined;
  const res = await mock.fetch(new Request(`${TEST_ORIGIN}${path}`, { method, headers, body }), env);
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** A session token for a seeded account. */
export async function tokenFor(mock: MockServer, username: string, password = TEST_PASSWORD): Promise<string> {
  const res = await call(mock, 'POST', '/api/v2/login', { json: { login_method: 'secret', username, secret: password } });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { data: { session_token: string } }).data.session_token;
}

/**
 * Signs `username` in for a component test: a session token from the mock, placed in the tab's session
 * as the sign-in page would (src/lib/session.tsx). Returns the token, for calls the test makes itself.
 */
export async function signInSession(mock: MockServer, username: string): Promise<string> {
  const token = await tokenFor(mock, username);
  const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub: string; exp: number };
  sessionStorage.setItem('admin-console.session', JSON.stringify({ token, userId: payload.sub, expiresAt: payload.exp * 1000 }));
  return token;
}

/**
 * Answers late by up to this many milliseconds, at random (TEST_FETCH_JITTER_MS, default 0): run the unit
 * tests with it set to shake out tests that count on one answer coming before another.
 */
const JITTER_MS = Number(process.env.TEST_FETCH_JITTER_MS ?? 0) || 0;

/**
 * Routes the global `fetch` to an in-process mock service, so components and
 * the API client can be tested against real service behaviour without a server.
 * Returns a function that restores the original fetch.
 */
export function routeFetchTo(mock: MockServer): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const absolute = new URL(url, TEST_ORIGIN);
    if (JITTER_MS > 0) await new Promise((r) => setTimeout(r, Math.random() * JITTER_MS));
    return mock.fetch(new Request(absolute, init));
  }) as typeof fetch;
  return () => {
    globalThis.fetch = original;
  };
}

/** The `errors` of the service's error body, parsed (a body of another shape fails the test). */
export function errorsOf(body: unknown) {
  return errorBody.parse(body).errors;
}

/** One change to the mock's answers: requests whose method and path match have their JSON body edited. */
export interface AnswerEdit {
  method?: string;
  /** The request's path (without the query), exactly, or a pattern it matches. */
  path: string | RegExp;
  /** The new body, from the mock's own (parsed JSON). */
  edit: (body: any) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any -- a test edits any shape
}

/**
 * Like routeFetchTo, but the answers of the matching requests are edited first: a server that follows
 * the reference but not the mock's habits (an SSO provider of another type, a status the console does
 * not know, a field missing), with everything else the mock's real behaviour.
 */
export function routeFetchWithEdits(mock: MockServer, edits: readonly AnswerEdit[]): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const absolute = new URL(url, TEST_ORIGIN);
    const method = (init?.method ?? 'GET').toUpperCase();
    const res = await mock.fetch(new Request(absolute, init));
    const rule = edits.find(
      (e) =>
        (e.method ?? 'GET') === method &&
        (typeof e.path === 'string' ? e.path === absolute.pathname : e.path.test(absolute.pathname)),
    );
    if (!rule || !res.ok) return res;
    const body = rule.edit(await res.json());
    return new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
  }) as typeof fetch;
  return () => {
    globalThis.fetch = original;
  };
}
