// What each end-to-end spec costs: worker time (the sum of its tests' durations, retries included) per spec
// file, from a Playwright JSON report, most expensive first, with the run's wall time.
//
//   CI=true PLAYWRIGHT_JSON_OUTPUT_NAME=e2e-report.json npx playwright test --retries=0 --reporter=list,json
//   node scripts/e2e-spec-times.mjs e2e-report.json
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/e2e-spec-times.mjs <playwright-report.json>');
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, 'utf8'));

/** file → { tests, ms, failed } */
const specs = new Map();
function walk(suite) {
  for (const spec of suite.specs ?? []) {
    const entry = specs.get(spec.file) ?? { tests: 0, ms: 0, failed: 0 };
    for (const test of spec.tests) {
      entry.tests++;
      for (const result of test.results) entry.ms += result.duration;
      if (!['expected', 'skipped'].includes(test.status)) entry.failed++;
    }
    specs.set(spec.file, entry);
  }
  for (const child of suite.suites ?? []) walk(child);
}
for (const suite of report.suites) walk(suite);

const rows = [...specs].sort((a, b) => b[1].ms - a[1].ms);
const total = rows.reduce((sum, [, e]) => sum + e.ms, 0);
const min = (ms) => (ms / 60_000).toFixed(1);
console.log('| spec | tests | worker time (min) | share |');
console.log('| ---- | ----: | ----------------: | ----: |');
for (const [spec, e] of rows) {
  const failed = e.failed ? ` (${e.failed} not passed)` : '';
  console.log(`| ${spec} | ${e.tests}${failed} | ${min(e.ms)} | ${((100 * e.ms) / total).toFixed(0)} % |`);
}
const tests = rows.reduce((sum, [, e]) => sum + e.tests, 0);
const wall = report.stats?.duration;
console.log(
  `\n${tests} tests, ${min(total)} min of worker time` +
    (wall ? `, ${min(wall)} min wall time with ${report.config?.metadata?.actualWorkers ?? '?'} workers` : ''),
);
