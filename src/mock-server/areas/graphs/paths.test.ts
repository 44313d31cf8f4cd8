import { beforeAll, describe, expect, it } from 'vitest';
import { type UnifiedGraph } from '../../../api/schemas/cypher';
import { bhGraphEdge, bhGraphResponse, graphSearchResponse, pathGraphResponse } from '../../../api/schemas/pathfinding';
import { call, tokenFor, testMockServer } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import { graphIdOf } from '../../cypher/graph';
import { EDGE_KINDS, isTraversableKind } from '../../../api/schemas/edge-kinds';
import { KNOWN_RELATIONSHIP_KINDS, directoryGraph, type DirectoryGraph, type GraphEdge, type GraphNode } from '../../seed/graph';
import { applyBatch, emptyLayer } from '../../ingest/layer';
import { aclInheritance, shortestPathsQuery } from './paths';

let mock: MockServer;
let reader: string;
let uploader: string;

beforeAll(async () => {
  mock = testMockServer();
  [reader, uploader] = await Promise.all([tokenFor(mock, 'reader'), tokenFor(mock, 'uploader')]);
});

const graph = directoryGraph();
const node = (name: string) => [...graph.domains, ...graph.nodes].find((n) => n.name === name)!;
const DOMAIN = 'CORP.ACME.LOCAL';
const DOMAIN_ADMINS = 'DOMAIN ADMINS@CORP.ACME.LOCAL';

const get = (path: string, query: Record<string, string>, token: string | undefined = reader) =>
  call(mock, 'GET', `${path}?${new URLSearchParams(query).toString()}`, token ? { token } : {});
const messages = (body: unknown) => (body as { errors: { message: string; context: string }[] }).errors;

const shortest = (from: string, to: string, more: Record<string, string> = {}, token?: string) =>
  get('/api/v2/graphs/shortest-path', { start_node: node(from).objectid, end_node: node(to).objectid, ...more }, token);

/** A path answer's relationships as "FROM -Kind-> TO", by name, sorted. */
const named = (answer: UnifiedGraph) =>
  answer.edges.map((e) => `${answer.nodes[e.source]!.label} -${e.kind}-> ${answer.nodes[e.target]!.label}`).sort();

const paths = async (from: string, to: string, more: Record<string, string> = {}) => {
  const res = await shortest(from, to, more);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return pathGraphResponse.parse(res.body).data;
};

