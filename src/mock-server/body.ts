import { formatCount } from '../shared/count';
import type { Context } from 'hono';
import { SAVED_QUERY_IMPORT_MAX_BYTES } from '../api/schemas/saved-queries';
import { ApiFailure } from './errors';

/** Reading request bodies no further than a limit: JSON bodies, signed requests, uploads, forms. */

/** The largest JSON body any operation takes (1 MiB). A larger one is a 413, refused before it is read further. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

/** Whether the request's Content-Length says it is larger than `maxBytes` (a missing or malformed one says nothing). */
export function declaredOver(c: Context, maxBytes: number): boolean {
  const declared = c.req.header('Content-Length')?.trim();
  return declared !== undefined && /^\d+$/.test(declared) && Number(declared) > maxBytes;
}

/**
 * Reads `body` to its end, chunk by chunk into `onChunk`, but no further than
 * `maxBytes`: the chunk that goes past the limit is not passed on, the body is
 * cancelled there and `over` is true. `bytes` counts what was read.
 */
export async function readUpTo(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  onChunk: (chunk: Uint8Array) => void,
): Promise<{ bytes: number; over: boolean }> {
  let bytes = 0;
  if (!body) return { bytes, over: false };
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes, over: false };
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { bytes, over: true };
    }
    onChunk(value);
  }
}

/**
 * The request body, read no further than `maxBytes`: a body whose
 * Content-Length says it is larger is not read at all, and one that streams in
 * past the limit is cancelled there. Either way `tooLarge()` is thrown.
 */
export async function readBodyLimited(
  c: Context,
  maxBytes: number,
  tooLarge: () => ApiFailure,
): Promise<Uint8Array<ArrayBuffer>> {
  const body = c.req.raw.body;
  if (declaredOver(c, maxBytes)) {
    await body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  const { bytes: total, over } = await readUpTo(body, maxBytes, (chunk) => chunks.push(chunk));
  if (over) throw tooLarge();
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The 413 of a JSON body over JSON_BODY_MAX_BYTES. */
export const jsonTooLarge = () =>
  new ApiFailure(413, [
    {
      context: 'body',
      message: `The body is too large: a JSON body may be at most ${JSON_BODY_MAX_BYTES / (1024 * 1024)} MiB (${formatCount(JSON_BODY_MAX_BYTES)} bytes).`,
    },
  ]);

/** The 413 of a saved-query import (or its ZIP's content, `what`) over SAVED_QUERY_IMPORT_MAX_BYTES. */
export const importTooLarge = (what = 'The file') =>
  new ApiFailure(413, [
    {
      context: 'body',
      message: `${what} is larger than the ${SAVED_QUERY_IMPORT_MAX_BYTES / (1024 * 1024)} MiB limit of an import (${formatCount(SAVED_QUERY_IMPORT_MAX_BYTES)} bytes).`,
    },
  ]);
