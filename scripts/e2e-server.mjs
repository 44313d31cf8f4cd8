// One server of the end-to-end run, started by e2e/servers.ts (one per Playwright worker and
// edition): `vite preview` of the e2e build, or the dev server, each with its own in-process mock
// service (its own state). Settings come from the environment (PORT, MOCK_EDITION, MOCK_*).
// Prints "ready <url>" once listening, and exits when its parent goes away (stdin closes), so a
// killed test run leaves no server behind.
//
//   node scripts/e2e-server.mjs preview <outDir>
//   node scripts/e2e-server.mjs dev
import { createServer, preview } from 'vite';

const [mode, outDir] = process.argv.slice(2);
if (mode !== 'dev' && !(mode === 'preview' && outDir)) {
  console.error('usage: node scripts/e2e-server.mjs preview <outDir> | dev');
  process.exit(2);
}
const quiet = { logLevel: 'warn' };
const server =
  mode === 'preview' ? await preview({ ...quiet, build: { outDir } }) : await createServer(quiet).then((s) => s.listen());
const url = server.resolvedUrls?.local[0]?.replace(/\/$/, '');
console.log(`ready ${url}`);

let closing = false;
const stop = async () => {
  if (closing) return;
  closing = true;
  await server.close();
  process.exit(0);
};
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
