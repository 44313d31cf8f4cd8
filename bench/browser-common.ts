/**
 * What the browser benchmarks share: a server of the console on the mock
 * (the Vite dev server, or the production build under `vite preview`), a
 * signed-in tab, and median/p90 figures. Chromium is found the way
 * playwright.config.ts finds it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from '@playwright/test';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PASSWORD = process.env.MOCK_PASSWORD || 'Correct-Horse-9';

export function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, p90: s[Math.floor(s.length * 0.9)]!, min: s[0]!, max: s[s.length - 1]! };
}

export interface ConsoleServer {
  base: string;
  target: 'dev' | 'build';
  stop(): void;
}

/**
 * Starts the console with the mock on `port` and resolves once it answers. For the production build,
 * `afterBuild(outDir)` runs after the console is built and before it is served (to add files to serve).
 */
export async function startConsole(
  port: number,
  target: 'dev' | 'build',
  afterBuild?: (outDir: string) => void,
  /** The checkout to build and serve (its own node_modules): this one unless given. */
  dir = root,
): Promise<ConsoleServer> {
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), MOCK_EDITION: 'enterprise', MOCK_DB: '', API_PROXY_TARGET: '' };
  const outDir = `node_modules/.bench-dist-${port}`;
  if (target === 'build') {
    console.log('Building the console (vite build)…');
    const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir], {
      cwd: dir,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (built.status !== 0) throw new Error('vite build failed');
    afterBuild?.(join(dir, outDir));
  }
  const args =
    target === 'build'
      ? ['vite', 'preview', '--port', String(port), '--strictPort', '--outDir', outDir]
      : ['vite', '--port', String(port), '--strictPort'];
  const server: ChildProcess = spawn('npx', args, { cwd: dir, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const stop = () => {
    if (server.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
  };
  process.on('exit', stop);
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the ${target} server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/__mock/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error(`no server on ${base} after 180 s`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { base, target, stop };
}

/** A session token for `username` from the service's sign-in operation. */
export async function tokenFor(base: string, username = 'admin'): Promise<string> {
  const res = await fetch(`${base}/api/v2/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login_method: 'secret', username, secret: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return ((await res.json()) as { data: { session_token: string } }).data.session_token;
}

/** Puts a session for `token` in every tab of `context`, as the sign-in page would. */
export async function withSession(context: BrowserContext, token: string): Promise<void> {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; exp: number };
  await context.addInitScript(
    ([t, sub, exp]) =>
      sessionStorage.setItem('admin-console.session', JSON.stringify({ token: t, userId: sub, expiresAt: Number(exp) * 1000 })),
    [token, payload.sub, String(payload.exp)] as const,
  );
}

/**
 * The tab's session storage as the console leaves it once `path` has been opened in a tab holding a
 * session for `token` (the session, and what the shell stores with it): for benches whose tabs are new
 * but should be a tab someone has been using.
 */
export async function usedTabStorage(context: BrowserContext, base: string, token: string, path: string, ready: string) {
  await withSession(context, token);
  const page = await context.newPage();
  await page.goto(`${base}${path}`);
  await page.waitForSelector(ready);
  // Whatever the console keeps in the tab once the page's reads are answered: wait until they are.
  await page.waitForLoadState('networkidle');
  const entries = (await page.evaluate(() => Object.entries(sessionStorage))) as [string, string][];
  await page.close();
  return entries;
}

/** Puts `entries` in the session storage of every tab of `context`. */
export async function withStorage(context: BrowserContext, entries: [string, string][]): Promise<void> {
  await context.addInitScript((all) => {
    for (const [k, v] of all) sessionStorage.setItem(k, v);
  }, entries);
}
