import type { MockServer } from '@/mock-server/app';
import { TEST_ORIGIN } from './mock-service';

/**
 * A request body of `chunks` chunks of `chunkBytes` spaces that counts how
 * many chunks were pulled from it. Nothing is read ahead: a chunk is pulled
 * only when the server reads it, so `pulled()` says how far the server read.
 */
export function countingBody(chunks: number, chunkBytes = 64 * 1024) {
  const chunk = new TextEncoder().encode(' '.repeat(chunkBytes));
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled === chunks) return controller.close();
        pulled += 1;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { body, pulled: () => pulled };
}

/** POSTs `body` (a stream too) to the in-process mock as `token`, answering the status and the parsed body. */
export async function post(
  mock: MockServer,
  path: string,
  body: BodyInit,
  token: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  // A stream body needs `duplex: 'half'`, which the DOM typings of RequestInit do not know yet.
  const init = { method: 'POST', headers: { Authorization: `Bearer ${token}`, ...headers }, body, duplex: 'half' };
  const res = await mock.fetch(new Request(`${TEST_ORIGIN}${path}`, init as RequestInit));
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}
