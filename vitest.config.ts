import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The `.test.ts` files that replace a module (`vi.mock`): they run isolated, each file with its own
 * modules, since a module the other files share may already be loaded when the replacement is declared.
 */
const root = fileURLToPath(new URL('.', import.meta.url));
const replacingModules = ['src', 'scripts'].flatMap((dir) =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `${dir}/${file.replaceAll('\\', '/')}`)
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(join(root, file), 'utf8'))),
);

/**
 * Unit and component tests, in projects chosen by file name:
 *
 * - `node`: `*.test.ts`, the logic and the mock service (called in-process through src/testing, never
 *   mounted), in plain Node. The files of a worker share their modules (`isolate: false`), so the mock
 *   service and its seed are loaded and built once per worker, not once per file; every test still makes
 *   its own service (src/testing/mock-service.ts). A `.ts` test that needs a DOM says so in its first line
 *   (`// @vitest-environment jsdom`).
 * - `node-isolated`: those of them that replace a module (above).
 * - `dom`: `*.test.tsx`, the components, in jsdom, each file in its own environment.
 */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 20_000,
    // One worker per core (Vitest's own default leaves one core to its main process, which mostly waits).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: replacingModules,
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'node-isolated', include: replacingModules, environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'dom', include: ['src/**/*.test.tsx'], environment: 'jsdom' },
      },
    ],
  },
});
