/**
 * The first page against its floor (`npm run bench first-page`): from the
 * navigation to the first row of the Users table painted, for the console's
 * production build and for the floor app (bench/floor-app: the same libraries
 * in one bundle, one fetch of the same users list, one table cell), both
 * built by this bench and served by one `vite preview` with the mock mounted
 * (the floor under /__floor/), timed in one Chromium, run by run in turn (each
 * round starting one app later than the one before) so load changes touch both alike.
 *
 * - cold: a new browser context for each run (empty HTTP cache), whose tab's session storage is that of a
 *   tab where the console was used (the session, and anything the console stored with it);
 * - warm: the same tab navigated to the page again (HTTP cache filled; there
 *   is no service worker).
 *
 * Each run is followed by a short pause, and a warm tab is frozen once its first row is painted until its next
 * run, so that what an app does after its rows (the console's pipeline status and polling) is not timed in
 * the next app's run.
 *
 * BENCH_FIRST_PAGE_BASELINE=/path/to/another/checkout (with its own node_modules) builds and serves that
 * checkout's console too, on the next port, and times it as a third app in the same turns: a change measured
 * side by side with the code before it.
 *
 * Printed: median and p90 of BENCH_RUNS (default 15) runs each, the ratio of
 * the medians to the floor app's, the load average before and after, the JavaScript files and
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

/** A pause between runs, so one run's leftovers (a closing browser context, an app's post-load work) are not timed in the next. */
const settle = () => new Promise((r) => setTimeout(r, 150));
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
  const baselineDir = process.env.BENCH_FIRST_PAGE_BASELINE;
  const baseline = baselineDir ? await startConsole(PORT + 1, 'build', undefined, baselineDir) : undefined;
  stop = () => {
    server.stop();
    baseline?.stop();
  };
  const base = server.base;
  const outDir = join(root, `node_modules/.bench-dist-${PORT}`);
  const launch = playwrightConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch({ ...launch, headless: true });
  // Every tab starts as one someone has used: the session, and what the console stored with it once it
  // knew who is signed in (the list requests it may start at once; the floor app reads only the token).
  const usedStorage = async (at: string) => {
    const used = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const entries = await usedTabStorage(used, at, await tokenFor(at), '/users', 'table[aria-label="Users"] tbody tr');
    await used.close();
    return entries;
  };
  const storage = await usedStorage(base);
  const apps = [
    { name: 'console', url: `${base}/users`, storage },
    { name: 'floor app', url: `${base}/__floor/`, storage },
    ...(baseline ? [{ name: 'baseline', url: `${baseline.base}/users`, storage: await usedStorage(baseline.base) }] : []),
  ];
  console.log(`Chromium ${browser.version()}, production builds (vite preview) on ${base}; ${RUNS} runs each, in turn.`);

  // Each round times the apps in turn, starting one app later than the round before, so each app follows each
  // other app equally often: an app's run may leave work behind (its server still answering the requests its
  // page made once its rows were up), which in one fixed order would always land in the same next app's run.
  // Rounds are numbered from -2 (two to warm the server first).
  const inTurn = (round: number) => apps.map((_, k) => (k + round + 2) % apps.length);
  const cold: Sample[][] = apps.map(() => []);
  for (let i = -2; i < RUNS; i++) {
    for (const k of inTurn(i)) {
      const app = apps[k]!;
      const tab = await newTab(browser, app.storage);
      const t = await firstRow(tab, app.url);
      if (i >= 0) cold[k]!.push(t); // the first two rounds warm the server, not the browser
      await tab.context.close();
      await settle();
    }
  }
  const warm: Sample[][] = apps.map(() => []);
  const tabs = await Promise.all(apps.map((app) => newTab(browser, app.storage)));
  // After each run its tab is frozen (timers and tasks held, as a browser holds a tab in the background) until
  // it is timed again: what an app does once its rows are up (the console's pipeline status, its polling) must
  // not run while the next app is timed.
  const measureWarm = async (k: number) => {
    const tab = tabs[k]!;
    // Woken, then left to run what it held back, before it is timed.
    await tab.cdp.send('Page.setWebLifecycleState', { state: 'active' });
    await settle();
    const sample = await firstRow(tab, apps[k]!.url);
    await tab.cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
    return sample;
  };
  for (const k of apps.keys()) await measureWarm(k);
  for (let i = 0; i < RUNS; i++) {
    for (const k of inTurn(i)) warm[k]!.push(await measureWarm(k));
  }
  await browser.close();

  console.log(`\nNavigation → first row painted (load average before ${loadBefore}; after ${load()}):`);
  console.log(`${''.padEnd(24)}${apps.map((a) => a.name.padStart(22)).join('')}   ratio to the floor (medians)`);
  for (const [label, runs] of [
    ['cold (new context)', cold],
    ['warm (same tab again)', warm],
  ] as const) {
    const all = runs.map((r) => stats(r.map((s) => s.paint)));
    const floor = all[1]!.median;
    const ratios = all.flatMap((x, k) =>
      k === 1 ? [] : [`${(x.median / floor).toFixed(2)}${apps.length > 2 ? ` (${apps[k]!.name})` : ''}`],
    );
    console.log(
      `${label.padEnd(24)}${all.map((x) => `${ms(x.median)} (p90 ${x.p90.toFixed(0)})`.padStart(22)).join('')}   ${ratios.join(', ')}`,
    );
  }

  const gz = new Map<string, number>();
  const gzipped = (path: string) => {
    if (!gz.has(path)) gz.set(path, gzipSync(readFileSync(join(outDir, path)), { level: 9 }).length);
    return gz.get(path)!;
  };
  console.log('\nJavaScript loaded before the first row (a cold run):');
  for (const [k, app] of apps.slice(0, 2).entries()) {
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
