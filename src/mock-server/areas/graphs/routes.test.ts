import { beforeAll, describe, expect, it } from 'vitest';
import { call, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import type { CypherAnswer } from '../../cypher/answer';
import { directoryGraph } from '../../seed/graph';

let mock: MockServer;
let reader: string;
let uploader: string;
let admin: string;

beforeAll(async () => {
  mock = testMockServer();
  [reader, uploader, admin] = await Promise.all([tokenFor(mock, 'reader'), tokenFor(mock, 'uploader'), tokenFor(mock, 'admin')]);
});

const cypher = (json: unknown, token = reader) => call(mock, 'POST', '/api/v2/graphs/cypher', { token, json });
const answer = async (query: string, includeProperties = false) => {
  const res = await cypher({ query, include_properties: includeProperties });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { data: CypherAnswer }).data;
};
const errors = (body: unknown) => (body as { errors: { context: string; message: string }[] }).errors;

const graph = directoryGraph();
const domainAdmins = [...graph.nodes].filter((n) => n.primaryKind === 'Group' && n.objectid.endsWith('-512'));

describe('POST /api/v2/graphs/cypher', () => {
  it('needs graphdb.Read', async () => {
    expect((await call(mock, 'POST', '/api/v2/graphs/cypher', { json: { query: 'MATCH (n) RETURN n' } })).status).toBe(401);
    const refused = await cypher({ query: 'MATCH (n) RETURN n LIMIT 1' }, uploader);
    expect(refused.status).toBe(403);
    expect(errors(refused.body)[0]!.message).toMatch(/graphdb\.Read/);
  });

  it('answers nodes keyed by graph id, with upstream’s fields and tier membership', async () => {
    const data = await answer("MATCH (n:Group) WHERE n.objectid ENDS WITH '-512' RETURN n");
    const nodes = Object.values(data.nodes);
    expect(nodes.map((n) => n.objectId).sort()).toEqual(domainAdmins.map((n) => n.objectid).sort());
    for (const [id, node] of Object.entries(data.nodes)) {
      expect(id).toMatch(/^\d+$/);
      expect(node).toEqual({
        label: expect.stringMatching(/^DOMAIN ADMINS@/),
        kind: 'Group',
        kinds: expect.arrayContaining(['Base', 'Group', 'Tag_Tier_Zero']),
        objectId: expect.stringMatching(/-512$/),
        isTierZero: true,
        isOwnedObject: false,
        lastSeen: expect.any(String),
      });
    }
    expect(data.edges).toEqual([]);
    expect(data.literals).toEqual([]);
    expect(data).not.toHaveProperty('node_keys');
  });

  it('answers paths as edges between answered nodes, and other values as literals', async () => {
    const data = await answer('MATCH p = (:User)-[:MemberOf]->(g:Group) WHERE g.objectid ENDS WITH "-512" RETURN p LIMIT 5');
    expect(data.edges.length).toBeGreaterThan(0);
    for (const edge of data.edges) {
      expect(edge).toEqual({
        source: expect.any(String),
        target: expect.any(String),
        label: 'MemberOf',
        kind: 'MemberOf',
        lastSeen: expect.any(String),
      });
      expect(data.nodes[edge.source]!.kind).toBe('User');
      expect(data.nodes[edge.target]!.kind).toBe('Group');
    }
    const counted = await answer('MATCH (u:User) RETURN count(u) AS users');
    expect(counted).toEqual({
      nodes: {},
      edges: [],
      literals: [{ key: 'users', value: graph.nodes.filter((n) => n.primaryKind === 'User').length }],
    });
  });

  it('is a read: a query leaves no audit entry', async () => {
    const before = mock.db.state.auditLogs.length;
    await answer('MATCH (d:Domain) RETURN d');
    expect(mock.db.state.auditLogs.length).toBe(before);
  });

  it('adds properties and their keys when asked', async () => {
    const data = await answer('MATCH (d:Domain) RETURN d', true);
    const domains = Object.values(data.nodes);
    const domainNodes = [...graph.domains, ...graph.nodes].filter((n) => n.primaryKind === 'Domain');
    expect(domains.map((d) => d.properties?.name).sort()).toEqual(domainNodes.map((d) => d.name).sort());
    expect(data.node_keys).toEqual(expect.arrayContaining(['name', 'objectid']));
    expect(data.node_keys).toEqual([...data.node_keys!].sort());
    expect(data.edge_keys).toEqual([]);
  });

  it('refuses malformed JSON, a missing query, syntax errors with their place, CALL, parameters and updating clauses with 400', async () => {
    const malformed = await call(mock, 'POST', '/api/v2/graphs/cypher', {
      token: reader,
      body: '{"query": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    const missing = await cypher({ include_properties: true });
    expect(missing.status).toBe(400);
    expect(errors(missing.body)[0]!.context).toBe('query');
    for (const [query, message] of [
      ['MATCH (n RETURN n', "line 1:10 mismatched input 'RETURN' expecting ')'"],
      ['MATCH (n)\nCALL db.labels() YIELD label RETURN n', 'line 2:1 CALL is not supported'],
      ['MATCH (n) WHERE n.name = $name RETURN n', 'line 1:26 query parameters ($name) is not supported'],
      [
        'MATCH (n:User) SET n.owned = true RETURN n',
        'line 1:16 SET is an updating clause; this server answers read-only queries',
      ],
    ]) {
      const res = await cypher({ query });
      expect(res.status, query).toBe(400);
      expect(errors(res.body)).toEqual([{ context: 'query', message }]);
    }
  });

  it('answers 404 when a read finds nothing, and on a cleared database', async () => {
    const none = await cypher({ query: "MATCH (n:User {name: 'NOBODY'}) RETURN n" });
    expect(none.status).toBe(404);
    const cleared = testMockServer();
    const clearer = await tokenFor(cleared, 'admin');
    expect(
      (await call(cleared, 'POST', '/api/v2/clear-database', { token: clearer, json: { deleteCollectedGraphData: true } }))
        .status,
    ).toBe(204);
    const after = await call(cleared, 'POST', '/api/v2/graphs/cypher', { token: clearer, json: { query: 'MATCH (n) RETURN n' } });
    expect(after.status).toBe(404);
    const count = await call(cleared, 'POST', '/api/v2/graphs/cypher', {
      token: clearer,
      json: { query: 'MATCH (n) RETURN count(n)' },
    });
    expect((count.body as { data: CypherAnswer }).data.literals).toEqual([{ key: 'count(n)', value: 0 }]);
  });
});

describe('GET /api/v2/graphs/kinds', () => {
  const kinds = async (query = '', token = reader) => call(mock, 'GET', `/api/v2/graphs/kinds${query}`, { token });

  it('needs graphdb.Read', async () => {
    expect((await kinds('', uploader)).status).toBe(403);
    expect((await kinds('', admin)).status).toBe(200);
  });

  it('lists node and edge kinds, sorted, filtered by type', async () => {
    const all = ((await kinds()).body as { data: { kinds: string[] } }).data.kinds;
    expect(all).toEqual([...all].sort());
    expect(all).toEqual(
      expect.arrayContaining(['Base', 'User', 'Group', 'Domain', 'Tag_Tier_Zero', 'Tag_Owned', 'MemberOf', 'AdminTo']),
    );
    const nodes = ((await kinds('?type=eq:node')).body as { data: { kinds: string[] } }).data.kinds;
    const edges = ((await kinds('?type=eq:edge')).body as { data: { kinds: string[] } }).data.kinds;
    expect(nodes).toContain('User');
    expect(nodes).not.toContain('MemberOf');
    expect(edges).toContain('MemberOf');
    expect(edges).not.toContain('User');
    expect([...nodes, ...edges].sort()).toEqual(all);
    expect(((await kinds('?type=neq:node')).body as { data: { kinds: string[] } }).data.kinds).toEqual(edges);
    expect(((await kinds('?type=eq:other')).body as { data: { kinds: string[] } }).data.kinds).toEqual([]);
  });

  it('refuses another predicate or parameter, naming it', async () => {
    const predicate = await kinds('?type=gt:node');
    expect(predicate.status).toBe(400);
    expect(errors(predicate.body)[0]).toEqual({ context: 'type', message: expect.stringMatching(/predicate gt/) });
    const unknown = await kinds('?kind=eq:node');
    expect(unknown.status).toBe(400);
    expect(errors(unknown.body)[0]!.context).toBe('kind');
  });
});
