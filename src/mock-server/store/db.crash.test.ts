/**
 * MOCK_DB survives kill -9 during writes: a writer process (db.crash-child.ts)
 * changes the state without pause and is killed with SIGKILL, several times,
 * sometimes on the first file-system event in its directory (mid-write), sometimes
 * after a short delay. After each kill the file must parse and hold a whole
 * state: exactly the state after some number k of changes (a prefix, nothing
 * torn or half-applied), with k at least the last change acknowledged (what
 * `durable()` confirmed is never lost). The next writer loads that state and
 * has removed the killed one's temporary files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { crashSeed, expectedAfter, type CrashState } from './db.crash-child';
import { MockDb } from './db';

const CHILD = fileURLToPath(new URL('./db.crash-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

interface Writer {
  child: ChildProcess;
  ready: number;
  /** Highest change acknowledged so far. */
  acked: () => number;
  exited: Promise<void>;
}

const children: ChildProcess[] = [];
const dir = mkdtempSync(join(tmpdir(), 'mock-db-crash-'));
const file = join(dir, 'state.json');

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? once(c) : null)));
  rmSync(dir, { recursive: true, force: true });
});

function once(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

function startWriter(): Promise<Writer> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, file], {
    cwd: ROOT,
    env: { ...process.env, MOCK_DB_CRASH_CHILD: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const exited = once(child);
  let acked = -1;
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (d: Buffer) => {
      buffer += d.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        const [word, n] = line.split(' ');
        if (word === 'ready') {
          acked = Number(n);
          resolve({ child, ready: Number(n), acked: () => acked, exited });
        } else if (word === 'ack') acked = Math.max(acked, Number(n));
      }
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`the writer exited before it was ready (${code ?? signal}): ${errors}`)),
    );
  });
}

const tmpFilesOf = (pid: number | undefined) => readdirSync(dir).filter((n) => n.startsWith(`state.json.${pid}.`));

/** Resolves when `test` holds, checking at every turn of the event loop; rejects after `ms`. */
async function until(test: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setImmediate(r));
  }
}

describe('MOCK_DB persistence under kill -9', () => {
  it('always leaves a whole state holding every acknowledged change', async () => {
    // Delays after writes are flowing; null = kill on the first file-system event (mid-write).
    const kills: (number | null)[] = [null, null, 15, null, null, 40];
    let expectedReady = 0;
    let midSave = 0;
    let previousPid: number | undefined;
    for (const [n, delay] of kills.entries()) {
      const writer = await startWriter();
      // The new writer loaded exactly what the last kill left, and cleared the killed writer's temporary files.
      expect(writer.ready).toBe(expectedReady);
      if (previousPid !== undefined) expect(tmpFilesOf(previousPid)).toEqual([]);

      await until(() => writer.acked() > writer.ready, 15_000, 'writes are acknowledged');
      if (delay === null) {
        // Killed on the first file-system event in the directory: while a save is writing.
        await new Promise<void>((resolve) => {
          const watcher = watch(dir, () => {
            writer.child.kill('SIGKILL');
            watcher.close();
            resolve();
          });
        });
      } else await new Promise((r) => setTimeout(r, delay));
      writer.child.kill('SIGKILL');
      await writer.exited;
      const acked = writer.acked();
      if (tmpFilesOf(writer.child.pid).length > 0) midSave++;

      const text = readFileSync(file, 'utf8');
      let state: CrashState;
      try {
        state = JSON.parse(text) as CrashState;
      } catch (e) {
        throw new Error(`kill ${n + 1}: the state file is torn (${(e as Error).message}), ${text.length} bytes`, { cause: e });
      }
      const k = state.crash.applied;
      expect(k, 'every acknowledged change is in the file').toBeGreaterThanOrEqual(acked);
      // Whole: exactly the state after k changes, each change complete (no torn write, no half-applied change).
      if (text !== JSON.stringify(expectedAfter(k))) expect(state).toEqual(expectedAfter(k));
      expectedReady = k;
      previousPid = writer.child.pid;
    }
    expect(midSave, 'some kills landed while a save was being written').toBeGreaterThan(0);

    // The app's own loader reads the last state (and cleans up after the last writer).
    const db = new MockDb(crashSeed, file);
    expect((db.state as CrashState).crash.applied).toBe(expectedReady);
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  }, 60_000);
});
