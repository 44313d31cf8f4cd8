import { existsSync } from 'node:fs';
import { chromium, defineConfig, devices } from '@playwright/test';

/**
 * E2E against the Vite dev server with the mock service mounted (enterprise
 * edition), plus a second one in community edition for the edition notices.
 * Chromium: Playwright's own when installed, else the system's
 * (/usr/bin/chromium on Debian), else a clear error saying how to get one.
 */
export const E2E_PORT = Number(process.env.E2E_PORT || 5180);
export const E2E_COMMUNITY_PORT = E2E_PORT + 1;
/**
 * The console's client timeout in the e2e builds (VITE_API_TIMEOUT_MS; 30 s by default), short so
 * the "slow answer past the timeout" test (faults.spec.ts) takes seconds, not minutes. Mock
 * answers take milliseconds, so no other test comes near it; uploads keep their own timeout.
 */
export const E2E_API_TIMEOUT_MS = 5000;

function systemChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    if (existsSync(chromium.executablePath())) return undefined; // Playwright's own browser
  } catch {
    /* not installed */
  }
  for (const path of [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
  ]) {
    if (existsSync(path)) return path;
  }
  throw new Error(
    'No Chromium found for the end-to-end tests. Install one of:\n' +
      "  npx playwright install chromium          (Playwright's own build, where downloads work)\n" +
      '  sudo apt-get update && sudo apt-get install -y chromium   (Debian/Ubuntu; lands at /usr/bin/chromium)\n' +
      'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
}

const executablePath = systemChromium();

/**
 * The enterprise server runs the production build (`vite build` + `vite preview`, with the
 * security headers on), so pages load as users get them; the community one runs the dev
 * server, so `npm run dev` is exercised too. Both mount the mock service.
 */
const server = (port: number, edition: 'enterprise' | 'community', mode: 'build' | 'dev') => {
  const outDir = `node_modules/.e2e-dist-${port}`;
  return {
    command:
      mode === 'build'
        ? `npx vite build --configLoader runner --logLevel warn --outDir ${outDir} && npx vite preview --configLoader runner --port ${port} --strictPort --outDir ${outDir}`
        : `npx vite --configLoader runner --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}/__mock/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      MOCK_EDITION: edition,
      PORT: String(port),
      MOCK_DB: '',
      API_PROXY_TARGET: '',
      MOCK_JWT_SECRET: 'e2e-only-signing-key',
      VITE_API_TIMEOUT_MS: String(E2E_API_TIMEOUT_MS),
      // A short pipeline, so "ingesting → analyzing → idle" takes a few seconds in the e2e tests.
      MOCK_INGEST_MS_PER_FILE: '1500',
      MOCK_ANALYSIS_MS: '2500',
    },
  };
};

export default defineConfig({
  testDir: './e2e',
  testMatch: /.*\.spec\.ts$/,
  // One mock state is shared by the whole run, and every test resets it: run tests one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
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
  webServer: [server(E2E_PORT, 'enterprise', 'build'), server(E2E_COMMUNITY_PORT, 'community', 'dev')],
});
