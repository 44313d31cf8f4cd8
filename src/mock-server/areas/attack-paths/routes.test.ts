import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  allFindingsResponse,
  attackPathFinding,
  attackPathFindingsResponse,
  attackPathTypesResponse,
  comboTreeResponse,
  domainFindingsResponse,
  findingResponse,
  findingTrendsResponse,
  findingTypesResponse,
  postureHistoryResponse,
  postureStatsResponse,
  sparklineResponse,
  tierZeroComboNodeResponse,
} from '../../../api/schemas/attack-paths';
import { errorBody } from '../../../api/schemas/wire-format';
import { call, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import { SEED_EPOCH } from '../../seed/random';
import { FINDING_TYPES } from '../../analysis/findings/types';
import { compareText } from '../../../shared/compare-text';

const CORP = 'S-1-5-21-4107638521-1930581446-2864410937';
const LAB = 'S-1-5-21-2698120943-3526017684-1179350268';
const DAY = 86_400_000;
const ANALYSIS_MS = 1000;

let mock: MockServer;
let now: number;
let admin: string;

const get = (path: string, token = admin, headers: Record<string, string> = {}) => call(mock, 'GET', path, { token, headers });
const ok = async <T>(path: string, parse: (body: unknown) => T): Promise<T> => {
  const res = await get(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return parse(res.body);
};
/** The mock numbers every finding row (the reference's unified row has no id). */
const mockFindingsResponse = attackPathFindingsResponse.extend({
  data: z.array(attackPathFinding.required({ id: true })),
});
const findings = (q = '') => ok(`/api/v2/attack-paths/findings${q}`, (b) => mockFindingsResponse.parse(b));
const refusal = async (method: string, path: string, status: number, json?: unknown) => {
  const res = await call(mock, method, path, { token: admin, ...(json === undefined ? {} : { json }) });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return errorBody.parse(res.body).errors[0]!;
};
const accept = (id: number, body: unknown, token = admin) =>
  call(mock, 'PUT', `/api/v2/attack-paths/${id}/acceptance`, { token, json: body });

beforeEach(async () => {
  now = SEED_EPOCH + 3_600_000;
  mock = testMockServer({ clock: () => now, analysisMs: ANALYSIS_MS });
  admin = await tokenFor(mock, 'admin');
});

describe('finding types', () => {
  it('lists every type by name, sorted and filtered', async () => {
    const all = await ok('/api/v2/attack-path-types', (b) => attackPathTypesResponse.parse(b).data);
    expect(all).toEqual(FINDING_TYPES.map((t) => t.id).sort(compareText));
    expect(await ok('/api/v2/attack-path-types?finding=~eq:adcs', (b) => attackPathTypesResponse.parse(b).data)).toEqual([
      'T0ADCSESC1',
      'T0ADCSESC3',
      'T0ADCSESC4',
      'T0ADCSESC13',
    ]);
    const desc = await ok('/api/v2/attack-path-types?sort_by=-finding', (b) => attackPathTypesResponse.parse(b).data);
    expect(desc).toEqual([...all].reverse());
  });

  it('lists the types found, by title, per environment and zone', async () => {
    const found = await ok('/api/v2/attack-paths/finding-types', (b) => findingTypesResponse.parse(b).data);
    expect(found.length).toBeGreaterThan(10);
    expect(found.map((t) => t.title)).toEqual([...found.map((t) => t.title)].sort(compareText));
    expect(found).toContainEqual({ finding: 'Kerberoasting', title: 'Kerberoastable User Accounts' });
    const critical = await ok(
      '/api/v2/attack-paths/finding-types?asset_group_tag_id=eq:3',
      (b) => findingTypesResponse.parse(b).data,
    );
    expect(critical.every((t) => !t.title.includes('Tier Zero'))).toBe(true);
    const lab = await ok(`/api/v2/attack-paths/finding-types?environment_id=${LAB}`, (b) => findingTypesResponse.parse(b).data);
    expect(lab.length).toBeLessThan(found.length);
  });
});

describe('the findings list', () => {
  it('answers active findings of both kinds, most severe first, paged', async () => {
    const page = await findings();
    expect(page.count).toBeGreaterThan(50);
    expect(page.limit).toBe(100);
    expect(new Set(page.data.map((f) => f.status))).toEqual(new Set(['active']));
    expect(new Set(page.data.map((f) => f.finding_type))).toEqual(new Set(['relationship', 'list']));
    const rank = { critical: 0, high: 1, moderate: 2, low: 3 };
    const ranks = page.data.map((f) => rank[f.severity]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const second = await findings('?skip=5&limit=5');
    expect(second.data.map((f) => f.id)).toEqual(page.data.slice(5, 10).map((f) => f.id));
    const list = page.data.find((f) => f.finding_type === 'list')!;
    expect([list.source_principal_id, list.source_principal_kind, list.source_principal_name]).toEqual(['', '', '']);
    expect(page.data.find((f) => f.finding === 'T0GenericAll')).toMatchObject({
      platform: 'Active Directory',
      zone_name: 'Tier Zero',
      asset_group_tag_id: 1,
      title: 'GenericAll Privileges on Tier Zero Objects',
    });
  });

  it('filters on every column the reference names, and on several environments', async () => {
    const all = (await findings('?limit=1000')).data;
    const critical = (await findings('?severity=critical&limit=1000')).data;
    expect(critical.length).toBe(all.filter((f) => f.severity === 'critical').length);
    const severe = (await findings('?severity=eq:critical&severity=eq:high&limit=1000')).data;
    expect(severe.length).toBe(all.filter((f) => f.severity === 'critical' || f.severity === 'high').length);
    expect(severe.length).toBeGreaterThan(critical.length);
    const lists = (await findings('?finding_type=eq:list&limit=1000')).data;
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((f) => f.finding_type === 'list')).toBe(true);
    const named = (await findings('?target_principal_name=~eq:admin&limit=1000')).data;
    expect(named.every((f) => f.target_principal_name.toLowerCase().includes('admin'))).toBe(true);
    const notCorp = (await findings(`?environment_name=neq:CORP.ACME.LOCAL&limit=1000`)).data;
    expect(notCorp.every((f) => f.environment_id === LAB)).toBe(true);
    const both = await findings(`?environment_id=${CORP}&environment_id=${LAB}`);
    expect(both.count).toBe((await findings()).count);
    const zone = await findings('?zone_name=Critical Servers&limit=1000');
    expect(zone.data.every((f) => f.asset_group_tag_id === 3)).toBe(true);
    const sorted = (await findings('?sort_by=target_principal_name&sort_by=-first_seen&limit=1000')).data;
    expect(sorted.map((f) => f.target_principal_name)).toEqual([...sorted.map((f) => f.target_principal_name)].sort(compareText));
    expect((await findings('?status=remediated')).count).toBe(0);
  });

  it('refuses unknown parameters, columns and predicates, naming them', async () => {
    expect((await refusal('GET', '/api/v2/attack-paths/findings?colour=red', 400)).context).toBe('colour');
    expect((await refusal('GET', '/api/v2/attack-paths/findings?sort_by=colour', 400)).message).toContain('colour');
    expect((await refusal('GET', '/api/v2/attack-paths/findings?severity=gt:low', 400)).context).toBe('severity');
    expect((await refusal('GET', '/api/v2/attack-paths/findings?limit=-1', 400)).context).toBe('limit');
  });

  it('answers CSV when only text/csv is accepted', async () => {
    const res = await get('/api/v2/attack-paths/findings?severity=critical', admin, { Accept: 'text/csv' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/csv');
    const lines = String(res.body).trim().split('\n');
    expect(lines[0]).toBe(
      'Severity,Finding,Title,FindingType,Platform,EnvironmentID,EnvironmentName,AssetGroupTagID,ZoneName,SourcePrincipalID,SourcePrincipalKind,SourcePrincipalName,TargetPrincipalID,TargetPrincipalKind,TargetPrincipalName,Status,FirstSeen,LastSeen',
    );
    expect(lines.length - 1).toBe((await findings('?severity=critical&limit=1000')).count);
    expect(lines.slice(1).every((l) => l.startsWith('critical,'))).toBe(true);
  });
});

describe('risk acceptance', () => {
  it('accepts until a time, audited; the finding reads as active again once it has passed', async () => {
    const [first] = (await findings('?finding=T0GenericAll')).data;
    const until = new Date(now + 2 * DAY).toISOString();
    const res = await accept(first!.id, {
      accepted: true,
      accept_until: until,
      risk_type: 'relationship',
      note: 'Service account, owner signs off',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(findingResponse.parse(res.body).data).toMatchObject({
      id: first!.id,
      Accepted: true,
      AcceptedUntil: until,
      Finding: 'T0GenericAll',
    });
    expect((await findings('?finding=T0GenericAll')).data.map((f) => f.id)).not.toContain(first!.id);
    expect((await findings('?status=accepted')).data.map((f) => f.id)).toEqual([first!.id]);

    const audit = await get('/api/v2/audit?action=UpdateRiskAcceptance');
    const entries = (audit.body as { data: { logs: { action: string; status: string; fields: Record<string, unknown> }[] } }).data
      .logs;
    expect(entries.map((l) => l.status).sort()).toEqual(['intent', 'success']);
    expect(entries[0]!.fields).toMatchObject({
      finding: 'T0GenericAll',
      accepted: true,
      note: 'Service account, owner signs off',
    });

    now += 2 * DAY + 1;
    expect((await findings('?status=accepted')).count).toBe(0);
    expect((await findings('?finding=T0GenericAll')).data.map((f) => f.id)).toContain(first!.id);
  });

  it('accepts for good without accept_until, and stops accepting', async () => {
    const [f] = (await findings('?finding_type=list')).data;
    const res = await accept(f!.id, { accepted: true });
    expect(findingResponse.parse(res.body).data).toMatchObject({ Accepted: true, AcceptedUntil: '0001-01-01T00:00:00Z' });
    now += 400 * DAY;
    expect((await findings('?status=accepted')).data.map((x) => x.id)).toEqual([f!.id]);
    expect(findingResponse.parse((await accept(f!.id, { accepted: false })).body).data).toMatchObject({ Accepted: false });
    expect((await findings('?status=accepted')).count).toBe(0);
  });

  it('refuses a past accept_until, a wrong risk_type, an unknown finding and a missing flag', async () => {
    const [f] = (await findings()).data;
    const path = `/api/v2/attack-paths/${f!.id}/acceptance`;
    expect((await refusal('PUT', path, 400, { accepted: true, accept_until: new Date(now - 1000).toISOString() })).context).toBe(
      'accept_until',
    );
    expect((await refusal('PUT', path, 400, { accepted: true, risk_type: 'T0Nothing' })).context).toBe('risk_type');
    expect((await refusal('PUT', path, 400, {})).context).toBe('accepted');
    expect((await refusal('PUT', path, 400, { accepted: true, note: 'x'.repeat(501) })).context).toBe('note');
    expect((await refusal('PUT', '/api/v2/attack-paths/999999/acceptance', 404, { accepted: true })).context).toBe(
      'attack_path_id',
    );
    expect((await refusal('PUT', '/api/v2/attack-paths/abc/acceptance', 400, { accepted: true })).context).toBe('attack_path_id');
  });

  it('needs risks.ManageRisks', async () => {
    const [f] = (await findings()).data;
    const reader = await tokenFor(mock, 'reader');
    const res = await accept(f!.id, { accepted: true }, reader);
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).toContain('risks.ManageRisks');
    expect((await accept(f!.id, { accepted: true }, await tokenFor(mock, 'poweruser'))).status).toBe(200);
  });
});

describe('analysis', () => {
  it('PUT /api/v2/attack-paths starts an analysis whose end records the findings and the posture again', async () => {
    const before = await ok(`/api/v2/posture-stats?domain_sid=${CORP}`, (b) => postureStatsResponse.parse(b));
    expect((await call(mock, 'PUT', '/api/v2/attack-paths', { token: admin })).status).toBe(202);
    // A second request while one is pending keeps the pending one.
    expect((await call(mock, 'PUT', '/api/v2/attack-paths', { token: admin })).status).toBe(202);
    await mock.ingest.idle();
    now += ANALYSIS_MS;
    const after = await ok(`/api/v2/posture-stats?domain_sid=${CORP}`, (b) => postureStatsResponse.parse(b));
    expect(after.count).toBe(before.count + 1);
    const last = after.data.at(-1)!;
    expect(last.created_at).toBe(new Date(now).toISOString());
    expect(last).toMatchObject({ tier_zero_count: before.data.at(-1)!.tier_zero_count });
    const seen = (await findings('?limit=1000')).data;
    expect(seen.every((f) => f.last_seen === last.created_at)).toBe(true);
    expect(seen.every((f) => f.first_seen <= f.last_seen)).toBe(true);
  });

  it('needs graphdb.Write to start one', async () => {
    expect((await call(mock, 'PUT', '/api/v2/attack-paths', { token: await tokenFor(mock, 'reader') })).status).toBe(403);
  });
});

describe('a domain’s findings', () => {
  it('lists its types, its findings of one type in both forms, and exports them', async () => {
    const types = await ok(`/api/v2/domains/${CORP}/available-types`, (b) => attackPathTypesResponse.parse(b).data);
    expect(types).toContain('T0GenericAll');
    expect(types).toEqual([...types].sort(compareText));
    const rel = await ok(`/api/v2/domains/${CORP}/details?finding=T0GenericAll`, (b) => domainFindingsResponse.parse(b));
    expect(rel.count).toBeGreaterThan(0);
    expect(rel.data[0]).toMatchObject({ Finding: 'T0GenericAll', DomainSID: CORP, Accepted: false });
    const list = await ok(`/api/v2/domains/${CORP}/details?finding=Kerberoasting`, (b) => domainFindingsResponse.parse(b));
    expect(list.data[0]).toHaveProperty('Principal');
    const sorted = await ok(`/api/v2/domains/${CORP}/details?finding=T0GenericAll&sort_by=-ExposureCount`, (b) =>
      domainFindingsResponse.parse(b),
    );
    const counts = sorted.data.map((f) => ('ExposureCount' in f ? f.ExposureCount : 0));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const csv = await get(`/api/v2/domains/${CORP}/attack-path-findings?finding=T0GenericAll`);
    expect(csv.status).toBe(200);
    expect(String(csv.body).split('\n')[0]).toContain('exposure_count,exposure_percentage');
    expect(String(csv.body).trim().split('\n')).toHaveLength(rel.count + 1);
    const asCsv = await get(`/api/v2/domains/${CORP}/details?finding=Kerberoasting&Accept=text/csv`);
    expect(String(asCsv.body).split('\n')[0]).toContain('principal_name');
  });

  it('refuses an unknown domain, an unknown type and a missing one', async () => {
    expect((await refusal('GET', '/api/v2/domains/S-1-5-21-1-2-3/available-types', 404)).context).toBe('domain_id');
    expect((await refusal('GET', `/api/v2/domains/${CORP}/details?finding=T0Nothing`, 400)).context).toBe('finding');
    expect((await refusal('GET', `/api/v2/domains/${CORP}/details`, 400)).context).toBe('finding');
    expect((await refusal('GET', `/api/v2/domains/${CORP}/details?finding=T0Owns&asset_group_tag_id=2`, 404)).context).toBe(
      'asset_group_tag_id',
    );
  });

  it('gives a type’s counts per analysis over the last 30 days by default', async () => {
    const spark = await ok(`/api/v2/domains/${CORP}/sparkline?finding=eq:T0GenericAll`, (b) => sparklineResponse.parse(b));
    expect(spark.data.length).toBeGreaterThanOrEqual(29);
    expect(spark.data.length).toBeLessThanOrEqual(31);
    expect(spark.data.every((r) => r.Finding === 'T0GenericAll' && r.DomainSID === CORP)).toBe(true);
    expect(Date.parse(spark.end) - Date.parse(spark.start)).toBe(30 * DAY);
  });

  it('gives the combo tree and the Tier Zero combo node', async () => {
    const node = await ok(`/api/v2/meta-nodes/${CORP}`, (b) => tierZeroComboNodeResponse.parse(b).data);
    expect(node['1']!.label!.text).toBe('Tier Zero · CORP.ACME.LOCAL');
    const tree = await ok(`/api/v2/meta-trees/${CORP}`, (b) => comboTreeResponse.parse(b).data);
    const edges = Object.entries(tree).filter(([id]) => id.startsWith('rel_'));
    expect(edges.length).toBe(Object.keys(tree).length - 1 - edges.length);
    const one = await ok(`/api/v2/meta-trees/${CORP}?node_id=2`, (b) => comboTreeResponse.parse(b).data);
    expect(Object.keys(one).sort()).toEqual(['1', '2', 'rel_2_1']);
    expect((await refusal('GET', `/api/v2/meta-trees/${CORP}?node_id=99999`, 400)).context).toBe('node_id');
  });
});

describe('posture', () => {
  it('holds about 90 days of seeded history per environment', async () => {
    const stats = await ok(`/api/v2/posture-stats?domain_sid=${LAB}`, (b) => postureStatsResponse.parse(b));
    expect(stats.count).toBe(90);
    const days = (Date.parse(stats.data.at(-1)!.created_at) - Date.parse(stats.data[0]!.created_at)) / DAY;
    expect(Math.round(days)).toBe(89);
    expect(stats.data[0]!.exposure_index).toBeGreaterThan(stats.data.at(-1)!.exposure_index);
    const high = await ok('/api/v2/posture-stats?exposure_index=gte:50&sort_by=-exposure_index', (b) =>
      postureStatsResponse.parse(b),
    );
    expect(high.data.every((p) => p.exposure_index >= 50)).toBe(true);
  });

  it('starts empty without the generated directory', async () => {
    mock = testMockServer({ clock: () => now, emptyGraph: true });
    admin = await tokenFor(mock, 'admin');
    expect((await findings()).count).toBe(0);
    expect((await ok('/api/v2/posture-stats', (b) => postureStatsResponse.parse(b))).count).toBe(0);
  });

  it('gives one figure per day over environments, for every data type', async () => {
    for (const type of [
      'findings',
      'exposure',
      'assets',
      'session-completeness',
      'group-completeness',
      'attack-paths',
      'archived-findings',
    ]) {
      const h = await ok(`/api/v2/posture-history/${type}?environments=${CORP}&environments=${LAB}`, (b) =>
        postureHistoryResponse.parse(b),
      );
      expect(h.data_type).toBe(type);
      expect(h.data.length, type).toBeGreaterThanOrEqual(29);
    }
    const corp = await ok(`/api/v2/posture-history/findings?environments=${CORP}`, (b) => postureHistoryResponse.parse(b));
    const both = await ok(`/api/v2/posture-history/findings?environments=${CORP}&environments=${LAB}`, (b) =>
      postureHistoryResponse.parse(b),
    );
    expect(both.data.at(-1)!.value).toBeGreaterThan(corp.data.at(-1)!.value);
    expect((await refusal('GET', `/api/v2/posture-history/colour?environments=${CORP}`, 400)).context).toBe('data_type');
    expect((await refusal('GET', '/api/v2/posture-history/findings', 400)).context).toBe('environments');
    expect((await refusal('GET', '/api/v2/posture-history/findings?environments=S-1-5-21-9', 404)).context).toBe('environments');
  });

  it('gives each type’s change over a window', async () => {
    const t = await ok(`/api/v2/attack-paths/finding-trends?environments=${CORP}`, (b) => findingTrendsResponse.parse(b));
    expect(t.data.findings.length).toBeGreaterThan(5);
    expect(t.data.total_finding_count_end).toBe(t.data.findings.reduce((n, f) => n + f.finding_count_end, 0));
    expect(t.data.total_finding_count_start).toBeGreaterThan(t.data.total_finding_count_end);
    expect(t.data.findings.find((f) => f.display_type === 'list')!.exposure_count).toBeNull();
  });

  it('lists every found finding with each type’s documentation', async () => {
    const all = await ok('/api/v2/attack-paths/details', (b) => allFindingsResponse.parse(b));
    expect(all.findings.length).toBe((await findings('?limit=1000')).count);
    const doc = all.finding_assets.T0GenericAll!;
    expect(Buffer.from(String(doc['title.md']), 'base64').toString()).toBe('GenericAll Privileges on Tier Zero Objects');
    expect(Buffer.from(String(doc['references.md']), 'base64').toString()).toContain('https://bloodhound.specterops.io');
  });
});

describe('persistence', () => {
  const dir = mkdtempSync(join(tmpdir(), 'attack-paths-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps findings, acceptances and posture with MOCK_DB', async () => {
    const file = join(dir, 'state.json');
    const first = testMockServer({ clock: () => now }, { MOCK_DB: file });
    const token = await tokenFor(first, 'admin');
    const page = attackPathFindingsResponse.parse((await call(first, 'GET', '/api/v2/attack-paths/findings', { token })).body);
    const id = page.data[0]!.id;
    expect((await call(first, 'PUT', `/api/v2/attack-paths/${id}/acceptance`, { token, json: { accepted: true } })).status).toBe(
      200,
    );
    await first.db.idle();
    const second = testMockServer({ clock: () => now }, { MOCK_DB: file });
    expect(second.db.state.attackPaths).toEqual(first.db.state.attackPaths);
    const again = await call(second, 'GET', '/api/v2/attack-paths/findings?status=accepted', {
      token: await tokenFor(second, 'admin'),
    });
    expect(attackPathFindingsResponse.parse(again.body).data.map((f) => f.id)).toEqual([id]);
  });
});

describe('access and editions', () => {
  it('needs graphdb.Read to read findings', async () => {
    const uploader = await tokenFor(mock, 'uploader');
    expect((await get('/api/v2/attack-paths/findings', uploader)).status).toBe(403);
    expect((await get(`/api/v2/posture-stats`, uploader)).status).toBe(403);
    expect((await get('/api/v2/attack-paths/findings', await tokenFor(mock, 'reader'))).status).toBe(200);
    expect((await call(mock, 'GET', '/api/v2/attack-paths/findings')).status).toBe(401);
  });

  it('shows a person limited to some environments only theirs', async () => {
    const reader = mock.db.state.users.find((u) => u.principal_name === 'reader')!;
    reader.all_environments = false;
    reader.environment_ids = [LAB];
    const token = await tokenFor(mock, 'reader');
    const page = attackPathFindingsResponse.parse((await get('/api/v2/attack-paths/findings?limit=1000', token)).body);
    expect(page.count).toBeGreaterThan(0);
    expect(page.data.every((f) => f.environment_id === LAB)).toBe(true);
    expect((await get(`/api/v2/domains/${CORP}/available-types`, token)).status).toBe(403);
    expect((await get(`/api/v2/posture-history/findings?environments=${CORP}`, token)).status).toBe(403);
    const stats = postureStatsResponse.parse((await get('/api/v2/posture-stats', token)).body);
    expect(new Set(stats.data.map((p) => p.domain_sid))).toEqual(new Set([LAB]));
  });

  it('answers 404 on a community server', async () => {
    mock = testMockServer({ edition: 'community' });
    admin = await tokenFor(mock, 'admin');
    for (const path of [
      '/api/v2/attack-path-types',
      '/api/v2/attack-paths/findings',
      '/api/v2/posture-stats',
      `/api/v2/domains/${CORP}/details?finding=T0Owns`,
      `/api/v2/meta-nodes/${CORP}`,
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect((await call(mock, 'PUT', '/api/v2/attack-paths', { token: admin })).status).toBe(404);
    expect((await accept(1, { accepted: true })).status).toBe(404);
  });
});
