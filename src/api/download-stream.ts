import type { DownloadProgress } from './client';

/**
 * A file answer's bytes, read chunk by chunk from its stream so `onProgress` follows them. The size is the
 * answer's Content-Length, unless the answer is content-encoded (the length then counts the encoded bytes).
 */
export async function readWithProgress(res: Response, onProgress: DownloadProgress): Promise<Blob> {
  const type = res.headers.get('Content-Type') ?? '';
  const length = Number(res.headers.get('Content-Length') ?? Number.NaN);
  const total = Number.isSafeInteger(length) && length >= 0 && !res.headers.get('Content-Encoding') ? length : null;
  onProgress(0, total);
  if (!res.body) {
    const blob = await res.blob();
    onProgress(blob.size, total ?? blob.size);
    return new Blob([blob], { type });
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress(loaded, total);
  }
  return new Blob(chunks, { type });
}
