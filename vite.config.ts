import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
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
 * The service's paths (`/api/...`, `/api`) go to API_PROXY_TARGET; the console's own pages that merely
 * start with the letters (`/api-explorer`) stay with the console.
 */
const apiProxy = proxyTarget ? { '^/api(/|$)': { target: proxyTarget, changeOrigin: true, secure: false } } : undefined;

/**
 * Headers the production build is served with (`npm run preview`; copy them to
 * the real web server, see docs/real-server.md). No inline or eval'd script;
 * styles may be inline (the CSS-in-JS engine inserts <style> elements).
 */
export const securityHeaders: Record<string, string> = {
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self'",
    // The graph view's layout worker, a file of the build (same origin).
    "worker-src 'self'",
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
 * `vite preview` serves the build's files (their names carry a hash of their content) as cacheable for a
 * year, as a real web server should (docs/real-server.md): a second visit takes them from the HTTP cache
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

/**
 * How the dev server pre-bundles the packages the browser imports (docs/performance.md). A cold
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
    proxy: apiProxy,
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
    proxy: apiProxy,
  },
  optimizeDeps: preBundling.optimizeDeps,
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Every browser the console supports has modulepreload: no polyfill in the sign-in page.
    modulePreload: { polyfill: false },
    // Few chunks, by what loads them (docs/performance.md), with rolldown's `codeSplitting` groups:
    // - index: all the sign-in page needs before it shows (the entry's static imports);
    // - libs: the UI and data libraries every signed-in page builds on, all of them in one chunk, so a part the
    //   navigation shares with one page (an icon) never pulls that page's code into every page (TanStack's query
    //   packages only: its virtualizer is the API explorer viewer's, and goes with it);
    // - shared: the console's src/api, src/components, src/lib and src/shared that two or more chunks use;
    // - recurrence: rrule and src/shared/schedule.ts, which only the collection and configuration pages use
    //   (after `shared`, which keeps what they share with every page, the clock);
    // - properties: a graph node's properties table (src/components/properties, src/lib/format-property.ts), which
    //   only the user node page and the Cypher page show;
    // - saved-queries: the saved-query form and its reads and writes, which only the saved-queries and Cypher pages use.
    // The rest goes with the page (or lazy component) that imports it.
    rolldownOptions: {
      // Emotion imports hoist-non-react-statics (and with it react-is 16) for withTheme only, which the console
      // never calls; both are plain CommonJS without a side-effects flag, so say they have none.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 3 },
            {
              name: 'libs',
              test: /[\\/]node_modules[\\/](@mui[\\/](material|system|utils|icons-material)|@emotion|@popperjs|react-transition-group|@tanstack[\\/](query-core|react-query)|react-hook-form|@hookform|zod)[\\/]/,
              priority: 2,
            },
            {
              name: 'shared',
              test: /[\\/]src[\\/](api|components|lib|shared)[\\/](?!schedule\.ts$|properties[\\/]|format-property\.ts$|SavedQueryFormDialog\.tsx$|saved-queries[\\/](list|create|update)-saved-quer)/,
              minShareCount: 2,
              priority: 1,
            },
            { name: 'recurrence', test: /[\\/]node_modules[\\/]rrule[\\/]|[\\/]src[\\/]shared[\\/]schedule\.ts$/, priority: 1 },
            {
              name: 'properties',
              test: /[\\/]src[\\/](components[\\/]properties[\\/]|lib[\\/]format-property\.ts$)/,
              priority: 1,
            },
            {
              name: 'saved-queries',
              test: /[\\/]src[\\/](components[\\/]SavedQueryFormDialog\.tsx|api[\\/]saved-queries[\\/](list|create|update)-saved-quer[a-z]+\.ts)$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
