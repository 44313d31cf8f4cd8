import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseCollectedFile } from './parse';
import { FolderSpool, MemorySpool } from './spool';
import { readZipEntries } from './zip';

const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, 'fixtures', name)));

async function* inChunks(bytes: Uint8Array, size = 100) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe('zip archives', () => {
  it('each JSON inside is parsed as its own file, in order; a bad one fails alone', async () => {
    const zip = zipSync({
      'users.json': fixture('users-v6.json'),
      'bad.json': fixture('bad-json.json'),
      'groups.json': fixture('groups-v6.json'),
    });
    const seen: [string, string][] = [];
    await readZipEntries(inChunks(zip), async (name, content) => {
      const outcome = await parseCollectedFile(content).then(
        (b) => `${b.nodes.length} nodes`,
        (e: Error) => e.message,
      );
      seen.push([name, outcome]);
    });
    expect(seen.map(([n]) => n)).toEqual(['users.json', 'bad.json', 'groups.json']);
    expect(seen[0]![1]).toMatch(/nodes/);
    expect(seen[1]![1]).toMatch(/not valid JSON/);
    expect(seen[2]![1]).toBe('2 nodes');
  });

  it('a file that is not a zip fails', async () => {
    await expect(readZipEntries(inChunks(fixture('users-v6.json')), async () => undefined)).rejects.toThrow(/not a zip archive/);
  });
});

describe('spools', () => {
  it.each([
    ['memory', () => new MemorySpool()],
    ['folder', () => new FolderSpool(join(mkdtempSync(join(tmpdir(), 'spool-')), 'db.json.uploads'))],
  ])('%s: keeps a committed file until removed', async (_, make) => {
    const spool = make();
    const w = spool.writer(1, 2);
    w.write(new TextEncoder().encode('{"a":'));
    w.write(new TextEncoder().encode('1}'));
    expect(spool.has(1, 2)).toBe(false);
    await w.commit();
    let text = '';
    for await (const c of spool.read(1, 2)!) text += new TextDecoder().decode(c);
    expect(text).toBe('{"a":1}');
    spool.remove(1, 2);
    expect(spool.read(1, 2)).toBeNull();
    spool.clear();
    if (spool instanceof FolderSpool) rmSync(join(spool['folder' as never] as string, '..'), { recursive: true, force: true });
  });
});
