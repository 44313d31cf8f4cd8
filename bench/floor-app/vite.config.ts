import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The floor app's build (bench/first-page.bench.ts): one JavaScript file, no code splitting, served by
 * the console's own `vite preview` under /__floor/ (FLOOR_OUT_DIR is `<console outDir>/__floor`), so
 * both use one server, one mock and the same headers.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/__floor/',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    target: 'es2022',
    outDir: process.env.FLOOR_OUT_DIR || fileURLToPath(new URL('../../node_modules/.bench-floor', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1000,
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
