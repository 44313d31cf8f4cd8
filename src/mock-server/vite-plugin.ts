import type { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { normalizePath, runnerImport, type Connect, type Plugin, type ResolvedConfig } from 'vite';
import type { MountedMock, mountMock } from './mount';

/** The mock itself: mount.ts and everything it imports. */
const MOUNT = fileURLToPath(new URL('./mount.ts', import.meta.url));
const MOUNT_PATH = normalizePath(MOUNT);
/** The server is idle when nothing was asked of it for this long. */
const IDLE_MS = 300;
/**
 * What this process knows across server restarts: whether a mock started (one that fails after that,
 * on an edit, leaves the server up) and the mock's files when it last loaded (a failed load watches those).
 */
const loaded = ((globalThis as Record<symbol, unknown>)[Symbol.for('admin-console.mock')] ??= {
  started: false,
  files: [] as string[],
}) as { started: boolean; files: string[] };

const isMockPath = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/__mock/');

/**
 * Mounts the mock service inside the Vite dev server (and `vite preview`)
 * under /api and /__mock on the same origin. Not used when API_PROXY_TARGET is set.
 *
 * This file imports none of the mock. Loaded with the config, the mock (about a
 * hundred modules, the zod schemas, hono) and its seed kept the server from
 * listening for over a second; and loaded beside the first page, it slowed the
 * page. So the server listens at once, and the mock loads (through Vite's module
 * runner, as `--configLoader runner` loads the config) when the first request for
 * it comes or the listening server has been idle for IDLE_MS, whichever is first; requests
 * for it wait until it is ready. Its files are config dependencies of the dev
 * server, as they were: editing one restarts the server.
 */
export function mockServerPlugin(): Plugin {
  const mount = (
    server: { middlewares: Connect.Server; config: ResolvedConfig; httpServer: EventEmitter | null },
    name: string,
    options: { host?: string | boolean; port?: number; https?: unknown },
    defaultPort: number,
    watch: boolean,
  ) => {
    let mock: Promise<MountedMock> | null = null;
    const start = () => {
      if (mock) return mock;
      mock = runnerImport<{ mountMock: typeof mountMock }>(MOUNT)
        .then(({ module, dependencies }) => {
          loaded.files = [MOUNT, ...dependencies].map((f) => normalizePath(f));
          if (watch) server.config.configFileDependencies.push(...loaded.files);
          const mounted = module.mountMock(name, options, defaultPort);
          loaded.started = true;
          console.log(mounted.banner);
          return mounted;
        })
        .catch((e: Error) => {
          // A setting that is wrong (MOCK_ROOT_URL, MOCK_EDITION, …) stops the start with its message.
          console.error(`[mock] ${e.message}`);
          if (!loaded.started) process.exit(1);
          // After an edit: requests for the mock fail with this (500) until the next edit of its files restarts the server.
          if (watch && !server.config.configFileDependencies.includes(MOUNT_PATH))
            server.config.configFileDependencies.push(...loaded.files);
          throw e;
        });
      mock.catch(() => undefined); // reported above
      return mock;
    };
    let idle: ReturnType<typeof setTimeout> | undefined;
    const startWhenIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(start, IDLE_MS).unref();
    };
    if (server.httpServer) server.httpServer.once('listening', startWhenIdle);
    else startWhenIdle();
    server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction) => {
      if (!mock) startWhenIdle();
      if (!isMockPath(req.url ?? '')) return next();
      start().then((m) => m.handle(req, res), next);
    });
  };
  return {
    name: 'admin-console-mock-server',
    configureServer(server) {
      mount(server, 'dev server', server.config.server, 5173, true);
    },
    configurePreviewServer(server) {
      mount(server, 'preview server', server.config.preview, 4173, false);
    },
  };
}
