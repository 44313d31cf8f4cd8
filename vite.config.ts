import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { mockServerPlugin } from './src/mock-server/vite-plugin';

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

/**
 * The modules the sign-in page loads after it shows: everything the entry reaches through its dynamic
 * imports, except the signed-in routes (src/app/signed-in.tsx) and what the entry loads statically.
 * Worked out from the module graph once it is built, before the chunks are made.
 */
function lazyFromEntry(boundary: RegExp): { plugin: Plugin; has: (id: string) => boolean } {
  const modules = new Set<string>();
  return {
    has: (id) => modules.has(id),
    plugin: {
      name: 'sign-in-later',
      buildEnd() {
        modules.clear();
        const info = (id: string) => this.getModuleInfo(id);
        const entries = [...this.getModuleIds()].filter((id) => info(id)?.isEntry);
        const initial = new Set<string>();
        const walk = (ids: readonly string[], into: Set<string>, dynamic: boolean) => {
          const stack = [...ids];
          while (stack.length) {
            const id = stack.pop()!;
            if (into.has(id) || boundary.test(id)) continue;
            into.add(id);
            const m = info(id);
            if (m) stack.push(...m.importedIds, ...(dynamic ? m.dynamicallyImportedIds : []));
          }
        };
        walk(entries, initial, false);
        const reachable = new Set<string>();
        walk(entries, reachable, true);
        for (const id of reachable) if (!initial.has(id)) modules.add(id);
      },
    },
  };
}
const signInLater = lazyFromEntry(/[\\/]src[\\/]app[\\/]signed-in\.tsx$/);

const port = Number(process.env.PORT || 5173);

export default defineConfig({
  plugins: [react(), immutableAssets(), ...(proxyTarget ? [] : [mockServerPlugin()])],
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
  // Crawl every source file for dependencies up front, so the dev server never
  // re-optimizes (and reloads the page) when a lazy page is first opened. Not the tests and their
  // helpers: they run in Vitest, and crawling them pre-bundled vitest, Testing Library and the
  // mock's server-side libraries (hono, jose, …) for the browser on every cold start.
  optimizeDeps: { entries: ['index.html', 'src/**/*.tsx', '!src/**/*.test.tsx', '!src/testing/**'] },
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
    // - ui and console: the libraries and the shared layer (src/api, src/components, src/lib) that two
    //   or more signed-in pages use; area-<name>: an area's components and API files its pages share.
    rolldownOptions: {
      plugins: [reactRouterProduction(), signInLater.plugin],
      // Emotion imports hoist-non-react-statics (and with it react-is 16) for withTheme only, which the console
      // never calls; both are plain CommonJS without a side-effects flag, so say they have none.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 4 },
            { name: 'sign-in-later', test: signInLater.has, priority: 3 },
            {
              name: 'ui',
              test: /node_modules[\\/](@mui[\\/](material|system|utils|icons-material)|@popperjs|zod|@tanstack|@hookform|react-transition-group|@emotion)[\\/]/,
              minShareCount: 2,
              priority: 2,
            },
            { name: 'console', test: /[\\/]src[\\/](api|components|lib)[\\/]/, minShareCount: 2, priority: 1 },
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
