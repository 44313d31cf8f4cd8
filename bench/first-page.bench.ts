/**
 * The first page against its floor (`npm run bench first-page`): from the
 * navigation to the first row of the Users table painted, for the console's
 * production build and for the floor app (bench/floor-app: the same libraries
 * in one bundle, one fetch of the same users list, one table cell), both
 * built by this bench and served by one `vite preview` with the mock mounted
 * (the floor under /__floor/), timed in one Chromium, run by run in turn so
 * load changes touch both alike.
 *
 * - cold: a new browser context for each run (empty HTTP cache), whose tab's session storage is that of a
 *   tab where the console was used (the session, and what the shell stored with it: the list requests this
 *   person may start at once on a reload, see src/app/first-reads.ts);
 * - warm: the same tab navigated to the page again (HTTP cache filled; there
 *   is no service worker).
 *
 * Printed: median and p90 of BENCH_RUNS (default 15) runs each, the ratio of
 * the medians, the load average before and after, the JavaScript files and
 * their gzipped bytes each page loads, and where the console's time goes
 * (medians of the page's own timings). Figures are measured, never asserted.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import playwrightConfig from '../playwright.config';
import { root, startConsole, stats, tokenFor, usedTabStorage, withStorage } from './browser-common';

const PORT = Number(process.env.BENCH_BROWSER_PORT || 5294);
const RUNS = Number(process.env.BENCH_RUNS || 15);

interface Sample {
  /** performance.timeOrigin of the document measured: a new one every run. */
  origin: number;
  /** performance.now() when the first row was in the DOM, and the next frame (painted). */
  dom: number;
  paint: number;
  /** The document's responseEnd. */
  html: number;
  /** JavaScript files fetched (or taken from the cache) and when the last one arrived. */
  scripts: string[];
  lastScript: number;
  /** API calls: path, start, end. */
  api: { path: string; start: number; end: number }[];
  /** Main-thread long tasks (over 50 ms) before the first row: their sum. */
  longTasks: number;
}

/**
 * Installed before the page's own scripts: notes when the first row of the Users table is in the DOM,
 * then painted, with the page's resource timings and long tasks up to then. A string: the page's CSP
 * forbids evaluating strings, but init scripts run outside it, and the bench's transpiler would wrap
 * named functions in helpers the page does not have.
 */
const OBSERVE = `(() => {
  let done;
  window.__firstRowDone = new Promise((resolve) => { done = resolve; });
  let longTasks = 0;
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks += e.duration; })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
  const seen = () => document.querySelector('table[aria-label="Users"] tbody tr');
  const observer = new MutationObserver(() => {
    if (!seen()) return;
    observer.disconnect();
    const dom = performance.now();
    requestAnimationFrame(() => {
      const paint = performance.now();
      const nav = performance.getEntriesByType('navigation')[0];
      const res = performance.getEntriesByType('resource');
      const js = res.filter((e) => new URL(e.name).pathname.endsWith('.js'));
      window.__firstRow = {
        origin: performance.timeOrigin, dom, paint, longTasks,
        html: nav ? nav.responseEnd : 0,
        scripts: js.map((e) => new URL(e.name).pathname),
        lastScript: Math.max(0, ...js.map((e) => e.responseEnd)),
        api: res.filter((e) => new URL(e.name).pathname.startsWith('/api/'))
          .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd })),
      };
      done(window.__firstRow);
    });
  });
  observer.observe(document, { subtree: true, childList: true });
})();`;

/**
 * Opens `url` and waits, through the DevTools protocol, for the page's own note of its first row. Not
 * Playwright's waitForFunction: that puts Playwright's injected script (about 7 ms of the page's main thread,
 * cold) into the page while it loads, where it landed on the console's critical path (as its chunks
 * arrived) but after the floor app's (which waits for its one fetch then).
 */
async function firstRow(tab: Tab, url: string): Promise<Sample> {
  await tab.page.goto(url); // resolves at the load event: the document asked about below is the new one

  const { result, exceptionDetails } = await tab.cdp.send('Runtime.evaluate', {
    expression: 'window.__firstRowDone',
    awaitPromise: true,
    returnByValue: true,
    timeout: 30_000,
  });
  if (exceptionDetails) throw new Error(`no first row: ${exceptionDetails.text}`);
  if (!tab.page.url().startsWith(url)) throw new Error(`ended on ${tab.page.url()}, not ${url}`);
  const sample = result.value as Sample;
  if (sample.origin === tab.last) throw new Error('measured the document of the run before');
  tab.last = sample.origin;
  return sample;
}

interface Tab {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** The timeOrigin of the last document measured in this tab. */
  last?: number;
}

async function newTab(browser: Browser, storage: [string, string][]): Promise<Tab> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await withStorage(context, storage);
  await context.addInitScript(OBSERVE);
  const page = await context.newPage();
  return { context, page, cdp: await context.newCDPSession(page) };
}

const ms = (n: number) => `${n.toFixed(0).padStart(5)} ms`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const median = (xs: number[]) => stats(xs).median;

