import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rollup } from 'vite';
// With their extension (`.js` names the `.ts` file, for TypeScript and Vite alike), so Vite's default config
// loader (it bundles this file and what it imports, and Node imports that) takes them without a warning: it
// loads the config in 0.05 s, where `--configLoader runner` took 0.15–0.2 s of every start.
import { browserDependencies } from './scripts/browser-deps.js';
import { mockServerPlugin } from './src/mock-server/vite-plugin.js';

/**
 * Dev server on 5173 with the mock service mounted under /api (same origin).
 * API_PROXY_TARGET=<url> proxies /api to a real server instead.
 */
const proxyTarget = process.env.API_PROXY_TARGET;

/**
 * Headers the production build is served with (`npm run preview`; copy them to
 * the real web server, see README "Deploying"). No inline or eval'd script;
 * styles may be inline (the CSS-in-JS engine inserts <style> elements).
 */
export const securityHeaders: Record<string, string> = {
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${process.env.VITE_API_BASE_URL ? ` ${new URL(process.env.VITE_API_BASE_URL).origin}` : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
/**
 * React Router publishes a production build beside the development one but exports only the latter; the two
 * differ in one flag, its development warnings. The production bundle turns them off, as the production files do.
 */
function reactRouterProduction(): Plugin {
  return {
    name: 'react-router-production',
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]development[\\/]/, code: 'ENABLE_DEV_WARNINGS = true' },
      handler: (code) => ({
        code: code.replace('var ENABLE_DEV_WARNINGS = true;', 'var ENABLE_DEV_WARNINGS = false;'),
        map: null,
      }),
    },
  };
}

/**
 * `vite preview` serves the build's files (their names carry a hash of their content) as cacheable for a
 * year, as a real web server should (README "Deploying"): a second visit takes them from the HTTP cache
 * without asking again. index.html keeps `no-cache`, so a new build is seen at once.
 */
function immutableAssets(): Plugin {
  return {
    name: 'immutable-assets',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        if (/^\/(?:[^?#]*\/)?assets\/[^/?#]+-[\w-]{8}\.\w+(?:[?#]|$)/.test(req.url ?? '')) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        }
        next();
      });
    },
  };
}

/** What a module set reads of the built module graph. */
type ModuleGraph = Pick<Rollup.PluginContext, 'getModuleIds' | 'getModuleInfo'>;

/**
 * A set of modules worked out from the module graph once it is built, before the chunks are made: a
 * plugin that works it out, and the test a chunk group asks.
 */
function moduleSet(
  name: string,
  compute: (graph: ModuleGraph) => Iterable<string>,
): { plugin: Plugin; has: (id: string) => boolean } {
  const modules = new Set<string>();
  return {
    has: (id) => modules.has(id),
    plugin: {
      name,
      buildEnd() {
        modules.clear();
        for (const id of compute(this)) modules.add(id);
      },
    },
  };
}

/**
 * The modules `from` reaches through static imports (and dynamic ones too, with `dynamic`), themselves
 * included, never entering a module `stop` names.
 */
function reached(graph: ModuleGraph, from: Iterable<string>, dynamic = false, stop = (_id: string) => false): Set<string> {
  const into = new Set<string>();
  const stack = [...from];
  while (stack.length) {
    const id = stack.pop()!;
    if (into.has(id) || stop(id)) continue;
    into.add(id);
    const m = graph.getModuleInfo(id);
    if (m) stack.push(...m.importedIds, ...(dynamic ? m.dynamicallyImportedIds : []));
  }
  return into;
}

/**
 * The modules the sign-in page loads after it shows: everything the entry reaches through its dynamic
 * imports, except the signed-in routes (src/app/signed-in.tsx) and what the entry loads statically.
 */
function lazyFromEntry(boundary: RegExp) {
  return moduleSet('sign-in-later', (graph) => {
    const entries = [...graph.getModuleIds()].filter((id) => graph.getModuleInfo(id)?.isEntry);
    const stop = (id: string) => boundary.test(id);
    const initial = reached(graph, entries, false, stop);
    return [...reached(graph, entries, true, stop)].filter((id) => !initial.has(id));
  });
}

/** The console's shared layer: src/api, src/components, src/lib and src/shared. */
const isSharedLayer = (id: string) => !id.includes('node_modules') && /[\\/]src[\\/](api|components|lib|shared)[\\/]/.test(id);

/**
 * The areas of access administration: who may sign in and what they may do (users, roles, SSO, the account
 * pages, configuration) and the sign-in page itself.
 */
const ACCESS_AREAS = new Set(['auth', 'users', 'sso', 'configuration']);

