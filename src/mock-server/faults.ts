import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { MockEnv } from './auth';
import { ApiFailure, badRequest } from './errors';

/**
 * Fault injection, honoured only by the mock (never part of the service), so
 * QA and tests can see how the console meets a failing server:
 *
 * - per request, header `X-Mock-Fault: <fault>`;
 * - for later requests, `POST /__mock/faults {"fault": "...", "path": "/api/v2/app-users$", "method": "GET", "times": 1}`
 *   (omit `times` for "until reset"); `DELETE /__mock/faults` and `POST /__mock/reset` clear them.
 *   `path` is a path pattern, never a regular expression (see `parsePathPattern`): whole segments from
 *   the start (`/api/v2/app-users` also matches `/api/v2/app-users/7/secret`), `*` for any one segment,
 *   `$` at the end for "exactly this path"; at most 500 characters and 100 rules;
 * - for every request, the setting `MOCK_FAULT=<fault>` (a flaky server for manual testing).
 *
 * Faults: `status=<400..599>` (an error body with that status), `delay=<ms>`
 * (answer late, e.g. past the client timeout), `malformed` (200 with broken JSON),
 * `schema` (200 with a body that breaks the operation's schema), `throttle=<seconds>`
 * (429 with Retry-After), `drop` (close the connection without an answer).
 */
export const DROPPED_HEADER = 'X-Mock-Dropped';

export type Fault =
  | { kind: 'status'; status: number }
  | { kind: 'delay'; ms: number }
  | { kind: 'malformed' }
  | { kind: 'schema' }
  | { kind: 'throttle'; seconds: number }
  | { kind: 'drop' };

export function parseFault(raw: string): Fault | null {
  const text = raw.trim().toLowerCase();
  const [name, value] = text.split('=').map((s) => s.trim());
  const n = value !== undefined && /^\d+$/.test(value) ? Number(value) : NaN;
  switch (name) {
    case 'status':
      return n >= 400 && n <= 599 ? { kind: 'status', status: n } : null;
    case 'delay':
      return n >= 0 && n <= 600_000 ? { kind: 'delay', ms: n } : null;
    case 'malformed':
      return { kind: 'malformed' };
    case 'schema':
      return { kind: 'schema' };
    case 'throttle':
      return n >= 0 && n <= 3600 ? { kind: 'throttle', seconds: n } : null;
    case 'drop':
      return { kind: 'drop' };
    default:
      return null;
  }
}

export const MAX_PATH_PATTERN_LENGTH = 500;
export const MAX_FAULT_RULES = 100;

/** A path pattern's segments, and whether the path must end where the pattern does. */
export interface PathPattern {
  segments: string[];
  exact: boolean;
}

/** One segment of a pattern: `*`, or the characters a path segment may hold (no regular-expression syntax). */
const PATTERN_SEGMENT = /^(?:\*|[A-Za-z0-9._~%:@!,;=+-]*)$/;

/**
 * A fault rule's `path`: `/`-separated segments matched from the start of the
 * request path, whole segments only; `*` is any one non-empty segment; a final
 * `$` means the path must end there too. Null when `raw` is not such a pattern.
 * Matching (`matchesPath`) is one pass over the segments, so no pattern can stall the server.
 */
export function parsePathPattern(raw: string): PathPattern | null {
  if (raw.length > MAX_PATH_PATTERN_LENGTH || !raw.startsWith('/')) return null;
  const exact = raw.endsWith('$');
  const segments = (exact ? raw.slice(0, -1) : raw).split('/').slice(1);
  // A prefix ending in "/" is the same prefix without it ("/" alone matches every path).
  if (!exact && segments.at(-1) === '') segments.pop();
  return segments.every((s) => PATTERN_SEGMENT.test(s)) ? { segments, exact } : null;
}

