import { beforeEach, describe, expect, it } from 'vitest';
import { errorBody } from '../../../api/schemas/wire-format';
import { analysisRequestResponse } from '../../../api/schemas/datapipe';
import { adDataQualityStatsResponse, availableDomainsResponse } from '../../../api/schemas/data-quality';
import { call, MOCK_CONTROL, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import { directoryGraph } from '../../seed/graph';
import { SEED_EPOCH } from '../../seed/random';

const CORP = 'S-1-5-21-4107638521-1930581446-2864410937';
const ANALYSIS_MS = 5000;
const graph = directoryGraph();
const aUser = graph.nodes.find((n) => n.primaryKind === 'User' && n.name.startsWith('ADMINISTRATOR@CORP'))!;
const dc01 = graph.nodes.find((n) => n.name === 'DC01.CORP.ACME.LOCAL')!;

let mock: MockServer;
let now: number;
let admin: string;

const get = async (path: string) => (await call(mock, 'GET', path, { token: admin })).body as Record<string, unknown>;
const clear = (json: unknown, token = admin) => call(mock, 'POST', '/api/v2/clear-database', { token, json });
const groups = async () =>
  (
    (await get('/api/v2/asset-groups')) as {
      data: { asset_groups: { id: number; member_count: number; selectors: { system_selector: boolean }[] }[] };
    }
  ).data.asset_groups;
const memberCount = async (id: number) => groups().then((g) => g.find((x) => x.id === id)!.member_count);
const pending = async () => analysisRequestResponse.parse(await get('/api/v2/analysis')).data;
const pipeline = async () => ((await get('/api/v2/datapipe/status')) as { data: { status: string } }).data.status;
const domains = async () => availableDomainsResponse.parse(await get('/api/v2/available-domains')).data;
const history = async () =>
  adDataQualityStatsResponse.parse(await get(`/api/v2/ad-domains/${CORP}/data-quality-stats?start=2020-01-01T00:00:00Z`));
const jobCount = async () => ((await get('/api/v2/file-upload')) as { count: number }).count;

beforeEach(async () => {
  now = SEED_EPOCH + 86_400_000;
  mock = testMockServer({ clock: () => now, analysisMs: ANALYSIS_MS, ingestMsPerFile: 1000 });
  admin = await tokenFor(mock, 'admin');
});

describe('clear-database refusals', () => {
  const refused = async (json: unknown) => {
    const res = await clear(json);
    expect(res.status).toBe(400);
    return errorBody.parse(res.body).errors;
  };

  it('refuses a body choosing nothing, naming every option', async () => {
    for (const body of [{}, { deleteCollectedGraphData: false, deleteSourceKinds: [], deleteAssetGroupSelectors: [] }]) {
      const errors = await refused(body);
      expect(errors.map((e) => e.context)).toEqual([
        'deleteCollectedGraphData',
        'deleteSourceKinds',
        'deleteRelationships',
        'deleteFileIngestHistory',
        'deleteDataQualityHistory',
        'deleteAssetGroupSelectors',
      ]);
      expect(errors[0]!.message).toMatch(/^Choose something to delete/);
    }
  });

  it('refuses the combinations the reference forbids, unknown kinds and unknown groups, naming the field', async () => {
    expect(
      await refused({ deleteCollectedGraphData: true, deleteSourceKinds: [1], deleteRelationships: ['HasSession'] }),
    ).toEqual([
      { context: 'deleteSourceKinds', message: expect.stringMatching(/send either it or deleteSourceKinds, not both/) },
      { context: 'deleteRelationships', message: expect.stringMatching(/send either it or deleteRelationships, not both/) },
    ]);
    expect(await refused({ deleteSourceKinds: [0, 3, 7] })).toEqual([
      {
        context: 'deleteSourceKinds',
        message: 'No source kind has the id 3, 7; use 0 (sourceless nodes) or 1 (Base, Active Directory) or 2 (AZBase, Azure).',
      },
    ]);
    expect(await refused({ deleteRelationships: ['HasSession', 'hassession', 'Teleports'] })).toEqual([
      {
        context: 'deleteRelationships',
        message:
          '"hassession", "Teleports" are not known relationship kinds (kinds are case-sensitive: "HasSession" for "hassession").',
      },
    ]);
    expect(await refused({ deleteAssetGroupSelectors: [3, 999] })).toEqual([
      { context: 'deleteAssetGroupSelectors', message: 'No asset group has the id 999; it may have been deleted.' },
    ]);
    expect((await refused({ deleteFileIngestHistory: 'yes' }))[0]!.context).toBe('deleteFileIngestHistory');
    // Nothing was deleted by any of them.
    expect(await memberCount(3)).toBeGreaterThan(0);
    expect(await pipeline()).toBe('idle');
  });

  it('is for administrators only', async () => {
    const poweruser = await tokenFor(mock, 'poweruser');
    expect((await clear({ deleteFileIngestHistory: true }, poweruser)).status).toBe(403);
    expect(await jobCount()).toBeGreaterThan(0);
  });

  it('refuses graph deletion while the "Clear Graph Data" flag is off', async () => {
    mock.db.state.featureFlags.find((f) => f.key === 'clear_graph_data')!.enabled = false;
    expect(await refused({ deleteCollectedGraphData: true })).toEqual([
      { context: 'deleteCollectedGraphData', message: expect.stringMatching(/turned off/) },
    ]);
  });
});

describe('clear-database', () => {
  it('deletes the collected graph: members, entities, completeness and domains empty; history kept; re-analysis with a deletion request', async () => {
    const points = (await history()).count;
    const jobs = await jobCount();
    expect((await clear({ deleteCollectedGraphData: true })).status).toBe(204);

    for (const g of await groups()) expect(g.member_count).toBe(0);
    expect(((await get('/api/v2/asset-groups/6/members')) as { count: number }).count).toBe(0);
    expect((await call(mock, 'GET', `/api/v2/users/${aUser.objectid}`, { token: admin })).status).toBe(404);
    expect((await call(mock, 'GET', `/api/v2/computers/${dc01.objectid}/controllers`, { token: admin })).status).toBe(404);
    expect(await get('/api/v2/completeness')).toEqual({ data: { LocalGroupCompleteness: 0, SessionCompleteness: 0 } });
    expect(await domains()).toEqual([]);
    expect((await history()).count).toBe(points);
    expect(await jobCount()).toBe(jobs);

    expect(await pipeline()).toBe('analyzing');
    expect(await pending()).toMatchObject({
      request_type: 'deletion',
      delete_all_graph: true,
      delete_sourceless_graph: false,
      delete_source_kinds: null,
      delete_relationships: null,
    });
    const cancel = await call(mock, 'DELETE', '/api/v2/analysis', { token: admin });
    expect(cancel.status).toBe(409);
    now += ANALYSIS_MS;
    expect(await pipeline()).toBe('idle');
    expect((await pending()).request_type).toBe('');
    // No domain is left to add a point for.
    expect((await history()).count).toBe(points);

    // Only a reset brings the seed back.
    await call(mock, 'POST', '/__mock/reset', { headers: MOCK_CONTROL });
    admin = await tokenFor(mock, 'admin');
    expect((await domains()).length).toBe(2);
    expect(await memberCount(6)).toBe(100_000);
    expect((await call(mock, 'GET', `/api/v2/users/${aUser.objectid}`, { token: admin })).status).toBe(200);
  });

  it('deletes a source kind: the Active Directory nodes go, the fleet keeps its Azure rows', async () => {
    expect((await clear({ deleteSourceKinds: [1] })).status).toBe(204);
    expect(await domains()).toEqual([]);
    const fleet = (await get('/api/v2/asset-groups/6/members?limit=1000')) as {
      count: number;
      data: { members: { primary_kind: string }[] };
    };
    expect(fleet.count).toBeGreaterThan(5000);
    expect(fleet.count).toBeLessThan(20_000);
    expect(fleet.data.members.every((m) => m.primary_kind.startsWith('AZ'))).toBe(true);
    expect(await memberCount(6)).toBe(fleet.count);
    expect(await pending()).toMatchObject({ request_type: 'deletion', delete_all_graph: false, delete_source_kinds: ['Base'] });
  });

  it('deletes sourceless nodes (none in the seed): everything stays', async () => {
    expect((await clear({ deleteSourceKinds: [0] })).status).toBe(204);
    expect((await domains()).length).toBe(2);
    expect(await memberCount(6)).toBe(100_000);
    expect(await pending()).toMatchObject({ delete_sourceless_graph: true, delete_source_kinds: null });
  });

  it('deletes relationship kinds: sessions and group membership go, the nodes stay', async () => {
    const helpdesk = await memberCount(4);
    expect(helpdesk).toBeGreaterThan(1);
    expect((await clear({ deleteRelationships: ['HasSession', 'MemberOf'] })).status).toBe(204);
    expect(await memberCount(4)).toBe(1);
    const completeness = (await get('/api/v2/completeness')) as { data: Record<string, number> };
    expect(completeness.data.SessionCompleteness).toBe(0);
    expect(completeness.data.LocalGroupCompleteness).toBeGreaterThan(0.5);
    const user = (await get(`/api/v2/users/${aUser.objectid}?counts=true`)) as { data: Record<string, number> };
    expect(user.data).toMatchObject({ sessions: 0, groupMembership: 0 });
    expect(await pending()).toMatchObject({ request_type: 'deletion', delete_relationships: ['HasSession', 'MemberOf'] });
    // The analysis it starts records the new figures.
    now += ANALYSIS_MS;
    const newest = (await history()).data.at(-1)!;
    expect(newest.created_at).toBe(new Date(now).toISOString());
    expect(newest.sessions).toBe(0);
    expect(newest.session_completeness).toBe(0);
    expect(newest.users).toBeGreaterThan(100);
  });

  it('deletes the file ingest history and the data-quality history, without analysis', async () => {
    expect((await clear({ deleteFileIngestHistory: true, deleteDataQualityHistory: true })).status).toBe(204);
    expect(await jobCount()).toBe(0);
    expect((await history()).count).toBe(0);
    expect((await domains()).length).toBe(2);
    expect(await pipeline()).toBe('idle');
    expect((await pending()).request_type).toBe('');
  });

  it('deletes the custom selectors of the named groups (system selectors stay), then re-analyzes', async () => {
    expect((await clear({ deleteAssetGroupSelectors: [1, 3, 6] })).status).toBe(204);
    const after = await groups();
    const byId = (id: number) => after.find((g) => g.id === id)!;
    expect(byId(3)).toMatchObject({ selectors: [], member_count: 0 });
    expect(byId(6)).toMatchObject({ selectors: [], member_count: 0 });
    expect(byId(1).selectors.length).toBeGreaterThan(0);
    expect(byId(1).selectors.every((s) => s.system_selector)).toBe(true);
    expect(byId(4).member_count).toBeGreaterThan(0);
    expect(await pending()).toMatchObject({ request_type: 'analysis', delete_all_graph: false });
    expect(await pipeline()).toBe('analyzing');
  });
});
