import { beforeAll, describe, expect, it } from 'vitest';
import {
  assetGroupMembersResponse,
  assetGroupResponse,
  assetGroupsListResponse,
  type AssetGroupMember,
} from '../../../api/schemas/asset-groups';
import { errorBody } from '../../../api/schemas/wire-format';
import { call, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import { MAX_LIMIT as MEMBERS_MAX_LIMIT } from '../../list';
import { FLEET_SIZE } from './store';

let mock: MockServer;
let admin: string;
let reader: string;
let uploader: string;

beforeAll(async () => {
  mock = testMockServer();
  [admin, reader, uploader] = await Promise.all([tokenFor(mock, 'admin'), tokenFor(mock, 'reader'), tokenFor(mock, 'uploader')]);
});

async function members(query: string, id = 1, token = admin) {
  const res = await call(mock, 'GET', `/api/v2/asset-groups/${id}/members${query ? `?${query}` : ''}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return assetGroupMembersResponse.parse(res.body);
}

async function refused(method: string, path: string, status: number, options: { token?: string; json?: unknown } = {}) {
  const res = await call(mock, method, path, { token: admin, ...options });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return errorBody.parse(res.body).errors;
}

describe('asset groups list and detail', () => {
  it('lists the seeded groups with member counts, system groups first', async () => {
    const res = await call(mock, 'GET', '/api/v2/asset-groups', { token: reader });
    expect(res.status).toBe(200);
    const groups = assetGroupsListResponse.parse(res.body).data.asset_groups;
    expect(groups.length).toBeGreaterThanOrEqual(6);
    expect(groups.slice(0, 2).map((g) => [g.name, g.tag, g.system_group])).toEqual([
      ['Admin Tier Zero', 'admin_tier_0', true],
      ['Owned', 'owned', true],
    ]);
    expect(groups.find((g) => g.tag === 'enterprise_fleet')?.member_count).toBe(FLEET_SIZE);
    const tierZero = groups[0]!;
    expect(tierZero.member_count).toBeGreaterThan(tierZero.selectors.length);
    expect(tierZero.selectors.every((s) => s.asset_group_id === tierZero.id)).toBe(true);
    expect(tierZero.selectors.some((s) => s.system_selector)).toBe(true);
  });

  it('sorts and filters the list', async () => {
    const byCount = await call(mock, 'GET', '/api/v2/asset-groups?sort_by=-member_count', { token: admin });
    const counts = assetGroupsListResponse.parse(byCount.body).data.asset_groups.map((g) => g.member_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const filtered = await call(mock, 'GET', '/api/v2/asset-groups?name=~eq:TIER&system_group=eq:true', { token: admin });
    expect(assetGroupsListResponse.parse(filtered.body).data.asset_groups.map((g) => g.name)).toEqual(['Admin Tier Zero']);
    expect(await refused('GET', '/api/v2/asset-groups?sort_by=selectors', 400)).toEqual([
      expect.objectContaining({ context: 'sort_by' }),
    ]);
    expect(await refused('GET', '/api/v2/asset-groups?colour=eq:red', 400)).toEqual([
      expect.objectContaining({ context: 'colour' }),
    ]);
  });

  it('gets one group (graphdb.Read), 404 for a missing one, 400 for a bad id', async () => {
    const res = await call(mock, 'GET', '/api/v2/asset-groups/2', { token: reader });
    expect(assetGroupResponse.parse(res.body).data.name).toBe('Owned');
    // Upload-Only posts data but cannot read it (upstream's route table).
    expect((await call(mock, 'GET', '/api/v2/asset-groups/2', { token: uploader })).status).toBe(403);
    expect(await refused('GET', '/api/v2/asset-groups/999', 404)).toEqual([
      expect.objectContaining({ context: 'asset_group_id' }),
    ]);
    expect(await refused('GET', '/api/v2/asset-groups/abc', 400)).toEqual([
      expect.objectContaining({ context: 'asset_group_id' }),
    ]);
    await refused('GET', '/api/v2/asset-groups', 401, { token: 'not-a-token' });
  });
});

describe('asset group writes', () => {
  it('creates, renames and deletes a group', async () => {
    const created = await call(mock, 'POST', '/api/v2/asset-groups', {
      token: admin,
      json: { name: '  Payment Systems ', tag: 'payments' },
    });
    expect(created.status).toBe(200);
    const group = assetGroupResponse.parse(created.body).data;
    expect(group).toMatchObject({
      name: 'Payment Systems',
      tag: 'payments',
      system_group: false,
      member_count: 0,
      selectors: [],
    });
    expect((await members('', group.id)).count).toBe(0);

    const renamed = await call(mock, 'PUT', `/api/v2/asset-groups/${group.id}`, { token: admin, json: { name: 'Card Systems' } });
    expect(renamed.status).toBe(200);
    expect(assetGroupResponse.parse(renamed.body).data).toMatchObject({ id: group.id, name: 'Card Systems', tag: 'payments' });

    const deleted = await call(mock, 'DELETE', `/api/v2/asset-groups/${group.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    await refused('GET', `/api/v2/asset-groups/${group.id}`, 404);
  });

  it('validates names and tags, with the field named', async () => {
    expect(await refused('POST', '/api/v2/asset-groups', 400, { json: { name: ' ', tag: 'fine' } })).toEqual([
      { context: 'name', message: 'Name is required' },
    ]);
    expect(await refused('POST', '/api/v2/asset-groups', 400, { json: { name: 'X', tag: 'Not OK' } })).toEqual([
      { context: 'tag', message: 'Tag may contain only lower-case letters, digits and underscores' },
    ]);
    expect(await refused('POST', '/api/v2/asset-groups', 409, { json: { name: 'X', tag: 'owned' } })).toEqual([
      { context: 'tag', message: 'The tag "owned" is already used by the asset group "Owned". Choose another tag.' },
    ]);
    expect(await refused('POST', '/api/v2/asset-groups', 409, { json: { name: 'crown jewels', tag: 'cj2' } })).toEqual([
      { context: 'name', message: 'An asset group named "Crown Jewels" already exists. Choose another name.' },
    ]);
    expect(await refused('PUT', '/api/v2/asset-groups/3', 409, { json: { name: 'Help Desk' } })).toEqual([
      expect.objectContaining({ context: 'name' }),
    ]);
    expect(await refused('PUT', '/api/v2/asset-groups/3', 400, { json: {} })).toEqual([
      { context: 'name', message: 'Name is required' },
    ]);
  });

  it('refuses hidden characters and over-long names and tags, and look-alike names (409), storing nothing', async () => {
    const before = assetGroupsListResponse.parse((await call(mock, 'GET', '/api/v2/asset-groups', { token: admin })).body).data
      .asset_groups.length;
    expect(await refused('POST', '/api/v2/asset-groups', 400, { json: { name: 'Evil\u202Egnp.exe', tag: 'evil' } })).toEqual([
      { context: 'name', message: 'Name must not contain control, zero-width or bidirectional characters' },
    ]);
    // The character rule comes first; the tag's own pattern is broken too, and said after it.
    expect(await refused('POST', '/api/v2/asset-groups', 400, { json: { name: 'Zero', tag: 'ze\u200Bro' } })).toEqual([
      { context: 'tag', message: 'Tag must not contain control, zero-width or bidirectional characters' },
      { context: 'tag', message: 'Tag may contain only lower-case letters, digits and underscores' },
    ]);
    expect(await refused('POST', '/api/v2/asset-groups', 400, { json: { name: 'n'.repeat(20_000), tag: 'long' } })).toEqual([
      { context: 'name', message: 'Name must be at most 100 characters' },
    ]);
    expect(await refused('POST', '/api/v2/asset-groups', 409, { json: { name: 'CRÓWN JEWELS', tag: 'cj3' } })).toEqual([
      { context: 'name', message: 'An asset group named "Crown Jewels" already exists. Choose another name.' },
    ]);
    const after = assetGroupsListResponse.parse((await call(mock, 'GET', '/api/v2/asset-groups', { token: admin })).body).data
      .asset_groups.length;
    expect(after).toBe(before);
  });

  it('reads ids in decimal only: no exponent, hex, sign, spaces or leading zeros (400 naming the id)', async () => {
    for (const id of ['1e0', '0x10', '%201', '1%20', '01', '+1', '-1', '1.0', '9007199254740993']) {
      expect(await refused('GET', `/api/v2/asset-groups/${id}`, 400), id).toEqual([
        {
          context: 'asset_group_id',
          message: 'asset_group_id must be a whole number written in decimal digits, without sign, spaces or leading zeros',
        },
      ]);
    }
    expect(await refused('GET', '/api/v2/asset-groups?id=eq:0x1', 400)).toEqual([expect.objectContaining({ context: 'id' })]);
  });

  it('refuses to rename or delete a system group', async () => {
    expect(await refused('DELETE', '/api/v2/asset-groups/1', 409)).toEqual([
      { context: 'asset_group_id', message: 'Cannot delete a system defined asset group.' },
    ]);
    expect(await refused('PUT', '/api/v2/asset-groups/2', 409, { json: { name: 'Pwned' } })).toEqual([
      { context: 'asset_group_id', message: '"Owned" is a system defined asset group; it cannot be renamed.' },
    ]);
  });

  it('needs graphdb.Write for writes', async () => {
    for (const token of [reader, uploader]) {
      await refused('POST', '/api/v2/asset-groups', 403, { token, json: { name: 'Nope', tag: 'nope' } });
      await refused('PUT', '/api/v2/asset-groups/3', 403, { token, json: { name: 'Nope' } });
      await refused('DELETE', '/api/v2/asset-groups/3', 403, { token });
    }
    const poweruser = await tokenFor(mock, 'poweruser');
    const res = await call(mock, 'PUT', '/api/v2/asset-groups/3', { token: poweruser, json: { name: 'Crown Jewels' } });
    expect(res.status).toBe(200);
  });

  it('keeps members out of the state, and a reset restores deleted groups', async () => {
    // The asset groups' share of the state stays small (100,000 members would be megabytes).
    const state = JSON.stringify(mock.db.state.assetGroups);
    expect(state.length).toBeLessThan(50_000);
    expect(state).not.toContain('DEVICE-0');
    expect(mock.db.state.assetGroups.find((g) => g.tag === 'enterprise_fleet')?.population).toEqual({
      kind: 'fleet',
      size: FLEET_SIZE,
    });
    await call(mock, 'DELETE', '/api/v2/asset-groups/7', { token: admin });
    mock.db.reset();
    expect((await call(mock, 'GET', '/api/v2/asset-groups/7', { token: admin })).status).toBe(200);
  });
});

