import { download, type CallOptions } from '@/api/call';
import type { DownloadProgress } from '@/api/client';
import { AbortedError, describeError } from '@/api/errors';
import { collectorOps } from '@/api/operations/collectors';
import { checksumOf, type CollectorType } from '@/api/schemas/collectors';
import { saveFile } from '@/lib/save-file';

/**
 * A file the server serves: a collector release's archive or its checksum (`collectorOps.downloadCollector`,
 * `collectorOps.getCollectorChecksum`), or a kennel asset by name (`collectorOps.getKennelAsset`).
 */
export type ServedFile = { collector: CollectorType; release: string; checksum?: boolean } | { kennelAsset: string };

/** One file to download and check: a collector release's archive, or a kennel asset. */
export interface DownloadTarget {
  /** What it is, in words ("SharpHound v2.6.3"): the name of its buttons. */
  label: string;
  /** The file's name until the answer gives one. */
  fileName: string;
  archive: ServedFile;
  /** Where the server publishes the file's SHA-256 (a `sha256sum` line); null when it publishes none. */
  checksum: ServedFile | null;
}

/** Downloads `file` by its operation. */
function downloadFile(file: ServedFile, options: CallOptions) {
  if ('kennelAsset' in file)
    return download(collectorOps.getKennelAsset, { params: { asset_name: file.kennelAsset }, ...options });
  const params = { collector_type: file.collector, release_tag: file.release };
  return file.checksum
    ? download(collectorOps.getCollectorChecksum, { params, ...options })
    : download(collectorOps.downloadCollector, { params, ...options });
}

/** What the check of a downloaded file found. */
export type Verification = { kind: 'match' } | { kind: 'mismatch' } | { kind: 'unverified'; reason: string };

export interface DownloadResult {
  /** The name the file was saved under. */
  fileName: string;
  size: number;
  /** The SHA-256 the server publishes, lower-case hex; null when it could not be read. */
  published: string | null;
  /** The SHA-256 of the bytes received, lower-case hex; null when this browser cannot compute one here. */
  computed: string | null;
  verification: Verification;
}

/**
 * The SHA-256 of `blob` in lower-case hex, with the browser's Web Crypto; null where there is none (a page
 * served over plain HTTP from another host than this one is no secure context, and has no `crypto.subtle`).
 */
export async function sha256Hex(blob: Blob): Promise<string | null> {
  const subtle = globalThis.isSecureContext === false ? undefined : globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = new Uint8Array(await subtle.digest('SHA-256', await blob.arrayBuffer()));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The published SHA-256, or why there is none to compare with. */
async function publishedChecksum(target: DownloadTarget, signal?: AbortSignal): Promise<string | { problem: string }> {
  if (!target.checksum) return { problem: 'The server publishes no checksum for this file.' };
  try {
    const file = await downloadFile(target.checksum, { signal });
    return checksumOf(await file.blob.text()) ?? { problem: 'The server’s checksum file holds no SHA-256.' };
  } catch (error) {
    if (error instanceof AbortedError) throw error;
    return { problem: `Could not read the published checksum: ${describeError(error)}` };
  }
}

/** Compares the two checksums, or says why they cannot be compared. */
export function verify(published: string | { problem: string }, computed: string | null): Verification {
  if (typeof published !== 'string') return { kind: 'unverified', reason: published.problem };
  if (computed === null) {
    return {
      kind: 'unverified',
      reason:
        'This browser cannot compute a SHA-256 on a page not served over HTTPS: compare the published one with the file’s yourself (sha256sum, or Get-FileHash on Windows).',
    };
  }
  return computed === published ? { kind: 'match' } : { kind: 'mismatch' };
}

/**
 * Downloads `target`'s file (reporting progress), reads the server's published checksum beside it, saves the
 * file through the browser's download and answers what the SHA-256 of the received bytes says about it.
 * Rejects with an ApiError when the file itself cannot be downloaded.
 */
export async function downloadAndVerify(
  target: DownloadTarget,
  { onProgress, signal }: { onProgress?: DownloadProgress; signal?: AbortSignal } = {},
): Promise<DownloadResult> {
  const [file, published] = await Promise.all([
    downloadFile(target.archive, { onDownloadProgress: onProgress, signal }),
    publishedChecksum(target, signal),
  ]);
  const fileName = file.fileName ?? target.fileName;
  const computed = await sha256Hex(file.blob);
  saveFile(file.blob, fileName, 'application/zip');
  return {
    fileName,
    size: file.blob.size,
    published: typeof published === 'string' ? published : null,
    computed,
    verification: verify(published, computed),
  };
}
