import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { RunningServer } from './servers';

const ROOT = resolve(import.meta.dirname, '..');
/** The upstream contract (reference/README.md): the repository's copy, so the run needs nothing outside it. */
export const REFERENCE = join(ROOT, 'reference', 'openapi-subset.json');
const PRISM = join(ROOT, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');

/**
 * Starts Prism (@stoplight/prism-cli) on 127.0.0.1:`port` with `args` (`mock -d --seed 1 <doc>`,
 * `proxy <doc> <upstream> --errors`) and waits until it listens. Its log is kept, for a failure's report.
 */
export async function startPrism(port: number, args: string[]): Promise<RunningServer & { log(): string }> {
  const [command, ...rest] = args;
  const child = spawn(process.execPath, [PRISM, command!, '-p', String(port), '-h', '127.0.0.1', ...rest], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((done) =>
    child.once('exit', (code, signal) => {
      output += `\n[prism exited: ${code ?? signal}]\n`;
      done(code);
    }),
  );
  await new Promise<void>((done, fail) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Prism is listening on/.test(output)) done();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) =>
      fail(new Error(`[prism] ${args.join(' ')} on port ${port} exited (${code}):\n${output.slice(-3000)}`)),
    );
  });
  return {
    url: `http://127.0.0.1:${port}`,
    log: () => output,
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