describe('GET /api/v2/graphs/shortest-path', () => {
  it('answers a user to Domain Admins as the unified graph the Cypher page draws', async () => {
    const answer = await paths('ADMINISTRATOR@CORP.ACME.LOCAL', DOMAIN_ADMINS);
    expect(named(answer)).toEqual(['ADMINISTRATOR@CORP.ACME.LOCAL -MemberOf-> DOMAIN ADMINS@CORP.ACME.LOCAL']);
    const da = answer.nodes[String(graphIdOf(node(DOMAIN_ADMINS)))]!;
    expect(da).toMatchObject({
      label: DOMAIN_ADMINS,
      kind: 'Group',
      objectId: node(DOMAIN_ADMINS).objectid,
      isTierZero: true,
      isOwnedObject: false,
      properties: {},
    });
    expect(da.kinds).toContain('Tag_Tier_Zero');
    expect(answer.edges[0]).toMatchObject({ label: 'MemberOf', kind: 'MemberOf', lastSeen: expect.any(String) });
    expect(answer.literals).toEqual([]);
  });

  it('answers every shortest path, all of the same length', async () => {
    const answer = await paths('SVC_WEB@CORP.ACME.LOCAL', DOMAIN_ADMINS);
    expect(named(answer)).toEqual(
      [
        'SVC_WEB@CORP.ACME.LOCAL -GenericWrite-> IT HELPDESK@CORP.ACME.LOCAL',
        'IT HELPDESK@CORP.ACME.LOCAL -ForceChangePassword-> ADMINISTRATOR@CORP.ACME.LOCAL',
        'ADMINISTRATOR@CORP.ACME.LOCAL -MemberOf-> DOMAIN ADMINS@CORP.ACME.LOCAL',
        'IT HELPDESK@CORP.ACME.LOCAL -ForceChangePassword-> CTANAKA@CORP.ACME.LOCAL',
        'CTANAKA@CORP.ACME.LOCAL -MemberOf-> DOMAIN ADMINS@CORP.ACME.LOCAL',
        'IT HELPDESK@CORP.ACME.LOCAL -ForceChangePassword-> MZHANG@CORP.ACME.LOCAL',
        'MZHANG@CORP.ACME.LOCAL -GenericWrite-> DOMAIN ADMINS@CORP.ACME.LOCAL',
      ].sort(),
    );
    // Three parallel relationships are three paths of one step.
    const direct = await paths('SVC_BACKUP@CORP.ACME.LOCAL', DOMAIN);
    expect(direct.edges.map((e) => e.kind).sort()).toEqual(['DCSync', 'GetChanges', 'GetChangesAll']);
  });

  it('walks only the kinds relationship_kinds names (in:) or leaves (nin:)', async () => {
    const only = await paths('SVC_BACKUP@CORP.ACME.LOCAL', DOMAIN, { relationship_kinds: 'in:GetChanges' });
    expect(only.edges.map((e) => e.kind)).toEqual(['GetChanges']);
    const without = await paths('SVC_BACKUP@CORP.ACME.LOCAL', DOMAIN, { relationship_kinds: 'nin:DCSync, GetChanges' });
    expect(without.edges.map((e) => e.kind)).toEqual(['GetChangesAll']);

    const noForce = await paths('SVC_WEB@CORP.ACME.LOCAL', DOMAIN_ADMINS, { relationship_kinds: 'nin:ForceChangePassword' });
    expect(named(noForce)).not.toContain('IT HELPDESK@CORP.ACME.LOCAL -ForceChangePassword-> ADMINISTRATOR@CORP.ACME.LOCAL');
    expect(noForce.edges.every((e) => e.kind !== 'ForceChangePassword')).toBe(true);
    expect(noForce.edges.length).toBeGreaterThan(0);
  });

  it('walks only traversable kinds with only_traversable, dropping the others relationship_kinds names', async () => {
    const traversable = await paths('SVC_BACKUP@CORP.ACME.LOCAL', DOMAIN, { only_traversable: 'true' });
    expect(traversable.edges.map((e) => e.kind)).toEqual(['DCSync']);
    const named_ = await paths('SVC_BACKUP@CORP.ACME.LOCAL', DOMAIN, {
      only_traversable: 'true',
      relationship_kinds: 'in:GetChanges,DCSync',
    });
    expect(named_.edges.map((e) => e.kind)).toEqual(['DCSync']);
    // Without only_traversable (upstream's default: false) every kind is walked.
    const all = await paths('SVC_BACKUP@CORP.ACME.LOCAL', DOMAIN, { only_traversable: 'false' });
    expect(all.edges).toHaveLength(3);

    const none = await shortest('SVC_BACKUP@CORP.ACME.LOCAL', DOMAIN, {
      only_traversable: 'true',
      relationship_kinds: 'in:GetChanges',
    });
    expect(none.status).toBe(400);
    expect(messages(none.body)[0]!.message).toBe('invalid parameter combination; no valid edges to traverse');
  });

  it('answers no path, an unknown node and a node to itself 404 "path not found", as upstream', async () => {
    for (const res of [
      await shortest('ADMINISTRATOR@CORP.ACME.LOCAL', DOMAIN_ADMINS, { relationship_kinds: 'in:DCSync' }),
      await get('/api/v2/graphs/shortest-path', { start_node: 'S-1-5-21-0-0-0-9999', end_node: node(DOMAIN_ADMINS).objectid }),
      await shortest(DOMAIN_ADMINS, DOMAIN_ADMINS),
    ]) {
      expect(res.status).toBe(404);
      expect(messages(res.body)[0]!.message).toBe('path not found');
    }
  });

  it('refuses a malformed filter, an unknown kind (naming it), missing ends and a bad only_traversable', async () => {
    const malformed = await shortest('ADMINISTRATOR@CORP.ACME.LOCAL', DOMAIN_ADMINS, { relationship_kinds: 'eq:MemberOf' });
    expect(malformed.status).toBe(400);
    expect(messages(malformed.body)[0]).toMatchObject({ context: 'relationship_kinds' });
    expect(messages(malformed.body)[0]!.message).toMatch(/in\|nin:Kind1,Kind2/);

    const unknown = await shortest('ADMINISTRATOR@CORP.ACME.LOCAL', DOMAIN_ADMINS, {
      relationship_kinds: 'in:MemberOf,NoSuchKind',
    });
    expect(unknown.status).toBe(400);
    expect(messages(unknown.body)[0]!.message).toMatch(/NoSuchKind is not a relationship kind/);

    const missing = await get('/api/v2/graphs/shortest-path', { end_node: node(DOMAIN_ADMINS).objectid });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toMatch(/start_node/);
    for (const path of ['/api/v2/graphs/shortest-path', '/api/v2/pathfinding']) {
      const empty = await get(path, { start_node: node(DOMAIN_ADMINS).objectid, end_node: ' ' });
      expect(empty.status).toBe(400);
      expect(messages(empty.body)[0]).toEqual({ context: 'end_node', message: 'Missing query parameter: end_node' });
    }

    const bad = await shortest('ADMINISTRATOR@CORP.ACME.LOCAL', DOMAIN_ADMINS, { only_traversable: 'maybe' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/only_traversable/);
  });

  it('needs a signed-in caller (401) and graphdb.Read (403)', async () => {
    const query = { start_node: node('ADMINISTRATOR@CORP.ACME.LOCAL').objectid, end_node: node(DOMAIN_ADMINS).objectid };
    expect((await get('/api/v2/graphs/shortest-path', query, '')).status).toBe(401);
    expect((await get('/api/v2/graphs/shortest-path', query, uploader)).status).toBe(403);
    expect((await get('/api/v2/pathfinding', query, uploader)).status).toBe(403);
    expect((await get('/api/v2/graph-search', { query: 'domain' }, uploader)).status).toBe(403);
  });

  it('writes its Cypher with each end under its kind, names quoted', () => {
    const tricky: GraphNode = { ...node(DOMAIN_ADMINS), objectid: "O'Brien\\x" };
    expect(shortestPathsQuery(tricky, node(DOMAIN), ['MemberOf', 'Odd`Kind'])).toBe(
      "MATCH p = allShortestPaths((s:`Group` {objectid: 'O\\'Brien\\\\x'})-[:`MemberOf`|`OddKind`*1..]->(e:`Domain` {objectid: '" +
        node(DOMAIN).objectid +
        "'})) RETURN p",
    );
  });
});

describe('GET /api/v2/pathfinding (deprecated)', () => {
  it("answers the paths as upstream's bh-graph: nodes by graph id, relationships by rel_", async () => {
    const res = await get('/api/v2/pathfinding', {
      start_node: node('SVC_BACKUP@CORP.ACME.LOCAL').objectid,
      end_node: node(DOMAIN).objectid,
    });
    expect(res.status).toBe(200);
    const data = bhGraphResponse.parse(res.body).data;
    const rels = Object.entries(data).filter(([k]) => k.startsWith('rel_'));
    expect(rels.map(([, r]) => bhGraphEdge.parse(r).label?.text).sort()).toEqual(['DCSync', 'GetChanges', 'GetChangesAll']);
    const domain = data[String(graphIdOf(node(DOMAIN)))] as { label: { text: string }; data: Record<string, unknown> };
    expect(domain.label.text).toBe(DOMAIN);
    expect(domain.data).toMatchObject({ objectid: node(DOMAIN).objectid, name: DOMAIN, kind: 'Domain', level: 0 });
    for (const [, r] of rels) expect(Object.keys(data)).toContain(bhGraphEdge.parse(r).id1);
  });

  it('answers an empty graph when there is no path', async () => {
    const res = await get('/api/v2/pathfinding', { start_node: 'S-1-5-21-0-0-0-9999', end_node: node(DOMAIN).objectid });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: {} });
  });
});

