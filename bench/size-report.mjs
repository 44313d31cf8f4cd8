#!/usr/bin/env node
// `npm run size`: the JavaScript a browser downloads, from the production
// build's manifest (dist/.vite/manifest.json), gzipped.
// Budgets: the sign-in page before it shows (entry chunk and everything it
// imports statically) at most 170 KB; the own chunk of anything loaded on
// demand (a page, the signed-in routes, a lazy component) at most 80 KB, printed
// with the shared chunks it needs that the sign-in page does not already bring.
// A lazy component that carries a large library of its own has a budget of its
// own, with its reason (NAMED_BUDGETS).
// Also printed, without a budget: what the sign-in page loads after it shows
// (the entry's dynamic imports but the signed-in routes: notices, SSO buttons,
// the schemas of its requests). Exits 1 when a budget is passed, or when the
// signed-in routes (what every signed-in page loads) load a page's own chunk.
// Sizes, not times: the figures are stable.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const KB = 1000;
const BUDGET_ENTRY = 170 * KB;
const BUDGET_PAGE = 80 * KB;
/**
 * Lazy chunks allowed more than BUDGET_PAGE, each for a library only it loads:
 * - the Cypher editor: CodeMirror 6 (view, state, language, autocomplete, lint, commands and the
 *   Cypher mode, about 110 KB gzipped) with the console's small wrapper; it loads only when the
 *   Cypher page or a Privilege Zones rule form shows its editor;
 * - the Cypher answer graph: sigma 4 (the WebGL renderer with its shaders, about 104 KB gzipped),
 *   graphology (14 KB) and ForceAtlas2 (4 KB); the Cypher page loads it when it shows a graph;
 * - the API explorer's viewer: Swagger UI 5.32 (swagger-ui-react with its bundled swagger-client, Immutable,
 *   Redux and the syntax highlighter, about 360 KB gzipped; its CSS, 26 KB, apart); only the API explorer page
 *   loads it, after the document has come.
 */
const NAMED_BUDGETS = {
  'components/cypher/CypherEditor.tsx': 125 * KB,
  'components/graph/AnswerGraph.tsx': 125 * KB,
  'features/api-explorer/components/SwaggerView.tsx': 375 * KB,
};

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch {
  console.error('No build manifest: run `npm run build` first (npm run size does).');
  process.exit(2);
}

const gz = new Map();
const gzipped = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gz.get(file);
};
/** Files a chunk loads before it runs: itself and its static imports, recursively. */
const closure = (key, seen = new Set()) => {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imp of chunk.imports ?? []) closure(imp, seen);
  return seen;
};
const sum = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + gzipped(f), 0);
const fmt = (n) => `${(n / KB).toFixed(1).padStart(7)} KB`;

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entryFiles = closure(entryKey);
const rows = [{ route: 'sign-in page (entry + static imports)', size: sum(entryFiles), budget: BUDGET_ENTRY }];
const later = new Set();
for (const key of manifest[entryKey].dynamicImports ?? []) {
  if (key === 'src/app/signed-in.tsx') continue;
  for (const f of closure(key)) if (!entryFiles.has(f)) later.add(f);
}
const laterRow = { route: 'sign-in page, loaded after it shows (no budget)', size: sum(later) };
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  // The page's own chunk, plus shared chunks it needs that the entry does not already bring.
  const own = gzipped(chunk.file);
  const extra = sum([...closure(key)].filter((f) => f !== chunk.file && !entryFiles.has(f)));
  const route = key.replace(/^src\//, '');
  rows.push({ route, size: own, shared: extra, budget: NAMED_BUDGETS[route] ?? BUDGET_PAGE });
}

let over = 0;
console.log(`${'what the browser loads'.padEnd(64)} ${'own (gzip)'.padStart(10)} ${'+ shared'.padStart(10)}  budget`);
for (const r of rows) {
  const bad = r.size > r.budget;
  if (bad) over++;
  console.log(
    `${r.route.padEnd(64)} ${fmt(r.size)} ${r.shared === undefined ? ''.padStart(10) : fmt(r.shared)}  ${fmt(r.budget)}${bad ? '  OVER BUDGET' : ''}`,
  );
  if (r === rows[0]) console.log(`${laterRow.route.padEnd(64)} ${fmt(laterRow.size)}`);
}
// What every signed-in page loads (the signed-in routes and their static imports) holds no page's own chunk:
// a page's code loads only when someone opens it (vite.config.ts, the `libs` and `shared` groups).
const pageFiles = new Set(
  Object.entries(manifest)
    .filter(([key]) => /^src\/features\/[^/]+\/routes\//.test(key))
    .map(([, chunk]) => chunk.file),
);
const shellPages = [...closure('src/app/signed-in.tsx')].filter((f) => pageFiles.has(f));
if (shellPages.length > 0) {
  console.error(`\nEvery signed-in page loads another page's chunk: ${shellPages.join(', ')}.`);
  process.exit(1);
}
if (over) {
  console.error(`\n${over} route(s) over budget.`);
  process.exit(1);
}
console.log('\nAll routes within budget.');
