/**
 * The uploaded bytes of accepted files, kept until the pipeline has ingested them: with MOCK_DB in a folder
 * beside the database file (`<db>.uploads/<job>-<file>.upload`, fsynced before the upload is answered, so a
 * restart mid-ingest still has every accepted file), otherwise in memory. Each file is removed once ingested.
 */
import { closeSync, fsync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { promisify } from 'node:util';
import { join } from 'node:path';

const fsyncAsync = promisify(fsync);

/** One file being written: chunks as they stream in, then `commit` (durable) or `discard`. */
export interface SpoolWriter {
  write(chunk: Uint8Array): void;
  commit(): Promise<void>;
  discard(): void;
}

export interface Spool {
  writer(jobId: number, fileId: number): SpoolWriter;
  has(jobId: number, fileId: number): boolean;
  /** The file's bytes, in chunks; null when it is not kept (lost, or already ingested). */
  read(jobId: number, fileId: number): AsyncIterable<Uint8Array> | null;
  remove(jobId: number, fileId: number): void;
  /** Removes every kept file (a reset). */
  clear(): void;
}

const keyOf = (jobId: number, fileId: number) => `${jobId}-${fileId}`;

/** Files kept in memory (no MOCK_DB). */
export class MemorySpool implements Spool {
  private readonly files = new Map<string, Uint8Array[]>();

  writer(jobId: number, fileId: number): SpoolWriter {
    const chunks: Uint8Array[] = [];
    return {
      write: (chunk) => chunks.push(chunk.slice()),
      commit: async () => {
        this.files.set(keyOf(jobId, fileId), chunks);
      },
      discard: () => (chunks.length = 0),
    };
  }

  has(jobId: number, fileId: number): boolean {
    return this.files.has(keyOf(jobId, fileId));
  }

  read(jobId: number, fileId: number): AsyncIterable<Uint8Array> | null {
    const chunks = this.files.get(keyOf(jobId, fileId));
    if (!chunks) return null;
    return (async function* () {
      yield* chunks;
    })();
  }

  remove(jobId: number, fileId: number): void {
    this.files.delete(keyOf(jobId, fileId));
  }

  clear(): void {
    this.files.clear();
  }
}

const READ_CHUNK = 256 * 1024;

/** Files kept in a folder (MOCK_DB): `<folder>/<job>-<file>.upload`, written to `.part` and renamed when committed. */
export class FolderSpool implements Spool {
  constructor(private readonly folder: string) {}

  private path(jobId: number, fileId: number): string {
    return join(this.folder, `${keyOf(jobId, fileId)}.upload`);
  }

  writer(jobId: number, fileId: number): SpoolWriter {
    mkdirSync(this.folder, { recursive: true });
    const final = this.path(jobId, fileId);
    const part = `${final}.${process.pid}.part`;
    const fd = openSync(part, 'w');
    let closed = false;
    const close = () => {
      if (!closed) closeSync(fd);
      closed = true;
    };
    return {
      write: (chunk) => {
        for (let at = 0; at < chunk.length;) at += writeSync(fd, chunk, at);
      },
      commit: async () => {
        try {
          await fsyncAsync(fd);
        } finally {
          close();
        }
        renameSync(part, final);
        const dir = openSync(this.folder, 'r');
        try {
          await fsyncAsync(dir).catch(() => undefined);
        } finally {
          closeSync(dir);
        }
      },
      discard: () => {
        close();
        rmSync(part, { force: true });
      },
    };
  }

  has(jobId: number, fileId: number): boolean {
    try {
      return readdirSync(this.folder).includes(`${keyOf(jobId, fileId)}.upload`);
    } catch {
      return false;
    }
  }

  read(jobId: number, fileId: number): AsyncIterable<Uint8Array> | null {
    if (!this.has(jobId, fileId)) return null;
    const path = this.path(jobId, fileId);
    return (async function* () {
      const handle = await open(path, 'r');
      try {
        for (;;) {
          const buffer = new Uint8Array(READ_CHUNK);
          const { bytesRead } = await handle.read(buffer, 0, READ_CHUNK, null);
          if (bytesRead === 0) return;
          yield buffer.subarray(0, bytesRead);
        }
      } finally {
        await handle.close();
      }
    })();
  }

  remove(jobId: number, fileId: number): void {
    rmSync(this.path(jobId, fileId), { force: true });
  }

  clear(): void {
    rmSync(this.folder, { recursive: true, force: true });
  }

  /** Removes what a killed process left half-written. */
  removeUnfinished(): void {
    let names: string[];
    try {
      names = readdirSync(this.folder);
    } catch {
      return;
    }
    for (const name of names) if (name.endsWith('.part')) rmSync(join(this.folder, name), { force: true });
  }
}

/** The spool of a mock: beside the MOCK_DB file, or in memory. */
export function spoolFor(dbFile: string | null): Spool {
  if (!dbFile) return new MemorySpool();
  const spool = new FolderSpool(`${dbFile}.uploads`);
  spool.removeUnfinished();
  return spool;
}
