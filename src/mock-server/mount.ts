import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createMockServer } from './app';
import { listenUrl } from './config';
import { describeAccounts } from './main-info';

export interface MountedMock {
  /** Answers one request under /api or /__mock. */
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  /** The startup banner: where the mock is, its edition and the seeded accounts. */
  banner: string;
}

/**
 * The mock service as the dev or preview server mounts it (vite-plugin.ts loads
 * this module once the server is up). The SSO service-provider URLs start at
 * where that server listens (its `server` or `preview` options; MOCK_ROOT_URL
 * overrides it), never at a request's Host.
 */
export function mountMock(
  name: string,
  options: { host?: string | boolean; port?: number; https?: unknown },
  defaultPort: number,
): MountedMock {
  const host = typeof options.host === 'string' ? options.host : 'localhost';
  const mock = createMockServer({ rootUrl: listenUrl(host, options.port ?? defaultPort, Boolean(options.https)) });
  const listener = getRequestListener(mock.fetch);
  return {
    handle: (req, res) => void listener(req, res),
    banner: describeAccounts(mock.config, `mock service mounted in the ${name} at /api`),
  };
}
