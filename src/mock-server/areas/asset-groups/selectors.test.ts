import { beforeEach, describe, expect, it } from 'vitest';
import {
  assetGroupMembersResponse,
  assetGroupResponse,
  assetGroupsListResponse,
  customMemberCountResponse,
  updateSelectorsResponse,
} from '../../../api/schemas/asset-groups';
import { auditLogsResponse } from '../../../api/schemas/audit';
import { errorBody } from '../../../api/schemas/wire-format';
import { searchResponse, userNodeInfoResponse } from '../../../api/schemas/entities';
import { call, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import { directoryGraph } from '../../seed/graph';

let mock: MockServer;
let admin: string;
let reader: string;
let now: number;
const ANALYSIS_MS = 5000;

beforeEach(async () => {
  now = Date.now();
  mock = testMockServer({ clock: () => now, analysisMs: ANALYSIS_MS });
  [admin, reader] = await Promise.all([tokenFor(mock, 'admin'), tokenFor(mock, 'reader')]);
});

/**
 * Admin Tier Zero's and Owned's members are Tier Zero's and Owned's as the last analysis computed them
 * (privilege-zones/legacy.ts): a change of their selectors requests an analysis, and shows once it has run.
 */
const analysisRuns = () => {
  now += ANALYSIS_MS;
};

const OWNED = 2;
const TIER_ZERO = 1;
const graph = directoryGraph();
/** A user of the graph that no seeded group selects. */
const user = graph.nodes.find((n) => n.name === 'IT HELPDESK@CORP.ACME.LOCAL')!;
const lonely = graph.nodes.filter(
  (n) => n.primaryKind === 'User' && n.name.endsWith('@LAB.ACME.LOCAL') && !/^(ADMINISTRATOR|KRBTGT|SVC_)/.test(n.name),
)[30]!;

async function put(id: number, json: unknown, token = admin) {
  return call(mock, 'PUT', `/api/v2/asset-groups/${id}/selectors`, { token, json });
}
async function group(id: number) {
  return assetGroupResponse.parse((await call(mock, 'GET', `/api/v2/asset-groups/${id}`, { token: reader })).body).data;
}
async function memberIds(id: number, query = 'limit=1000') {
  const res = await call(mock, 'GET', `/api/v2/asset-groups/${id}/members?${query}`, { token: reader });
  return assetGroupMembersResponse.parse(res.body);
}
async function customCount(id: number) {
  const res = await call(mock, 'GET', `/api/v2/asset-groups/${id}/custom-selectors`, { token: reader });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return customMemberCountResponse.parse(res.body);
}
const contexts = (body: unknown) => errorBody.parse(body).errors.map((e) => e.context);

describe('PUT /api/v2/asset-groups/{id}/selectors', () => {
  it('adds a member: the member table, the counts, the custom count, search and the user page change once analysis has run', async () => {
    const before = await group(OWNED);
    const customBefore = await customCount(OWNED);
    expect((await memberIds(OWNED, `object_id=eq:${lonely.objectid}`)).count).toBe(0);

    const res = await put(OWNED, [{ selector_name: 'Phished', sid: lonely.objectid.toLowerCase(), action: 'add' }]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { added_selectors, removed_selectors } = updateSelectorsResponse.parse(res.body).data;
    expect(removed_selectors).toEqual([]);
    expect(added_selectors).toEqual([
      expect.objectContaining({ asset_group_id: OWNED, name: 'Phished', selector: lonely.objectid, system_selector: false }),
    ]);

    analysisRuns();
    const after = await group(OWNED);
    expect(after.member_count).toBe(before.member_count + 1);
    expect(after.selectors).toHaveLength(before.selectors.length + 1);
    const row = (await memberIds(OWNED, `object_id=eq:${lonely.objectid}`)).data.members;
    expect(row).toEqual([expect.objectContaining({ name: lonely.name, custom_member: true })]);
    expect(await customCount(OWNED)).toBe(customBefore + 1);
    const list = assetGroupsListResponse.parse((await call(mock, 'GET', '/api/v2/asset-groups', { token: reader })).body);
    expect(list.data.asset_groups.find((g) => g.id === OWNED)!.member_count).toBe(after.member_count);
    const found = searchResponse.parse((await call(mock, 'GET', `/api/v2/search?q=${lonely.objectid}`, { token: reader })).body);
    expect(found.data[0]!.system_tags).toBe('owned');
    const page = userNodeInfoResponse.parse(
      (await call(mock, 'GET', `/api/v2/users/${lonely.objectid}`, { token: reader })).body,
    );
    expect(page.data.props.system_tags).toBe('owned');
  });

  it('adds a group with its nested members, several at once, and the name defaults to the object', async () => {
    const before = await group(TIER_ZERO);
    const res = await put(TIER_ZERO, [
      { sid: user.objectid, action: 'add' },
      { sid: lonely.objectid, action: 'add', selector_name: '  ' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(updateSelectorsResponse.parse(res.body).data.added_selectors.map((s) => s.name)).toEqual([user.name, lonely.name]);
    analysisRuns();
    const after = await group(TIER_ZERO);
    expect(after.member_count).toBeGreaterThan(before.member_count + 1); // the helpdesk group brings its members
  });

  it('removes a custom selector by its sid, and the member goes', async () => {
    await put(OWNED, [{ sid: lonely.objectid, action: 'add' }]);
    analysisRuns();
    expect((await memberIds(OWNED, `object_id=eq:${lonely.objectid}`)).count).toBe(1);
    const res = await put(OWNED, [{ sid: lonely.objectid, action: 'remove' }]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const data = updateSelectorsResponse.parse(res.body).data;
    expect(data.added_selectors).toEqual([]);
    expect(data.removed_selectors).toEqual([expect.objectContaining({ selector: lonely.objectid })]);
    analysisRuns();
    expect((await memberIds(OWNED, `object_id=eq:${lonely.objectid}`)).count).toBe(0);
    const page = userNodeInfoResponse.parse(
      (await call(mock, 'GET', `/api/v2/users/${lonely.objectid}`, { token: reader })).body,
    );
    expect(page.data.props.system_tags).toBeUndefined();
  });

  it('refuses an unknown sid, a bad action, a duplicate and a malformed entry, naming each, and changes nothing', async () => {
    const before = await group(OWNED);
    const existing = before.selectors[0]!;
    const res = await put(OWNED, [
      { sid: lonely.objectid, action: 'add' },
      { sid: 'S-1-5-21-0-0-0-999999', action: 'add' },
      { sid: user.objectid, action: 'promote' },
      { sid: existing.selector, action: 'add' },
      { sid: lonely.objectid, action: 'add' },
      'nonsense',
      { action: 'add' },
      { sid: user.objectid, action: 'remove' },
    ]);
    expect(res.status).toBe(400);
    expect(contexts(res.body)).toEqual([
      'selectors[1].sid',
      'selectors[2].action',
      'selectors[3].sid',
      'selectors[4].sid',
      'selectors[5]',
      'selectors[6].sid',
      'selectors[7].sid',
    ]);
    expect(errorBody.parse(res.body).errors[2]!.message).toContain('already selected');
    expect(await group(OWNED)).toEqual(before);
  });

  it('refuses a body that is not a non-empty list', async () => {
    for (const json of [[], { sid: user.objectid, action: 'add' }]) {
      const res = await put(OWNED, json);
      expect(res.status).toBe(400);
      expect(contexts(res.body)).toEqual(['body']);
    }
  });

  it('refuses to remove a system selector (409) and to change the generated fleet (409)', async () => {
    const system = (await group(TIER_ZERO)).selectors.find((s) => s.system_selector)!;
    const res = await put(TIER_ZERO, [{ sid: system.selector, action: 'remove' }]);
    expect(res.status).toBe(409);
    expect(contexts(res.body)).toEqual(['selectors[0].sid']);
    const fleet = await put(6, [{ sid: user.objectid, action: 'add' }]);
    expect(fleet.status).toBe(409);
    expect(contexts(fleet.body)).toEqual(['asset_group_id']);
  });

  it('answers 404 for an unknown group and 403 for a reader', async () => {
    expect((await put(999, [{ sid: user.objectid, action: 'add' }])).status).toBe(404);
    expect((await put(OWNED, [{ sid: user.objectid, action: 'add' }], reader)).status).toBe(403);
  });

  it('accepts POST as upstream does', async () => {
    const res = await call(mock, 'POST', `/api/v2/asset-groups/${OWNED}/selectors`, {
      token: admin,
      json: [{ sid: user.objectid, action: 'add' }],
    });
    expect(res.status).toBe(201);
  });
});

describe('DELETE /api/v2/asset-groups/{id}/selectors/{selector_id}', () => {
  it('deletes a custom selector and its members go', async () => {
    const added = updateSelectorsResponse.parse((await put(OWNED, [{ sid: lonely.objectid, action: 'add' }])).body).data
      .added_selectors[0]!;
    analysisRuns();
    const count = (await group(OWNED)).member_count;
    const res = await call(mock, 'DELETE', `/api/v2/asset-groups/${OWNED}/selectors/${added.id}`, { token: admin });
    expect(res.status).toBe(200);
    analysisRuns();
    expect((await group(OWNED)).member_count).toBe(count - 1);
    const again = await call(mock, 'DELETE', `/api/v2/asset-groups/${OWNED}/selectors/${added.id}`, { token: admin });
    expect(again.status).toBe(404);
    expect(contexts(again.body)).toEqual(['asset_group_selector_id']);
  });

  it('refuses a system selector with 409, as upstream', async () => {
    const system = (await group(TIER_ZERO)).selectors.find((s) => s.system_selector)!;
    const res = await call(mock, 'DELETE', `/api/v2/asset-groups/${TIER_ZERO}/selectors/${system.id}`, { token: admin });
    expect(res.status).toBe(409);
    expect(errorBody.parse(res.body).errors[0]!.message).toBe('Cannot delete system defined asset group selector.');
  });

  it('refuses a malformed id and a reader', async () => {
    const bad = await call(mock, 'DELETE', `/api/v2/asset-groups/${OWNED}/selectors/abc`, { token: admin });
    expect(bad.status).toBe(400);
    expect(contexts(bad.body)).toEqual(['asset_group_selector_id']);
    const selector = (await group(OWNED)).selectors[0]!;
    expect((await call(mock, 'DELETE', `/api/v2/asset-groups/${OWNED}/selectors/${selector.id}`, { token: reader })).status).toBe(
      403,
    );
  });
});

describe('GET /api/v2/asset-groups/{id}/custom-selectors', () => {
  it('counts the members custom selectors bring in', async () => {
    expect(await customCount(TIER_ZERO)).toBe((await memberIds(TIER_ZERO, 'custom_member=eq:true&limit=1')).count);
    expect(await customCount(7)).toBe(0);
    expect(await customCount(6)).toBe((await memberIds(6, 'custom_member=eq:true&limit=1')).count);
    expect((await call(mock, 'GET', '/api/v2/asset-groups/999/custom-selectors', { token: reader })).status).toBe(404);
  });
});

describe('audit', () => {
  it('writes UpdateAssetGroupSelectors and DeleteAssetGroupSelector with the group and the outcome', async () => {
    const added = updateSelectorsResponse.parse((await put(OWNED, [{ sid: lonely.objectid, action: 'add' }])).body).data
      .added_selectors[0]!;
    await put(OWNED, [{ sid: 'nope', action: 'add' }]);
    await call(mock, 'DELETE', `/api/v2/asset-groups/${OWNED}/selectors/${added.id}`, { token: admin });
    const res = await call(mock, 'GET', '/api/v2/audit?limit=50', { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const logs = auditLogsResponse
      .parse(res.body)
      .data.logs.filter((l) => l.action.includes('AssetGroupSelector') && Date.parse(l.created_at) > Date.now() - 60_000);
    const summary = logs.map((l) => [l.action, l.status]).reverse();
    expect(summary).toEqual([
      ['UpdateAssetGroupSelectors', 'intent'],
      ['UpdateAssetGroupSelectors', 'success'],
      ['UpdateAssetGroupSelectors', 'intent'],
      ['UpdateAssetGroupSelectors', 'failure'],
      ['DeleteAssetGroupSelector', 'intent'],
      ['DeleteAssetGroupSelector', 'success'],
    ]);
    for (const l of logs) expect(l.fields).toMatchObject({ asset_group_name: 'Owned', asset_group_tag: 'owned' });
    const success = logs.find((l) => l.action === 'UpdateAssetGroupSelectors' && l.status === 'success')!;
    expect(success.fields).toMatchObject({
      body: [{ sid: lonely.objectid, action: 'add' }],
      added_selectors: [expect.objectContaining({ id: added.id, selector: lonely.objectid })],
      removed_selectors: [],
    });
    const failure = logs.find((l) => l.status === 'failure')!;
    expect(String(failure.fields?.error)).toContain('selectors[0]');
    expect(logs.find((l) => l.action === 'DeleteAssetGroupSelector')!.fields).toMatchObject({
      asset_group_selector_id: String(added.id),
    });
  });
});