export function matchesPath(pattern: PathPattern, path: string): boolean {
  const parts = path.split('/').slice(1);
  if (pattern.exact ? parts.length !== pattern.segments.length : parts.length < pattern.segments.length) return false;
  return pattern.segments.every((s, i) => (s === '*' ? parts[i] !== '' : s === parts[i]));
}

interface FaultRule {
  fault: Fault;
  path: PathPattern | null;
  method: string | null;
  remaining: number | null;
}

const ruleBody = z.object({
  fault: z.string({ error: 'fault is required' }),
  path: z.string().optional(),
  method: z.string().optional(),
  times: z.int().positive().optional(),
});

export class FaultInjector {
  private rules: FaultRule[] = [];

  constructor(private readonly always: Fault | null) {}

  add(raw: unknown): void {
    const parsed = ruleBody.safeParse(raw);
    if (!parsed.success) throw badRequest('fault', parsed.error.issues.map((i) => i.message).join('; '));
    const fault = parseFault(parsed.data.fault);
    if (!fault) throw badRequest('fault', `Unknown fault "${parsed.data.fault}".`);
    let path: PathPattern | null = null;
    if (parsed.data.path) {
      path = parsePathPattern(parsed.data.path);
      if (!path) {
        throw badRequest(
          'path',
          `path must be a path pattern, not a regular expression: it starts with "/", matches whole segments from the start, ` +
            `"*" stands for one segment and a final "$" means "exactly" (for example /api/v2/features/*/toggle$); ` +
            `at most ${MAX_PATH_PATTERN_LENGTH} characters.`,
        );
      }
    }
    if (this.rules.length >= MAX_FAULT_RULES) {
      throw badRequest(
        'fault',
        `At most ${MAX_FAULT_RULES} fault rules can be armed at once; DELETE /__mock/faults clears them.`,
      );
    }
    this.rules.push({ fault, path, method: parsed.data.method?.toUpperCase() ?? null, remaining: parsed.data.times ?? null });
  }

  clear(): void {
    this.rules = [];
  }

  /** The fault for this request, if any (header first, then rules, then the setting). */
  pick(c: Context): Fault | null {
    const header = c.req.header('X-Mock-Fault');
    if (header) {
      const fault = parseFault(header);
      if (!fault) throw badRequest('X-Mock-Fault', `Unknown fault "${header}".`);
      return fault;
    }
    const rule = this.rules.find(
      (r) => (!r.method || r.method === c.req.method) && (!r.path || matchesPath(r.path, c.req.path)) && r.remaining !== 0,
    );
    if (rule) {
      if (rule.remaining !== null) rule.remaining -= 1;
      this.rules = this.rules.filter((r) => r.remaining !== 0);
      return rule.fault;
    }
    return this.always;
  }

  middleware(): MiddlewareHandler<MockEnv> {
    return async (c, next) => {
      const fault = this.pick(c);
      if (!fault) return next();
      switch (fault.kind) {
        case 'status':
          throw new ApiFailure(fault.status as 500, [
            { context: 'mock-fault', message: `Injected failure: the server answered ${fault.status}.` },
          ]);
        case 'throttle':
          throw new ApiFailure(
            429,
            [{ context: 'rate-limit', message: `Too many requests. Try again in ${fault.seconds} seconds.` }],
            {
              'Retry-After': String(fault.seconds),
            },
          );
        case 'delay':
          await new Promise((r) => setTimeout(r, fault.ms));
          return next();
        case 'malformed':
          return c.body('{"data": {"oops', 200, { 'Content-Type': 'application/json' });
        case 'schema':
          return c.json({ data: 'this is not the shape the operation documents', count: 'many' });
        case 'drop': {
          // On Node, close the socket; in-process, MockServer.fetch turns the marker into a network error.
          (c.env as { incoming?: { socket?: { destroy(): void } } } | undefined)?.incoming?.socket?.destroy();
          return new Response(null, { status: 200, headers: { [DROPPED_HEADER]: '1' } });
        }
      }
    };
  }
}
