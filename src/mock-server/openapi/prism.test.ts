import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../api/schemas/wire-format';
import { customNodesResponse } from '../../api/schemas/custom-nodes';
import { buildApiDocument } from './document';

/**
 * The generated document is a valid OpenAPI 3 document: Prism (the OpenAPI
 * mock server) loads it, and serves its operations with answers the console's
 * own schemas accept, its security and its request bodies enforced.
 */

const STARTUP_MS = 60_000;

/** A loopback port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let base = '';

let prism: ChildProcess | undefined;
let folder: string;
let output = '';

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'api-document-'));
  const file = join(folder, 'api.json');
  writeFileSync(file, JSON.stringify(buildApiDocument({ edition: 'enterprise', usersPathWord: 'app' })));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  prism = spawn(join('node_modules', '.bin', 'prism'), ['mock', file, '-h', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => (output += chunk.toString());
  prism.stdout!.on('data', collect);
  prism.stderr!.on('data', collect);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start in ${STARTUP_MS / 1000} s:\n${output}`)), STARTUP_MS);
    prism!.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism stopped (exit ${code}):\n${output}`));
    });
    prism!.stdout!.on('data', () => {
      if (/Prism is listening/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}, STARTUP_MS + 5_000);

afterAll(() => {
  prism?.kill();
  rmSync(folder, { recursive: true, force: true });
});

const send = (method: string, path: string, init: { token?: boolean; json?: unknown } = {}) =>
  fetch(`${base}${path}`, {
    method,
    headers: {
      ...(init.token ? { Authorization: 'Bearer any-token' } : {}),
      ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });

describe('the document in Prism', () => {
  it('loads with no error and lists every operation', () => {
    // Prism lists each operation with example path values (random words, "error" among them): only its messages count.
    const messages = output.replace(/https?:\/\/\S+/g, '');
    expect(messages).not.toMatch(/\b(error|fatal)\b/i);
    expect(output).toMatch(/GET\s+http:\/\/127\.0\.0\.1:\d+\/api\/v2\/custom-nodes/);
    expect(output).toMatch(/POST\s+http:\/\/127\.0\.0\.1:\d+\/api\/v2\/app-users/);
  });

  it('answers an operation with what the console parses', async () => {
    const res = await send('GET', '/api/v2/custom-nodes', { token: true });
    expect(res.status).toBe(200);
    expect(customNodesResponse.safeParse(await res.json()).success).toBe(true);
  });

  it('refuses a request without a token, with the service error body', async () => {
    const res = await send('GET', '/api/v2/custom-nodes');
    expect(res.status).toBe(401);
    expect(errorBody.safeParse(await res.json()).success).toBe(true);
  });

  it('checks a request body against the operation schema', async () => {
    const res = await send('PUT', '/api/v2/custom-nodes/Vault', { token: true, json: { config: 'not an object' } });
    // Prism answers an invalid request with the operation's own 400: the service error body.
    expect(res.status).toBe(400);
    expect(errorBody.safeParse(await res.json()).success).toBe(true);
    const good = await send('PUT', '/api/v2/custom-nodes/Vault', {
      token: true,
      json: { config: { icon: { type: 'font-awesome', name: 'vault', color: '#123456' } } },
    });
    expect(good.status).toBe(200);
  });
});
