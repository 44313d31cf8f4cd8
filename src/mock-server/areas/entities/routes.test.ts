import { beforeAll, describe, expect, it } from 'vitest';
import { controllersResponse, completenessResponse, entityCounts, userNodeInfoResponse } from '../../../api/schemas/entities';
import { call, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import { completenessStats, controllersOf, directoryGraph, type GraphNode } from '../../seed/graph';
import { userCounts as countsOfUser } from './entity-counts';

const userCounts = (g: typeof graph, objectid: string) =>
  countsOfUser({ graph: g, tagsOf: () => '' }, g.byId.get(objectid) as GraphNode);
import { compareText } from '../../../shared/compare-text';

let mock: MockServer;
let token: string;
const graph = directoryGraph();
const dc01 = graph.nodes.find((n) => n.name === 'DC01.CORP.ACME.LOCAL')!;
const aUser = graph.nodes.filter((n) => n.primaryKind === 'User')[10]!;

beforeAll(async () => {
  mock = testMockServer();
  token = await tokenFor(mock, 'reader');
});

const get = (path: string) => call(mock, 'GET', path, { token });

describe('GET /api/v2/computers/{id}/controllers', () => {
  it('pages the controllers computed from the graph, default limit 10, with the total count', async () => {
    const expected = controllersOf(graph, dc01.objectid);
    expect(expected.length).toBeGreaterThan(10);
    const res = await get(`/api/v2/computers/${dc01.objectid}/controllers`);
    expect(res.status).toBe(200);
    const body = controllersResponse.parse(res.body);
    expect(body.count).toBe(expected.length);
    expect(body.skip).toBe(0);
    expect(body.limit).toBe(10);
    expect(body.data).toHaveLength(10);
    // Default order: by name.
    const names = body.data.map((e) => e.name);
    expect(names).toEqual([...names].sort((a, b) => compareText(a, b)));
    // Controllers are users, groups and computers.
    const all = controllersResponse.parse((await get(`/api/v2/computers/${dc01.objectid}/controllers?limit=100`)).body);
    expect(new Set(all.data.map((e) => e.label))).toEqual(new Set(['User', 'Group', 'Computer']));
    expect(all.data.map((e) => e.objectID).sort()).toEqual(expected.map((n) => n.objectid).sort());
    const entry = all.data.find((e) => e.label === 'Group')!;
    expect(entry.kinds).toEqual(['Base', 'Group']);
  });

  it('skips, limits and sorts (descending with "-", several keys)', async () => {
    const full = controllersResponse.parse(
      (await get(`/api/v2/computers/${dc01.objectid}/controllers?limit=100&sort_by=-name`)).body,
    );
    const names = full.data.map((e) => e.name);
    expect(names).toEqual([...names].sort((a, b) => compareText(b, a)));
    const page2 = controllersResponse.parse(
      (await get(`/api/v2/computers/${dc01.objectid}/controllers?skip=5&limit=5&sort_by=-name`)).body,
    );
    expect(page2.data.map((e) => e.name)).toEqual(names.slice(5, 10));
    expect(page2.skip).toBe(5);
    expect(page2.limit).toBe(5);
    const byLabel = controllersResponse.parse(
      (await get(`/api/v2/computers/${dc01.objectid}/controllers?limit=100&sort_by=label&sort_by=-name`)).body,
    );
    const labels = byLabel.data.map((e) => e.label);
    expect(labels).toEqual([...labels].sort());
    const users = byLabel.data.filter((e) => e.label === 'User').map((e) => e.name);
    expect(users).toEqual([...users].sort((a, b) => compareText(b, a)));
  });

  it('refuses bad skip, limit, sort_by, type and unknown parameters with 400 naming the parameter', async () => {
    for (const [qs, context] of [
      ['skip=-1', 'skip'],
      ['limit=abc', 'limit'],
      ['sort_by=colour', 'sort_by'],
      ['type=table', 'type'],
      ['page=2', 'page'],
    ] as const) {
      const res = await get(`/api/v2/computers/${dc01.objectid}/controllers?${qs}`);
      expect(res.status, qs).toBe(400);
      expect((res.body as { errors: { context: string }[] }).errors[0]!.context).toBe(context);
    }
  });

  it('answers type=graph with nodes and edges', async () => {
    const res = await get(`/api/v2/computers/${dc01.objectid}/controllers?type=graph`);
    expect(res.status).toBe(200);
    const data = (res.body as { data: { nodes: Record<string, { kind: string }>; edges: { source: string; target: string }[] } })
      .data;
    expect(Object.keys(data.nodes)).toContain(dc01.objectid);
    expect(data.edges.length).toBeGreaterThan(0);
    expect(data.edges.every((e) => e.target === dc01.objectid && e.source in data.nodes)).toBe(true);
  });

  it('404s an unknown object id and a node that is not a computer', async () => {
    expect((await get('/api/v2/computers/S-1-5-21-1-2-3-9999/controllers')).status).toBe(404);
    expect((await get(`/api/v2/computers/${aUser.objectid}/controllers`)).status).toBe(404);
  });

  it('needs a token', async () => {
    expect((await call(mock, 'GET', `/api/v2/computers/${dc01.objectid}/controllers`)).status).toBe(401);
  });
});

describe('GET /api/v2/users/{id}', () => {
  it('returns kinds, props and the counts computed from the graph', async () => {
    const res = await get(`/api/v2/users/${aUser.objectid}`);
    expect(res.status).toBe(200);
    const body = userNodeInfoResponse.parse(res.body);
    expect(body.data.kinds).toEqual(['Base', 'User']);
    expect(body.data.props.objectid).toBe(aUser.objectid);
    expect(body.data.props.name).toBe(aUser.name);
    expect(entityCounts(body.data)).toEqual(userCounts(graph, aUser.objectid));
  });

  it('accepts both count and counts (upstream’s name); false leaves the counts out', async () => {
    for (const qs of ['count=false', 'counts=false', 'count=false&counts=false']) {
      const body = userNodeInfoResponse.parse((await get(`/api/v2/users/${aUser.objectid}?${qs}`)).body);
      expect(entityCounts(body.data), qs).toEqual({});
    }
    for (const qs of ['count=true', 'counts=true']) {
      const body = userNodeInfoResponse.parse((await get(`/api/v2/users/${aUser.objectid}?${qs}`)).body);
      expect(Object.keys(entityCounts(body.data)).length, qs).toBeGreaterThan(5);
    }
    const conflicting = await get(`/api/v2/users/${aUser.objectid}?count=true&counts=false`);
    expect(conflicting.status).toBe(400);
    const bad = await get(`/api/v2/users/${aUser.objectid}?counts=maybe`);
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: { context: string }[] }).errors[0]!.context).toBe('counts');
  });

  it('counts agree with the lists: a user who controls a computer is among its controllers', async () => {
    const userControllers = controllersOf(graph, dc01.objectid).filter((n) => n.primaryKind === 'User');
    for (const u of userControllers) {
      const counts = userCounts(graph, u.objectid);
      expect(counts.controllables).toBeGreaterThan(0);
    }
    // The sessions count is the number of computers with a HasSession edge to the user.
    const sessions = graph.edges.filter((e) => e.kind === 'HasSession' && e.target === aUser.objectid).length;
    expect(userCounts(graph, aUser.objectid).sessions).toBe(sessions);
  });

  it('404s unknown ids and non-user nodes', async () => {
    expect((await get('/api/v2/users/S-1-5-21-1-2-3-1104')).status).toBe(404);
    expect((await get(`/api/v2/users/${dc01.objectid}`)).status).toBe(404);
  });
});

describe('GET /api/v2/completeness', () => {
  it('returns the shares of computers with local group and session data', async () => {
    const body = completenessResponse.parse((await get('/api/v2/completeness')).body);
    const stats = completenessStats(graph);
    expect(body.data).toEqual({
      LocalGroupCompleteness: stats.localGroupCompleteness,
      SessionCompleteness: stats.sessionCompleteness,
    });
    expect(body.data.LocalGroupCompleteness).toBeGreaterThan(0);
    expect(body.data.LocalGroupCompleteness).toBeLessThan(1);
  });
});