describe('GET /api/v2/graph-search', () => {
  const search = async (query: Record<string, string>) => {
    const res = await get('/api/v2/graph-search', query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return graphSearchResponse.parse(res.body).data;
  };
  const names = (data: Awaited<ReturnType<typeof search>>) => Object.values(data).map((n) => n.label?.text);

  it('finds names and object ids starting with the text (fuzzy, the default), case ignored', async () => {
    const fuzzy = await search({ query: 'domain ad' });
    expect(names(fuzzy)).toContain(DOMAIN_ADMINS);
    expect(names(fuzzy).every((n) => n!.startsWith('DOMAIN AD'))).toBe(true);
    const da = fuzzy[String(graphIdOf(node(DOMAIN_ADMINS)))]!;
    expect(da.data).toMatchObject({ objectid: node(DOMAIN_ADMINS).objectid, name: DOMAIN_ADMINS, kind: 'Group', level: 0 });

    const byId = await search({ query: node(DOMAIN_ADMINS).objectid.toLowerCase(), type: 'fuzzy' });
    expect(names(byId)).toContain(DOMAIN_ADMINS);
    // Upstream's fuzzy search matches the start only.
    expect(names(await search({ query: 'admins@corp' }))).toEqual([]);
  });

  it('finds only the whole name or object id with type=exact', async () => {
    expect(names(await search({ query: 'domain admins@corp.acme.local', type: 'exact' }))).toEqual([DOMAIN_ADMINS]);
    expect(names(await search({ query: 'domain ad', type: 'exact' }))).toEqual([]);
  });

  it('refuses a missing query and an unknown type', async () => {
    expect((await get('/api/v2/graph-search', {})).status).toBe(400);
    const type = await get('/api/v2/graph-search', { query: 'x', type: 'regex' });
    expect(type.status).toBe(400);
    expect(JSON.stringify(type.body)).toMatch(/fuzzy or exact/);
  });
});

const edgeQuery = (edge: GraphEdge, kind = edge.kind) =>
  new URLSearchParams({
    source_node: String(graphIdOf(graph.byId.get(edge.source)!)),
    target_node: String(graphIdOf(graph.byId.get(edge.target)!)),
    edge_type: kind,
  });
const edgeOf = (kind: string) => graph.edges.find((e) => e.kind === kind)!;
const edgeCall = (path: string, query: URLSearchParams, token = reader) =>
  call(mock, 'GET', `${path}?${query.toString()}`, { token });

describe('GET /api/v2/graphs/relay-targets', () => {
  const targets = async (kind: string) => {
    const edge = edgeOf(kind);
    const res = await edgeCall('/api/v2/graphs/relay-targets', edgeQuery(edge));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { edge, answer: pathGraphResponse.parse(res.body).data };
  };

  it('answers the computer without SMB signing for a relay to SMB', async () => {
    const { edge, answer } = await targets('CoerceAndRelayNTLMToSMB');
    expect(Object.values(answer.nodes).map((n) => n.objectId)).toEqual([edge.target]);
    expect(answer.edges).toEqual([]);
  });

  it('answers the domain controllers open to the relay for LDAP and LDAPS, never the coerced computer', async () => {
    for (const kind of ['CoerceAndRelayNTLMToLDAP', 'CoerceAndRelayNTLMToLDAPS']) {
      const { edge, answer } = await targets(kind);
      const nodes = Object.values(answer.nodes);
      expect(nodes.length, kind).toBeGreaterThan(0);
      for (const n of nodes) {
        const dc = graph.byId.get(n.objectId)!;
        expect(n.kind).toBe('Computer');
        expect(n.objectId).not.toBe(edge.target);
        if (kind.endsWith('LDAP')) expect(dc.props).toMatchObject({ ldapsigning: false, ldapavailable: true });
        else expect(dc.props).toMatchObject({ ldapsepa: false, ldapsavailable: true });
      }
    }
  });

  it('answers the computers hosting the enterprise CAs for a relay to ADCS', async () => {
    const { answer } = await targets('CoerceAndRelayNTLMToADCS');
    const nodes = Object.values(answer.nodes);
    expect(nodes.length).toBeGreaterThan(0);
    for (const n of nodes) {
      expect(n.kind).toBe('Computer');
      const hosted = graph.edges.filter((e) => e.source === n.objectId && e.kind === 'HostsCAService');
      expect(hosted.length).toBeGreaterThan(0);
    }
  });

  it('refuses another kind (400), an unknown kind (400) and a relationship not there (404)', async () => {
    const memberOf = await edgeCall('/api/v2/graphs/relay-targets', edgeQuery(edgeOf('MemberOf')));
    expect(memberOf.status).toBe(400);
    expect(messages(memberOf.body)[0]).toMatchObject({ context: 'edge_type' });
    const unknown = await edgeCall('/api/v2/graphs/relay-targets', edgeQuery(edgeOf('MemberOf'), 'NoSuchKind'));
    expect(unknown.status).toBe(400);
    expect(messages(unknown.body)[0]!.message).toBe('Invalid edge requested: NoSuchKind');
    const absent = await edgeCall('/api/v2/graphs/relay-targets', edgeQuery(edgeOf('MemberOf'), 'CoerceAndRelayNTLMToSMB'));
    expect(absent.status).toBe(404);
    const bad = await call(mock, 'GET', '/api/v2/graphs/relay-targets?source_node=x&target_node=1&edge_type=MemberOf', {
      token: reader,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/startID/);
    expect((await edgeCall('/api/v2/graphs/relay-targets', edgeQuery(edgeOf('CoerceAndRelayNTLMToSMB')), uploader)).status).toBe(
      403,
    );
  });
});

describe('GET /api/v2/graphs/acl-inheritance', () => {
  it('answers an ACE that is not inherited with an empty graph, and refuses as relay-targets does', async () => {
    const res = await edgeCall('/api/v2/graphs/acl-inheritance', edgeQuery(edgeOf('GenericAll')));
    expect(res.status).toBe(200);
    expect(pathGraphResponse.parse(res.body).data).toEqual({ nodes: {}, edges: [], literals: [] });
    const unknown = await edgeCall('/api/v2/graphs/acl-inheritance', edgeQuery(edgeOf('GenericAll'), 'NoSuchKind'));
    expect(unknown.status).toBe(400);
    const absent = await edgeCall('/api/v2/graphs/acl-inheritance', edgeQuery(edgeOf('MemberOf'), 'GenericAll'));
    expect(absent.status).toBe(404);
    expect((await edgeCall('/api/v2/graphs/acl-inheritance', edgeQuery(edgeOf('GenericAll')), uploader)).status).toBe(403);
  });

  it('answers an ACE ingest recorded as inherited: the Contains chain from the container holding its hash', async () => {
    const own = testMockServer();
    const token = await tokenFor(own, 'reader');
    const users = node('USERS@CORP.ACME.LOCAL');
    const target = node('CTANAKA@CORP.ACME.LOCAL');
    const attacker = node('SVC_WEB@CORP.ACME.LOCAL');
    expect(graph.edges.some((e) => e.source === users.objectid && e.target === target.objectid && e.kind === 'Contains')).toBe(
      true,
    );
    const layer = emptyLayer(graph.domains.length + graph.nodes.length, graph.edges.length);
    applyBatch(
      layer,
      {
        sourceKind: 'AD',
        nodes: [{ objectid: users.objectid, kinds: ['Container', 'Base'], props: { inheritancehashes: ['HASH-1'] } }],
        edges: [
          {
            source: { objectid: attacker.objectid },
            target: { objectid: target.objectid },
            kind: 'WriteDacl',
            props: { isacl: true, isinherited: true, inheritancehash: 'HASH-1' },
          },
        ],
        deleted: [],
      },
      graph,
      '2026-11-01T00:00:00.000Z',
    );
    own.db.state.ingested = layer;
    const query = new URLSearchParams({
      source_node: String(graphIdOf(attacker)),
      target_node: String(graphIdOf(target)),
      edge_type: 'WriteDacl',
    });
    const res = await call(own, 'GET', `/api/v2/graphs/acl-inheritance?${query.toString()}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = pathGraphResponse.parse(res.body).data;
    expect(named(answer)).toEqual(
      [
        'USERS@CORP.ACME.LOCAL -Contains-> CTANAKA@CORP.ACME.LOCAL',
        'SVC_WEB@CORP.ACME.LOCAL -WriteDacl-> CTANAKA@CORP.ACME.LOCAL',
      ].sort(),
    );
    expect(answer.nodes[String(graphIdOf(users))]!.properties).toMatchObject({ inheritancehashes: ['HASH-1'] });
  });

  it('finds the containers an inherited ACE propagates from: up to the one holding its hash', () => {
    const n = (objectid: string, kind: string, props: Record<string, unknown> = {}): GraphNode => ({
      objectid,
      name: objectid,
      kinds: ['Base', kind],
      primaryKind: kind,
      domainSid: 'S-1',
      props: { name: objectid, ...props },
    });
    const nodes = [
      n('DOMAIN', 'Domain', { inheritancehashes: ['other'] }),
      n('OU-TOP', 'OU', { inheritancehashes: ['h1'] }),
      n('OU-MID', 'OU'),
      n('USER', 'User'),
      n('ATTACKER', 'User'),
    ];
    const ace: GraphEdge = {
      source: 'ATTACKER',
      target: 'USER',
      kind: 'GenericAll',
      props: { isinherited: true, inheritancehash: 'h1' },
    };
    const edges: GraphEdge[] = [
      { source: 'DOMAIN', target: 'OU-TOP', kind: 'Contains' },
      { source: 'OU-TOP', target: 'OU-MID', kind: 'Contains' },
      { source: 'OU-MID', target: 'USER', kind: 'Contains' },
      ace,
    ];
    const small: DirectoryGraph = { domains: [], nodes, byId: new Map(nodes.map((x) => [x.objectid, x])), edges, version: 'acl' };
    const found = aclInheritance(small, ace);
    expect(found.edges.map((e) => `${e.source} -${e.kind}-> ${e.target}`)).toEqual([
      'OU-MID -Contains-> USER',
      'OU-TOP -Contains-> OU-MID',
      'ATTACKER -GenericAll-> USER',
    ]);
    expect(found.nodes.map((x) => x.objectid).sort()).toEqual(['ATTACKER', 'OU-MID', 'OU-TOP', 'USER']);
    // No container records the hash: the relationship alone.
    expect(aclInheritance(small, { ...ace, props: { isinherited: true, inheritancehash: 'h9' } }).edges).toHaveLength(1);
    expect(aclInheritance(small, { ...ace, props: { isinherited: false } })).toEqual({ nodes: [], edges: [] });
  });
});

describe('the edge kinds table', () => {
  it('knows every relationship kind the directory holds, so only_traversable never walks an AD kind by default', () => {
    expect(KNOWN_RELATIONSHIP_KINDS.filter((k) => !(k in EDGE_KINDS))).toEqual([]);
    expect(isTraversableKind('MemberOfLocalGroup')).toBe(false);
    // A kind the table does not know (an OpenGraph extension's) may be walked.
    expect(isTraversableKind('ExtensionKind')).toBe(true);
  });
});
