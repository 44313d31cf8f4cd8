import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The servers of an end-to-end run. Each Playwright worker gets its own: a `vite preview` of one
 * shared production build (enterprise edition, with the security headers on), and on demand a
 * second one in community edition. Each mounts its own in-process mock service, so every worker
 * has its own state and tests run in parallel without seeing each other's changes.
 *
 * Ports: worker `parallelIndex` i serves on E2E_PORT + 2i (enterprise) and E2E_PORT + 2i + 1
 * (community); the dev-server check (e2e/dev-server.spec.ts) uses E2E_PORT + DEV_PORT_OFFSET.
 */
export const E2E_PORT = Number(process.env.E2E_PORT || 5180);
export const DEV_PORT_OFFSET = 60;
/** A real (or standalone) server to run the @smoke tests against; then no server is started and no mock control is used. */
export const EXTERNAL_URL = process.env.E2E_BASE_URL?.replace(/\/$/, '') || undefined;
/**
 * The console's client timeout in the e2e build (VITE_API_TIMEOUT_MS; 30 s by default), short so
 * the "slow answer past the timeout" test (faults.spec.ts) takes seconds, not minutes. Mock
 * answers take milliseconds, so no other test comes near it; uploads keep their own timeout.
 */
export const E2E_API_TIMEOUT_MS = 5000;

const ROOT = resolve(import.meta.dirname, '..');
/** The e2e build, kept between runs (rebuilt only when a source is newer): beside the other build caches. */
export const DIST_DIR = join(ROOT, 'node_modules', `.e2e-dist-${E2E_PORT}`);
/** What the console's build reads; the mock is loaded from source when a server starts, so it needs no build. */
const BUILD_INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];
const BUILD_ENV = { VITE_API_TIMEOUT_MS: String(E2E_API_TIMEOUT_MS) };

/** A build of the console: where it goes and the build settings (VITE_*) it is made with. */
export interface Build {
  dir: string;
  env: Record<string, string>;
}
/** The build every e2e server serves. */
export const E2E_BUILD: Build = { dir: DIST_DIR, env: BUILD_ENV };
/**
 * The build as an upstream server's deployment makes it: user paths spelt `bloodhound-users`, as the
 * reference document has them (docs/real-server.md). The Prism run (e2e/prism.spec.ts) serves it.
 */
export const UPSTREAM_BUILD: Build = {
  dir: join(ROOT, 'node_modules', `.e2e-dist-upstream-${E2E_PORT}`),
  env: { ...BUILD_ENV, VITE_USERS_PATH_WORD: 'bloodhound' },
};

function newestInput(): number {
  let newest = 0;
  for (const input of BUILD_INPUTS) {
    const path = join(ROOT, input);
    if (!existsSync(path)) continue;
    const files = statSync(path).isDirectory()
      ? readdirSync(path, { recursive: true, encoding: 'utf8' }).map((f) => join(path, f))
      : [path];
    // Unit tests are not part of the build: editing one does not make the e2e run build again.
    for (const file of files) if (!/\.test\.tsx?$/.test(file)) newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

/** Builds the console for the e2e servers (`build`: the e2e build by default), unless its last build is newer than every source. */
export function buildOnce({ dir, env }: Build = E2E_BUILD): void {
  const stamp = join(dir, '.e2e-build.json');
  const inputs = { newest: newestInput(), env };
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === JSON.stringify(inputs)) {
    process.stderr.write(`[e2e] reusing the build in ${dir} (no source changed since)\n`);
    return;
  }
  const started = Date.now();
  const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const res = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', dir, '--emptyOutDir'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env, API_PROXY_TARGET: '' },
  });
  if (res.status !== 0) throw new Error(`[e2e] vite build failed (exit ${res.status})`);
  writeFileSync(stamp, JSON.stringify(inputs));
  process.stderr.write(`[e2e] built the console in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

/**
 * The URL path at which the e2e build serves a source module's chunk, looked up in the build's manifest
 * (e.g. `src/features/users/routes/UsersPage.tsx`), so a test never guesses a chunk's file name.
 */
export function builtPath(source: string): string {
  const manifest = JSON.parse(readFileSync(join(DIST_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const chunk = manifest[source];
  if (!chunk) throw new Error(`[e2e] ${source} is not a chunk of the e2e build`);
  return `/${chunk.file}`;
}

export type Edition = 'enterprise' | 'community';

/**
 * Builds what a fresh mock builds on first use and keeps across resets (the big group's 100,000
 * generated members and the member indexes), in the worker's own start-up time, so the first test
 * of each worker to open a group does not wait for it.
 */
async function warmUp(url: string): Promise<void> {
  const login = await fetch(`${url}/api/v2/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login_method: 'secret', username: 'admin', secret: process.env.MOCK_PASSWORD || 'Correct-Horse-9' }),
  });
  const token = ((await login.json()) as { data: { session_token: string } }).data.session_token;
  const get = async (path: string) => (await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${token}` } })).json();
  const groups = ((await get('/api/v2/asset-groups')) as { data: { asset_groups: { id: number }[] } }).data.asset_groups;
  for (const { id } of groups) await get(`/api/v2/asset-groups/${id}/members?limit=1`);
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** What a server serves besides the e2e build and its own mock. */
export interface ServerOptions {
  /** The build a preview serves (the e2e build by default). */
  build?: Build;
  /** Send /api to this server (API_PROXY_TARGET) instead of mounting a mock. */
  apiProxyTarget?: string;
}

/**
 * Starts one server (see scripts/e2e-server.mjs) with its own mock service (or, with `apiProxyTarget`,
 * in front of another server) and waits until it listens. `preview` serves the e2e build (or
 * `build`); `dev` is the Vite dev server, as `npm run dev` runs it.
 */
export async function startServer(
  port: number,
  edition: Edition,
  mode: 'preview' | 'dev' = 'preview',
  { build = E2E_BUILD, apiProxyTarget = '' }: ServerOptions = {},
): Promise<RunningServer> {
  const args = [join(ROOT, 'scripts', 'e2e-server.mjs'), mode, ...(mode === 'preview' ? [build.dir] : [])];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...build.env,
      MOCK_EDITION: edition,
      PORT: String(port),
      HOST: '127.0.0.1',
      MOCK_DB: '',
      MOCK_FAULT: '',
      MOCK_CONTROLS: '1',
      API_PROXY_TARGET: apiProxyTarget,
      MOCK_JWT_SECRET: 'e2e-only-signing-key',
      // A short pipeline, so "ingesting → analyzing → idle" takes seconds in the e2e tests; the analysis
      // lasts two of the console's 2 s polls of a busy pipeline (src/api/datapipe.ts), so one of them
      // sees it running even when an answer comes late on a busy machine.
      MOCK_INGEST_MS_PER_FILE: '1500',
      MOCK_ANALYSIS_MS: '4000',
    },
  });
  let output = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = await new Promise<string>((done, fail) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /^ready (\S+)$/m.exec(output);
      if (ready) done(ready[1]!);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) =>
      fail(
        new Error(
          `[e2e] the ${edition} ${mode} server on port ${port} exited (${code}) before it listened` +
            ` (port taken? set E2E_PORT to a free range):\n${output.slice(-3000)}`,
        ),
      ),
    );
  });
  if (edition === 'enterprise' && !apiProxyTarget) await warmUp(url);
  // Keep draining its output, so a chatty server never blocks on a full pipe.
  child.stdout.resume();
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(`[e2e ${edition}:${port}] ${chunk.toString()}`));
  return {
    url,
    async stop() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
