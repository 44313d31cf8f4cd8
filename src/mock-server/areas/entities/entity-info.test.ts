import { beforeAll, describe, expect, it } from 'vitest';
import { entityCounts as countsOf, entityInfoResponse } from '../../../api/schemas/entities';
import { ENTITY_INFO_KINDS, type EntityInfoOperationId } from '../../../api/schemas/entity-kinds';
import { errorBody } from '../../../api/schemas/wire-format';
import { call, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import { controllersOf, directoryGraph, edgeIndex, type GraphNode } from '../../seed/graph';
import { entityCounts } from './entity-counts';

let mock: MockServer;
let token: string;
const graph = directoryGraph();
const all = [...graph.domains, ...graph.nodes];
const idx = edgeIndex(graph);
const ofKind = (kind: string) => all.filter((n) => n.primaryKind === kind);
const noTags = () => '';

/** The node of a kind with the most edges, so its counts are not all zero. */
function busiest(kind: string): GraphNode {
  const degree = (n: GraphNode) => (idx.inbound.get(n.objectid)?.length ?? 0) + (idx.outbound.get(n.objectid)?.length ?? 0);
  return ofKind(kind).reduce((a, b) => (degree(b) > degree(a) ? b : a));
}

const sourcesOf = (id: string, kind: string) =>
  new Set((idx.inbound.get(id) ?? []).filter((e) => e.kind === kind).map((e) => e.source));
const targetsOf = (id: string, kind: string) =>
  new Set((idx.outbound.get(id) ?? []).filter((e) => e.kind === kind).map((e) => e.target));

beforeAll(async () => {
  mock = testMockServer();
  token = await tokenFor(mock, 'reader');
});

const get = (path: string) => call(mock, 'GET', path, { token });
const rows = Object.entries(ENTITY_INFO_KINDS) as [EntityInfoOperationId, (typeof ENTITY_INFO_KINDS)[EntityInfoOperationId]][];
const kindRows = rows.filter(([, row]) => row.kind !== 'Base');

describe('GET /api/v2/{kind}/{object_id}', () => {
  it.each(kindRows)('%s answers props, kinds and the counts its row names', async (op, row) => {
    const node = busiest(row.kind);
    const res = await get(`/api/v2/${row.path}/${node.objectid}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = entityInfoResponse.parse(res.body);
    expect(body.data.kinds).toContain(row.kind);
    expect(body.data.props.objectid).toBe(node.objectid);
    expect(body.data.props.name).toBe(node.name);
    const counts = countsOf(body.data);
    expect(Object.keys(counts)).toEqual([...row.counts]);
    // The live graph is the seeded one here, tagged by the seeded system groups.
    const untagged = entityCounts(op, { graph, tagsOf: noTags }, node);
    for (const name of row.counts) if (name !== 'tierzero') expect(counts[name], name).toBe(untagged[name]);
    if ('controllers' in counts) expect(counts.controllers).toBe(controllersOf(graph, node.objectid).length);
  });

  it.each(kindRows)('%s with counts=false leaves the counts out', async (_op, row) => {
    const node = ofKind(row.kind)[0]!;
    const body = entityInfoResponse.parse((await get(`/api/v2/${row.path}/${node.objectid}?counts=false`)).body);
    expect(countsOf(body.data)).toEqual({});
    expect(body.data.props.objectid).toBe(node.objectid);
  });

  it.each(kindRows)('%s 404s an unknown id and a node of another kind', async (_op, row) => {
    const unknown = await get(`/api/v2/${row.path}/S-1-5-21-1-2-3-999999`);
    expect(unknown.status).toBe(404);
    expect(errorBody.parse(unknown.body).errors[0]!.context).toBe('object_id');
    const other = all.find((n) => n.primaryKind !== row.kind)!;
    expect((await get(`/api/v2/${row.path}/${other.objectid}`)).status).toBe(404);
  });

  it.each(rows)('%s needs a token', async (_op, row) => {
    const node = ofKind(row.kind === 'Base' ? 'User' : row.kind)[0]!;
    expect((await call(mock, 'GET', `/api/v2/${row.path}/${node.objectid}`)).status).toBe(401);
  });

  it('refuses a bad counts and an unknown parameter, naming them', async () => {
    const group = busiest('Group');
    const bad = await get(`/api/v2/groups/${group.objectid}?counts=maybe`);
    expect(bad.status).toBe(400);
    expect(errorBody.parse(bad.body).errors[0]!.context).toBe('counts');
    const unknown = await get(`/api/v2/groups/${group.objectid}?count=false`);
    expect(unknown.status).toBe(400);
    expect(errorBody.parse(unknown.body).errors[0]!.context).toBe('count');
  });
});

describe('the counts against the graph', () => {
  const countsFor = async (path: string, node: GraphNode) =>
    countsOf(entityInfoResponse.parse((await get(`/api/v2/${path}/${node.objectid}`)).body).data);

  it('a computer: sessions, and every direct admin among its admin users', async () => {
    const dc = all.find((n) => n.name === 'DC01.CORP.ACME.LOCAL')!;
    const computer = ofKind('Computer').find((n) => targetsOf(n.objectid, 'HasSession').size > 0)!;
    const counts = await countsFor('computers', computer);
    expect(counts.sessions).toBe(targetsOf(computer.objectid, 'HasSession').size);
    const dcCounts = await countsFor('computers', dc);
    expect(dcCounts.adminUsers).toBeGreaterThanOrEqual(sourcesOf(dc.objectid, 'AdminTo').size);
    expect(dcCounts.adminUsers).toBeGreaterThan(0);
  });

  it('a group: its members, nested groups expanded', async () => {
    const group = busiest('Group');
    const seen = new Set<string>();
    const queue = [group.objectid];
    while (queue.length > 0) {
      for (const m of sourcesOf(queue.shift()!, 'MemberOf')) {
        if (seen.has(m)) continue;
        seen.add(m);
        queue.push(m);
      }
    }
    const counts = await countsFor('groups', group);
    expect(counts.members).toBe(seen.size);
    expect(counts.members).toBeGreaterThan(0);
  });

  it('a domain: its users, computers and groups', async () => {
    const domain = graph.domains[0]!;
    const counts = await countsFor('domains', domain);
    for (const [name, kind] of [
      ['users', 'User'],
      ['computers', 'Computer'],
      ['groups', 'Group'],
    ] as const) {
      const expected = ofKind(kind).filter((n) => n.domainSid === domain.objectid).length;
      expect(counts[name], name).toBe(expected);
      expect(expected).toBeGreaterThan(0);
    }
    expect(counts.linkedgpos).toBe(sourcesOf(domain.objectid, 'GPLink').size);
  });

  it('an enterprise CA and a certificate template: what is published where', async () => {
    const ca = ofKind('EnterpriseCA')[0]!;
    expect((await countsFor('enterprisecas', ca))['published-templates']).toBe(sourcesOf(ca.objectid, 'PublishedTo').size);
    const template = ofKind('CertTemplate').find((n) => targetsOf(n.objectid, 'PublishedTo').size > 0)!;
    expect((await countsFor('certtemplates', template))['published-to-cas']).toBe(1);
  });

  it('an OU: the users it holds, nested OUs too', async () => {
    const ou = busiest('OU');
    const counts = await countsFor('ous', ou);
    expect(counts.users).toBeGreaterThanOrEqual(
      [...targetsOf(ou.objectid, 'Contains')].filter((id) => graph.byId.get(id)?.primaryKind === 'User').length,
    );
  });

  it('a GPO counts the tier zero objects it affects', async () => {
    const linkedToDomain = ofKind('GPO').find((g) =>
      [...targetsOf(g.objectid, 'GPLink')].some((t) => graph.byId.get(t)?.primaryKind === 'Domain'),
    )!;
    const counts = await countsFor('gpos', linkedToDomain);
    expect(counts.tierzero).toBeGreaterThan(0);
    expect(counts.users).toBeGreaterThan(0);
  });
});

describe('GET /api/v2/base/{object_id}', () => {
  it('answers a node of any kind, with its controllables', async () => {
    for (const kind of ['User', 'Computer', 'Group', 'Domain', 'GPO', 'CertTemplate']) {
      const node = busiest(kind);
      const res = await get(`/api/v2/base/${node.objectid}`);
      expect(res.status, kind).toBe(200);
      const body = entityInfoResponse.parse(res.body);
      expect(body.data.kinds, kind).toContain(kind);
      expect(Object.keys(countsOf(body.data))).toEqual(['controllables']);
      expect(countsOf(body.data).controllables).toBe(entityCounts('getEntity', { graph, tagsOf: noTags }, node).controllables);
    }
    expect((await get('/api/v2/base/S-1-5-21-1-2-3-999999')).status).toBe(404);
    const quiet = entityInfoResponse.parse((await get(`/api/v2/base/${graph.domains[0]!.objectid}?counts=false`)).body);
    expect(countsOf(quiet.data)).toEqual({});
  });
});
