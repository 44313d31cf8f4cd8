import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../api/schemas/wire-format';
import { testMockServer, tokenFor } from '../testing/mock-service';
import { countingBody, post } from '../testing/streams';
import type { MockServer } from './app';
import { JSON_BODY_MAX_BYTES } from './body';

let mock: MockServer;
let admin: string;

beforeAll(async () => {
  mock = testMockServer();
  admin = await tokenFor(mock, 'admin');
});

const send = (body: BodyInit, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
  post(mock, '/api/v2/asset-groups', body, admin, headers);

const errorsOf = (body: unknown) => errorBody.parse(body).errors;

/** `{"name": …, "tag": …}` padded with spaces to exactly `bytes` bytes. */
function groupJson(bytes: number, tag: string): string {
  const json = JSON.stringify({ name: `Group ${tag}`, tag });
  return json + ' '.repeat(bytes - json.length);
}

describe('JSON body size', () => {
  it('takes a body of exactly the limit', async () => {
    const res = await send(groupJson(JSON_BODY_MAX_BYTES, 'at_the_limit'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('answers 413 naming the limit to a body one byte over it', async () => {
    const res = await send(groupJson(JSON_BODY_MAX_BYTES + 1, 'over_the_limit'));
    expect(res.status).toBe(413);
    expect(errorsOf(res.body)).toEqual([
      { context: 'body', message: 'The body is too large: a JSON body may be at most 1 MiB (1,048,576 bytes).' },
    ]);
  });

  it('stops reading a streamed body at the limit: the rest is never pulled', async () => {
    const source = countingBody(320);
    const res = await send(source.body);
    expect(res.status).toBe(413);
    expect(errorsOf(res.body)[0]!.context).toBe('body');
    // 1 MiB is 16 chunks of 64 KiB; the 17th goes over. Of the 320 chunks on offer, no more than that were read.
    expect(source.pulled()).toBeLessThanOrEqual(17);
  });

  it('refuses a body whose Content-Length is over the limit without reading any of it', async () => {
    const source = countingBody(320);
    const res = await send(source.body, { 'Content-Type': 'application/json', 'Content-Length': String(20 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(source.pulled()).toBe(0);
  });

  it('answers 413 over a real connection too (the client gets the answer, the connection is not dropped)', async () => {
    const server = serve({ fetch: mock.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/v2/asset-groups',
            headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' }, // chunked: no Content-Length
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (d: string) => (body += d));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        const chunk = ' '.repeat(64 * 1024);
        let sent = 0;
        const write = () => {
          while (sent < 2 * JSON_BODY_MAX_BYTES) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', write);
          }
          req.end();
        };
        write();
      });
      expect(answer.status).toBe(413);
      expect(errorsOf(JSON.parse(answer.body))[0]!.context).toBe('body');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('JSON Content-Type', () => {
  it('answers 415 naming Content-Type to anything but application/json', async () => {
    for (const type of ['application/jsonx', 'application/json-patch+json', 'text/json', 'text/plain', 'json']) {
      const res = await send(JSON.stringify({ name: 'Typed', tag: 'typed' }), { 'Content-Type': type });
      expect(res.status, type).toBe(415);
      expect(errorsOf(res.body), type).toEqual([
        {
          context: 'Content-Type',
          message: `This operation takes a JSON body (Content-Type: application/json), not "${type}".`,
        },
      ]);
    }
    // Bytes, so the fetch API adds no Content-Type of its own.
    const none = await send(new TextEncoder().encode(JSON.stringify({ name: 'Typed', tag: 'typed' })), {});
    expect(none.status).toBe(415);
    expect(errorsOf(none.body)[0]!.message).toContain('not "none"');
  });

  it('takes application/json with parameters, in any case', async () => {
    let n = 0;
    for (const type of [
      'application/json; charset=utf-8',
      'Application/JSON;charset=UTF-8',
      'application/json ; charset="utf-8"',
    ]) {
      n += 1;
      const res = await send(JSON.stringify({ name: `Typed ${n}`, tag: `typed_${n}` }), { 'Content-Type': type });
      expect(res.status, type).toBe(200);
    }
  });
});
