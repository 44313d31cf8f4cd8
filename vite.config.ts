import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
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
const port = Number(process.env.PORT || 5173);

export default defineConfig({
  plugins: [react(), ...(proxyTarget ? [] : [mockServerPlugin()])],
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
    // The sign-in page's small MUI modules (Box, Paper, Stack, IconButton, Alert and the utilities they
    // share) in one chunk: left to the automatic splitting, each became its own tiny file once lazy pages
    // shared them, and ten files compress worse than one (201.8 KB → 193.9 KB for the sign-in page).
    // Only modules the sign-in page loads anyway, so no page downloads more.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'mui',
              test: /node_modules[\\/]@mui[\\/](material[\\/](Box|Paper|Stack|IconButton|Alert)[\\/]|utils[\\/](useSlotProps|isMuiElement|getActiveElement|ownerDocument)[\\/])/,
            },
          ],
        },
      },
    },
  },
});