describe('asset group members', () => {
  const sortedBy = (rows: AssetGroupMember[], key: (m: AssetGroupMember) => string, desc = false) => {
    const keys = rows.map(key);
    const expected = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return desc ? keys.join('\n') === expected.reverse().join('\n') : keys.join('\n') === expected.join('\n');
  };

  it('pages with skip and limit, count being the total', async () => {
    const first = await members('skip=0&limit=10', 6);
    expect(first).toMatchObject({ count: FLEET_SIZE, skip: 0, limit: 10 });
    expect(first.data.members).toHaveLength(10);
    const deep = await members('skip=99995&limit=10', 6);
    expect(deep.data.members).toHaveLength(5);
    const past = await members('skip=200000&limit=10', 6);
    expect(past).toMatchObject({ count: FLEET_SIZE, skip: 200000 });
    expect(past.data.members).toEqual([]);
    const all = await members('limit=1000', 1);
    expect(all.data.members.every((m) => m.asset_group_id === 1 && m.environment_kind === 'Domain')).toBe(true);
  });

  it('caps the limit and has a default', async () => {
    const capped = await members('limit=5000', 6);
    expect(capped.limit).toBe(MEMBERS_MAX_LIMIT);
    expect(capped.data.members).toHaveLength(MEMBERS_MAX_LIMIT);
    const byDefault = await members('', 6);
    expect(byDefault.limit).toBe(100);
  });

  it('sorts by several columns in order, descending with "-"', async () => {
    const page = await members('sort_by=primary_kind&sort_by=-name&limit=1000', 1);
    const rows = page.data.members;
    expect(sortedBy(rows, (m) => m.primary_kind)).toBe(true);
    for (const kind of new Set(rows.map((m) => m.primary_kind))) {
      expect(
        sortedBy(
          rows.filter((m) => m.primary_kind === kind),
          (m) => m.name,
          true,
        ),
      ).toBe(true);
    }
    const big = await members('sort_by=-environment_id&sort_by=name&skip=50000&limit=50', 6);
    expect(sortedBy(big.data.members, (m) => `${m.environment_id}`, true)).toBe(true);
  });

  it('filters with eq, ~eq and neq, combined with AND', async () => {
    const contains = await members('name=~eq:admin&limit=1000', 1);
    expect(contains.count).toBeGreaterThan(0);
    expect(contains.data.members.every((m) => m.name.toLowerCase().includes('admin'))).toBe(true);
    const users = await members('primary_kind=eq:User&limit=1000', 1);
    const notUsers = await members('primary_kind=neq:User&limit=1000', 1);
    const all = await members('limit=1000', 1);
    expect(users.count + notUsers.count).toBe(all.count);
    expect(notUsers.data.members.some((m) => m.primary_kind === 'User')).toBe(false);
    const custom = await members('custom_member=eq:true&limit=1000', 1);
    expect(custom.count).toBeGreaterThan(0);
    expect(custom.data.members.every((m) => m.custom_member)).toBe(true);
    const both = await members('primary_kind=eq:Computer&name=~eq:dc&environment_kind=eq:Domain', 1);
    expect(both.data.members.every((m) => m.primary_kind === 'Computer' && m.name.includes('DC'))).toBe(true);
    const azure = await members('environment_kind=eq:AZTenant&primary_kind=~eq:device&limit=5', 6);
    expect(azure.count).toBeGreaterThan(1000);
    expect(azure.data.members.every((m) => m.primary_kind === 'AZDevice')).toBe(true);
  });

  it('answers 400 naming the parameter for bad paging, sorts and filters', async () => {
    const cases: [string, string][] = [
      ['skip=-1', 'skip'],
      ['skip=1.5', 'skip'],
      ['limit=ten', 'limit'],
      ['limit=-5', 'limit'],
      ['sort_by=kinds', 'sort_by'],
      ['sort_by=-', 'sort_by'],
      ['colour=eq:red', 'colour'],
      ['kinds=eq:User', 'kinds'],
      ['name=like:adm', 'name'],
      ['name=~eq:', 'name'],
      ['custom_member=~eq:true', 'custom_member'],
      ['custom_member=eq:maybe', 'custom_member'],
    ];
    for (const [query, context] of cases) {
      const errors = await refused('GET', `/api/v2/asset-groups/1/members?${query}`, 400);
      expect(
        errors.map((e) => e.context),
        query,
      ).toEqual([context]);
    }
    await refused('GET', '/api/v2/asset-groups/999/members', 404);
  });
});
