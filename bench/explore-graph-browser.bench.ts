/**
 * The graph view with a large answer in Chromium (`npm run bench explore-graph-browser`): the Cypher page at
 * MOCK_GRAPH_SCALE=5000 (BENCH_GRAPH_SCALE), a query answering about 6,400 nodes and 10,000 relationships
 * (BENCH_GRAPH_QUERY), drawn on its Graph tab.
 *
 * Starts its own server on port 5291 (BENCH_BROWSER_PORT): the production build under `vite preview` by
 * default (BENCH_BROWSER_TARGET=dev for the dev server). Printed, never asserted:
 * - the layout (ForceAtlas2, then Hierarchical) from the click to the drawing no longer busy, and the long tasks
 *   (PerformanceObserver 'longtask', over 50 ms) on the page's thread meanwhile: the longest is how long input
 *   waited at most;
 * - pan and zoom: frame times (requestAnimationFrame deltas) while the mouse wheel zooms (with Ctrl, as the
 *   drawing asks) and drags pan, median, p95 and max, and the long tasks meanwhile;
 * - the load average, since the figures depend on what else the machine runs.
 */
import { readFileSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import playwrightConfig from '../playwright.config';
import { startConsole, tokenFor, withSession } from './browser-common';

const PORT = Number(process.env.BENCH_BROWSER_PORT || 5291);
const TARGET = process.env.BENCH_BROWSER_TARGET === 'dev' ? 'dev' : 'build';
const SCALE = process.env.BENCH_GRAPH_SCALE || '5000';
const QUERY = process.env.BENCH_GRAPH_QUERY || 'MATCH p=()-[r]->() RETURN p LIMIT 10000';
const SECONDS = Number(process.env.BENCH_SECONDS || 4);

/** In the page from its start: every long task, kept on `window`. */
const OBSERVE = `(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
})()`;

/** In the page: requestAnimationFrame deltas until `window.__stopFrames` is set; resolves with them. */
const FRAMES = `new Promise((resolve) => {
  window.__stopFrames = false;
  const deltas = [];
  let last = performance.now();
  const tick = (now) => {
    deltas.push(now - last);
    last = now;
    if (window.__stopFrames) resolve(deltas);
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})`;

const now = (page: Page) => page.evaluate(() => performance.now());
const longTasksSince = (page: Page, since: number) =>
  page.evaluate(
    (t) => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks.filter((e) => e.start >= t),
    since,
  );

function percentile(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? 0;
}

function longTaskText(tasks: { duration: number }[]): string {
  if (tasks.length === 0) return 'no long task';
  const longest = Math.max(...tasks.map((t) => t.duration));
  const total = tasks.reduce((sum, t) => sum + t.duration, 0);
  return `${tasks.length} long task${tasks.length === 1 ? '' : 's'}, longest ${longest.toFixed(0)} ms, ${total.toFixed(0)} ms in all`;
}

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function layOut(page: Page, label: string, click: () => Promise<void>) {
  const drawing = page.getByRole('img', { name: /^Graph of/ });
  const started = await now(page);
  await click();
  await page
    .waitForFunction(() => document.querySelector('[role="img"][aria-busy="true"]') !== null, null, { timeout: 5000 })
    .catch(() => {});
  await drawing.and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 120_000 });
  // Two frames: the drawing painted.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const ended = await now(page);
  const tasks = await longTasksSince(page, started);
  console.log(`${label.padEnd(34)} ${(ended - started).toFixed(0).padStart(6)} ms to the drawing; ${longTaskText(tasks)}`);
}

async function panAndZoom(page: Page) {
  const box = (await page.getByRole('img', { name: /^Graph of/ }).boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  const started = await now(page);
  const frames = page.evaluate(FRAMES) as Promise<number[]>;
  const until = Date.now() + SECONDS * 1000;
  let step = 0;
  while (Date.now() < until) {
    // Zoom in and out with the wheel (Ctrl held), then drag across the drawing.
    await page.keyboard.down('Control');
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, step % 2 === 0 ? -120 : 120);
    await page.keyboard.up('Control');
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(cx + (step % 2 === 0 ? 1 : -1) * i * 12, cy + i * 4);
    await page.mouse.up();
    await page.mouse.move(cx, cy);
    step++;
  }
  await page.evaluate(() => ((window as unknown as { __stopFrames: boolean }).__stopFrames = true));
  const deltas = (await frames).slice(1);
  const tasks = await longTasksSince(page, started);
  console.log(
    `pan and zoom, ${SECONDS} s (${deltas.length} frames)  frame time median ${percentile(deltas, 0.5).toFixed(1)} ms, p95 ${percentile(deltas, 0.95).toFixed(1)} ms, max ${Math.max(...deltas).toFixed(1)} ms; ${longTaskText(tasks)}`,
  );
}

let failed = false;
let stop = () => {};
try {
  process.env.MOCK_GRAPH_SCALE = SCALE;
  const server = await startConsole(PORT, TARGET);
  stop = server.stop;
  const BASE = server.base;
  const launch = playwrightConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch({ ...launch, headless: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await withSession(context, await tokenFor(BASE));
  await context.addInitScript(OBSERVE);
  const page = await context.newPage();
  console.log(
    `Chromium ${browser.version()}, ${TARGET === 'build' ? 'production build (vite preview)' : 'Vite dev server'} on ${BASE}; MOCK_GRAPH_SCALE=${SCALE}; load average ${loadavg()}`,
  );
  await page.goto(`${BASE}/cypher?q=${encodeURIComponent(QUERY)}`);
  const editor = page.getByRole('textbox', { name: 'Cypher query' });
  await editor.waitFor({ timeout: 60_000 });
  await editor.press('Control+Enter');
  const counts = page.getByText(/^[\d,]+ nodes, [\d,]+ relationships$/);
  await counts.waitFor({ timeout: 120_000 });
  console.log(`query: ${QUERY} → ${await counts.textContent()}`);

  await layOut(page, 'Graph tab, ForceAtlas2 (worker)', () => page.getByRole('tab', { name: 'Graph' }).click());
  await panAndZoom(page);
  await layOut(page, 'Hierarchical (worker)', () => page.getByRole('button', { name: 'Hierarchical' }).click());
  await panAndZoom(page);
  console.log(`load average after: ${loadavg()}`);
  await browser.close();
} catch (e) {
  failed = true;
  console.error(`explore-graph-browser bench failed: ${(e as Error).message}`);
} finally {
  stop();
}
process.exit(failed ? 1 : 0);
