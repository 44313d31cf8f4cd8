/**
 * Time to the users list in Chromium (`npm run bench users-list`): from the
 * navigation to /users (a signed-in tab) to the first rows of the Users table
 * on screen, against the production build served by `vite preview` on the
 * mock (BENCH_BROWSER_TARGET=dev measures the dev server instead).
 *
 * - cold: a new browser context each time (empty HTTP cache): the app's
 *   JavaScript, the shell's and the page's chunks, then the API calls;
 * - warm: the same tab reloaded (HTTP cache filled).
 *
 * The time is read in the page: performance.now() (0 = navigation start) when
 * a MutationObserver first sees a row in the table, then the next animation
 * frame (painted). Median and p90 of BENCH_RUNS (default 15) runs each.
 * Figures are measured, never asserted.
 */
import { chromium, type Page } from '@playwright/test';
import playwrightConfig from '../playwright.config';
import { startConsole, stats, tokenFor, withSession } from './browser-common';

const PORT = Number(process.env.BENCH_BROWSER_PORT || 5292);
const TARGET = process.env.BENCH_BROWSER_TARGET === 'dev' ? 'dev' : 'build';
const RUNS = Number(process.env.BENCH_RUNS || 15);

/** Installed before the page's own scripts: notes when the first user row is in the DOM, then painted. */
const OBSERVE = `(() => {
  const seen = () => document.querySelector('table[aria-label="Users"] tbody tr');
  const observer = new MutationObserver(() => {
    if (!seen()) return;
    observer.disconnect();
    const dom = performance.now();
    requestAnimationFrame(() => { window.__usersListed = { dom, paint: performance.now() }; });
  });
  observer.observe(document, { subtree: true, childList: true });
})();`;

async function listed(page: Page, base: string): Promise<{ dom: number; paint: number }> {
  // A function, not a string: the page's CSP forbids evaluating strings.
  await page.waitForFunction(() => (window as { __usersListed?: unknown }).__usersListed !== undefined, undefined, {
    timeout: 30_000,
  });
  const t = (await page.evaluate('window.__usersListed')) as { dom: number; paint: number };
  if (!page.url().startsWith(`${base}/users`)) throw new Error(`ended on ${page.url()}, not the users page`);
  return t;
}

function report(label: string, samples: { dom: number; paint: number }[]) {
  const p = stats(samples.map((s) => s.paint));
  const d = stats(samples.map((s) => s.dom));
  console.log(
    `${label.padEnd(40)} rows painted: ${p.median.toFixed(0).padStart(5)} ms median, ${p.p90.toFixed(0).padStart(5)} ms p90 (min ${p.min.toFixed(0)}, max ${p.max.toFixed(0)}); rows in the DOM: ${d.median.toFixed(0)} ms median`,
  );
}

let failed = false;
let stop = () => {};
try {
  const server = await startConsole(PORT, TARGET);
  stop = server.stop;
  const base = server.base;
  const token = await tokenFor(base);
  const launch = playwrightConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch({ ...launch, headless: true });
  console.log(
    `Chromium ${browser.version()}, ${TARGET === 'build' ? 'production build (vite preview)' : 'Vite dev server'} on ${base}; ${RUNS} runs each.`,
  );

  const cold: { dom: number; paint: number }[] = [];
  for (let i = -2; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await withSession(context, token);
    await context.addInitScript(OBSERVE);
    const page = await context.newPage();
    await page.goto(`${base}/users`);
    const t = await listed(page, base);
    if (i >= 0) cold.push(t); // the first two runs warm the server, not the browser
    await context.close();
  }
  report('/users, new context (cold cache)', cold);

  const warm: { dom: number; paint: number }[] = [];
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await withSession(context, token);
  await context.addInitScript(OBSERVE);
  const page = await context.newPage();
  await page.goto(`${base}/users`);
  await listed(page, base);
  for (let i = 0; i < RUNS; i++) {
    await page.reload();
    warm.push(await listed(page, base));
  }
  report('/users, reload (warm cache)', warm);
  await browser.close();
} catch (e) {
  failed = true;
  console.error(`users-list bench failed: ${(e as Error).message}`);
} finally {
  stop();
}
process.exit(failed ? 1 : 0);
