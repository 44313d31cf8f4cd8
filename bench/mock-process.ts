/**
 * The standalone mock service (`src/mock-server/main.ts`) as a child process
 * on a free loopback port, for benches that drive it over HTTP. It starts from
 * the seed with the default password; `env` adds or (undefined) removes
 * settings, e.g. MOCK_DB or MOCK_GRAPH_SCALE.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PASSWORD } from '../src/mock-server/seed/core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningMock {
  child: ChildProcess;
  base: string;
  exited: Promise<void>;
}

export function startMock(env: NodeJS.ProcessEnv): Promise<RunningMock> {
  const merged: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: '0', MOCK_PASSWORD: DEFAULT_PASSWORD };
  for (const name of ['MOCK_DB', 'MOCK_FAULT', 'MOCK_LOG', 'MOCK_GRAPH_SCALE']) delete merged[name];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete merged[name];
    else merged[name] = value;
  }
  // node itself, not the tsx CLI: one process, so a SIGKILL reaches the server and nothing is left behind.
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/mock-server/main.ts')], {
    cwd: root,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve({ child, base: m[1]!, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[mock] ${chunk.toString()}`));
    child.once('exit', (code, signal) => reject(new Error(`the mock exited before listening (${code ?? signal}):\n${out}`)));
  });
}

export async function kill(mock: RunningMock, signal: NodeJS.Signals): Promise<void> {
  if (mock.child.exitCode === null && mock.child.signalCode === null) mock.child.kill(signal);
  await mock.exited;
}