/**
 * The shared layer (src/api, src/components, src/lib, src/shared) that only the other areas' own code imports (asset
 * groups, entities, collection, data quality, database, audit, the home page's summaries), never the shell's
 * or an access area's: their schemas, search and completeness. A chunk of their own (`data`), so the users,
 * roles, SSO and account pages neither load nor run them. Worked out from who imports each module (statically
 * or not), walking up through the shared layer to the areas and the app.
 */
function dataLayer() {
  return moduleSet('data-layer', (graph) => {
    // The areas (src/features/<area>) and 'app' (the shell, the router, the entry) that use a module,
    // directly or through other shared modules.
    const usersOf = (id: string): Set<string> => {
      const found = new Set<string>();
      const seen = new Set([id]);
      const stack = [id];
      while (stack.length) {
        const m = graph.getModuleInfo(stack.pop()!);
        for (const by of [...(m?.importers ?? []), ...(m?.dynamicImporters ?? [])]) {
          const area = /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/.exec(by)?.[1];
          if (area) found.add(area);
          else if (!isSharedLayer(by)) found.add('app');
          else if (!seen.has(by)) {
            seen.add(by);
            stack.push(by);
          }
        }
      }
      return found;
    };
    return [...graph.getModuleIds()].filter((id) => {
      if (!isSharedLayer(id) || isRecurrence(id)) return false;
      const users = usersOf(id);
      return users.size > 0 && ![...users].some((a) => a === 'app' || ACCESS_AREAS.has(a));
    });
  });
}

/**
 * The packages two or more pages share (`ui`): the modules of `packages` that two or more of the build's
 * entries reach through static imports, an entry being the entry module or a module some module imports
 * dynamically (a lazy page, the signed-in routes). Counted here rather than by the group's `minShareCount`,
 * which does not count a lazy page's use of a module the signed-in routes also import (those routes are
 * always loaded first): such a module (the upload icon of both the navigation and the SSO metadata picker)
 * then went with the page's own shared code (area-sso), and every page loaded that code for one icon.
 */
function sharedPackages(packages: RegExp) {
  return moduleSet('shared-packages', (graph) => {
    const ids = [...graph.getModuleIds()];
    const entries = new Set(ids.filter((id) => graph.getModuleInfo(id)?.isEntry));
    for (const id of ids) for (const d of graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []) entries.add(d);
    const reachedBy = new Map<string, number>();
    for (const entry of entries) {
      for (const id of reached(graph, [entry])) if (packages.test(id)) reachedBy.set(id, (reachedBy.get(id) ?? 0) + 1);
    }
    return [...reachedBy].filter(([, n]) => n >= 2).map(([id]) => id);
  });
}

/** rrule and src/shared/schedule.ts: a chunk of their own (see `codeSplitting`). */
const isRecurrence = (id: string) => /node_modules[\\/]rrule[\\/]|[\\/]src[\\/]shared[\\/]schedule\.ts$/.test(id);
const signInLater = lazyFromEntry(/[\\/]src[\\/]app[\\/]signed-in\.tsx$/);
const data = dataLayer();
const ui = sharedPackages(
  /node_modules[\\/](@mui[\\/](material|system|utils|icons-material)|@popperjs|zod|@tanstack|@hookform|react-transition-group|@emotion)[\\/]/,
);

/**
 * How the dev server pre-bundles the packages the browser imports (README "A developer's first minute"). A cold
 * start waits for it before the first page can load; a warm one reuses it from `cacheDir`.
 *
 * - Which packages: all that any page imports, lazy pages' too, known before the first run, so the dev server
 *   never finds one late, re-bundles and reloads the page when a lazy page is first opened. They are listed by
 *   scripts/browser-deps.ts, which reads the import statements of every `.tsx` under src (not the tests and
 *   their helpers, which run in Vitest) and of what they import, in a few tens of milliseconds, instead of
 *   Vite's scan of the same files (`optimizeDeps.entries`), which bundled them and took 0.5–1 s of every cold
 *   start. No entries are scanned; Vite still discovers an import the list missed, as it would without the
 *   list (and reloads the page).
 * - Fewer files: the shared code of React (react, react-dom, scheduler) and of MUI (material, system, utils and
 *   what they build on: emotion, popper, transitions, …) goes to one chunk each, rather than the fifty-odd
 *   chunks the optimizer cut from what its 78 entries share: the sign-in page loads 18 files of packages
 *   instead of 77. Each package's entry (`@mui/material/Alert`, …) stays a small file of its own.
 * - No source maps of the bundled packages: rolldown no longer makes them (some of the bundling time), and the
 *   dev server no longer inlines them, with the packages' sources, into every answer: the sign-in page's
 *   files come to 4.8 MB instead of 15. A package's code shows in the browser's debugger as the bundle
 *   (plain, unminified, each module headed by its path under node_modules); the console's own files keep
 *   their source maps.
 */
