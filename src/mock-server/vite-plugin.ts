import type { EventEmitter } from 'node:events';
import { rm, rmdir } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rolldown } from 'rolldown';
import { normalizePath, type Connect, type Plugin, type ResolvedConfig } from 'vite';
import type { MountedMock, mountMock } from './mount';

/** The mock itself: mount.ts and everything it imports. */
const MOUNT = fileURLToPath(new URL('./mount.ts', import.meta.url));
/** The server is idle when it has answered everything asked of it and nothing more was asked for this long. */
const IDLE_MS = 300;
const isMockPath = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/__mock/');

/**
 * Loads mount.ts and what it imports (about ninety files of the mock and of src/api) as one module:
 * rolldown bundles them into a file in the server's `cacheDir` (under node_modules, so their packages,
 * hono, zod, jose, …, which stay imports, are found as before), Node imports it, and the file is removed. Vite's module runner,
 * which loaded the mock before, transformed the files one by one in the dev server's own thread, beside
 * the first page's modules: 1.3–1.4 s against 0.5 s on a quiet machine (docs/performance.md, "A developer's first
 * minute"). The bundle carries its source map, and Node uses it: stack traces name the mock's own files.
 */
async function loadMock(cacheDir: string): Promise<{ module: { mountMock: typeof mountMock }; files: string[] }> {
  const bundle = await rolldown({
    input: MOUNT,
    platform: 'node',
    // Packages and Node's built-ins: anything that is not a relative or absolute path.
    external: (id) => !/^(\.|\/|[A-Za-z]:[\\/]|\0)/.test(id),
    logLevel: 'silent',
  });
  const file = join(cacheDir, `mock-${process.pid}.mjs`);
  try {
    const { output } = await bundle.write({ file, format: 'esm', sourcemap: 'inline' });
    process.setSourceMapsEnabled(true);
    // Node's own import of the bundle: the config that holds this plugin is itself a bundle Node imported
    // (Vite's default config loader), so this stays a native `import()`.
    const module = (await import(/* @vite-ignore */ `${pathToFileURL(file).href}?t=${Date.now()}`)) as {
      mountMock: typeof mountMock;
    };
    return { module, files: output[0].moduleIds.filter((id) => !id.startsWith('\0')) };
  } finally {
    await bundle.close();
    await rm(file, { force: true });
    await rmdir(cacheDir).catch(() => undefined); // made for this file alone (`vite preview` pre-bundles nothing)
  }
}

/**
 * Mounts the mock service inside the Vite dev server (and `vite preview`)
 * under /api and /__mock on the same origin. Not used when API_PROXY_TARGET is set.
 *
 * This file imports none of the mock. Loaded with the config, the mock (about a
 * hundred modules, the zod schemas, hono) and its seed kept the server from
 * listening for over a second; and loaded beside the first page, it slowed the
 * page. So the server listens at once, and the mock loads (see loadMock) when the
 * first request for it comes or the listening server has been idle for IDLE_MS,
 * whichever is first; requests for it wait until it is ready. In the dev server,
 * an edit of one of its files starts a new mock (fresh seed) in its place and
 * reloads the open pages; the server itself stays up.
 */
export function mockServerPlugin(): Plugin {
  const mount = (
    server: { middlewares: Connect.Server; config: ResolvedConfig; httpServer: EventEmitter | null },
    name: string,
    options: { host?: string | boolean; port?: number; https?: unknown },
    defaultPort: number,
    dev: { watcher: EventEmitter; reload: () => void } | null,
  ) => {
    let mock: Promise<MountedMock> | null = null;
    /** Whether a mock started: one that fails after that (on an edit) leaves the server up. */
    let started = false;
    /** The mock's files as of its last load that worked (a failed load keeps watching those). */
    let files = new Set<string>();
    /** Counts the loads, so a load overtaken by a newer edit is dropped. */
    let generation = 0;
    const start = (): Promise<MountedMock> => {
      if (mock) return mock;
      const current = ++generation;
      const restart = started;
      mock = loadMock(server.config.cacheDir)
        .then(({ module, files: loadedFiles }) => {
          if (current !== generation) return start();
          files = new Set([MOUNT, ...loadedFiles].map((f) => normalizePath(f)));
          const mounted = module.mountMock(name, options, defaultPort);
          started = true;
          console.log(mounted.banner);
          // The pages open on the old mock hold its sessions and data: load them again on the new one.
          if (restart) dev?.reload();
          return mounted;
        })
        .catch((e: Error) => {
          // A setting that is wrong (MOCK_ROOT_URL, MOCK_EDITION, …) stops the start with its message.
          console.error(`[mock] ${e.message}`);
          if (!started) process.exit(1);
          // After an edit: requests for the mock fail with this (500) until the next edit of its files.
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
    if (dev) {
      const edited = (file: string) => {
        if (!files.has(normalizePath(file)) || !mock) return;
        console.log(`[mock] ${normalizePath(file)} changed: starting the mock again`);
        mock = null;
        generation++;
        startWhenIdle();
      };
      dev.watcher.on('change', edited);
      dev.watcher.on('unlink', edited);
    }
    // Idle counts from the end of the last answer, not from the last request's arrival: the first page's
    // document and modules can take longer than IDLE_MS to answer, and the mock loading beside them (in
    // this same thread) slowed them.
    let answering = 0;
    server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction) => {
      if (!mock) {
        clearTimeout(idle);
        answering++;
        res.once('close', () => {
          if (--answering === 0 && !mock) startWhenIdle();
        });
      }
      if (!isMockPath(req.url ?? '')) return next();
      start().then((m) => m.handle(req, res), next);
    });
  };
  return {
    name: 'admin-console-mock-server',
    configureServer(server) {
      mount(server, 'dev server', server.config.server, 5173, {
        watcher: server.watcher,
        reload: () => server.ws.send({ type: 'full-reload', path: '*' }),
      });
    },
    configurePreviewServer(server) {
      mount(server, 'preview server', server.config.preview, 4173, null);
    },
  };
}
