import { beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../../api/schemas/wire-format';
import { MemberSource, previewSelectorsResponse } from '../../../api/schemas/privilege-zones';
import { call, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import { directoryGraph } from '../../seed/graph';

const PATH = '/api/v2/asset-group-tags/preview-selectors';
const graph = directoryGraph();
const administrators = graph.nodes.find((n) => n.name === 'ADMINISTRATORS@CORP.ACME.LOCAL' && n.primaryKind === 'Group')!;

let mock: MockServer;
let admin: string;

beforeAll(async () => {
  mock = testMockServer();
  admin = await tokenFor(mock, 'admin');
});

const preview = (json: unknown, query = '') => call(mock, 'POST', `${PATH}${query}`, { token: admin, json });
const membersOf = async (json: unknown, query = '') => {
  const res = await preview(json, query);
  expect(res.status).toBe(200);
  return previewSelectorsResponse.parse(res.body).data.members;
};
const errorsOf = (body: unknown) => errorBody.parse(body).errors;

describe('POST /api/v2/asset-group-tags/preview-selectors', () => {
  it('answers the seeds and their expansion at once, each with its source; expansion 1 (all) by default', async () => {
    const members = await membersOf({ seeds: [{ type: 1, value: administrators.objectid }] });
    expect(members[0]).toMatchObject({
      object_id: administrators.objectid,
      name: administrators.name,
      primary_kind: 'Group',
      environment_id: administrators.domainSid,
      source: MemberSource.Seed,
    });
    expect(members[0]!.id).toBeGreaterThanOrEqual(0);
    const direct = graph.edges.filter((e) => e.kind === 'MemberOf' && e.target === administrators.objectid).map((e) => e.source);
    for (const id of direct) expect(members.find((m) => m.object_id === id)?.source).toBe(MemberSource.Child);
    expect(new Set(members.map((m) => m.object_id)).size).toBe(members.length);
  });

  it('expands as asked: 0 none, 2 children, 3 parents', async () => {
    const seeds = [{ type: 1, value: administrators.objectid }];
    expect((await membersOf({ seeds, expansion: 0 })).map((m) => m.object_id)).toEqual([administrators.objectid]);
    const children = await membersOf({ seeds, expansion: 2 });
    expect(children.length).toBeGreaterThan(1);
    expect(children.every((m) => m.source !== MemberSource.Parent)).toBe(true);
    const parents = await membersOf({ seeds, expansion: 3 });
    expect(parents.every((m) => m.source !== MemberSource.Child)).toBe(true);
  });

  it('runs Cypher seeds and stops at ?limit (200 by default)', async () => {
    const all = await membersOf({ seeds: [{ type: 2, value: 'MATCH (n:User) RETURN n' }], expansion: 0 });
    expect(all).toHaveLength(200);
    expect(all.every((m) => m.primary_kind === 'User' && m.source === MemberSource.Seed)).toBe(true);
    expect(await membersOf({ seeds: [{ type: 2, value: 'MATCH (n:User) RETURN n' }], expansion: 0 }, '?limit=7')).toHaveLength(7);
  });

  it('ignores object ids that are not in the graph', async () => {
    expect(await membersOf({ seeds: [{ type: 1, value: 'S-1-5-21-1-2-3-4' }] })).toEqual([]);
  });

  it('refuses bad seeds with 400 naming the field', async () => {
    const mixed = await preview({
      seeds: [
        { type: 1, value: administrators.objectid },
        { type: 2, value: 'MATCH (n) RETURN n' },
      ],
    });
    expect(mixed.status).toBe(400);
    expect(errorsOf(mixed.body)[0]).toMatchObject({ context: 'seeds', message: expect.stringMatching(/one type/) });

    const syntax = await preview({ seeds: [{ type: 2, value: 'MATCH (n:User)\nRETURN n WHERE' }] });
    expect(syntax.status).toBe(400);
    expect(errorsOf(syntax.body)[0]).toMatchObject({
      context: 'seeds[0].value',
      message: expect.stringMatching(/^seeds\[0\]\.value: line 2:/),
    });

    const complex = await preview({ seeds: [{ type: 2, value: 'MATCH p=allShortestPaths((a)-[*]-(b)) RETURN p' }] });
    expect(complex.status).toBe(400);
    expect(errorsOf(complex.body)[0]).toMatchObject({ context: 'seeds[0].value', message: expect.stringMatching(/too complex/) });

    for (const [json, context] of [
      [{}, 'seeds'],
      [{ seeds: [] }, 'seeds'],
      [{ seeds: [{ type: 3, value: 'x' }] }, 'seeds.0.type'],
      [{ seeds: [{ type: 1, value: '  ' }] }, 'seeds.0.value'],
      [{ seeds: [{ type: 1, value: administrators.objectid }], expansion: 4 }, 'expansion'],
    ] as const) {
      const res = await preview(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(errorsOf(res.body)[0]!.context).toBe(context);
    }
    const badLimit = await preview({ seeds: [{ type: 1, value: administrators.objectid }] }, '?limit=0');
    expect(badLimit.status).toBe(400);
    expect(errorsOf(badLimit.body)[0]!.context).toBe('limit');
  });

  it('needs a token, and refuses users limited to some environments', async () => {
    expect((await call(mock, 'POST', PATH, { json: { seeds: [] } })).status).toBe(401);
    const limited = testMockServer();
    const token = await tokenFor(limited, 'admin');
    const user = limited.db.state.users.find((u) => u.principal_name === 'admin')!;
    user.all_environments = false;
    user.environment_ids = [administrators.domainSid];
    const res = await call(limited, 'POST', PATH, { token, json: { seeds: [{ type: 1, value: administrators.objectid }] } });
    expect(res.status).toBe(403);
  });
});
