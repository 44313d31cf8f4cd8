import { availableParallelism } from 'node:os';
import { chromium, defineConfig, devices } from '@playwright/test';
import { findChromium, headedRun } from './scripts/chromium.mjs';
import { EXTERNAL_URL } from './e2e/servers';

/**
 * End-to-end tests in Chromium. Each worker starts its own servers with their own mock state
 * (e2e/servers.ts, e2e/fixtures.ts): a `vite preview` of one production build made by the global
 * set-up (enterprise edition, security headers on) and, when a test asks, a community-edition one.
 * So tests run fully in parallel and none depends on another's order or state.
 *
 * E2E_BASE_URL=<url> runs only the @smoke tests against that server (the mock or a real one):
 * no server is started, no build made, no mock control called (docs/testing.md, "The end-to-end suite").
 *
 * Chromium: Playwright's own when installed, else CHROMIUM_PATH or the system's: its headless shell
 * for the usual headless run, the full browser for --headed, --debug and --ui (scripts/chromium.mjs).
 */
const chromiumFound = findChromium(chromium, { headless: !headedRun() });
if (chromiumFound.error) throw new Error(chromiumFound.error);

/** Workers: one per core by default (E2E_WORKERS overrides; many tests wait on the mock's timers). */
const workers = Number(process.env.E2E_WORKERS) || availableParallelism();

export default defineConfig({
  testDir: './e2e',
  testMatch: /.*\.spec\.ts$/,
  grep: EXTERNAL_URL ? /@smoke/ : undefined,
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers,
  forbidOnly: !!process.env.CI,
  // A failed test runs once more, recording a trace (below); one that passes only then is reported as flaky.
  // Measured runs and QA's "is it steady" runs pass --retries=0.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    // A trace of every test made the suite a third slower (its DOM snapshots at every action), so only a
    // failed test's retry records one: every failure keeps a trace and a screenshot, a green run pays nothing.
    // `--trace retain-on-failure` records every test's, keeping the failures'.
    trace: 'on-first-retry',
    // The console honours the system's reduced-motion setting (src/app/theme.ts): no fades or ripples to
    // wait for or to paint, so a test spends its time on what it checks. e2e/motion.spec.ts keeps one
    // pass with the motion on.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumFound.executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