let failed = false;
let stop = () => {};
try {
  const loadBefore = load();
  const server = await startConsole(PORT, 'build', (outDir) => {
    console.log('Building the floor app (bench/floor-app)…');
    const built = spawnSync('npx', ['vite', 'build', '-c', 'bench/floor-app/vite.config.ts', '--logLevel', 'warn'], {
      cwd: root,
      env: { ...process.env, FLOOR_OUT_DIR: join(outDir, '__floor') },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (built.status !== 0) throw new Error('the floor app did not build');
  });
  stop = server.stop;
  const base = server.base;
  const outDir = join(root, `node_modules/.bench-dist-${PORT}`);
  const token = await tokenFor(base);
  const launch = playwrightConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch({ ...launch, headless: true });
  const apps = [
    { name: 'console', url: `${base}/users` },
    { name: 'floor app', url: `${base}/__floor/` },
  ] as const;
  // Every tab starts as one someone has used: the session, and what the console stored with it once it
  // knew who is signed in (the list requests it may start at once; the floor app reads only the token).
  const used = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const storage = await usedTabStorage(used, base, token, '/users', 'table[aria-label="Users"] tbody tr');
  await used.close();
  console.log(`Chromium ${browser.version()}, production builds (vite preview) on ${base}; ${RUNS} runs each, in turn.`);

  const cold: Sample[][] = [[], []];
  for (let i = -2; i < RUNS; i++) {
    for (const [k, app] of apps.entries()) {
      const tab = await newTab(browser, storage);
      const t = await firstRow(tab, app.url);
      if (i >= 0) cold[k]!.push(t); // the first two rounds warm the server, not the browser
      await tab.context.close();
    }
  }
  const warm: Sample[][] = [[], []];
  const tabs = [await newTab(browser, storage), await newTab(browser, storage)];
  for (const [k, app] of apps.entries()) await firstRow(tabs[k]!, app.url);
  for (let i = 0; i < RUNS; i++) {
    for (const [k, app] of apps.entries()) warm[k]!.push(await firstRow(tabs[k]!, app.url));
  }
  await browser.close();

  console.log(`\nNavigation → first row painted (load average before ${loadBefore}; after ${load()}):`);
  console.log(`${''.padEnd(24)}${'console'.padStart(22)}${'floor app'.padStart(22)}   ratio (medians)`);
  for (const [label, runs] of [
    ['cold (new context)', cold],
    ['warm (same tab again)', warm],
  ] as const) {
    const [c, f] = runs.map((r) => stats(r.map((s) => s.paint)));
    console.log(
      `${label.padEnd(24)}${`${ms(c!.median)} (p90 ${c!.p90.toFixed(0)})`.padStart(22)}${`${ms(f!.median)} (p90 ${f!.p90.toFixed(0)})`.padStart(22)}   ${(c!.median / f!.median).toFixed(2)}`,
    );
  }

  const gz = new Map<string, number>();
  const gzipped = (path: string) => {
    if (!gz.has(path)) gz.set(path, gzipSync(readFileSync(join(outDir, path)), { level: 9 }).length);
    return gz.get(path)!;
  };
  console.log('\nJavaScript loaded before the first row (a cold run):');
  for (const [k, app] of apps.entries()) {
    const files = [...new Set(cold[k]!.at(-1)!.scripts)];
    const bytes = files.reduce((n, f) => n + gzipped(f), 0);
    console.log(`  ${app.name.padEnd(10)} ${String(files.length).padStart(3)} files, ${(bytes / 1000).toFixed(1)} KB gzipped`);
  }

  console.log('\nWhere the time goes (medians, ms after navigation start):');
  for (const [label, runs] of [
    ['cold', cold],
    ['warm', warm],
  ] as const) {
    for (const [k, app] of apps.entries()) {
      const r = runs[k]!;
      const at = (path: string, f: 'start' | 'end') =>
        median(r.map((s) => s.api.find((a) => a.path.endsWith(path))?.[f] ?? NaN).filter((n) => !Number.isNaN(n)));
      const apis = ['/self', '/version', '-users', '/roles', '/sso-providers', '/datapipe/status']
        .filter((p) => r.some((s) => s.api.some((a) => a.path.endsWith(p))))
        .map((p) => `${p.replace(/^[/-]/, '')} ${at(p, 'start').toFixed(0)}–${at(p, 'end').toFixed(0)}`)
        .join(', ');
      console.log(
        `  ${label} ${app.name.padEnd(10)} document ${median(r.map((s) => s.html)).toFixed(0)}, last script ${median(r.map((s) => s.lastScript)).toFixed(0)}, rows in DOM ${median(r.map((s) => s.dom)).toFixed(0)}, painted ${median(r.map((s) => s.paint)).toFixed(0)}; long tasks ${median(r.map((s) => s.longTasks)).toFixed(0)}; API ${apis || 'none'}`,
      );
    }
  }
} catch (e) {
  failed = true;
  console.error(`first-page bench failed: ${(e as Error).message}`);
} finally {
  stop();
}
process.exit(failed ? 1 : 0);