const DEPS_DIR = /[\\/]node_modules[\\/]\.vite[^\\/]*[\\/]deps[\\/]/;
const preBundling = {
  optimizeDeps: {
    entries: [],
    include: browserDependencies(fileURLToPath(new URL('.', import.meta.url))),
    rolldownOptions: {
      plugins: [{ name: 'no-source-maps', outputOptions: (options) => ({ ...options, sourcemap: false }) } satisfies Plugin],
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui[\\/](?!icons-material|x-)|@emotion|@popperjs|react-transition-group|@babel[\\/]runtime|clsx|prop-types|react-is|hoist-non-react-statics|stylis)/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  /** Serves the bundled packages without a source map (Vite would otherwise make one of the whole file to inline). */
  plugin: {
    name: 'no-dep-source-maps',
    apply: 'serve',
    enforce: 'post',
    transform: { filter: { id: DEPS_DIR }, handler: (code) => ({ code, map: { mappings: '' } }) },
  } satisfies Plugin,
};

const port = Number(process.env.PORT || 5173);

export default defineConfig({
  plugins: [react(), immutableAssets(), preBundling.plugin, ...(proxyTarget ? [] : [mockServerPlugin()])],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // Dev servers started with PORT (the e2e runs) each keep their own optimized-deps cache, so
  // servers running side by side never rewrite each other's dependencies mid-test.
  cacheDir: process.env.PORT ? `node_modules/.vite-${port}` : 'node_modules/.vite',
  // No CORS: only the console itself (same origin) may read the API and the mock, never another local page.
  server: {
    cors: false,
    port,
    strictPort: true,
    host: process.env.HOST || '127.0.0.1',
    proxy: proxyTarget ? { '/api': { target: proxyTarget, changeOrigin: true, secure: false } } : undefined,
    // Transform the sign-in page's modules (the entry and everything it imports) while the browser is
    // still on its way, rather than one import level per round trip once it asks.
    warmup: { clientFiles: ['./src/main.tsx'] },
  },
  preview: {
    cors: false,
    headers: securityHeaders,
    port: Number(process.env.PORT || 4173),
    strictPort: true,
    host: process.env.HOST || '127.0.0.1',
    proxy: proxyTarget ? { '/api': { target: proxyTarget, changeOrigin: true, secure: false } } : undefined,
  },
  optimizeDeps: preBundling.optimizeDeps,
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Every browser the console supports has modulepreload: no polyfill in the sign-in page.
    modulePreload: { polyfill: false },
    // Few, larger chunks (README "Benchmarks"): a page loads about eight files, not sixty.
    // - index: all the sign-in page needs before it shows (the entry's static imports);
    // - sign-in-later: what the sign-in page loads after it shows (notices, SSO buttons, the schemas of
    //   its requests, the error page), so it never pulls the signed-in pages' chunks;
    // - ui and console: the libraries and the shared layer (src/api, src/components, src/lib, src/shared) that two
    //   or more signed-in pages use; area-<name>: an area's components and API files its pages share.
    rolldownOptions: {
      plugins: [reactRouterProduction(), signInLater.plugin, data.plugin, ui.plugin],
      // Emotion imports hoist-non-react-statics (and with it react-is 16) for withTheme only, which the console
      // never calls; both are plain CommonJS without a side-effects flag, so say they have none.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 5 },
            { name: 'sign-in-later', test: signInLater.has, priority: 4 },
            { name: 'ui', test: ui.has, priority: 3 },
            // Before `console`: the shared code only the graph-data pages use (see dataLayer).
            { name: 'data', test: data.has, minShareCount: 2, priority: 2 },
            {
              name: 'console',
              test: (id) => isSharedLayer(id) && !isRecurrence(id),
              minShareCount: 2,
              priority: 1,
            },
            // Recurrence rules (rrule, 13 KB gzipped, and the console's schedule layer): only the collection and
            // configuration pages use them, so they are not in the shared layer every signed-in page loads. After
            // `console`, which takes what they share with it (the clock).
            { name: 'recurrence', test: isRecurrence, minShareCount: 2, priority: 0 },
            {
              debugName: 'area',
              name: (id) => `area-${/[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/.exec(id)?.[1]}`,
              test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/](api|components)[\\/]/,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
