import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import { importSavedQueriesResponse, SAVED_QUERY_IMPORT_MAX_BYTES, savedQueryFile } from '../../../api/schemas/saved-queries';
import { call, errorsOf, TEST_ORIGIN, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import { queryFileName } from './transfer';

let mock: MockServer;
let admin: string;

beforeEach(async () => {
  mock = testMockServer();
  admin = await tokenFor(mock, 'admin');
});

const userId = (principal: string) => mock.db.state.users.find((u) => u.principal_name === principal)!.id;
const liveQueries = () => mock.db.state.savedQueries.filter((q) => q.deleted_at === null);
const ownedBy = (principal: string) => liveQueries().filter((q) => q.user_id === userId(principal));

/** A GET whose answer is a file: its status, headers and bytes. */
async function download(path: string, token = admin) {
  const res = await mock.fetch(new Request(`${TEST_ORIGIN}${path}`, { headers: { Authorization: `Bearer ${token}` } }));
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** The files of a ZIP answer, each parsed as a query file. */
function queriesOfZip(bytes: Uint8Array) {
  return Object.fromEntries(
    Object.entries(unzipSync(bytes)).map(([name, content]) => [name, savedQueryFile.parse(JSON.parse(strFromU8(content)))]),
  );
}

const importBody = (body: BodyInit, contentType: string, token = admin) =>
  call(mock, 'POST', '/api/v2/saved-queries/import', { token, body, headers: { 'Content-Type': contentType } });
const zipOf = (files: Record<string, unknown>) => {
  const entries: Zippable = {};
  for (const [name, value] of Object.entries(files)) {
    entries[name] = strToU8(typeof value === 'string' ? value : JSON.stringify(value));
  }
  return zipSync(entries) as Uint8Array<ArrayBuffer>;
};
const auditSince = (mark: number) => mock.db.state.auditLogs.slice(mark);

describe('GET /api/v2/saved-queries/{id}/export', () => {
  it('answers the query as <name>.json ({name, query, description}) to those who may read it, and audits it', async () => {
    const q = ownedBy('admin')[0]!;
    const mark = mock.db.state.auditLogs.length;
    const res = await download(`/api/v2/saved-queries/${q.id}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="${queryFileName(q.name)}"`);
    expect(JSON.parse(strFromU8(res.bytes))).toEqual({ name: q.name, query: q.query, description: q.description });
    expect(auditSince(mark).map((e) => [e.action, e.status, e.fields.saved_query_id])).toEqual([
      ['ExportSavedQuery', 'intent', String(q.id)],
      ['ExportSavedQuery', 'success', String(q.id)],
    ]);
  });

  it('is a 404 to someone who may not see the query, and for an unknown id', async () => {
    const reader = await tokenFor(mock, 'reader');
    const hidden = liveQueries().find(
      (q) => q.user_id !== userId('reader') && !q.public && !q.shared_to.includes(userId('reader')),
    )!;
    const res = await call(mock, 'GET', `/api/v2/saved-queries/${hidden.id}/export`, { token: reader });
    expect(res.status).toBe(404);
    expect(errorsOf(res.body)[0]!.context).toBe('saved_query_id');
    expect((await call(mock, 'GET', '/api/v2/saved-queries/99999/export', { token: admin })).status).toBe(404);
  });

  it('names the file after the last part of a name with slashes, as upstream', () => {
    expect(queryFileName('Domain Admins')).toBe('Domain Admins.json');
    expect(queryFileName('ad/kerberoastable')).toBe('kerberoastable.json');
  });
});

describe('GET /api/v2/saved-queries/export', () => {
  it('answers a ZIP of the queries in the scope, one <name>.json each, as exported_queries.zip', async () => {
    const res = await download('/api/v2/saved-queries/export?scope=owned');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="exported_queries.zip"');
    const files = queriesOfZip(res.bytes);
    const owned = ownedBy('admin');
    expect(Object.keys(files).sort()).toEqual(owned.map((q) => queryFileName(q.name)).sort());
    for (const q of owned) {
      expect(files[queryFileName(q.name)]).toEqual({ name: q.name, query: q.query, description: q.description });
    }
  });

  it('all is the caller’s own, shared with them and public; shared and public only those', async () => {
    const me = userId('poweruser');
    const token = await tokenFor(mock, 'poweruser');
    const count = async (scope: string) =>
      Object.keys(queriesOfZip((await download(`/api/v2/saved-queries/export?scope=${scope}`, token)).bytes)).length;
    const live = liveQueries();
    const owned = live.filter((q) => q.user_id === me).length;
    const shared = live.filter((q) => q.user_id !== me && q.shared_to.includes(me)).length;
    const pub = live.filter((q) => q.user_id !== me && !q.shared_to.includes(me) && q.public).length;
    expect(shared + pub).toBeGreaterThan(0);
    expect(await count('owned')).toBe(owned);
    expect(await count('shared')).toBe(shared);
    expect(await count('public')).toBe(pub);
    expect(await count('all')).toBe(owned + shared + pub);
  });

  it('refuses a missing or unknown scope (400 scope), audited as a failure', async () => {
    const mark = mock.db.state.auditLogs.length;
    for (const path of [
      '/api/v2/saved-queries/export',
      '/api/v2/saved-queries/export?scope=',
      '/api/v2/saved-queries/export?scope=mine',
    ]) {
      const res = await call(mock, 'GET', path, { token: admin });
      expect(res.status).toBe(400);
      expect(errorsOf(res.body)[0]).toMatchObject({
        context: 'scope',
        message: expect.stringContaining('all, owned, shared, public'),
      });
    }
    const failures = auditSince(mark).filter((e) => e.status === 'failure');
    expect(failures.map((e) => [e.action, e.fields.export_saved_queries_scope])).toEqual([
      ['ExportSavedQueries', ''],
      ['ExportSavedQueries', ''],
      ['ExportSavedQueries', 'mine'],
    ]);
  });

  it('keeps two queries of one name apart in the ZIP', async () => {
    const twin = ownedBy('admin')[0]!;
    const other = liveQueries().find((q) => q.user_id !== userId('admin') && q.public)!;
    other.name = twin.name;
    const files = queriesOfZip((await download('/api/v2/saved-queries/export?scope=all')).bytes);
    const base = queryFileName(twin.name);
    expect(files[base]).toBeDefined();
    expect(files[base.replace(/\.json$/, ' (2).json')]?.name).toBe(twin.name);
  });

  it('needs saved_queries.Read', async () => {
    const res = await call(mock, 'GET', '/api/v2/saved-queries/export?scope=all', { token: await tokenFor(mock, 'uploader') });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/v2/saved-queries/import', () => {
  const one = {
    name: 'Imported kerberoastable',
    query: 'MATCH (u:User {hasspn: true}) RETURN u',
    description: 'Users with SPNs',
  };

  it('imports one JSON query as the caller’s own private query (201 "imported 1 queries"), audited', async () => {
    const mark = mock.db.state.auditLogs.length;
    const res = await call(mock, 'POST', '/api/v2/saved-queries/import', { token: admin, json: one });
    expect(res.status).toBe(201);
    expect(importSavedQueriesResponse.parse(res.body).data).toBe('imported 1 queries');
    const saved = ownedBy('admin').find((q) => q.name === one.name)!;
    expect(saved).toMatchObject({ ...one, public: false, shared_to: [] });
    const list = await call(mock, 'GET', `/api/v2/saved-queries/${saved.id}`, { token: admin });
    expect(list.status).toBe(200);
    expect(auditSince(mark).map((e) => [e.action, e.status])).toEqual([
      ['ImportSavedQueries', 'intent'],
      ['ImportSavedQueries', 'success'],
    ]);
    expect(auditSince(mark)[1]!.fields.query_names).toEqual([one.name]);
  });

  it('imports a ZIP, skipping __MACOSX and dot-files, and what it exported comes back after a delete', async () => {
    const exported = (await download('/api/v2/saved-queries/export?scope=owned')).bytes;
    const before = ownedBy('admin').map((q) => ({ name: q.name, query: q.query, description: q.description }));
    mock.db.state.savedQueries = mock.db.state.savedQueries.filter((q) => q.user_id !== userId('admin'));
    let res = await importBody(exported, 'application/zip');
    expect(res.status).toBe(201);
    expect(importSavedQueriesResponse.parse(res.body).data).toBe(`imported ${before.length} queries`);
    const after = ownedBy('admin').map((q) => ({ name: q.name, query: q.query, description: q.description }));
    expect(after).toEqual(expect.arrayContaining(before));
    expect(after).toHaveLength(before.length);

    res = await importBody(
      zipOf({
        'queries/a.json': { name: 'From zip A', query: 'MATCH (n:Group) RETURN n' },
        'queries/b.json': { name: 'From zip B', query: 'MATCH (n:Computer) RETURN n', description: 'Computers' },
        '__MACOSX/queries/._a.json': 'binary resource fork',
        '.DS_Store': 'junk',
        'queries/.hidden.json': 'junk',
      }),
      'application/x-zip-compressed',
    );
    expect(res.status).toBe(201);
    expect(importSavedQueriesResponse.parse(res.body).data).toBe('imported 2 queries');
    expect(ownedBy('admin').find((q) => q.name === 'From zip A')!.description).toBe('');
  });

  it('refuses bad JSON, a query without a name or text, and a name the caller already has: 400, nothing saved', async () => {
    const count = liveQueries().length;
    let res = await importBody('{"name": "x", ', 'application/json');
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]).toMatchObject({ context: 'body', message: expect.stringContaining('not valid JSON') });

    res = await call(mock, 'POST', '/api/v2/saved-queries/import', { token: admin, json: { query: 'MATCH (n) RETURN n' } });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]!.context).toBe('name');

    const existing = ownedBy('admin')[0]!;
    res = await call(mock, 'POST', '/api/v2/saved-queries/import', { token: admin, json: { ...one, name: existing.name } });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]).toMatchObject({ context: 'name', message: expect.stringContaining(existing.name) });

    res = await importBody('', 'application/json');
    expect(res.status).toBe(400);
    expect(liveQueries()).toHaveLength(count);
  });

  it('refuses a whole ZIP when one entry is bad, two share a name or one is taken, naming the entry; and a non-ZIP', async () => {
    const count = liveQueries().length;
    const good = { name: 'Fine query', query: 'MATCH (n) RETURN n' };
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ 'good.json': good, 'broken.json': '{oops' }, 'broken.json', /broken\.json is not valid JSON/],
      [{ 'good.json': good, 'blank.json': { name: 'No text', query: '  ' } }, 'blank.json: query', /blank\.json: /],
      [{ 'a.json': good, 'b.json': good }, 'b.json', /a\.json and b\.json/],
      [{ 'good.json': good, 'taken.json': { name: ownedBy('admin')[0]!.name, query: 'RETURN 1' } }, 'taken.json', /already have/],
    ];
    for (const [files, context, message] of cases) {
      const res = await importBody(zipOf(files), 'application/zip');
      expect(res.status).toBe(400);
      expect(errorsOf(res.body)[0]).toMatchObject({ context, message: expect.stringMatching(message) });
    }
    const notZip = await importBody('PK but not really a zip', 'application/zip');
    expect(notZip.status).toBe(400);
    expect(errorsOf(notZip.body)[0]!.message).toMatch(/not a valid ZIP archive/);
    expect(liveQueries()).toHaveLength(count);
    expect(liveQueries().some((q) => q.name === good.name)).toBe(false);
  });

  it('refuses another content type (415), a body over the limit (413) and a reader (403)', async () => {
    let res = await importBody('name,query', 'text/csv');
    expect(res.status).toBe(415);
    expect(errorsOf(res.body)[0]).toMatchObject({ context: 'Content-Type', message: expect.stringContaining('text/csv') });
    res = await importBody(new Uint8Array(SAVED_QUERY_IMPORT_MAX_BYTES + 1), 'application/zip');
    expect(res.status).toBe(413);
    // A small ZIP that unpacks past the limit is refused before it is unpacked.
    const bomb = zipSync({ 'big.json': new Uint8Array(SAVED_QUERY_IMPORT_MAX_BYTES + 1) }) as Uint8Array<ArrayBuffer>;
    expect(bomb.byteLength).toBeLessThan(SAVED_QUERY_IMPORT_MAX_BYTES / 100);
    res = await importBody(bomb, 'application/zip');
    expect(res.status).toBe(413);
    expect(errorsOf(res.body)[0]!.message).toMatch(/^The archive’s content is larger than the 10 MiB limit/);
    res = await call(mock, 'POST', '/api/v2/saved-queries/import', { token: await tokenFor(mock, 'reader'), json: one });
    expect(res.status).toBe(403);
    expect(liveQueries().some((q) => q.name === one.name)).toBe(false);
  });
});
