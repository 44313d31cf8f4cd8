/**
 * Runs Cypher off the main thread: one worker thread (worker.ts) takes the
 * requests one at a time, in order, so a heavy query never stalls the server's
 * other requests. The worker keeps its own copy of the live graph; a request
 * carries the graph's version, and the small inputs it is made of only when
 * the worker's copy is of another version.
 *
 * Each request has a deadline (`Prefer: wait`, 30 s by default), counted from
 * when it arrived: one still waiting its turn then is answered as timed out
 * without running; the running one is stopped (the worker is terminated, and
 * the next request starts a fresh one). Requests run one by one so a
 * mutation's changes are in the state before the next request reads it:
 * `settle` runs synchronously when the worker answers, before the next starts.
 *
 * The worker runs the TypeScript sources through tsx's ESM API (worker-entry.mjs),
 * wherever the mock runs: `npm run mock` (tsx), Vitest, and the Vite dev and
 * preview servers, which load the mock as one bundled file (vite-plugin.ts).
 * There the worker's source is found from the bundle's place in the
 * project (node_modules/.vite/…).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CypherOutcome, CypherRequest, LiveGraphInputs } from './run';
import type { WorkerMessage, WorkerRequest } from './worker';

export type EngineResult =
  | { kind: 'done'; outcome: CypherOutcome }
  /** The deadline passed; `mutationStarted`: the query had been found to change the graph and was running. */
  | { kind: 'timeout'; mutationStarted: boolean }
  /** The worker failed (a bug, or it could not start): a 500. */
  | { kind: 'failed'; message: string };

export interface EngineJob<T> {
  request: CypherRequest;
  /** When the answer is due, in `performance.now()` milliseconds. */
  deadline: number;
  /** The live graph now (read when the request's turn comes): its version, and its inputs if the worker needs them. */
  live: () => { version: string; inputs: () => LiveGraphInputs };
  /** The query changes the graph and may: called before it runs (the audit intent). */
  onMutation?: () => void;
  /** Turns the result into the answer; runs before the next request starts. */
  settle: (result: EngineResult) => T;
}

interface Queued {
  job: EngineJob<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  timer: ReturnType<typeof setTimeout>;
  mutationStarted: boolean;
}

const WORKER_ENTRY = 'src/mock-server/cypher/worker-entry.mjs';

/** The worker's entry: beside this module, or (bundled) in the project holding the bundle. */
function workerEntry(): string {
  const here = fileURLToPath(new URL('./worker-entry.mjs', import.meta.url));
  if (existsSync(here)) return here;
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, WORKER_ENTRY);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`the Cypher worker's entry (${WORKER_ENTRY}) was not found`);
  }
}

export class CypherEngine {
  private worker: Worker | undefined;
  /** The graph version the worker holds. */
  private workerVersion: string | undefined;
  private readonly queue: Queued[] = [];
  private running: (Queued & { id: number }) | undefined;
  private nextId = 1;

  run<T>(job: EngineJob<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry: Queued = {
        job,
        resolve: resolve as (value: unknown) => void,
        reject,
        mutationStarted: false,
        timer: setTimeout(() => this.expire(entry), Math.max(0, job.deadline - performance.now())),
      };
      this.queue.push(entry);
      this.next();
    });
  }

  /** Stops the worker (a server closing; tests). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.discardWorker();
    await worker?.terminate();
  }

  private next(): void {
    if (this.running) return;
    const entry = this.queue.shift();
    if (!entry) {
      this.worker?.unref();
      return;
    }
    const id = this.nextId++;
    this.running = { ...entry, id };
    try {
      const worker = this.ensureWorker();
      const { version, inputs } = entry.job.live();
      const message: WorkerRequest = {
        id,
        version,
        request: entry.job.request,
        ...(this.workerVersion === version ? {} : { inputs: inputs() }),
      };
      this.workerVersion = version;
      worker.ref();
      worker.postMessage(message);
    } catch (e) {
      this.finish({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
    }
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerEntry());
    worker.on('message', (m: WorkerMessage) => {
      if (worker !== this.worker || m.id !== this.running?.id) return;
      if (m.kind === 'mutation') {
        this.running.mutationStarted = true;
        this.running.job.onMutation?.();
      } else this.finish(m.kind === 'done' ? { kind: 'done', outcome: m.outcome } : { kind: 'failed', message: m.message });
    });
    const lost = (why: string) => {
      if (worker !== this.worker) return;
      this.discardWorker();
      if (this.running) this.finish({ kind: 'failed', message: why });
    };
    worker.on('error', (e) => lost(e.stack ?? e.message));
    worker.on('exit', (code) => lost(`the Cypher worker exited (code ${code})`));
    this.worker = worker;
    this.workerVersion = undefined;
    return worker;
  }

  private discardWorker(): void {
    this.worker = undefined;
    this.workerVersion = undefined;
  }

  /** A request's deadline passed: dropped from the queue, or (running) its worker stopped. */
  private expire(entry: Queued): void {
    const queued = this.queue.indexOf(entry);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.settle(entry, { kind: 'timeout', mutationStarted: false });
      return;
    }
    if (this.running?.job !== entry.job) return;
    const worker = this.worker;
    this.discardWorker();
    void worker?.terminate();
    this.finish({ kind: 'timeout', mutationStarted: this.running.mutationStarted });
  }

  private finish(result: EngineResult): void {
    const entry = this.running;
    this.running = undefined;
    if (entry) this.settle(entry, result);
    this.next();
  }

  private settle(entry: Queued, result: EngineResult): void {
    clearTimeout(entry.timer);
    try {
      entry.resolve(entry.job.settle(result));
    } catch (e) {
      entry.reject(e);
    }
  }
}

/** The engine every mock service of this process shares (one worker; requests carry their graph's version). */
export const cypherEngine = new CypherEngine();
