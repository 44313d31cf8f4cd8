import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorBody } from '../../../api/schemas/wire-format';
import {
  historyResponse,
  memberCountsResponse,
  selectorResponse,
  selectorsListResponse,
  selectorWriteResponse,
  tagMemberResponse,
  tagMembersResponse,
  tagResponse,
  tagSearchResponse,
  tagsListResponse,
  tagWriteResponse,
  certificationsResponse,
} from '../../../api/schemas/privilege-zones';
import { call, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import { graphIdOf } from '../../cypher/graph';
import { graphOf } from '../../seed/live-graph';
import { pipelineOf } from '../datapipe/pipeline';
import type { ComputedMember } from './model';
import { DEFAULT_TIER_ZERO_RULES } from './seed';
import { checkSeeds } from './selectors';

const TAGS = '/api/v2/asset-group-tags';

let mock: MockServer;
let admin: string;
let reader: string;

/** Members as an analysis would leave them: Tier Zero the first `n` nodes, selected by its first default rule or the custom one. */
function setMembership(m: MockServer, n = 120): void {
  const graph = graphOf(m.db.state);
  const pz = m.db.state.privilegeZones;
  const tierZeroRules = pz.selectors.filter((s) => s.asset_group_tag_id === 1).map((s) => s.id);
  const nodes = [...graph.domains, ...graph.nodes].slice(0, n);
  const tierZero: ComputedMember[] = nodes.map((node, i) => ({
    object_id: node.objectid,
    source: i % 3 === 0 ? 1 : 2,
    selectors: i % 2 === 0 ? [tierZeroRules[0]!] : [tierZeroRules[0]!, tierZeroRules.at(-1)!],
  }));
  const critical = [...graph.nodes].slice(n, n + 10).map((node) => ({
    object_id: node.objectid,
    source: 1 as const,
    selectors: [pz.selectors.find((s) => s.asset_group_tag_id === 3)!.id],
  }));
  pz.membership = { computed_at: new Date().toISOString(), tags: { 1: tierZero, 3: critical } };
  pz.certifications = critical.map((c, i) => ({
    object_id: c.object_id,
    asset_group_tag_id: 3,
    certified: (i === 0 ? 3 : 0) as 0 | 3,
    certified_by: i === 0 ? 'BloodHound' : '',
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    note: null,
  }));
}

beforeAll(async () => {
  mock = testMockServer();
  [admin, reader] = await Promise.all([tokenFor(mock, 'admin'), tokenFor(mock, 'reader')]);
});

async function get(path: string, token = admin) {
  const res = await call(mock, 'GET', path, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function refused(
  method: string,
  path: string,
  status: number,
  options: { token?: string; json?: unknown; on?: MockServer } = {},
) {
  const res = await call(options.on ?? mock, method, path, { token: admin, ...options });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return errorBody.parse(res.body).errors;
}

describe('seeded tags', () => {
  it('lists Tier Zero, Owned, a second zone and two labels, with counts', async () => {
    const tags = tagsListResponse.parse(await get(`${TAGS}?counts=true`, reader)).data.tags;
    expect(tags.map((t) => [t.name, t.type, t.position])).toEqual([
      ['Tier Zero', 1, 1],
      ['Owned', 3, null],
      ['Critical Servers', 1, 2],
      ['Help Desk', 2, null],
      ['Service Accounts', 2, null],
    ]);
    const tierZero = tags[0]!;
    expect(tierZero).toMatchObject({ analysis_enabled: true, glyph: expect.any(String), kind_id: expect.any(Number) });
    const custom = mock.db.state.privilegeZones.selectors.filter((s) => s.asset_group_tag_id === 1 && !s.is_default);
    expect(custom.length).toBeGreaterThan(0);
    expect(tierZero.counts).toMatchObject({ default_selectors: DEFAULT_TIER_ZERO_RULES.length, custom_selectors: custom.length });
    expect(tags[2]!.counts?.disabled_selectors).toBe(1);
  });

  it('filters tags by type, name and flags; 400 names a bad filter', async () => {
    const labels = tagsListResponse.parse(await get(`${TAGS}?type=eq:2`)).data.tags;
    expect(labels.map((t) => t.name)).toEqual(['Help Desk', 'Service Accounts']);
    const named = tagsListResponse.parse(await get(`${TAGS}?name=~eq:zero`)).data.tags;
    expect(named.map((t) => t.name)).toEqual(['Tier Zero']);
    const certify = tagsListResponse.parse(await get(`${TAGS}?require_certify=true`)).data.tags;
    expect(certify.map((t) => t.name)).toEqual(['Critical Servers']);
    expect((await refused('GET', `${TAGS}?require_certify=maybe`, 400))[0]?.context).toBe('require_certify');
    expect((await refused('GET', `${TAGS}?colour=red`, 400))[0]?.context).toBe('colour');
  });

  it('answers one tag wrapped in {tag}, 404 for an unknown id', async () => {
    const tag = tagResponse.parse(await get(`${TAGS}/1`)).data.tag;
    expect(tag.name).toBe('Tier Zero');
    expect((await refused('GET', `${TAGS}/999`, 404))[0]?.context).toBe('asset_group_tag_id');
  });

  it('seeds the default rules with Cypher that parses, some that may not be disabled', async () => {
    const body = selectorsListResponse.parse(await get(`${TAGS}/1/selectors?limit=100&is_default=true`));
    expect(body.count).toBe(DEFAULT_TIER_ZERO_RULES.length);
    const admins = body.data.selectors.find((s) => s.name === 'Domain Admins')!;
    expect(admins).toMatchObject({ is_default: true, allow_disable: false, seeds: [{ type: 2 }] });
    expect(admins.seeds[0]!.value).toContain("ENDS WITH '-512'");
    expect(body.data.selectors.some((s) => s.allow_disable)).toBe(true);
  });

  it('sorts and filters rules', async () => {
    const desc = selectorsListResponse.parse(await get(`${TAGS}/1/selectors?is_default=true&sort_by=-name&limit=3`));
    expect(desc.data.selectors.map((s) => s.name)).toEqual(['Server Operators', 'Security Administrator', 'Schema Admins']);
    const custom = selectorsListResponse.parse(await get(`${TAGS}/1/selectors?is_default=false`)).data.selectors;
    expect(custom.every((s) => !s.is_default)).toBe(true);
    const disabled = selectorsListResponse.parse(await get(`${TAGS}/3/selectors?disabled=true`)).data.selectors;
    expect(disabled.map((s) => s.name)).toEqual(['Backup hosts']);
    expect((await refused('GET', `${TAGS}/1/selectors?sort_by=seeds`, 400))[0]?.context).toBe('sort_by');
  });

  it('seeds only Cypher a rule may hold (it parses, within the rule bound)', () => {
    for (const rule of mock.db.state.privilegeZones.selectors) expect(() => checkSeeds(rule.seeds), rule.name).not.toThrow();
  });

  it('keeps about 90 days of history, newest first', async () => {
    const body = historyResponse.parse(await get('/api/v2/asset-group-tags-history?limit=1000'));
    const times = body.data.records.map((r) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((times[0]! - times.at(-1)!) / 86_400_000).toBeGreaterThan(60);
    expect(new Set(body.data.records.map((r) => r.action))).toEqual(
      new Set([
        'CreateTag',
        'CreateSelector',
        'UpdateSelector',
        'UpdateTag',
        'AnalysisEnabledTag',
        'CertifyNodeManual',
        'CertifyNodeRevoked',
      ]),
    );
  });
});

describe('members', () => {
  beforeEach(() => setMembership(mock));

  it('pages 50 by default, sorts by name, filters by name, kind and environment', async () => {
    const first = tagMembersResponse.parse(await get(`${TAGS}/1/members`));
    expect(first.count).toBe(120);
    expect(first.data.members).toHaveLength(50);
    const byName = tagMembersResponse.parse(await get(`${TAGS}/1/members?sort_by=name&limit=120`)).data.members;
    const names = byName.map((m) => m.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const desc = tagMembersResponse.parse(await get(`${TAGS}/1/members?sort_by=-name&limit=1`)).data.members;
    expect(desc[0]!.name).toBe(byName.at(-1)!.name);
    const users = tagMembersResponse.parse(await get(`${TAGS}/1/members?primary_kind=eq:User&limit=500`));
    expect(users.count).toBeGreaterThan(0);
    expect(users.data.members.every((m) => m.primary_kind === 'User')).toBe(true);
    const env = byName[0]!.environment_id;
    const inEnv = tagMembersResponse.parse(await get(`${TAGS}/1/members?environments=${env}&limit=500`));
    expect(inEnv.data.members.every((m) => m.environment_id === env)).toBe(true);
    const needle = byName[5]!.name.slice(0, 6);
    const named = tagMembersResponse.parse(await get(`${TAGS}/1/members?name=~eq:${encodeURIComponent(needle)}`));
    expect(named.data.members.every((m) => m.name.toLowerCase().includes(needle.toLowerCase()))).toBe(true);
    expect((await refused('GET', `${TAGS}/1/members?sort_by=kind`, 400))[0]?.context).toBe('sort_by');
    const second = tagMembersResponse.parse(await get(`${TAGS}/1/members?sort_by=name&skip=50&limit=50`));
    expect(second.data.members.map((m) => m.name)).toEqual(byName.slice(50, 100).map((m) => m.name));
    expect((await refused('GET', `${TAGS}/1/members?skip=-1`, 400))[0]?.context).toBe('skip');
  });

  it('counts members by kind and answers one member with its properties and rules', async () => {
    const counts = memberCountsResponse.parse(await get(`${TAGS}/1/members/counts`)).data;
    expect(counts.total_count).toBe(120);
    expect(Object.values(counts.counts).reduce((a, b) => a + b, 0)).toBe(120);
    const node = graphOf(mock.db.state).domains[0]!;
    const member = tagMemberResponse.parse(await get(`${TAGS}/1/members/${graphIdOf(node)}`)).data.member;
    expect(member).toMatchObject({ object_id: node.objectid, name: node.name, asset_group_tag_id: 1 });
    expect(member.properties).toMatchObject({ objectid: node.objectid });
    expect(member.selectors?.map((s) => s.name)).toEqual(['Account Operators']);
    await refused('GET', `${TAGS}/1/members/99999999`, 404);
  });

  it("lists a rule's members and refuses a disabled rule's (409)", async () => {
    const rules = selectorsListResponse.parse(await get(`${TAGS}/1/selectors?limit=100&counts=true`)).data.selectors;
    // The rule setMembership gives every other member.
    const custom = rules.find(
      (r) => r.id === mock.db.state.privilegeZones.selectors.filter((s) => s.asset_group_tag_id === 1).at(-1)!.id,
    )!;
    expect(custom.counts?.members).toBe(60);
    const members = tagMembersResponse.parse(await get(`${TAGS}/1/selectors/${custom.id}/members?limit=100`));
    expect(members.count).toBe(60);
    const disabled = mock.db.state.privilegeZones.selectors.find((s) => s.disabled_at !== null)!;
    const errors = await refused('GET', `${TAGS}/${disabled.asset_group_tag_id}/selectors/${disabled.id}/members`, 409);
    expect(errors[0]?.context).toBe('asset_group_tag_selector_id');
  });

  it('searches tags, rules and members (at least 3 characters)', async () => {
    const res = await call(mock, 'POST', `${TAGS}/search`, { token: reader, json: { query: 'adm', tag_type: 1 } });
    expect(res.status).toBe(200);
    const found = tagSearchResponse.parse(res.body).data;
    expect(found.selectors.map((s) => s.name)).toEqual(expect.arrayContaining(['Domain Admins', 'Enterprise Admins']));
    expect(found.members.length).toBeLessThanOrEqual(50);
    expect(found.members.every((m) => m.name.toLowerCase().includes('adm'))).toBe(true);
    const rid = await call(mock, 'POST', `${TAGS}/search`, { token: reader, json: { query: '-512', tag_type: 1 } });
    const byId = tagSearchResponse.parse(rid.body).data.members;
    expect(byId.length).toBeGreaterThan(0);
    expect(byId.every((m) => m.object_id.includes('-512'))).toBe(true);
    expect((await refused('POST', `${TAGS}/search`, 400, { json: { query: 'ad', tag_type: 1 } }))[0]?.context).toBe('query');
  });

  it('refuses reads to a person limited to some environments', async () => {
    const m = testMockServer();
    const token = await tokenFor(m, 'reader');
    const user = m.db.state.users.find((u) => u.principal_name === 'reader')!;
    user.all_environments = false;
    user.environment_ids = ['S-1-5-21-4107638521-1930581446-2864410937'];
    await refused('GET', TAGS, 403, { on: m, token });
  });
});

describe('changes', () => {
  let m: MockServer;
  let token: string;
  beforeEach(async () => {
    m = testMockServer();
    token = await tokenFor(m, 'admin');
    expect(pipelineOf(m.db.state).request).toBeNull();
  });
  const send = (method: string, path: string, json?: unknown) => call(m, method, path, { token, json });

  it('creates a zone at a position, keeps positions contiguous, writes history and audit, requests analysis', async () => {
    const res = await send('POST', TAGS, { name: 'Tier One', type: 1, position: 2, glyph: 'shield', description: 'Servers' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const created = tagWriteResponse.parse(res.body).data;
    expect(created).toMatchObject({ name: 'Tier One', position: 2, require_certify: false, analysis_enabled: true });
    const zones = m.db.state.privilegeZones.tags.filter((t) => t.type === 1).map((t) => [t.name, t.position]);
    expect(zones).toEqual([
      ['Tier Zero', 1],
      ['Critical Servers', 3],
      ['Tier One', 2],
    ]);
    expect(m.db.state.privilegeZones.history.at(-1)).toMatchObject({ action: 'CreateTag', target: 'Tier One', actor: 'admin' });
    expect(m.db.state.auditLogs.at(-1)).toMatchObject({ action: 'CreateAssetGroupTag', status: 'success' });
    const adminId = m.db.state.users.find((u) => u.principal_name === 'admin')!.id;
    expect(pipelineOf(m.db.state).request).toMatchObject({ request_type: 'analysis', requested_by: adminId });

    const moved = await send('PATCH', `${TAGS}/${created.id}`, { position: 3 });
    expect(moved.status).toBe(200);
    expect(m.db.state.privilegeZones.tags.find((t) => t.name === 'Critical Servers')?.position).toBe(2);
    expect((await send('DELETE', `${TAGS}/3`)).status).toBe(204);
    expect(m.db.state.privilegeZones.tags.find((t) => t.id === created.id)?.position).toBe(2);
  });

  it('refuses bad and duplicate names, zone fields on labels, a taken position', async () => {
    const bad = await send('POST', TAGS, { name: 'Bad-Name!', type: 1 });
    expect(bad.status).toBe(400);
    expect(errorBody.parse(bad.body).errors[0]?.context).toBe('name');
    const dup = await send('POST', TAGS, { name: 'tier zero', type: 2 });
    expect(dup.status).toBe(409);
    const renamed = await send('PATCH', `${TAGS}/4`, { name: 'Service Accounts' });
    expect(renamed.status).toBe(409);
    expect(errorBody.parse(renamed.body).errors[0]?.context).toBe('name');
    const label = await send('POST', TAGS, { name: 'Lab', type: 2, position: 2 });
    expect(label.status).toBe(400);
    expect(errorBody.parse(label.body).errors[0]?.context).toBe('position');
    const first = await send('POST', TAGS, { name: 'Other', type: 1, position: 1 });
    expect(errorBody.parse(first.body).errors[0]?.context).toBe('position');
  });

  it("forbids renaming or deleting Tier Zero and Owned, and changing Tier Zero's fixed fields", async () => {
    expect((await send('PATCH', `${TAGS}/1`, { name: 'Tier 0' })).status).toBe(403);
    expect((await send('PATCH', `${TAGS}/2`, { name: 'Pwned' })).status).toBe(403);
    expect((await send('PATCH', `${TAGS}/1`, { position: 2 })).status).toBe(403);
    expect((await send('PATCH', `${TAGS}/1`, { glyph: 'star' })).status).toBe(403);
    expect((await send('PATCH', `${TAGS}/1`, { analysis_enabled: false })).status).toBe(403);
    expect((await send('DELETE', `${TAGS}/1`)).status).toBe(403);
    expect((await send('DELETE', `${TAGS}/2`)).status).toBe(403);
    const ok = await send('PATCH', `${TAGS}/1`, { description: 'Crown of the forest', require_certify: true });
    expect(ok.status).toBe(200);
    expect(tagWriteResponse.parse(ok.body).data).toMatchObject({ description: 'Crown of the forest', require_certify: true });
  });

  it('keeps history records for 90 days', async () => {
    const history = m.db.state.privilegeZones.history;
    history.push({ ...history[0]!, id: 9999, created_at: new Date(Date.now() - 91 * 86_400_000).toISOString() });
    expect((await send('PATCH', `${TAGS}/3`, { description: 'Business data' })).status).toBe(200);
    const ids = m.db.state.privilegeZones.history.map((h) => h.id);
    expect(ids).not.toContain(9999);
    expect(m.db.state.privilegeZones.history.at(-1)).toMatchObject({ action: 'UpdateTag', target: 'Critical Servers' });
  });

  it('records analysis switched off and on as its own history action', async () => {
    expect((await send('PATCH', `${TAGS}/3`, { analysis_enabled: false })).status).toBe(200);
    expect(m.db.state.privilegeZones.history.at(-1)?.action).toBe('AnalysisDisabledTag');
    expect((await send('PATCH', `${TAGS}/3`, { analysis_enabled: true })).status).toBe(200);
    expect(m.db.state.privilegeZones.history.at(-1)?.action).toBe('AnalysisEnabledTag');
  });

  it('creates, changes and deletes a Cypher rule; refuses Cypher that does not parse or is too complex', async () => {
    const res = await send('POST', `${TAGS}/1/selectors`, {
      name: 'Web servers',
      seeds: [{ type: 2, value: "MATCH (n:Computer) WHERE n.name STARTS WITH 'SRV-WEB' RETURN n" }],
      auto_certify: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const rule = selectorWriteResponse.parse(res.body).data;
    expect(rule).toMatchObject({ is_default: false, allow_disable: true, disabled_at: null, auto_certify: 1 });
    const got = selectorResponse.parse((await send('GET', `${TAGS}/1/selectors/${rule.id}`)).body).data.selector;
    expect(got.name).toBe('Web servers');
    const renamed = await send('PATCH', `${TAGS}/1/selectors/${rule.id}`, { name: 'Web farm', disabled: true });
    expect(selectorWriteResponse.parse(renamed.body).data).toMatchObject({ name: 'Web farm', disabled_by: 'admin' });
    expect((await send('DELETE', `${TAGS}/1/selectors/${rule.id}`)).status).toBe(204);
    expect(m.db.state.privilegeZones.history.slice(-3).map((h) => h.action)).toEqual([
      'CreateSelector',
      'UpdateSelector',
      'DeleteSelector',
    ]);
    expect(
      m.db.state.auditLogs
        .filter((a) => a.status === 'success')
        .slice(-3)
        .map((a) => a.action),
    ).toEqual(['CreateAssetGroupTagSelector', 'UpdateAssetGroupTagSelector', 'DeleteAssetGroupTagSelector']);

    const broken = await send('POST', `${TAGS}/1/selectors`, {
      name: 'Broken',
      seeds: [{ type: 2, value: 'MATCH (n RETURN n' }],
    });
    expect(broken.status).toBe(400);
    const error = errorBody.parse(broken.body).errors[0]!;
    expect(error.context).toBe('seeds.0.value');
    expect(error.message).toMatch(/line 1:\d+/);
    const complex = await send('POST', `${TAGS}/1/selectors`, {
      name: 'Everything',
      seeds: [{ type: 2, value: 'MATCH (a)-[*1..]->(b)-[*1..]->(c) RETURN c' }],
    });
    expect(complex.status).toBe(400);
    expect(errorBody.parse(complex.body).errors[0]?.message).toMatch(/too complex/);
    const mixed = await send('POST', `${TAGS}/1/selectors`, {
      name: 'Mixed',
      seeds: [
        { type: 1, value: 'S-1-5-21-1' },
        { type: 2, value: 'MATCH (n) RETURN n' },
      ],
    });
    expect(errorBody.parse(mixed.body).errors[0]?.context).toBe('seeds.1.type');
    const dup = await send('POST', `${TAGS}/1/selectors`, { name: 'domain admins', seeds: [{ type: 1, value: 'S-1-5-21-1' }] });
    expect(dup.status).toBe(409);
    const labelCertify = await send('POST', `${TAGS}/4/selectors`, {
      name: 'X',
      auto_certify: 1,
      seeds: [{ type: 1, value: 'S-1-5-21-1' }],
    });
    expect(errorBody.parse(labelCertify.body).errors[0]?.context).toBe('auto_certify');
  });

  it("forbids a default rule's other fields, disabling one that may not be, and deleting one", async () => {
    const rules = m.db.state.privilegeZones.selectors.filter((s) => s.is_default);
    const fixed = rules.find((s) => !s.allow_disable)!;
    const optional = rules.find((s) => s.allow_disable)!;
    expect((await send('PATCH', `${TAGS}/1/selectors/${fixed.id}`, { name: 'Renamed' })).status).toBe(403);
    expect((await send('PATCH', `${TAGS}/1/selectors/${fixed.id}`, { disabled: true })).status).toBe(403);
    expect((await send('DELETE', `${TAGS}/1/selectors/${optional.id}`)).status).toBe(403);
    const off = await send('PATCH', `${TAGS}/1/selectors/${optional.id}`, { disabled: true, auto_certify: 2 });
    expect(off.status).toBe(200);
    expect(selectorWriteResponse.parse(off.body).data.disabled_at).not.toBeNull();
  });

  it("certifies and revokes only the highest zone's record, skipping automatic ones", async () => {
    setMembership(m);
    const graph = graphOf(m.db.state);
    const records = m.db.state.privilegeZones.certifications;
    const ids = records.slice(0, 3).map((r) => graphIdOf(graph.byId.get(r.object_id)!));
    const res = await send('POST', `${TAGS}/certifications`, { member_ids: ids, action: 2, note: 'Checked with owners' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(records.slice(0, 3).map((r) => r.certified)).toEqual([3, 2, 2]);
    expect(records[1]).toMatchObject({ certified_by: 'admin', note: 'Checked with owners' });
    const list = certificationsResponse.parse((await send('GET', `${TAGS}/certifications?certified=eq:2`)).body);
    expect(list.count).toBe(2);
    expect(m.db.state.privilegeZones.history.slice(-2).map((h) => [h.action, h.note])).toEqual([
      ['CertifyNodeManual', 'Checked with owners'],
      ['CertifyNodeManual', 'Checked with owners'],
    ]);
    await send('POST', `${TAGS}/certifications`, { member_ids: [ids[1]], action: 1 });
    expect(records[1]!.certified).toBe(1);
    expect(m.db.state.privilegeZones.history.at(-1)?.action).toBe('CertifyNodeRevoked');
    const bad = await send('POST', `${TAGS}/certifications`, { member_ids: [ids[0]], action: 3 });
    expect(errorBody.parse(bad.body).errors[0]?.context).toBe('action');
  });

  it('searches the history across actor, email, action and target, and filters it', async () => {
    const res = await send('POST', '/api/v2/asset-group-tags-history?limit=500', { query: 'certifynode' });
    const records = historyResponse.parse(res.body).data.records;
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.action.startsWith('CertifyNode'))).toBe(true);
    const zone = historyResponse.parse(
      (await send('GET', '/api/v2/asset-group-tags-history?asset_group_tag_id=eq:3&limit=500')).body,
    );
    expect(zone.data.records.every((r) => r.asset_group_tag_id === 3)).toBe(true);
    const since = '2026-10-15T00:00:00Z';
    const recent = historyResponse.parse(
      (await send('GET', `/api/v2/asset-group-tags-history?created_at=gte:${since}&limit=500`)).body,
    );
    expect(recent.count).toBeGreaterThan(0);
    expect(recent.data.records.every((r) => Date.parse(r.created_at) >= Date.parse(since))).toBe(true);
    const bad = await send('GET', '/api/v2/asset-group-tags-history?created_at=yesterday');
    expect(errorBody.parse(bad.body).errors[0]?.context).toBe('created_at');
  });
});

describe('community edition', () => {
  let m: MockServer;
  let token: string;
  beforeAll(async () => {
    m = testMockServer({ edition: 'community' });
    token = await tokenFor(m, 'admin');
  });

  it('seeds Tier Zero and Owned only; creating, deleting and certification do not exist (404)', async () => {
    const tags = tagsListResponse.parse((await call(m, 'GET', TAGS, { token })).body).data.tags;
    expect(tags.map((t) => t.name)).toEqual(['Tier Zero', 'Owned']);
    expect((await call(m, 'POST', TAGS, { token, json: { name: 'X', type: 2 } })).status).toBe(404);
    expect((await call(m, 'DELETE', `${TAGS}/2`, { token })).status).toBe(404);
    expect((await call(m, 'GET', `${TAGS}/certifications`, { token })).status).toBe(404);
  });

  it("lets only Tier Zero's description change (403 otherwise)", async () => {
    expect((await call(m, 'PATCH', `${TAGS}/1`, { token, json: { description: 'Ours' } })).status).toBe(200);
    expect((await call(m, 'PATCH', `${TAGS}/1`, { token, json: { require_certify: true } })).status).toBe(403);
    expect((await call(m, 'PATCH', `${TAGS}/2`, { token, json: { description: 'x' } })).status).toBe(403);
  });
});
