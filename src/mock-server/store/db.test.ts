import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, testMockServer, tokenFor } from '../../testing/mock-service';
import { MockDb, type DbState } from './db';

const dir = mkdtempSync(join(tmpdir(), 'mock-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const freshFile = () => join(dir, `case-${++n}`, 'state.json');

const seed = (): DbState =>
  ({ schemaVersion: 1, counters: {}, permissions: [], roles: [], users: [], ssoProviders: [] }) as unknown as DbState;
const saved = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as DbState;

describe('MockDb persistence (MOCK_DB)', () => {
  it('answers a write only once the file holds it, and saves concurrent writes together', async () => {
    const file = freshFile();
    const mock = testMockServer({}, { MOCK_DB: file });
    const token = await tokenFor(mock, 'admin');
    const created = await call(mock, 'POST', '/api/v2/asset-groups', { token, json: { name: 'Durable', tag: 'durable' } });
    expect(created.status).toBe(200);
    // Read straight after the answer: the change is already on disk.
    expect(JSON.stringify(saved(file))).toContain('"tag":"durable"');

    const savesBefore = mock.db.saves;
    const many = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        call(mock, 'POST', '/api/v2/asset-groups', { token, json: { name: `Batch ${i}`, tag: `batch_${i}` } }),
      ),
    );
    expect(many.map((r) => r.status)).toEqual(Array(25).fill(200));
    const tags = saved(file).assetGroups.map((g) => g.tag);
    for (let i = 0; i < 25; i++) expect(tags).toContain(`batch_${i}`);
    expect(mock.db.unsaved).toBe(false);
    // Group commit: far fewer saves than writes.
    expect(mock.db.saves - savesBefore).toBeLessThan(10);
  });

  it('never lets an older background save replace a newer synchronous one', async () => {
    const file = freshFile();
    const db = new MockDb(seed, file);
    db.state.counters.x = 1;
    db.changed();
    await new Promise((r) => setTimeout(r, 0)); // the background save of x = 1 has started
    db.state.counters.x = 2;
    db.saveNow(); // reset and exit save at once
    await db.idle();
    expect(saved(file).counters.x).toBe(2);
    expect(new MockDb(seed, file).state.counters.x).toBe(2);
  });

  it('removes temporary files left by a killed process, not those of a live one', () => {
    const file = freshFile();
    mkdirSync(join(file, '..'), { recursive: true });
    const gone = spawnSync(process.execPath, ['-e', '']).pid!; // a process that has exited
    const deadTmp = `${file}.${gone}.3.tmp`;
    const liveTmp = `${file}.${process.ppid}.1.tmp`;
    writeFileSync(deadTmp, '{"half":');
    writeFileSync(liveTmp, '{}');
    new MockDb(seed, file);
    expect(existsSync(deadTmp)).toBe(false);
    expect(existsSync(liveTmp)).toBe(true);
    expect(existsSync(file)).toBe(true);
  });

  it('refuses a file that is not JSON with a message that names it', () => {
    const file = freshFile();
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, '{"schemaVersion":1,"users":[');
    expect(() => new MockDb(seed, file)).toThrow(`MOCK_DB ${file} is not valid JSON`);
  });

  it('answers 500 when the change cannot be saved, and saves it once the disk is back', async () => {
    const file = freshFile();
    const folder = join(file, '..');
    const mock = testMockServer({}, { MOCK_DB: file });
    const token = await tokenFor(mock, 'admin');
    // The folder becomes a plain file: every save fails.
    rmSync(folder, { recursive: true });
    writeFileSync(folder, 'not a folder');
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const res = await call(mock, 'POST', '/api/v2/asset-groups', { token, json: { name: 'Unsaved', tag: 'unsaved' } });
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({
        errors: [{ message: expect.stringMatching(/could not be saved to the state file \(MOCK_DB\)/) }],
      });
      expect(mock.db.unsaved).toBe(true);
      rmSync(folder);
      await mock.db.durable();
    } finally {
      console.error = original;
    }
    expect(errors.length).toBeGreaterThan(0);
    expect(saved(file).assetGroups.map((g) => g.tag)).toContain('unsaved');
  });
});
