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

/**
 * Starts a request to the in-process mock whose body is held back: the
 * headers (and with them the access check) go first, the body only when
 * `send()` is called. `settle()` lets it get past its check first.
 */
export function heldRequest(mock: MockServer, method: string, path: string, headers: Record<string, string>, text: string) {
  let release!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      release = () => {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      };
    },
  });
  const request = new Request(`${TEST_ORIGIN}${path}`, { method, headers, body, duplex: 'half' } as RequestInit);
  const answer = mock.fetch(request).then(async (res) => ({ status: res.status, body: await res.json().catch(() => null) }));
  return { send: () => release(), answer, settle: () => new Promise((r) => setTimeout(r, 20)) };
}
