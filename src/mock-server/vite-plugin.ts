import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Plugin } from 'vite';
import { createMockServer } from './app';
import { describeAccounts } from './main-info';

type Next = (err?: unknown) => void;

/**
 * Mounts the mock service inside the Vite dev server (and `vite preview`)
 * under /api and /__mock on the same origin. Not used when API_PROXY_TARGET is set.
 */
export function mockServerPlugin(): Plugin {
  const mount = (attach: (fn: (req: IncomingMessage, res: ServerResponse, next: Next) => void) => void, name: string) => {
    const mock = createMockServer();
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
      mount((fn) => server.middlewares.use(fn), 'dev server');
    },
    configurePreviewServer(server) {
      mount((fn) => server.middlewares.use(fn), 'preview server');
    },
  };
}
