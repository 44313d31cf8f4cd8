/**
 * Uploaded files into the graph, through the API as a client sees it: each accepted file read when its job's
 * turn comes, applied whole or not at all, its outcome in the job's completed tasks; archives entry by entry;
 * a restart with MOCK_DB goes on where it stopped; clear-database removes what was ingested by source kind.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileUploadJobsListResponse, fileUploadStartResponse } from '../../../api/schemas/file-upload';
import { call, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import { jobEnded } from './pipeline';
import { jobObjectsQuery } from '../../../api/upload-objects';

const D = 'S-1-5-21-1111111111-2222222222-3333333333';
const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../../ingest/fixtures', name));

let mock: MockServer;
let admin: string;
let folder: string | null = null;

beforeEach(async () => {
  mock = testMockServer({ ingestMsPerFile: 0, analysisMs: 0 });
  admin = await tokenFor(mock, 'admin');
});

afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = null;
});

async function start(m = mock, token = admin): Promise<number> {
  const res = await call(m, 'POST', '/api/v2/file-upload/start', { token });
  return fileUploadStartResponse.parse(res.body).data.id;
}

async function send(id: number, name: string, body: Uint8Array | string, type = 'application/json', m = mock, token = admin) {
  return call(m, 'POST', `/api/v2/file-upload/${id}`, {
    token,
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers: { 'Content-Type': type, 'X-File-Upload-Name': name },
  });
}

async function end(id: number) {
  expect((await call(mock, 'POST', `/api/v2/file-upload/${id}/end`, { token: admin })).status).toBe(200);
  await mock.ingest.idle();
}

async function job(id: number, m = mock, token = admin) {
  const res = await call(m, 'GET', '/api/v2/file-upload?limit=100', { token });
  return fileUploadJobsListResponse.parse(res.body).data.find((j) => j.id === id)!;
}

interface Task {
  file_name: string;
  parent_file_name: string;
  errors: string[];
  ingested?: { nodes: Record<string, number>; relationships: number };
}

async function tasks(id: number, m = mock, token = admin): Promise<Task[]> {
  const res = await call(m, 'GET', `/api/v2/file-upload/${id}/completed-tasks`, { token });
  expect(res.status).toBe(200);
  return (res.body as { data: Task[] }).data;
}

async function cypher(query: string, m = mock, token = admin) {
  const res = await call(m, 'POST', '/api/v2/graphs/cypher', { token, json: { query, include_properties: true } });
  return res;
}

const names = async (query: string, m = mock, token = admin) => {
  const res = await cypher(query, m, token);
  if (res.status === 404) return [];
  expect(res.status).toBe(200);
  const nodes = (res.body as { data: { nodes: Record<string, { label: string }> } }).data.nodes;
  return Object.values(nodes)
    .map((n) => n.label)
    .sort();
};

describe('ingest of uploaded files', () => {
  it('reads each accepted file into the graph, and a bad one fails with its reason and nothing of it applied', async () => {
    const id = await start();
    expect((await send(id, 'users.json', fixture('users-v6.json'))).status).toBe(202);
    expect((await send(id, 'groups.json', fixture('groups-v6.json'))).status).toBe(202);
    // Well-formed, but an OpenGraph node without kinds: accepted at upload, refused whole at ingest.
    const bad = JSON.stringify({
      graph: {
        nodes: [
          { id: 'OG-GOOD-1', kinds: ['Person'], properties: { name: 'kept out' } },
          { id: 'OG-BAD-2', properties: { name: 'no kinds' } },
        ],
        edges: [],
      },
    });
    expect((await send(id, 'people.json', bad)).status).toBe(202);
    await end(id);

    expect(await job(id)).toMatchObject({ status: 8, total_files: 3, failed_files: 1 });
    const done = await tasks(id);
    expect(done.map((t) => t.file_name)).toEqual(['users.json', 'groups.json', 'people.json']);
    expect(done[0]!.errors).toEqual([]);
    expect(done[0]!.ingested!.nodes.User).toBeGreaterThan(0);
    expect(done[0]!.ingested!.relationships).toBeGreaterThan(0);
    expect(done[2]!.errors).toEqual([expect.stringMatching(/^people\.json was not ingested: graph\.nodes\[1\].*kinds/)]);
    expect(done[2]!.ingested).toBeUndefined();

    expect(await names(`MATCH (n:User) WHERE n.objectid = '${D}-1104' RETURN n`)).toEqual(['ALICE@LAB.TEST']);
    expect(await names(`MATCH (n) WHERE n.objectid = 'OG-GOOD-1' RETURN n`)).toEqual([]);
    // The console's query of the job's objects finds what it brought, and nothing generated.
    const objects = await names(jobObjectsQuery(await job(id))!);
    expect(objects).toContain('ALICE@LAB.TEST');
    expect(objects.some((n) => n.endsWith('ACME.LOCAL'))).toBe(false);
    // The entity page reads the same graph.
    const alice = await call(mock, 'GET', `/api/v2/users/${D}-1104`, { token: admin });
    expect(alice.status).toBe(200);
    expect(alice.body).toMatchObject({ data: { props: { name: 'ALICE@LAB.TEST' } } });
  });

  it('reads an archive entry by entry, each entry a file of the job with the archive as its parent', async () => {
    const id = await start();
    const archive = zipSync({
      'users.json': new Uint8Array(fixture('users-v6.json')),
      'computers.json': new Uint8Array(fixture('computers-v5.json')),
      'broken.json': new TextEncoder().encode('{"meta":{"type":"users","version":6},"data":[{"ObjectIdentifier":'),
    });
    expect((await send(id, 'collection.zip', archive, 'application/zip')).status).toBe(202);
    await end(id);

    const done = await tasks(id);
    expect(done.map((t) => [t.file_name, t.parent_file_name])).toEqual([
      ['users.json', 'collection.zip'],
      ['computers.json', 'collection.zip'],
      ['broken.json', 'collection.zip'],
    ]);
    expect(done[1]!.ingested!.nodes.Computer).toBeGreaterThan(0);
    expect(done[2]!.errors).toEqual([expect.stringMatching(/^broken\.json was not ingested: /)]);
    expect(await job(id)).toMatchObject({ status: 8, total_files: 3, failed_files: 1 });
  });

  it('removes what was ingested by source kind when the database is cleared', async () => {
    const id = await start();
    expect((await send(id, 'users.json', fixture('users-v6.json'))).status).toBe(202);
    const people = {
      metadata: { source_kind: 'HRSystem' },
      graph: { nodes: [{ id: 'HR-1', kinds: ['Person'], properties: { name: 'PAT' } }], edges: [] },
    };
    expect((await send(id, 'people.json', JSON.stringify(people))).status).toBe(202);
    await end(id);
    expect(await names(`MATCH (n) WHERE n.objectid = 'HR-1' RETURN n`)).toEqual(['PAT']);

    // An unknown source kind is refused, naming the OpenGraph one the upload brought.
    const unknown = await call(mock, 'POST', '/api/v2/clear-database', { token: admin, json: { deleteSourceKinds: [9] } });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('3 (HRSystem, OpenGraph)');

    const clear = await call(mock, 'POST', '/api/v2/clear-database', { token: admin, json: { deleteSourceKinds: [3] } });
    expect(clear.status).toBe(204);
    expect(await names(`MATCH (n) WHERE n.objectid = 'HR-1' RETURN n`)).toEqual([]);
    expect(await names(`MATCH (n:User) WHERE n.objectid = '${D}-1104' RETURN n`)).toEqual(['ALICE@LAB.TEST']);

    const ad = await call(mock, 'POST', '/api/v2/clear-database', { token: admin, json: { deleteSourceKinds: [1] } });
    expect(ad.status).toBe(204);
    expect(await names(`MATCH (n:User) WHERE n.objectid = '${D}-1104' RETURN n`)).toEqual([]);
  });

  it('goes on after a restart with MOCK_DB, and fails a file whose kept bytes are gone, saying so', async () => {
    folder = mkdtempSync(join(tmpdir(), 'mock-ingest-'));
    const file = join(folder, 'state.json');
    const first = testMockServer({ ingestMsPerFile: 0, analysisMs: 0 }, { MOCK_DB: file });
    const token = await tokenFor(first, 'admin');
    const id = await start(first, token);
    expect((await send(id, 'users.json', fixture('users-v6.json'), 'application/json', first, token)).status).toBe(202);
    expect((await send(id, 'groups.json', fixture('groups-v6.json'), 'application/json', first, token)).status).toBe(202);
    // The job ends and the process stops before its ingest ran; then the second file's kept bytes are lost.
    jobEnded(first.db.state, id, Date.now(), first.config);
    first.db.saveNow();
    const groupsTask = first.db.state.fileUploadJobs.find((j) => j.id === id)!.files[1]!;
    first.spool.remove(id, groupsTask.id);

    const second = testMockServer({ ingestMsPerFile: 0, analysisMs: 0 }, { MOCK_DB: file });
    await second.ingest.idle();
    const again = await tokenFor(second, 'admin');
    expect(await job(id, second, again)).toMatchObject({ status: 8, failed_files: 1 });
    const done = await tasks(id, second, again);
    expect(done[0]!.errors).toEqual([]);
    expect(done[1]!.errors).toEqual([expect.stringMatching(/^groups\.json was accepted but its content is gone/)]);
    expect(await names(`MATCH (n:User) WHERE n.objectid = '${D}-1104' RETURN n`, second, again)).toEqual(['ALICE@LAB.TEST']);
  });

  it('starts without the generated directory with MOCK_GRAPH=empty, and an upload then fills it', async () => {
    const empty = testMockServer({ ingestMsPerFile: 0, analysisMs: 0 }, { MOCK_GRAPH: 'empty' });
    const token = await tokenFor(empty, 'admin');
    const domains = await call(empty, 'GET', '/api/v2/available-domains', { token });
    expect(domains.body).toEqual({ data: [] });
    expect(await names('MATCH (n:User) RETURN n LIMIT 5', empty, token)).toEqual([]);

    const id = await start(empty, token);
    expect((await send(id, 'users.json', fixture('users-v6.json'), 'application/json', empty, token)).status).toBe(202);
    expect((await call(empty, 'POST', `/api/v2/file-upload/${id}/end`, { token })).status).toBe(200);
    await empty.ingest.idle();
    const users = await names('MATCH (n:User) RETURN n', empty, token);
    expect(users).toContain('ALICE@LAB.TEST');
    expect(users.every((name) => name.endsWith('@LAB.TEST'))).toBe(true);
  });

  it('refuses a MOCK_GRAPH that is neither generated nor empty', () => {
    expect(() => testMockServer({}, { MOCK_GRAPH: 'none' })).toThrow(/MOCK_GRAPH must be "generated" .* or "empty"/);
  });

  it('derives post-processed relationships at analysis: DCSync for a principal holding both replication rights', async () => {
    const domain = `S-1-5-21-4100000001-4100000002-4100000003`;
    const ace = (sid: string, right: string) => ({
      PrincipalSID: sid,
      PrincipalType: 'User',
      RightName: right,
      IsInherited: false,
    });
    const file = {
      meta: { type: 'domains', version: 6, count: 1 },
      data: [
        {
          ObjectIdentifier: domain,
          Properties: { name: 'REPL.TEST', domainsid: domain, collected: true },
          Aces: [
            ace(`${domain}-1105`, 'GetChanges'),
            ace(`${domain}-1105`, 'GetChangesAll'),
            ace(`${domain}-1106`, 'GetChanges'),
          ],
          Trusts: [],
          Links: [],
          ChildObjects: [],
        },
      ],
    };
    const id = await start();
    expect((await send(id, 'domains.json', JSON.stringify(file))).status).toBe(202);
    await end(id);
    expect((await job(id)).status).toBe(2);
    const res = await cypher(`MATCH (n)-[:DCSync]->(d:Domain) WHERE d.objectid = '${domain}' RETURN n`);
    expect(res.status).toBe(200);
    const nodes = (res.body as { data: { nodes: Record<string, { objectId: string }> } }).data.nodes;
    // Only the principal with both rights; the one with GetChanges alone gets none.
    expect(Object.values(nodes).map((n) => n.objectId)).toEqual([`${domain}-1105`]);
  });
});
