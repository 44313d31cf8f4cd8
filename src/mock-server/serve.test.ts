import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { defineOperations, operationKey, signedIn } from '../api/operation';
import { OPERATIONS } from '../api/operations';
import { testMockServer, tokenFor, call } from '../testing/mock-service';
import { serve, servedOperations } from './serve';
import type { MockEnv } from './auth';

const HERE = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('serving the declared operations', () => {
  it('serves every declared operation but those declared unserved, and those not at all', () => {
    testMockServer();
    const declared = OPERATIONS.filter((op) => !op.unserved).map(operationKey);
    expect(
      [...servedOperations].filter((key) => !declared.includes(key)),
      'served but not declared',
    ).toEqual([]);
    expect(
      declared.filter((key) => !servedOperations.has(key)),
      'declared but not served',
    ).toEqual([]);
  });

  it('registers operations only through serve(): no area adds a route of its own under /api', () => {
    const direct = sourceFiles(join(HERE, 'areas')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bapp\.(get|post|put|patch|delete|on|all)\(\s*['"`]\/api/g)].map(
        (m) => `${relative(HERE, file)}: app.${m[1]}(`,
      ),
    );
    expect(direct).toEqual([]);
  });

  it('refuses to serve an operation declared unserved', () => {
    const ops = defineOperations('Test', {
      gone: { method: 'GET', path: '/api/v2/gone', access: signedIn, summary: 'Gone', unserved: 'not here' },
    });
    const mock = testMockServer();
    expect(() => serve(new Hono<MockEnv>(), mock.db, ops.gone, (c) => c.body(null))).toThrow(/declared unserved: not here/);
  });
});

describe('a declared change', () => {
  it('validates the declared body, naming the field, before the handler runs', async () => {
    const mock = testMockServer();
    const token = await tokenFor(mock, 'admin');
    const res = await call(mock, 'POST', '/api/v2/saved-queries', { token, json: { name: 7 } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/name/);
  });
});
