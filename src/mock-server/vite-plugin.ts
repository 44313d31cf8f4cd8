import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Plugin } from 'vite';
import { createMockServer } from './app';
import { listenUrl } from './config';
import { describeAccounts } from './main-info';

type Next = (err?: unknown) => void;

/** Where a dev or preview server listens (its `server` or `preview` options), as the mock's root URL. */
function rootUrlOf(options: { host?: string | boolean; port?: number; https?: unknown }, defaultPort: number): string {
  return listenUrl(
    typeof options.host === 'string' ? options.host : 'localhost',
    options.port ?? defaultPort,
    Boolean(options.https),
  );
}

/**
 * Mounts the mock service inside the Vite dev server (and `vite preview`)
 * under /api and /__mock on the same origin. Not used when API_PROXY_TARGET is set.
 */
export function mockServerPlugin(): Plugin {
  const mount = (
    attach: (fn: (req: IncomingMessage, res: ServerResponse, next: Next) => void) => void,
    name: string,
    rootUrl: string,
  ) => {
    // The SSO service-provider URLs start at the server's own URL (MOCK_ROOT_URL overrides it), never at a request's Host.
    const mock = createMockServer({ rootUrl });
    const listener = getRequestListener(mock.fetch);
    attach((req, res, next) => {
      const url = req.url ?? '';
      if (url.startsWith('/api/') || url === '/api' || url.startsWith('/__mock/')) {
        void listener(req, res);
      } else next();
    });
    console.log(describeAccounts(mock.config, `mock service mounted in the ${name} at /api`));
  };
  return {
    name: 'admin-console-mock-server',
    configureServer(server) {
      mount((fn) => server.middlewares.use(fn), 'dev server', rootUrlOf(server.config.server, 5173));
    },
    configurePreviewServer(server) {
      mount((fn) => server.middlewares.use(fn), 'preview server', rootUrlOf(server.config.preview, 4173));
    },
  };
}
