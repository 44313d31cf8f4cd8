/**
 * A zip archive of collected files, read as a stream (fflate's Unzip): each
 * file inside is handed over as its own stream of inflated bytes, one after
 * another, and the archive is read on only as fast as those are consumed, so
 * no file is ever held whole.
 */
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { IngestError } from './batch';

/** A stream of one entry's bytes, filled by the archive reader and read by a parser. */
class EntryStream implements AsyncIterable<Uint8Array> {
  private readonly queue: Uint8Array[] = [];
  private closed = false;
  private failure: Error | null = null;
  private abandoned = false;
  private wake: (() => void) | null = null;
  private drainWaiters: (() => void)[] = [];

  push(chunk: Uint8Array): void {
    if (this.abandoned || chunk.length === 0) return;
    this.queue.push(chunk);
    this.notify();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  close(failure: Error | null = null): void {
    if (this.closed) return;
    this.closed = true;
    this.failure = failure;
    this.notify();
  }

  /** The reader stopped reading (its parser finished or failed): what comes is dropped. */
  abandon(): void {
    this.abandoned = true;
    this.queue.length = 0;
    this.settleDrain();
  }

  /** Resolves once everything pushed so far was read (or the reader stopped). */
  drained(): Promise<void> {
    if (this.queue.length === 0 || this.abandoned) return Promise.resolve();
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private settleDrain(): void {
    const waiters = this.drainWaiters;
    this.drainWaiters = [];
    for (const w of waiters) w();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
    for (;;) {
      const next = this.queue.shift();
      if (next) {
        if (this.queue.length === 0) this.settleDrain();
        yield next;
        continue;
      }
      this.settleDrain();
      if (this.failure) throw this.failure;
      if (this.closed) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}

/** Whether an entry is a file to ingest (not a folder, nor the metadata some archivers add). */
const isIngestible = (name: string) => !name.endsWith('/') && !name.startsWith('__MACOSX/') && !/(^|\/)\.[^/]*$/.test(name);

/**
 * Reads the archive `chunks`, calling `onEntry` for each file in it, in order, with its name and its bytes;
 * `onEntry` must read the bytes to their end or stop reading by settling. Throws an IngestError when the
 * archive itself is broken.
 */
export async function readZipEntries(
  chunks: AsyncIterable<Uint8Array>,
  onEntry: (name: string, content: AsyncIterable<Uint8Array>) => Promise<void>,
): Promise<void> {
  const pending: { name: string; stream: EntryStream }[] = [];
  let current: EntryStream | null = null;
  let failure: Error | null = null;
  let wakeConsumer: (() => void) | null = null;
  let ended = false;

  const unzip = new Unzip((file: UnzipFile) => {
    if (!isIngestible(file.name)) return;
    const stream = new EntryStream();
    pending.push({ name: file.name, stream });
    file.ondata = (err, data, final) => {
      if (err) {
        stream.close(new IngestError(`${file.name} in the archive cannot be read (${err.message})`));
        return;
      }
      stream.push(data);
      if (final) stream.close();
    };
    try {
      file.start();
    } catch (e) {
      stream.close(new IngestError(`${file.name} in the archive cannot be read (${(e as Error).message})`));
    }
    const wake = wakeConsumer;
    wakeConsumer = null;
    wake?.();
  });
  unzip.register(UnzipInflate);

  // Entries are handled one at a time, in the order the archive holds them.
  const consumer = (async () => {
    for (;;) {
      const entry = pending.shift();
      if (!entry) {
        if (ended) return;
        await new Promise<void>((resolve) => (wakeConsumer = resolve));
        continue;
      }
      current = entry.stream;
      try {
        await onEntry(entry.name, entry.stream);
      } finally {
        entry.stream.abandon();
        current = null;
      }
    }
  })();

  let sawSignature = false;
  try {
    for await (const chunk of chunks) {
      if (!sawSignature && chunk.length >= 2) {
        sawSignature = true;
        if (chunk[0] !== 0x50 || chunk[1] !== 0x4b) throw new IngestError('it is not a zip archive');
      }
      try {
        unzip.push(chunk, false);
      } catch (e) {
        throw new IngestError(`the archive is broken (${(e as Error).message})`);
      }
      // Read on only once the entries filled so far have been consumed.
      for (const p of [...(current ? [current as EntryStream] : []), ...pending.map((e) => e.stream)]) await p.drained();
    }
    try {
      unzip.push(new Uint8Array(0), true);
    } catch (e) {
      throw new IngestError(`the archive is broken (${(e as Error).message})`);
    }
  } catch (e) {
    failure = e instanceof Error ? e : new Error(String(e));
  } finally {
    ended = true;
    for (const p of pending) if (!p.stream.isClosed) p.stream.close(failure ?? new IngestError(`${p.name} stops before its end`));
    const open = current as EntryStream | null;
    if (open && !open.isClosed) open.close(failure ?? new IngestError('the archive stops before the file inside ends'));
    const wake = wakeConsumer as (() => void) | null;
    wakeConsumer = null;
    wake?.();
  }
  await consumer;
  if (failure) throw failure;
}
