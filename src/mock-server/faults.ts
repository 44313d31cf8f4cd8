import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { MockEnv } from './auth';
import { ApiFailure, badRequest } from './errors';

/**
 * Fault injection, honoured only by the mock (never part of the service), so
 * QA and tests can see how the console meets a failing server:
 *
 * - per request, header `X-Mock-Fault: <fault>`;
 * - for later requests, `POST /__mock/faults {"fault": "...", "path": "<regex>", "method": "GET", "times": 1}`
 *   (omit `times` for "until reset"); `DELETE /__mock/faults` and `POST /__mock/reset` clear them;
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

interface FaultRule {
  fault: Fault;
  path: RegExp | null;
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
    let path: RegExp | null = null;
    if (parsed.data.path) {
      try {
        path = new RegExp(parsed.data.path);
      } catch {
        throw badRequest('path', 'path must be a regular expression.');
      }
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
      (r) => (!r.method || r.method === c.req.method) && (!r.path || r.path.test(c.req.path)) && r.remaining !== 0,
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
