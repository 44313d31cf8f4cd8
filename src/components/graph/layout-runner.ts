/**
 * Runs a layout off the page's thread: one module worker (layout.worker.ts, a file of its own in the build) for
 * the page's life, answering requests in turn. Where the browser has no workers (jsdom), ForceAtlas2 runs at
 * once in the page (`layoutNow`) and the hierarchical layout after loading its module.
 */
import { forceLayout, type LayoutInput, type LayoutKind, type LayoutPositions } from './graph-layout';

let worker: Worker | null | undefined;
let nextId = 1;
const waiting = new Map<number, { resolve: (p: LayoutPositions) => void; reject: (e: Error) => void }>();

/** Whether layouts run in a worker here. */
export function hasLayoutWorker(): boolean {
  return typeof Worker !== 'undefined' && layoutWorker() !== null;
}

function layoutWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module', name: 'graph-layout' });
    worker.onmessage = ({ data }: MessageEvent<{ id: number; positions?: LayoutPositions; error?: string }>) => {
      const pending = waiting.get(data.id);
      waiting.delete(data.id);
      if (data.positions) pending?.resolve(data.positions);
      else pending?.reject(new Error(data.error ?? 'The layout failed.'));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      // A worker that cannot start (a policy refusing it): lay out in the page from now on.
      worker = null;
      for (const [id, pending] of waiting) {
        waiting.delete(id);
        pending.reject(new Error('no worker'));
      }
    };
  } catch {
    worker = null;
  }
  return worker;
}

/** The positions of `kind` for `input`, synchronously, where that is possible without a worker (ForceAtlas2). */
export function layoutNow(kind: LayoutKind, input: LayoutInput): LayoutPositions | undefined {
  return kind === 'force' && !hasLayoutWorker() ? forceLayout(input) : undefined;
}

async function inPage(kind: LayoutKind, input: LayoutInput): Promise<LayoutPositions> {
  if (kind === 'force') return forceLayout(input);
  const { layeredLayout } = await import('./graph-layout-layered');
  return layeredLayout(input);
}

/** The positions of `kind` for `input`, from the worker (or the page where there is none). */
export function runLayout(kind: LayoutKind, input: LayoutInput): Promise<LayoutPositions> {
  const target = typeof Worker === 'undefined' ? null : layoutWorker();
  if (!target) return inPage(kind, input);
  const id = nextId++;
  return new Promise<LayoutPositions>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    target.postMessage({ id, kind, input });
  }).catch((error: Error) => (error.message === 'no worker' ? inPage(kind, input) : Promise.reject(error)));
}
