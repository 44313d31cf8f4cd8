/**
 * Runs Cypher off the main thread, in worker threads (worker.ts; two, so a
 * heavy query stalls neither the server's other requests nor the next query),
 * in order. Each worker keeps its own copy of the live graph; a request
 * carries the graph's version, and the small inputs it is made of only when
 * its worker's copy is of another version.
 *
 * Each request has a deadline (`Prefer: wait`, 30 s by default), counted from
 * when it arrived: one still waiting its turn then is answered as timed out
 * without running; a running one is stopped (its worker is terminated; a
 * fresh one starts when needed). When the server runs mutations a request runs
 * alone, so a mutation's changes are in the state before the next request
 * reads it: `settle` runs synchronously when the worker answers, before the
 * next request starts.
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
  /** The deadline passed (a running query was stopped). */
  | { kind: 'timeout' }
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
}

/** A worker and what it holds: the graph version of its copy, the request it runs. */
interface Slot {
  worker: Worker;
  version: string | undefined;
  running: (Queued & { id: number }) | undefined;
}

/** How many queries run at once (each worker keeps its own copy of the graph). */
export const CYPHER_WORKERS = 2;

const WORKER_ENTRY = 'src/mock-server/cypher/worker-entry.mjs';

/** The worker's entry: beside this module, or (bundled) in the project holding the bundle. */
function workerEntry(): string {
  // Paths from the module's URL as text: in a jsdom test environment the global URL is jsdom's, which Node's functions refuse.
  const moduleDir = dirname(fileURLToPath(import.meta.url));
  const here = join(moduleDir, 'worker-entry.mjs');
  if (existsSync(here)) return here;
  for (let dir = moduleDir; ; dir = dirname(dir)) {
    const candidate = join(dir, WORKER_ENTRY);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`the Cypher worker's entry (${WORKER_ENTRY}) was not found`);
  }
}

export class CypherEngine {
  private readonly slots: Slot[] = [];
  private readonly queue: Queued[] = [];
  private nextId = 1;

  constructor(private readonly size = CYPHER_WORKERS) {}

  run<T>(job: EngineJob<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry: Queued = {
        job,
        resolve: resolve as (value: unknown) => void,
        reject,
        timer: setTimeout(() => this.expire(entry), Math.max(0, job.deadline - performance.now())),
      };
      this.queue.push(entry);
      this.next();
    });
  }

  /** Starts a worker ahead of the first query (it loads the engine), so that query does not wait for it. */
  warm(): void {
    if (this.slots.length > 0) return;
    try {
      this.startWorker().worker.unref();
    } catch {
      // The first query reports why no worker starts.
    }
  }

  /** Stops the workers; what is running or waiting fails (a 500). */
  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    const stopped = { kind: 'failed', message: 'the Cypher engine was stopped' } as const;
    for (const entry of [...slots.flatMap((s) => s.running ?? []), ...this.queue.splice(0)]) this.settle(entry, stopped);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  /**
   * Starts what may start, in order: a read beside another read, each in its own
   * worker; a request that may mutate (the server runs mutations) only alone, so
   * requests never read a state a running mutation is about to change.
   */
  private next(): void {
    for (;;) {
      const entry = this.queue[0];
      if (!entry) break;
      const busy = this.slots.filter((s) => s.running);
      const exclusive = (q: Queued) => q.job.request.mutations;
      if (busy.length > 0 && (exclusive(entry) || busy.some((s) => exclusive(s.running!)))) break;
      const live = this.safely(entry, () => entry.job.live());
      if (!live) continue;
      const idle = this.slots.filter((s) => !s.running);
      const slot =
        idle.find((s) => s.version === live.version) ??
        idle[0] ??
        (this.slots.length < this.size ? this.safely(entry, () => this.startWorker()) : undefined);
      if (slot === undefined) break;
      if (slot === null) continue;
      this.queue.shift();
      const id = this.nextId++;
      slot.running = { ...entry, id };
      const message: WorkerRequest = {
        id,
        version: live.version,
        request: entry.job.request,
        ...(slot.version === live.version ? {} : { inputs: live.inputs() }),
      };
      slot.version = live.version;
      slot.worker.ref();
      slot.worker.postMessage(message);
    }
    for (const s of this.slots) if (!s.running) s.worker.unref();
  }

  /** `make()`, or, when it throws, the request at the head of the queue fails (null). */
  private safely<R>(entry: Queued, make: () => R): R | null {
    try {
      return make();
    } catch (e) {
      this.queue.shift();
      this.settle(entry, { kind: 'failed', message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
      return null;
    }
  }

  private startWorker(): Slot {
    const slot: Slot = { worker: new Worker(workerEntry()), version: undefined, running: undefined };
    slot.worker.on('message', (m: WorkerMessage) => {
      const running = slot.running;
      if (!this.slots.includes(slot) || m.id !== running?.id) return;
      if (m.kind === 'mutation') running.job.onMutation?.();
      else this.finish(slot, m.kind === 'done' ? { kind: 'done', outcome: m.outcome } : { kind: 'failed', message: m.message });
    });
    const lost = (why: string) => {
      if (!this.slots.includes(slot)) return;
      this.discard(slot);
      if (slot.running) this.finish(slot, { kind: 'failed', message: why });
    };
    slot.worker.on('error', (e) => lost(e.stack ?? e.message));
    slot.worker.on('exit', (code) => lost(`the Cypher worker exited (code ${code})`));
    this.slots.push(slot);
    return slot;
  }

  private discard(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
  }

  /** A request's deadline passed: dropped from the queue, or (running) its worker stopped. */
  private expire(entry: Queued): void {
    const queued = this.queue.indexOf(entry);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.settle(entry, { kind: 'timeout' });
      return;
    }
    const slot = this.slots.find((s) => s.running?.job === entry.job);
    if (!slot) return;
    this.discard(slot);
    void slot.worker.terminate();
    this.finish(slot, { kind: 'timeout' });
  }

  private finish(slot: Slot, result: EngineResult): void {
    const entry = slot.running;
    slot.running = undefined;
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

const ENGINE = Symbol.for('admin-console.mock.cypher-engine');
const shared = globalThis as Record<symbol, CypherEngine | undefined>;
// The dev server loads the mock anew after an edit of its files: the engine of the copy it replaces stops its workers.
void shared[ENGINE]?.close();

/** The engine every mock service of this process shares (its workers serve them all: requests carry their graph's version). */
export const cypherEngine = new CypherEngine();
shared[ENGINE] = cypherEngine;
