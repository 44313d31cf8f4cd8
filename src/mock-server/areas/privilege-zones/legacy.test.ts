import { beforeEach, describe, expect, it } from 'vitest';
import { TagType } from '../../../api/schemas/privilege-zones';
import { call, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import type { CypherAnswer } from '../../cypher/answer';
import { directoryGraph } from '../../seed/graph';
import { SEED_EPOCH } from '../../seed/random';
import { analyzePrivilegeZones } from './membership';
import type { StoredSelector, StoredTag } from './model';

const ANALYSIS_MS = 5000;
const graph = directoryGraph();
const byName = (name: string, kind: string) => graph.nodes.find((n) => n.name === name && n.primaryKind === kind)!;
const domainAdmins = byName('DOMAIN ADMINS@CORP.ACME.LOCAL', 'Group');
const aUser = graph.nodes.find((n) => n.primaryKind === 'User' && !/^(ADMINISTRATOR|KRBTGT|SVC_|GUEST)/.test(n.name))!;
const TIER_ZERO = 1;
const OWNED = 2;

let mock: MockServer;
let now: number;
let admin: string;

function tag(id: number, name: string, type: StoredTag['type'], position: number | null): StoredTag {
  const at = new Date(now).toISOString();
  return {
    id,
    type,
    kind_id: 100 + id,
    name,
    description: '',
    created_at: at,
    created_by: 'test',
    updated_at: at,
    updated_by: 'test',
    deleted_at: null,
    deleted_by: null,
    position,
    require_certify: type === TagType.Zone ? false : null,
    analysis_enabled: type === TagType.Zone ? true : null,
    glyph: null,
  };
}

function rule(id: number, tagId: number, value: string, type: 1 | 2, isDefault: boolean): StoredSelector {
  const at = new Date(now).toISOString();
  return {
    id,
    asset_group_tag_id: tagId,
    created_at: at,
    created_by: 'test',
    updated_at: at,
    updated_by: 'test',
    disabled_at: null,
    disabled_by: null,
    name: `Rule ${id}`,
    description: '',
    auto_certify: 0,
    is_default: isDefault,
    allow_disable: true,
    seeds: [{ type, value }],
  };
}

beforeEach(async () => {
  now = SEED_EPOCH + 86_400_000;
  mock = testMockServer({ clock: () => now, analysisMs: ANALYSIS_MS });
  admin = await tokenFor(mock, 'admin');
  // Tier Zero with one default rule (Domain Admins) and Owned, computed as the seed computes them.
  mock.db.state.privilegeZones = {
    tags: [tag(TIER_ZERO, 'Tier Zero', TagType.Zone, 1), tag(OWNED, 'Owned', TagType.Owned, null)],
    selectors: [rule(1, TIER_ZERO, "MATCH (n:Group) WHERE n.objectid ENDS WITH '-512' RETURN n", 2, true)],
    certifications: [],
    history: [],
    membership: null,
    next: { tag: 3, selector: 2, history: 1 },
  };
  analyzePrivilegeZones(mock.db.state, new Date(now).toISOString());
});

const get = async <T>(path: string) => {
  const res = await call(mock, 'GET', path, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as T;
};
const legacyMembers = async (groupId: number) =>
  new Set(
    (
      await get<{ data: { members: { object_id: string }[] } }>(`/api/v2/asset-groups/${groupId}/members?limit=1000`)
    ).data.members.map((m) => m.object_id),
  );
const computed = (tagId: number) => new Set(mock.db.state.privilegeZones.membership!.tags[tagId]!.map((m) => m.object_id));
const systemTags = async (objectid: string) =>
  (await get<{ data: { props: { system_tags?: string } } }>(`/api/v2/users/${objectid}`)).data.props.system_tags ?? '';
const tierZeroByCypher = async () => {
  const res = await call(mock, 'POST', '/api/v2/graphs/cypher', {
    token: admin,
    json: { query: 'MATCH (n:Tag_Tier_Zero) RETURN n' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new Set(Object.values((res.body as { data: CypherAnswer }).data.nodes).map((n) => n.objectId));
};
const changeLegacy = (groupId: number, json: unknown) =>
  call(mock, 'PUT', `/api/v2/asset-groups/${groupId}/selectors`, { token: admin, json });
const pipelineStatus = async () => (await get<{ data: { status: string } }>('/api/v2/datapipe/status')).data.status;
const rulesOf = (tagId: number) => mock.db.state.privilegeZones.selectors.filter((s) => s.asset_group_tag_id === tagId);

describe('Tier Zero and Owned are one truth with the legacy system groups', () => {
  it('the legacy groups list the computed members; their custom selectors became object-id rules', async () => {
    const tierZero = computed(TIER_ZERO);
    expect(tierZero.has(domainAdmins.objectid)).toBe(true);
    expect(await legacyMembers(1)).toEqual(tierZero);
    expect(await tierZeroByCypher()).toEqual(tierZero);
    const owned = computed(OWNED);
    expect(await legacyMembers(2)).toEqual(owned);
    // Every custom selector of the legacy groups is a rule of its tag.
    for (const [groupId, tagId] of [
      [1, TIER_ZERO],
      [2, OWNED],
    ] as const) {
      const custom = mock.db.state.assetGroups.find((g) => g.id === groupId)!.selectors.filter((s) => !s.system_selector);
      expect(custom.length).toBeGreaterThan(0);
      const seeds = rulesOf(tagId).flatMap((r) => r.seeds.map((s) => s.value));
      for (const s of custom) expect(seeds).toContain(s.selector);
    }
    expect(owned.size).toBe(rulesOf(OWNED).length);
    // The list's member count says the same.
    const groups = await get<{ data: { asset_groups: { id: number; member_count: number }[] } }>('/api/v2/asset-groups');
    expect(groups.data.asset_groups.find((g) => g.id === 1)!.member_count).toBe(tierZero.size);
  });

  it('a legacy selector added to Admin Tier Zero is a Tier Zero rule at once, and a member when analysis has run', async () => {
    expect(computed(TIER_ZERO).has(aUser.objectid)).toBe(false);
    const res = await changeLegacy(1, [{ action: 'add', sid: aUser.objectid, selector_name: 'Promoted' }]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const linked = rulesOf(TIER_ZERO).find((r) => r.seeds.some((s) => s.value === aUser.objectid))!;
    expect(linked).toMatchObject({ name: 'Promoted', is_default: false, seeds: [{ type: 1, value: aUser.objectid }] });
    expect(mock.db.state.privilegeZones.history[0]).toMatchObject({
      action: 'CreateSelector',
      target: 'Promoted',
      asset_group_tag_id: TIER_ZERO,
    });

    // Requested, not yet run: nobody reports the new member.
    expect(await pipelineStatus()).toBe('analyzing');
    expect((await legacyMembers(1)).has(aUser.objectid)).toBe(false);
    expect(await systemTags(aUser.objectid)).not.toMatch(/admin_tier_0/);

    now += ANALYSIS_MS;
    expect((await legacyMembers(1)).has(aUser.objectid)).toBe(true);
    expect(computed(TIER_ZERO).has(aUser.objectid)).toBe(true);
    expect(await systemTags(aUser.objectid)).toMatch(/admin_tier_0/);
    expect((await tierZeroByCypher()).has(aUser.objectid)).toBe(true);
    expect(await pipelineStatus()).toBe('idle');

    // Removed through the legacy API: the rule goes at once, the member after analysis.
    const removed = await changeLegacy(1, [{ action: 'remove', sid: aUser.objectid }]);
    expect(removed.status, JSON.stringify(removed.body)).toBe(201);
    expect(rulesOf(TIER_ZERO).some((r) => r.id === linked.id)).toBe(false);
    expect((await legacyMembers(1)).has(aUser.objectid)).toBe(true);
    now += ANALYSIS_MS;
    expect((await legacyMembers(1)).has(aUser.objectid)).toBe(false);
    expect(await systemTags(aUser.objectid)).toBe('');
  });

  it('a rule added to Tier Zero shows in the legacy group after analysis; a linked rule deleted takes its legacy selector', async () => {
    const zones = mock.db.state.privilegeZones;
    zones.selectors.push(rule(zones.next.selector++, TIER_ZERO, aUser.objectid, 1, false));
    expect((await call(mock, 'PUT', '/api/v2/analysis', { token: admin })).status).toBe(202);
    expect((await legacyMembers(1)).has(aUser.objectid)).toBe(false);
    now += ANALYSIS_MS;
    expect((await legacyMembers(1)).has(aUser.objectid)).toBe(true);

    const owned = mock.db.state.assetGroups.find((g) => g.id === 2)!;
    const legacy = owned.selectors.find((s) => !s.system_selector)!;
    const linkedId = zones.legacy_rules![legacy.id]!;
    zones.selectors = zones.selectors.filter((s) => s.id !== linkedId);
    expect((await call(mock, 'PUT', '/api/v2/analysis', { token: admin })).status).toBe(202);
    now += ANALYSIS_MS;
    await pipelineStatus();
    expect(owned.selectors.some((s) => s.id === legacy.id)).toBe(false);
    expect((await legacyMembers(2)).has(legacy.selector)).toBe(false);
  });
});
