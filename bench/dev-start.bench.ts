/**
 * A developer's first minute (`npm run bench dev-start`): spawns `npm run dev` (the very command, on
 * BENCH_DEV_PORT, default 5394 (the browser benches use 5294), with MOCK_DB empty) and measures three figures:
 *
 * - sign-in page, cold: from the spawn to the sign-in form painted in Chromium, with no dependency cache
 *   (the config's `cacheDir`, `node_modules/.vite-<port>` here as PORT is set, `node_modules/.vite` for a
 *   plain `npm run dev`, removed first): the dev server pre-bundles the packages before the page can load;
 * - sign-in page, warm: the same on the next start, the cache kept;
 * - users list: from the click on "Sign in" on that form (opened with `?next=/users`) to the first rows of
 *   the Users table painted, in every run (cold and warm alike: the packages are bundled by then).
 *
 * `/login` is opened as soon as the server answers it; the browser is started beforehand, as a
 * developer's is. Cold and warm starts alternate, BENCH_RUNS (default 5) of each; every run has a new
 * browser context (empty HTTP cache), so the figures are the server's. A run in which the dependency
 * optimizer reloaded the page (it found a package late) is reported, as its figures include the reload.
 * BENCH_DEV_ROOTS (colon-separated checkouts, each with its own node_modules) measures several side by
 * side, on successive ports. Figures are measured, never asserted.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import playwrightConfig from '../playwright.config';
import { PASSWORD, root, stats } from './browser-common';

const PORT = Number(process.env.BENCH_DEV_PORT || 5394);
const RUNS = Number(process.env.BENCH_RUNS || 5);
const ROOTS = (process.env.BENCH_DEV_ROOTS || root).split(':').filter(Boolean);
const TIMEOUT_MS = 120_000;

/** Installed before the page's own scripts: reports the first paint of the sign-in form and of the users' rows. */
const OBSERVE = `(() => {
  const marks = { form: 'form button[type="submit"]', rows: 'table[aria-label="Users"] tbody tr' };
  const done = new Set();
  const check = () => {
    for (const [name, selector] of Object.entries(marks)) {
      if (done.has(name) || !document.querySelector(selector)) continue;
      done.add(name);
      requestAnimationFrame(() => window.__benchMark(name, performance.timeOrigin + performance.now()));
    }
    if (done.size === 2) observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true });
})();`;

interface Run {
  /** From the spawn to the sign-in form painted. */
  form: number;
  /** From the click on "Sign in" to the users' first rows painted. */
  users: number;
  /** Full page loads after the first (the dependency optimizer's reloads). */
  reloads: number;
}

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** One start of `npm run dev` in `dir` on `port`, measured in `browser`; the server is stopped before it resolves. */
async function measureStart(browser: Browser, dir: string, port: number, cold: boolean): Promise<Run> {
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; !(await portIsFree(port)); tries++) {
    if (tries === 50) throw new Error(`port ${port} is in use (BENCH_DEV_PORT chooses another)`);
    await sleep(200); // the previous server's port, or another program's for a moment
  }
  if (cold) rmSync(join(dir, 'node_modules', `.vite-${port}`), { recursive: true, force: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const marks = new Map<string, number>();
  await context.exposeFunction('__benchMark', (name: string, at: number) => {
    if (!marks.has(name)) marks.set(name, at);
  });
  await context.addInitScript(OBSERVE);
  const page = await context.newPage();
  let documents = 0;
  page.on('domcontentloaded', () => documents++);

  const env = { ...process.env, PORT: String(port), MOCK_EDITION: 'enterprise', MOCK_DB: '', API_PROXY_TARGET: '' };
  const started = now();
  const server = spawn('npm', ['run', 'dev'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null && server.pid) process.kill(-server.pid, 'SIGTERM');
    await exited;
  };
  try {
    for (let answered = false; !answered;) {
      if (server.exitCode !== null) throw new Error(`npm run dev exited with code ${server.exitCode}:\n${output}`);
      if (now() - started > TIMEOUT_MS) throw new Error(`no answer on ${base} after ${TIMEOUT_MS / 1000} s`);
      answered = await fetch(`${base}/login`).then(
        (r) => r.ok,
        () => false, // not listening yet
      );
      if (!answered) await sleep(20);
    }
    await page.goto(`${base}/login?next=${encodeURIComponent('/users')}`);
    await until(() => marks.has('form'), 'the sign-in form');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(PASSWORD);
    const clicked = now();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await until(() => marks.has('rows'), 'the users list');
    await sleep(1000); // a reload by the dependency optimizer shortly after would count too
    return { form: marks.get('form')! - started, users: marks.get('rows')! - clicked, reloads: documents - 1 };
  } finally {
    await context.close();
    await stop();
  }
}

async function until(condition: () => boolean, what: string) {
  const deadline = now() + TIMEOUT_MS;
  while (!condition()) {
    if (now() > deadline) throw new Error(`${what} did not show within ${TIMEOUT_MS / 1000} s`);
    await sleep(10);
  }
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function report(runs: { cold: Run[]; warm: Run[] }) {
  const f = (xs: number[]) => {
    const s = stats(xs);
    return `${s.median.toFixed(0).padStart(5)} ms (min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)})`;
  };
  const all = [...runs.cold, ...runs.warm];
  console.log(`  sign-in page, cold  ${f(runs.cold.map((r) => r.form))}   (from the spawn; no dependency cache)`);
  console.log(`  sign-in page, warm  ${f(runs.warm.map((r) => r.form))}   (from the spawn; cache kept)`);
  console.log(`  users list          ${f(all.map((r) => r.users))}   (from the click on "Sign in"; all runs)`);
  const reloaded = all.filter((r) => r.reloads > 0).length;
  if (reloaded) console.log(`  ${reloaded} run(s) reloaded the page: the dependency optimizer found a package late.`);
}

let failed = false;
let browser: Browser | undefined;
try {
  browser = await chromium.launch({ ...(playwrightConfig.use?.launchOptions ?? {}), headless: true });
  console.log(
    `Chromium ${browser.version()}; \`npm run dev\` on 127.0.0.1:${PORT}${ROOTS.length > 1 ? '…' : ''}; ${RUNS} cold and ${RUNS} warm starts (alternating); load average ${load()}.`,
  );
  console.log('Median (min, max).');
  const results = ROOTS.map(() => ({ cold: [] as Run[], warm: [] as Run[] }));
  for (let i = 0; i < RUNS; i++) {
    for (const [n, dir] of ROOTS.entries()) {
      results[n]!.cold.push(await measureStart(browser, dir, PORT + n, true));
      results[n]!.warm.push(await measureStart(browser, dir, PORT + n, false));
    }
  }
  for (const [n, dir] of ROOTS.entries()) {
    console.log(ROOTS.length > 1 ? `${dir} (port ${PORT + n}):` : `${dir}:`);
    report(results[n]!);
  }
  console.log(`Load average at the end: ${load()}.`);
} catch (e) {
  failed = true;
  console.error(`dev-start bench failed: ${(e as Error).message}`);
} finally {
  await browser?.close();
}
process.exit(failed ? 1 : 0);
