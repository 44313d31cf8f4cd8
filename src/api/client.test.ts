import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { routeFetchTo, routeFetchWithEdits, testMockServer, tokenFor } from '../testing/mock-service';
import { clientsWithUnknownType, UNKNOWN_CLIENT_TYPE } from '../testing/unexpected-answers';
import { apiDownload, apiRequest, attachmentName, buildUrl, configureAuth } from './client';
import { AbortedError, describeError, HttpError, NetworkError, SchemaError, TimeoutError } from './errors';
import { clientsListResponse } from './schemas/collection';
import { rolesListResponse } from './schemas/roles';

const original = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = original;
  configureAuth(
    () => null,
    () => undefined,
  );
});

function stubFetch(handler: (url: string, init: RequestInit) => Promise<Response> | Response) {
  const spy = vi.fn((input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(handler(String(input), init ?? {})));
  globalThis.fetch = spy as unknown as typeof fetch;
  return spy;
}

const thing = z.object({ data: z.object({ id: z.number() }) });

describe('apiRequest', () => {
  it('builds query strings with repeated parameters and leaves out empty ones', () => {
    expect(
      buildUrl('/api/v2/x', { sort_by: ['name', '-object_id'], skip: 0, name: '~eq:adm', empty: '', gone: undefined, nil: null }),
    ).toBe('/api/v2/x?sort_by=name&sort_by=-object_id&skip=0&name=%7Eeq%3Aadm');
  });

  it('sends the bearer token, Prefer: wait and a JSON body, and parses the answer with the schema', async () => {
    configureAuth(
      () => 'tok',
      () => undefined,
    );
    const spy = stubFetch(() => new Response(JSON.stringify({ data: { id: 7, extra: true } }), { status: 200 }));
    const result = await apiRequest({
      operation: 'Make thing',
      method: 'POST',
      path: '/api/v2/things',
      json: { a: 1 },
      wait: 5,
      schema: thing,
    });
    expect(result).toEqual({ data: { id: 7 } });
    const init = spy.mock.calls[0]![1]!;
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok', Prefer: 'wait=5', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"a":1}');
  });

  it('resolves 204 No Content to undefined', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(apiRequest({ operation: 'Delete thing', method: 'DELETE', path: '/api/v2/things/1' })).resolves.toBeUndefined();
  });

  it('turns the service error body into an HttpError with messages, field errors and request id', async () => {
    stubFetch(
      () =>
        new Response(
          JSON.stringify({
            http_status: 400,
            timestamp: '2026-11-22T10:00:00Z',
            request_id: '4b0e7d4c-8f0a-4a51-9d0c-4f3c6f6f8d11',
            errors: [
              { context: 'email_address', message: 'Email address must be a valid email' },
              { context: 'roles', message: 'Role 99 does not exist' },
            ],
          }),
          { status: 400 },
        ),
    );
    const error = await apiRequest({ operation: 'Update user', method: 'PATCH', path: '/api/v2/app-users/x', json: {} }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(400);
    expect(error.requestId).toBe('4b0e7d4c-8f0a-4a51-9d0c-4f3c6f6f8d11');
    expect(error.fieldErrors).toEqual({ email_address: 'Email address must be a valid email', roles: 'Role 99 does not exist' });
    expect(describeError(error)).toBe('Email address must be a valid email Role 99 does not exist');
  });

  it('still reports an HTTP error whose body is not the service error body', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await apiRequest({ operation: 'List things', path: '/api/v2/things' }).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.body).toBeNull();
    expect(describeError(error)).toMatch(/server failed \(502\)/);
  });

  it('reads Retry-After on 429', async () => {
    stubFetch(() => new Response('', { status: 429, headers: { 'Retry-After': '12' } }));
    const error = await apiRequest({ operation: 'List things', path: '/api/v2/things' }).catch((e) => e);
    expect(error.retryAfterSeconds).toBe(12);
    expect(describeError(error)).toBe('Too many requests. Try again in 12 seconds.');
  });

  it('calls the unauthorized handler on a 401 of a signed-in request', async () => {
    const onUnauthorized = vi.fn();
    configureAuth(() => 'tok', onUnauthorized);
    stubFetch(() => new Response('', { status: 401 }));
    await expect(apiRequest({ operation: 'List things', path: '/api/v2/things' })).rejects.toBeInstanceOf(HttpError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reports a network failure as NetworkError', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await apiRequest({ operation: 'List things', path: '/api/v2/things' }).catch((e) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toMatch(/could not be reached/);
    // A write that got no answer may have been made: the person is told to check before sending it again.
    const write = await apiRequest({ operation: 'Create thing', method: 'POST', path: '/api/v2/things', json: {} }).catch(
      (e) => e,
    );
    expect(write).toBeInstanceOf(NetworkError);
    expect(write.message).toBe(
      'The connection to the server was lost before it answered. The change may or may not have been saved: check before trying again.',
    );
    // A POST that changes nothing a person would check (sign-in) says so.
    const signIn = await apiRequest({
      operation: 'Sign in',
      method: 'POST',
      path: '/api/v2/login',
      json: {},
      write: false,
    }).catch((e) => e);
    expect(signIn.message).toMatch(/could not be reached/);
  });

  it('says what a server failure is and what to do, keeping the server’s words', async () => {
    stubFetch(
      () =>
        new Response(
          JSON.stringify({
            http_status: 500,
            timestamp: '2026-11-22T10:00:00Z',
            request_id: 'r-1',
            errors: [{ context: 'server', message: 'an internal error has occurred' }],
          }),
          { status: 500 },
        ),
    );
    const error = await apiRequest({ operation: 'List things', path: '/api/v2/things' }).catch((e) => e);
    expect(describeError(error)).toBe(
      "an internal error has occurred. Try again; if it persists, contact the server's administrator.",
    );
  });

  it('gives up after the timeout with TimeoutError', async () => {
    stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const error = await apiRequest({ operation: 'List things', path: '/api/v2/things', timeoutMs: 30 }).catch((e) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toBe('The server did not answer within 1 second. Try again.');
    const write = await apiRequest({ operation: 'Edit thing', method: 'PUT', path: '/api/v2/things/1', timeoutMs: 1500 }).catch(
      (e) => e,
    );
    expect(write.message).toBe(
      'The server did not answer within 2 seconds. The change may or may not have been saved: check before trying again.',
    );
  });

  it('tells a cancelled request from a failed one, even when it was cancelled before it started', async () => {
    stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          if (init.signal?.aborted) reject(new DOMException('aborted', 'AbortError'));
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    controller.abort();
    const error = await apiRequest({ operation: 'List things', path: '/api/v2/things', signal: controller.signal }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(AbortedError);
  });

  it('names the operation when the answer breaks its schema or is not JSON', async () => {
    stubFetch(() => new Response(JSON.stringify({ data: { id: 'seven' } }), { status: 200 }));
    const error = await apiRequest({ operation: 'Get thing', path: '/api/v2/things/1', schema: thing }).catch((e) => e);
    expect(error).toBeInstanceOf(SchemaError);
    expect(error.message).toMatch(/^The server's answer to "Get thing" was not in the expected shape \(data\.id: /);
    expect(error.message).toMatch(/The server may run a version this console does not support/);

    stubFetch(() => new Response('{"data":', { status: 200 }));
    const notJson = await apiRequest({ operation: 'Get thing', path: '/api/v2/things/1', schema: thing }).catch((e) => e);
    expect(notJson).toBeInstanceOf(SchemaError);
    expect(notJson.notJson).toBe(true);
    expect(notJson.message).toMatch(/^The server's answer to "Get thing" was not valid JSON, so it cannot be shown\./);
  });

  it('works end to end against the in-process mock service', async () => {
    const mock = testMockServer();
    const token = await tokenFor(mock, 'admin');
    routeFetchTo(mock);
    configureAuth(
      () => token,
      () => undefined,
    );
    const roles = await apiRequest({ operation: 'List roles', path: '/api/v2/roles', schema: rolesListResponse });
    expect(roles.data.roles.map((r) => r.name)).toEqual(['Administrator', 'User', 'Read-Only', 'Upload-Only', 'Power User']);
    const missing = await apiRequest({ operation: 'Get role', path: '/api/v2/roles/99' }).catch((e) => e);
    expect(missing).toBeInstanceOf(HttpError);
    expect(missing.status).toBe(404);
    expect(missing.message).toBe('No role has id 99.');
  });

  it('keeps an open-ended value it does not know, but still fails naming the operation and the field when a needed one is missing', async () => {
    const mock = testMockServer();
    const token = await tokenFor(mock, 'admin');
    configureAuth(
      () => token,
      () => undefined,
    );
    const list = { operation: 'List collection clients', path: '/api/v2/clients', schema: clientsListResponse } as const;
    // A client type the reference enum does not list: the list parses, the value kept as it came.
    routeFetchWithEdits(mock, [clientsWithUnknownType('SharpHound HQ')]);
    const clients = await apiRequest(list);
    expect(clients.data.find((c) => c.name === 'SharpHound HQ')?.type).toBe(UNKNOWN_CLIENT_TYPE);

    // A client without its id (the console links and acts by it): the list fails, saying which client and field.
    routeFetchWithEdits(mock, [
      {
        path: '/api/v2/clients',
        edit: (body: { data: Record<string, unknown>[] }) => ({
          ...body,
          data: body.data.map((c, i) => (i === 1 ? { ...c, id: undefined } : c)),
        }),
      },
    ]);
    const error = await apiRequest(list).catch((e) => e);
    expect(error).toBeInstanceOf(SchemaError);
    expect(error.message).toMatch(
      /^The server's answer to "List collection clients" was not in the expected shape \(data\.1\.id: /,
    );
  });
});

describe('apiDownload', () => {
  it('answers the file’s bytes and the name its Content-Disposition gives', async () => {
    stubFetch(
      () =>
        new Response(new Uint8Array([80, 75, 3, 4]), {
          headers: {
            'Content-Type': 'application/octet-stream',
            'Content-Disposition': 'attachment; filename="exported_queries.zip"',
          },
        }),
    );
    const file = await apiDownload({ operation: 'Export', path: '/api/v2/x' });
    expect(file.fileName).toBe('exported_queries.zip');
    expect([...new Uint8Array(await file.blob.arrayBuffer())]).toEqual([80, 75, 3, 4]);
  });

  it('rejects with the service’s error message, as apiRequest does', async () => {
    stubFetch(() =>
      Response.json(
        {
          http_status: 404,
          timestamp: '2026-11-22T10:00:00Z',
          request_id: 'r-2',
          errors: [{ context: 'id', message: 'No such query.' }],
        },
        { status: 404 },
      ),
    );
    const error = await apiDownload({ operation: 'Export', path: '/api/v2/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(describeError(error)).toBe('No such query.');
  });

  it('reports progress as the stream’s chunks arrive, against the Content-Length', async () => {
    const chunks = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5]), new Uint8Array([6, 7, 8, 9, 10])];
    stubFetch(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              for (const chunk of chunks) controller.enqueue(chunk);
              controller.close();
            },
          }),
          { headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': '10' } },
        ),
    );
    const seen: [number, number | null][] = [];
    const file = await apiDownload({ operation: 'Download', path: '/api/v2/x', onDownloadProgress: (l, t) => seen.push([l, t]) });
    expect(seen).toEqual([
      [0, 10],
      [3, 10],
      [5, 10],
      [10, 10],
    ]);
    expect([...new Uint8Array(await file.blob.arrayBuffer())]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('reports an unknown size when the answer gives none, or gives an encoded one', async () => {
    const cases: Record<string, string>[] = [{}, { 'Content-Length': '4', 'Content-Encoding': 'gzip' }];
    for (const headers of cases) {
      stubFetch(() => new Response(new Uint8Array([1, 2, 3, 4, 5, 6]), { headers }));
      const seen: (number | null)[] = [];
      await apiDownload({ operation: 'Download', path: '/api/v2/x', onDownloadProgress: (_l, t) => seen.push(t) });
      expect(new Set(seen)).toEqual(new Set([null]));
    }
  });

  it('reads filename* (UTF-8) before filename, and drops any folder', () => {
    expect(attachmentName('attachment; filename="Caf_.json"; filename*=UTF-8\'\'Caf%C3%A9.json')).toBe('Café.json');
    expect(attachmentName('attachment; filename="a \\"quoted\\" name.json"')).toBe('a "quoted" name.json');
    expect(attachmentName('attachment; filename=../../etc/passwd')).toBe('passwd');
    expect(attachmentName('attachment')).toBeNull();
    expect(attachmentName(null)).toBeNull();
  });
});
