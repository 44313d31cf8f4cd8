import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_CONTROL, call, errorsOf, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import type { CypherAnswer } from '../../cypher/answer';
import { TOO_COMPLEX_MESSAGE } from '../../cypher/complexity';
import { DEFAULT_REQUEST, liveCypherGraph, runCypher } from '../../cypher/run';
import { CYPHER_MUTATION_DENIED, CYPHER_TIMEOUT_MESSAGE, liveGraphOf } from './routes';

/** Runs for many seconds: every pair of users' names against every user's, none of it counted as pattern steps. */
const HEAVY =
  'MATCH (a:User) WITH collect(a) AS us MATCH (b:User) WHERE any(x IN us WHERE any(y IN us WHERE x.name + y.name = b.name)) RETURN count(b)';
const CHEAP = 'MATCH (n:Domain) RETURN n';

const dir = mkdtempSync(join(tmpdir(), 'mock-cypher-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cypher = (mock: MockServer, token: string, query: string, headers: Record<string, string> = {}) =>
  call(mock, 'POST', '/api/v2/graphs/cypher', { token, json: { query }, headers });
const dataOf = (body: unknown) => (body as { data: CypherAnswer }).data;

describe('the Cypher worker', () => {
  let mock: MockServer;
  let reader: string;
  const ANALYSIS_MS = 5000;
  let now = Date.now();

  beforeAll(async () => {
    mock = testMockServer({ clock: () => now, analysisMs: ANALYSIS_MS });
    reader = await tokenFor(mock, 'reader');
  });

  it('answers exactly what the engine answers in-process', async () => {
    const queries = [
      "MATCH (n:Group) WHERE n.objectid ENDS WITH '-512' RETURN n",
      'MATCH p = (:User)-[:MemberOf]->(:Group) RETURN p LIMIT 20',
      'MATCH (u:User) RETURN u.enabled AS enabled, count(u) AS users ORDER BY enabled',
    ];
    const graph = liveCypherGraph(liveGraphOf(mock.db.state).inputs());
    for (const query of queries) {
      for (const includeProperties of [false, true]) {
        const res = await call(mock, 'POST', '/api/v2/graphs/cypher', {
          token: reader,
          json: { query, include_properties: includeProperties },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const local = runCypher(graph, { ...DEFAULT_REQUEST, query, includeProperties });
        expect(local.kind).toBe('answer');
        expect(dataOf(res.body)).toEqual(local.kind === 'answer' ? local.answer : undefined);
      }
    }
  });

  // The heavy query's deadline leaves the other two requests many seconds, so a busy machine answers them in time.
  it(
    'keeps answering other requests while a heavy query runs, and stops the heavy one at its Prefer: wait',
    { timeout: 40_000 },
    async () => {
      let heavyDone = false;
      const heavy = cypher(mock, reader, HEAVY, { Prefer: 'wait=6' }).then((res) => {
        heavyDone = true;
        return res;
      });
      const other = await call(mock, 'GET', '/api/v2/search?q=ADMIN', { token: reader });
      expect(other.status).toBe(200);
      expect(heavyDone).toBe(false);
      // Another query too: it runs in the other worker.
      const query = await cypher(mock, reader, CHEAP);
      expect(query.status).toBe(200);
      expect(heavyDone).toBe(false);

      const stopped = await heavy;
      expect(stopped.status).toBe(500);
      expect(errorsOf(stopped.body)).toEqual([expect.objectContaining({ message: CYPHER_TIMEOUT_MESSAGE })]);
      // A fresh worker answers the next query.
      const next = await cypher(mock, reader, CHEAP);
      expect(next.status).toBe(200);
      expect(Object.keys(dataOf(next.body).nodes)).toHaveLength(3);
    },
  );

  it('rebuilds its copy when Owned or Tier Zero members change', async () => {
    const admin = await tokenFor(mock, 'admin');
    const before = await cypher(mock, reader, 'MATCH (d:Domain) RETURN d LIMIT 1');
    const domain = Object.values(dataOf(before.body).nodes)[0]!;
    expect(domain.isOwnedObject).toBe(false);
    const added = await call(mock, 'PUT', '/api/v2/asset-groups/2/selectors', {
      token: admin,
      json: [{ selector_name: 'Phished', sid: domain.objectId, action: 'add' }],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    // Owned's members change when the analysis the change requested has run.
    now += ANALYSIS_MS;
    const after = await cypher(mock, reader, `MATCH (d:Domain {objectid: '${domain.objectId}'}) RETURN d`);
    expect(Object.values(dataOf(after.body).nodes)[0]).toMatchObject({
      isOwnedObject: true,
      kinds: expect.arrayContaining(['Tag_Owned']),
    });
  });

  it('refuses a Prefer: wait that is not a whole number of seconds, naming the header', async () => {
    for (const prefer of ['wait=soon', 'wait=-1', 'wait=']) {
      const res = await cypher(mock, reader, CHEAP, { Prefer: prefer });
      expect(res.status, prefer).toBe(400);
      expect(errorsOf(res.body)[0]).toEqual(expect.objectContaining({ context: 'Prefer' }));
    }
  });

  it('refuses a query upstream judges too complex, with upstream’s message', async () => {
    // Fitness -10: three WITH stages and nothing narrowing; cheap to run, refused before it runs.
    const piped = 'MATCH (n:Domain) WITH n WITH n WITH n RETURN n';
    for (const query of [piped, 'MATCH (n)-[*]-(m) RETURN count(n)']) {
      const res = await cypher(mock, reader, query);
      expect(res.status, query).toBe(400);
      expect(errorsOf(res.body)).toEqual([expect.objectContaining({ context: 'query', message: TOO_COMPLEX_MESSAGE })]);
    }
  });

  it('runs those queries when the complexity limit is off (MOCK_DISABLE_CYPHER_COMPLEXITY_LIMIT=1)', async () => {
    const unlimited = testMockServer({}, { MOCK_DISABLE_CYPHER_COMPLEXITY_LIMIT: '1' });
    const token = await tokenFor(unlimited, 'reader');
    const res = await cypher(unlimited, token, 'MATCH (n:Domain) WITH n WITH n WITH n RETURN n');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(dataOf(res.body).nodes)).toHaveLength(3);
  });

  it('refuses updating clauses unless the server runs mutations', async () => {
    const res = await cypher(mock, reader, "CREATE (n:User {name: 'X'}) RETURN n");
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]!.message).toBe('line 1:1 CREATE is an updating clause; this server answers read-only queries');
  });
});

describe('Cypher mutations (MOCK_CYPHER_MUTATIONS=1)', () => {
  const env = (file?: string) => ({ MOCK_CYPHER_MUTATIONS: '1', ...(file ? { MOCK_DB: file } : {}) });
  const auditOf = async (mock: MockServer, admin: string, action: string) => {
    const res = await call(mock, 'GET', `/api/v2/audit?action=${action}&limit=50`, { token: admin });
    expect(res.status).toBe(200);
    return (res.body as { data: { logs: { action: string; status: string; fields: Record<string, unknown> }[] } }).data.logs;
  };

  it('need graphdb.Mutate: a reader is refused 403 and the attempt is recorded', async () => {
    const mock = testMockServer({}, env());
    const [reader, admin] = await Promise.all([tokenFor(mock, 'reader'), tokenFor(mock, 'admin')]);
    const res = await cypher(mock, reader, "CREATE (n:User {name: 'NOPE'}) RETURN n");
    expect(res.status).toBe(403);
    expect(errorsOf(res.body)[0]!.message).toBe(CYPHER_MUTATION_DENIED);
    const refusals = await auditOf(mock, admin, 'UnauthorizedAccessAttempt');
    expect(refusals.some((l) => l.fields.error === CYPHER_MUTATION_DENIED)).toBe(true);
    expect(await auditOf(mock, admin, 'MutateGraph')).toEqual([]);
  });

  it('change the graph every endpoint reads, are audited both ways, and a reset undoes them', async () => {
    const mock = testMockServer({}, env());
    const [power, admin] = await Promise.all([tokenFor(mock, 'poweruser'), tokenFor(mock, 'admin')]);
    const created = await cypher(
      mock,
      power,
      "MATCH (g:Group) WHERE g.objectid ENDS WITH '-512' WITH g LIMIT 1 CREATE (u:User:Base {name: 'MALLORY@CORP.ACME.LOCAL', objectid: 'S-1-5-21-0-0-0-9999', enabled: true})-[:MemberOf]->(g) RETURN u",
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(Object.values(dataOf(created.body).nodes).map((n) => n.objectId)).toEqual(['S-1-5-21-0-0-0-9999']);

    // Search, the kinds and Cypher itself read the changed graph.
    await cypher(mock, power, "MATCH (u:User {name: 'MALLORY@CORP.ACME.LOCAL'}) SET u:Insider");
    const kinds = await call(mock, 'GET', '/api/v2/graphs/kinds?type=eq:node', { token: power });
    expect((kinds.body as { data: { kinds: string[] } }).data.kinds).toContain('Insider');
    const search = await call(mock, 'GET', '/api/v2/search?q=MALLORY', { token: power });
    expect(JSON.stringify(search.body)).toContain('S-1-5-21-0-0-0-9999');
    const path = await cypher(mock, power, "MATCH p = (:User {name: 'MALLORY@CORP.ACME.LOCAL'})-[:MemberOf]->(:Group) RETURN p");
    expect(path.status).toBe(200);
    expect(dataOf(path.body).edges).toHaveLength(1);

    // A failed mutation changes nothing and is audited as a failure.
    const failed = await cypher(mock, power, "MATCH (u:User {name: 'MALLORY@CORP.ACME.LOCAL'}) DELETE u");
    expect(failed.status).toBe(400);
    expect(errorsOf(failed.body)[0]!.message).toMatch(/still has relationships/);
    const logs = await auditOf(mock, admin, 'MutateGraph');
    expect(logs.map((l) => l.status).sort()).toEqual(['failure', 'intent', 'intent', 'intent', 'success', 'success']);
    expect(logs.find((l) => l.status === 'failure')!.fields.error).toMatch(/still has relationships/);

    const removed = await cypher(mock, power, "MATCH (u:User {name: 'MALLORY@CORP.ACME.LOCAL'}) DETACH DELETE u");
    expect(removed.status).toBe(200);
    expect(dataOf(removed.body)).toEqual({ nodes: {}, edges: [], literals: [] });
    expect((await cypher(mock, power, "MATCH (u:User {name: 'MALLORY@CORP.ACME.LOCAL'}) RETURN u")).status).toBe(404);

    await cypher(mock, power, "MATCH (d:Domain) WITH d LIMIT 1 SET d.description = 'changed'");
    expect((await cypher(mock, power, "MATCH (d:Domain {description: 'changed'}) RETURN d")).status).toBe(200);
    expect((await call(mock, 'POST', '/__mock/reset', { headers: MOCK_CONTROL })).status).toBe(204);
    const token = await tokenFor(mock, 'poweruser');
    expect((await cypher(mock, token, "MATCH (d:Domain {description: 'changed'}) RETURN d")).status).toBe(404);
  });

  it('run one at a time, each on the graph the last one left', async () => {
    const mock = testMockServer({}, env());
    const power = await tokenFor(mock, 'poweruser');
    const created = await Promise.all(
      Array.from({ length: 5 }, (_, i) => cypher(mock, power, `CREATE (c:Computer {name: 'BATCH-${i}'}) RETURN c`)),
    );
    expect(created.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const ids = created.flatMap((r) => Object.keys(dataOf(r.body).nodes));
    expect(new Set(ids).size).toBe(5);
    const all = await cypher(mock, power, "MATCH (c:Computer) WHERE c.name STARTS WITH 'BATCH-' RETURN c");
    expect(Object.keys(dataOf(all.body).nodes).sort()).toEqual([...ids].sort());
  });

  it('stopped at their Prefer: wait change nothing, and the attempt is audited as a failure', async () => {
    const mock = testMockServer({}, env());
    const [power, admin] = await Promise.all([tokenFor(mock, 'poweruser'), tokenFor(mock, 'admin')]);
    const res = await cypher(mock, power, `${HEAVY.replace(' RETURN count(b)', '')} SET b.touched = true`, { Prefer: 'wait=1' });
    expect(res.status).toBe(500);
    expect(errorsOf(res.body)[0]!.message).toBe(CYPHER_TIMEOUT_MESSAGE);
    expect((await cypher(mock, power, 'MATCH (u:User {touched: true}) RETURN u')).status).toBe(404);
    const logs = await auditOf(mock, admin, 'MutateGraph');
    expect(logs.map((l) => [l.status, l.fields.error])).toEqual(
      expect.arrayContaining([
        ['intent', undefined],
        ['failure', CYPHER_TIMEOUT_MESSAGE],
      ]),
    );
  });

  it('persist with MOCK_DB across a restart', async () => {
    const file = join(dir, 'state.json');
    const first = testMockServer({}, env(file));
    const power = await tokenFor(first, 'poweruser');
    const created = await cypher(first, power, "CREATE (c:Computer:Base {name: 'KEPT.CORP.ACME.LOCAL'}) RETURN c");
    expect(created.status).toBe(200);
    const [id] = Object.keys(dataOf(created.body).nodes);

    const second = testMockServer({}, env(file));
    const token = await tokenFor(second, 'poweruser');
    const found = await cypher(second, token, "MATCH (c:Computer {name: 'KEPT.CORP.ACME.LOCAL'}) RETURN c");
    expect(found.status).toBe(200);
    expect(Object.keys(dataOf(found.body).nodes)).toEqual([id]);
  });
});
