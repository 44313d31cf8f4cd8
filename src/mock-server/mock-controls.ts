import type { Context, MiddlewareHandler } from 'hono';
import type { MockEnv } from './auth';
import type { MockConfig } from './config';
import { ApiFailure } from './errors';

/** The header that marks a call of a mock control as deliberate (value `1`). */
export const MOCK_CONTROL_HEADER = 'X-Mock-Control';

/** Open to anyone (see below). */
const OPEN_PATH = '/__mock/health';

/**
 * Guards the mock-only controls under /__mock (reset, faults, client tokens).
 *
 * With `MOCK_CONTROLS=0` none of them exists (404, as on the real service).
 * Otherwise they answer only requests another web page cannot make a browser
 * send: one with the header `X-Mock-Control: 1` or with a JSON body
 * (`Content-Type: application/json`); a browser sends either across origins
 * only after a CORS preflight. A form or a `text/plain` fetch from another
 * origin, which needs no preflight, gets 403. Neither the mock nor the dev and
 * preview servers (`cors: false` in vite.config.ts) approve a preflight; and
 * in any case an `Origin` header, when sent, must be the mock's own (the host
 * and port the request was sent to) and a `Sec-Fetch-Site` header
 * `same-origin` or `none`. `GET /__mock/health` stays
 * open: read-only, and Playwright's readiness check and the console ask it.
 */
export function mockControls(config: MockConfig): MiddlewareHandler<MockEnv> {
  return async (c, next) => {
    if (!config.mockControls) return c.notFound();
    if ((c.req.method === 'GET' || c.req.method === 'HEAD') && c.req.path === OPEN_PATH) return next();
    const refusal = refusalOf(c);
    if (refusal) throw new ApiFailure(403, [{ context: MOCK_CONTROL_HEADER, message: refusal }]);
    return next();
  };
}

/** Why this request may have been forged by another page, or null when it cannot have been. */
function refusalOf(c: Context<MockEnv>): string | null {
  const own = new URL(c.req.url).host;
  const origin = c.req.header('Origin');
  if (origin !== undefined && hostOf(origin) !== own) {
    return `Mock controls answer only their own origin (${own}); this request came from a page on ${origin}.`;
  }
  const site = c.req.header('Sec-Fetch-Site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return `Mock controls answer only their own origin (${own}); this request came from a ${site} page.`;
  }
  if (c.req.header(MOCK_CONTROL_HEADER) === '1') return null;
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') return null;
  return `Mock controls answer only requests a web page cannot forge: send the header "${MOCK_CONTROL_HEADER}: 1" or a JSON body (Content-Type: application/json).`;
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
