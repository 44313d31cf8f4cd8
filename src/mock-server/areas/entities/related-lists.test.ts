import { beforeAll, describe, expect, it } from 'vitest';
import { relatedListCypher } from '../../../api/related-list-cypher';
import { controllersResponse, entityCounts as countsOf, entityInfoResponse } from '../../../api/schemas/entities';
import { RELATED_LISTS } from '../../../api/schemas/related-lists';
import { errorBody } from '../../../api/schemas/wire-format';
import { MAX_LIMIT } from '../../../api/list-query';
import { compareText } from '../../../shared/compare-text';
import { call, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import type { CypherAnswer } from '../../cypher/answer';
import { directoryGraph, type GraphNode } from '../../seed/graph';
import { systemTagsOf } from '../asset-groups/store';
import { RELATED_MEMBERS } from './related-members';
import { RELATED_LIST_ROWS } from './related-routes';
import { toListEntry } from './nodes';
import { graphOps } from '../../../api/operations/graph';
import { defineList, text } from '../../list';
import type { EntityListEntry } from '../../../api/schemas/entities';

/** The lists' order as a declared list: by the requested keys, then name, then object id. */
const REFERENCE = defineList<EntityListEntry>()({
  query: graphOps.getComputerEntityControllers.query,
  columns: { name: text((e) => e.name), objectID: text((e) => e.objectID), label: text((e) => e.label) },
  tieBreak: [
    { column: 'name', descending: false },
    { column: 'objectID', descending: false },
  ],
});

let mock: MockServer;
let reader: string;
const graph = directoryGraph();
const all = [...graph.byId.values()];

beforeAll(async () => {
  mock = testMockServer();
  reader = await tokenFor(mock, 'reader');
});

const get = (path: string, token = reader) => call(mock, 'GET', path, { token });
const countOf = (word: string, op: string) =>
  (RELATED_LISTS as Record<string, readonly { operationId: string; count?: string }[]>)[word]!.find((r) => r.operationId === op)!
    .count;

/** The object of the row's kind with the most members in its list. */
function busiest(op: (typeof RELATED_LIST_ROWS)[number]['op'], kind: string): { node: GraphNode; members: ReadonlySet<string> } {
  const tagsOf = systemTagsOf(mock.db.state);
  let best: { node: GraphNode; members: ReadonlySet<string> } | undefined;
  for (const node of all) {
    if (kind !== 'Base' && node.primaryKind !== kind) continue;
    const members = RELATED_MEMBERS[op].members({ graph, tagsOf }, node);
    if (!best || members.size > best.members.size) best = { node, members };
  }
  return best!;
}

const path = (word: string, list: string, id: string) => `/api/v2/${word}/${id}/${list}`;
const graphAnswer = (body: unknown) =>
  (
    body as {
      data: {
        nodes: Record<string, { label: string; kind: string; objectId: string; isTierZero: boolean }>;
        edges: { source: string; target: string; label: string; kind: string }[];
      };
    }
  ).data;

describe('every related list', () => {
  it('is declared for each of the 72 rows', () => {
    expect(RELATED_LIST_ROWS).toHaveLength(72);
  });

  it.each(RELATED_LIST_ROWS)('$op answers its members, non-empty for a seeded object, its count equal', async (row) => {
    const { node, members } = busiest(row.op, row.kind);
    expect(members.size, 'a seeded object with members').toBeGreaterThan(0);
    const res = await get(`${path(row.word, row.list, node.objectid)}?limit=${MAX_LIMIT}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = controllersResponse.parse(res.body);
    expect(body.count).toBe(members.size);
    expect(new Set(body.data.map((e) => e.objectID))).toEqual(new Set(members));
    const count = countOf(row.word, row.op);
    if (count !== undefined) {
      const info = await get(`/api/v2/${row.word}/${node.objectid}`);
      expect(info.status).toBe(200);
      expect(countsOf(entityInfoResponse.parse(info.body).data)[count], count).toBe(body.count);
    }
  });

  it.each(RELATED_LIST_ROWS)('$op: its Cypher answers the same members', async (row) => {
    const { node, members } = busiest(row.op, row.kind);
    const query = relatedListCypher(row.op, node.objectid);
    const asIs = await call(mock, 'POST', '/api/v2/graphs/cypher', { token: reader, json: { query } });
    expect(asIs.status, JSON.stringify(asIs.body)).toBe(200);
    const distinct = query.replace(/RETURN [pm]\b/, 'RETURN DISTINCT m');
    const res = await call(mock, 'POST', '/api/v2/graphs/cypher', { token: reader, json: { query: distinct } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answered = Object.values((res.body as { data: CypherAnswer }).data.nodes).map((n) => n.objectId);
    expect(new Set(answered)).toEqual(new Set(members));
  });

  it.each(RELATED_LIST_ROWS)('$op answers type=graph: the node, its members, relationships between them', async (row) => {
    const { node, members } = busiest(row.op, row.kind);
    const res = await get(`${path(row.word, row.list, node.objectid)}?type=graph`);
    expect(res.status).toBe(200);
    const data = graphAnswer(res.body);
    expect(new Set(Object.keys(data.nodes))).toEqual(new Set([node.objectid, ...members]));
    expect(data.nodes[node.objectid]).toMatchObject({ objectId: node.objectid, label: node.name, kind: node.primaryKind });
    const kinds = new Set(RELATED_MEMBERS[row.op].kinds);
    for (const e of data.edges) {
      expect(e.source in data.nodes && e.target in data.nodes).toBe(true);
      expect(kinds.has(e.kind), e.kind).toBe(true);
      expect(e.label).toBe(e.kind);
    }
  });

  it.each(RELATED_LIST_ROWS)('$op 404s an unknown object id and a node of another kind', async (row) => {
    const unknown = await get(path(row.word, row.list, 'S-1-5-21-1-2-3-999999'));
    expect(unknown.status).toBe(404);
    expect(errorBody.parse(unknown.body).errors[0]!.context).toBe('object_id');
    if (row.kind === 'Base') return;
    const other = all.find((n) => n.primaryKind !== row.kind)!;
    expect((await get(path(row.word, row.list, other.objectid))).status).toBe(404);
  });
});

describe('a related list page', () => {
  const members = () => busiest('getGroupEntityMembers', 'Group');
  const url = (qs: string) => `${path('groups', 'members', members().node.objectid)}?${qs}`;
  const page = async (qs: string) => controllersResponse.parse((await get(url(qs))).body);

  it('pages 10 by default, by name, and caps a limit over the maximum', async () => {
    const first = await page('');
    expect(first).toMatchObject({ skip: 0, limit: 10, count: members().members.size });
    expect(first.data).toHaveLength(10);
    const names = first.data.map((e) => e.name);
    expect(names).toEqual([...names].sort(compareText));
    const capped = await page(`limit=${MAX_LIMIT + 1}`);
    expect(capped.limit).toBe(MAX_LIMIT);
  });

  it('skips and limits over one order, so pages neither overlap nor skip', async () => {
    const whole = (await page(`limit=${MAX_LIMIT}&sort_by=-name`)).data.map((e) => e.objectID);
    const pages = [];
    for (let skip = 0; skip < whole.length; skip += 25) pages.push(...(await page(`skip=${skip}&limit=25&sort_by=-name`)).data);
    expect(pages.map((e) => e.objectID)).toEqual(whole);
    const beyond = await page(`skip=${whole.length + 5}`);
    expect(beyond.data).toEqual([]);
  });

  it('sorts by name, objectID and label, with - descending', async () => {
    const byName = (await page(`limit=${MAX_LIMIT}&sort_by=-name`)).data.map((e) => e.name);
    expect(byName).toEqual([...byName].sort((a, b) => compareText(b, a)));
    const byId = (await page(`limit=${MAX_LIMIT}&sort_by=objectID`)).data.map((e) => e.objectID);
    expect(byId).toEqual([...byId].sort(compareText));
    // A mixed list: what the busiest controller controls (users, groups, computers, …).
    const controlled = busiest('getEntityControllables', 'Base').node;
    const labelled = controllersResponse.parse(
      (await get(`${path('base', 'controllables', controlled.objectid)}?limit=${MAX_LIMIT}&sort_by=-label&sort_by=name`)).body,
    ).data;
    const labels = labelled.map((e) => e.label);
    expect(labels).toEqual([...labels].sort((a, b) => compareText(b, a)));
    expect(new Set(labels).size).toBeGreaterThan(1);
    const users = labelled.filter((e) => e.label === 'User').map((e) => e.name);
    expect(users).toEqual([...users].sort(compareText));
  });

  it('orders every list as the declared list does, for each sort', async () => {
    const ops = [
      'getEntityControllables',
      'getGroupEntityMembers',
      'getDomainEntityComputers',
      'getComputerEntityAdmins',
    ] as const;
    for (const op of ops) {
      const row = RELATED_LIST_ROWS.find((r) => r.op === op)!;
      const { node, members } = busiest(op, row.kind);
      const entries = [...members].map((id) => toListEntry(graph.byId.get(id)!));
      for (const sorts of [
        '',
        'sort_by=-name',
        'sort_by=label',
        'sort_by=-label&sort_by=-objectID',
        'sort_by=objectID',
        'sort_by=label&sort_by=name',
      ]) {
        const parsed = new URLSearchParams(sorts).getAll('sort_by').map((s) => ({
          column: s.replace('-', '') as 'name' | 'objectID' | 'label',
          descending: s.startsWith('-'),
        }));
        const expected = REFERENCE.select(entries, {
          skip: 0,
          limit: MAX_LIMIT,
          sorts: parsed,
          filters: [],
          params: { type: 'list' },
        });
        const res = controllersResponse.parse(
          (await get(`${path(row.word, row.list, node.objectid)}?limit=${MAX_LIMIT}&${sorts}`)).body,
        );
        expect(
          res.data.map((e) => e.objectID),
          `${op} ${sorts}`,
        ).toEqual(expected.map((e) => e.objectID));
      }
    }
  });

  it('refuses bad paging, sorting, type and unknown parameters with 400 naming them', async () => {
    for (const [qs, context] of [
      ['skip=-1', 'skip'],
      ['limit=many', 'limit'],
      ['sort_by=colour', 'sort_by'],
      ['type=table', 'type'],
      ['counts=true', 'counts'],
    ] as const) {
      const res = await get(url(qs));
      expect(res.status, qs).toBe(400);
      expect(errorBody.parse(res.body).errors[0]!.context, qs).toBe(context);
    }
  });

  it('needs a session (401) and graphdb.Read (403: the Upload-Only role lacks it)', async () => {
    expect((await call(mock, 'GET', url(''))).status).toBe(401);
    const uploader = await tokenFor(mock, 'uploader');
    expect((await get(url(''), uploader)).status).toBe(403);
  });
});

describe('PATCH /api/v2/domains/{object_id}', () => {
  const lab = graph.domains.find((d) => d.name === 'LAB.ACME.LOCAL')!;
  const domains = async (token: string) =>
    ((await get('/api/v2/available-domains', token)).body as { data: { id: string; collected: boolean }[] }).data.find(
      (d) => d.id === lab.objectid,
    )!;

  it('marks a domain collected or not, as the available domains then say, and audits it', async () => {
    const admin = await tokenFor(mock, 'admin');
    expect((await domains(admin)).collected).toBe(true);
    const res = await call(mock, 'PATCH', `/api/v2/domains/${lab.objectid}`, { token: admin, json: { collected: false } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ data: { collected: false } });
    expect((await domains(admin)).collected).toBe(false);
    const info = entityInfoResponse.parse((await get(`/api/v2/domains/${lab.objectid}?counts=false`, admin)).body);
    expect(info.data.props.collected).toBe(false);
    const logged = mock.db.state.auditLogs.filter((e) => e.action === 'UpdateDomain');
    expect(logged.map((e) => e.status)).toEqual(['intent', 'success']);
    await call(mock, 'PATCH', `/api/v2/domains/${lab.objectid}`, { token: admin, json: { collected: true } });
    expect((await domains(admin)).collected).toBe(true);
  });

  it('404s a node that is not a domain, 400s a body without collected, 403s without graphdb.Read (as upstream)', async () => {
    const admin = await tokenFor(mock, 'admin');
    const user = all.find((n) => n.primaryKind === 'User')!;
    const notDomain = await call(mock, 'PATCH', `/api/v2/domains/${user.objectid}`, { token: admin, json: { collected: true } });
    expect(notDomain.status).toBe(404);
    const empty = await call(mock, 'PATCH', `/api/v2/domains/${lab.objectid}`, { token: admin, json: {} });
    expect(empty.status).toBe(400);
    expect(errorBody.parse(empty.body).errors[0]!.context).toBe('collected');
    const uploader = await tokenFor(mock, 'uploader');
    const refused = await call(mock, 'PATCH', `/api/v2/domains/${lab.objectid}`, { token: uploader, json: { collected: false } });
    expect(refused.status).toBe(403);
    const byReader = await call(mock, 'PATCH', `/api/v2/domains/${lab.objectid}`, { token: reader, json: { collected: true } });
    expect(byReader.status).toBe(200);
  });
});
