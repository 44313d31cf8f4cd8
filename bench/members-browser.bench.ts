/**
 * Member table in Chromium (`npm run bench members-browser`): from the click
 * on "Next page" to the new rows on screen, against the mock service.
 *
 * Starts its own server on port 5290 (BENCH_BROWSER_PORT): the Vite dev
 * server by default, or the production build served by `vite preview` with
 * BENCH_BROWSER_TARGET=build (builds first). Chromium is found the way
 * playwright.config.ts finds it (Playwright's own, else the system's, else
 * CHROMIUM_PATH).
 *
 * Each sample clicks inside the page and timestamps there: the click, the
 * moment the table's DOM holds the new rows (a MutationObserver), and the
 * next animation frame (the rows painted). Printed: median and p90 of
 * - "Next page" with 25 and with 100 rows (the console fetches the next page
 *   ahead, so this is what a user gets when paging forward),
 * - a name filter applied with Enter, a different value each time (never
 *   cached: the server query, the response and the render).
 * Figures are measured, never asserted.
 */
import { chromium, type Page } from '@playwright/test';
import playwrightConfig from '../playwright.config';
import { startConsole, stats, tokenFor, withSession } from './browser-common';

const PORT = Number(process.env.BENCH_BROWSER_PORT || 5290);
const TARGET = process.env.BENCH_BROWSER_TARGET === 'build' ? 'build' : 'dev';
const RUNS = Number(process.env.BENCH_RUNS || 30);

/**
 * Runs in the page. Plain JavaScript in a string: the bench's own transpiler
 * would wrap named functions in helpers the page does not have.
 */
const IN_PAGE = `async (action) => {
  const table = () => document.querySelector('table[aria-label^="Members of"]');
  const view = () =>
    (table()?.querySelector('tbody tr')?.textContent ?? '') + '|' +
    (document.querySelector('nav[aria-label="Member pages"] [role="status"]')?.textContent ?? '');
  const before = view();
  const done = () => view() !== before && table()?.getAttribute('aria-busy') === 'false';
  const settled = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the rows did not change within 10 s')), 10000);
    const observer = new MutationObserver(() => {
      if (done()) {
        observer.disconnect();
        clearTimeout(timer);
        resolve(performance.now());
      }
    });
    observer.observe(document.querySelector('main'), { subtree: true, childList: true, characterData: true, attributes: true });
  });
  let started;
  if (action === 'next') {
    const button = document.querySelector('button[aria-label="Next page"]');
    started = performance.now();
    button.click();
  } else {
    const input = [...document.querySelectorAll('label')].find((l) => l.textContent === 'Name filter').control;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, action.filter);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    started = performance.now();
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  }
  const dom = await settled;
  const paint = await new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  return { dom: dom - started, paint: paint - started };
}`;

/**
 * In the page: run the action (a click on "Next page", or a name filter and
 * Enter), then resolve with the milliseconds until the first row or the
 * range text changed and the table is no longer busy (dom), and until the
 * next frame (paint).
 */
async function timed(page: Page, act: 'next' | { filter: string }): Promise<{ dom: number; paint: number }> {
  return page.evaluate(`(${IN_PAGE})(${JSON.stringify(act)})`) as Promise<{ dom: number; paint: number }>;
}

async function series(page: Page, label: string, runs: number, act: (i: number) => Parameters<typeof timed>[1]) {
  for (let i = 0; i < 3; i++) await timed(page, act(-1 - i)); // warm-up
  const dom: number[] = [];
  const paint: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = await timed(page, act(i));
    dom.push(t.dom);
    paint.push(t.paint);
  }
  const p = stats(paint);
  const d = stats(dom);
  console.log(
    `${label.padEnd(44)} rows painted: ${p.median.toFixed(1).padStart(6)} ms median, ${p.p90.toFixed(1).padStart(6)} ms p90 (min ${p.min.toFixed(1)}, max ${p.max.toFixed(1)}); DOM updated: ${d.median.toFixed(1)} ms median`,
  );
}

let failed = false;
let stop = () => {};
try {
  const server = await startConsole(PORT, TARGET);
  stop = server.stop;
  const BASE = server.base;
  const launch = playwrightConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch({ ...launch, headless: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await withSession(context, await tokenFor(BASE));
  const page = await context.newPage();
  console.log(
    `Chromium ${browser.version()}, ${TARGET === 'build' ? 'production build (vite preview)' : 'Vite dev server'} on ${BASE}; ${RUNS} samples each.`,
  );

  await page.goto(`${BASE}/asset-groups/6`);
  await page.getByRole('navigation', { name: 'Member pages' }).getByText('1–25 of 100,000').waitFor();
  await series(page, '"Next page", 25 rows (next page prefetched)', RUNS, () => 'next');

  await page.goto(`${BASE}/asset-groups/6?page_size=100&sort_by=-name`);
  await page.getByRole('navigation', { name: 'Member pages' }).getByText('1–100 of 100,000').waitFor();
  await series(page, '"Next page", 100 rows (next page prefetched)', RUNS, () => 'next');

  await page.goto(`${BASE}/asset-groups/6?sort_by=primary_kind&sort_by=-name`);
  await page.getByRole('navigation', { name: 'Member pages' }).getByText('1–25 of 100,000').waitFor();
  await series(page, 'name filter + Enter, never cached, 25 rows', RUNS, (i) => ({ filter: String(1000 + i) }));
  await browser.close();
} catch (e) {
  failed = true;
  console.error(`members-browser bench failed: ${(e as Error).message}`);
} finally {
  stop();
}
process.exit(failed ? 1 : 0);
