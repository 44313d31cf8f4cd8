import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { errorBody } from '../../../api/schemas/wire-format';
import { datapipeStatusResponse } from '../../../api/schemas/datapipe';
import { adDataQualityStatsResponse, availableDomainsResponse } from '../../../api/schemas/data-quality';
import { call, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import { directoryGraph } from '../../seed/graph';
import { SEED_EPOCH } from '../../seed/random';
import { domainFigures, HISTORY_DAYS } from './store';

const CORP = 'S-1-5-21-4107638521-1930581446-2864410937';
const LAB = 'S-1-5-21-2698120943-3526017684-1179350268';
const DAY = 86_400_000;

let mock: MockServer;
let now: number;
let admin: string;

const get = (path: string) => call(mock, 'GET', path, { token: admin });
const stats = async (query: string, domain = CORP) => {
  const res = await get(`/api/v2/ad-domains/${domain}/data-quality-stats${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return adDataQualityStatsResponse.parse(res.body);
};
const refusal = async (path: string) => {
  const res = await get(path);
  expect(res.status).toBe(400);
  return errorBody.parse(res.body).errors[0]!;
};
const ALL = '?start=2000-01-01T00:00:00Z';

beforeEach(async () => {
  now = SEED_EPOCH + 2 * DAY;
  mock = testMockServer({ clock: () => now, analysisMs: 1000 });
  admin = await tokenFor(mock, 'admin');
});

describe('available domains', () => {
  it('lists the graph’s domains; impactValue only in the enterprise edition', async () => {
    const list = availableDomainsResponse.parse((await get('/api/v2/available-domains')).body).data;
    expect(list.map(({ impactValue, ...d }) => [d, typeof impactValue])).toEqual([
      [{ type: 'active-directory', name: 'CORP.ACME.LOCAL', id: CORP, collected: true }, 'number'],
      [{ type: 'active-directory', name: 'LAB.ACME.LOCAL', id: LAB, collected: true }, 'number'],
    ]);
    expect(list.every((d) => d.impactValue! >= 0 && d.impactValue! <= 100)).toBe(true);

    mock = testMockServer({ edition: 'community' });
    admin = await tokenFor(mock, 'admin');
    const community = availableDomainsResponse.parse((await get('/api/v2/available-domains')).body).data;
    expect(community).toHaveLength(2);
    expect(community.some((d) => 'impactValue' in d)).toBe(false);
  });

  it('sorts and filters as the reference says; bad parameters are a 400 naming them', async () => {
    const names = async (q: string) =>
      availableDomainsResponse.parse((await get(`/api/v2/available-domains${q}`)).body).data.map((d) => d.name);
    expect(await names('?sort_by=-name')).toEqual(['LAB.ACME.LOCAL', 'CORP.ACME.LOCAL']);
    expect(await names('?sort_by=objectid')).toEqual(['LAB.ACME.LOCAL', 'CORP.ACME.LOCAL']);
    expect(await names('?name=~eq:lab')).toEqual(['LAB.ACME.LOCAL']);
    expect(await names(`?objectid=neq:${LAB}`)).toEqual(['CORP.ACME.LOCAL']);
    expect(await names('?collected=eq:false')).toEqual([]);
    expect(await names('?collected=true')).toHaveLength(2);

    expect((await refusal('/api/v2/available-domains?sort_by=impact')).context).toBe('sort_by');
    expect((await refusal('/api/v2/available-domains?name=gt:a')).context).toBe('name');
    expect(await refusal('/api/v2/available-domains?collected=eq:maybe')).toEqual({
      context: 'collected',
      message: 'The collected filter takes true or false (for example collected=eq:true).',
    });
    expect((await refusal('/api/v2/available-domains?domain=x')).context).toBe('domain');
  });
});

describe('data-quality statistics', () => {
  it('holds a seeded daily history of at least 120 days per domain, a few days missing, moving plausibly', async () => {
    for (const domain of [CORP, LAB]) {
      const all = await stats(ALL, domain);
      expect(all.count).toBeGreaterThanOrEqual(120);
      expect(all.count).toBeLessThan(HISTORY_DAYS);
      const times = all.data.map((p) => Date.parse(p.created_at));
      const span = (times.at(-1)! - times[0]!) / DAY;
      expect(span).toBeGreaterThan(120);
      const gaps = times.slice(1).map((t, i) => Math.round((t - times[i]!) / DAY));
      expect(gaps.filter((g) => g > 1).length).toBeGreaterThan(0);
      expect(gaps.every((g) => g >= 1)).toBe(true);
      // The newest point is the graph's own figures.
      const { id: _id, created_at: _c, updated_at: _u, deleted_at: _d, domain_sid, run_id: _r, ...newest } = all.data.at(-1)!;
      expect(domain_sid).toBe(domain);
      expect(newest).toEqual(domainFigures(directoryGraph()).get(domain));
      for (const p of all.data) {
        for (const share of [p.session_completeness, p.local_group_completeness]) {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(1);
        }
      }
      // Sessions swing more than users from one day to the next.
      const change = (key: 'users' | 'sessions') =>
        all.data.slice(1).reduce((sum, p, i) => sum + Math.abs(p[key] - all.data[i]![key]) / Math.max(1, all.data[i]![key]), 0);
      expect(change('sessions')).toBeGreaterThan(3 * change('users'));
      expect(new Set(all.data.map((p) => p.users)).size).toBeGreaterThan(3);
    }
    // Deterministic: a new server seeds the same history.
    const again = testMockServer({ clock: () => now });
    const body = (
      await call(again, 'GET', `/api/v2/ad-domains/${CORP}/data-quality-stats${ALL}`, {
        token: await tokenFor(again, 'admin'),
      })
    ).body;
    expect(body).toEqual(await stats(ALL));
  });

  it('covers the last 30 days by default, inclusive windows, and echoes the window', async () => {
    const byDefault = await stats('');
    expect(byDefault.end).toBe(new Date(now).toISOString());
    expect(byDefault.start).toBe(new Date(now - 30 * DAY).toISOString());
    expect(byDefault.count).toBeGreaterThan(20);
    expect(byDefault.count).toBeLessThanOrEqual(31);
    expect(byDefault.data.every((p) => Date.parse(p.created_at) >= now - 30 * DAY)).toBe(true);

    const one = byDefault.data[3]!.created_at;
    const exact = await stats(`?start=${one}&end=${one}`);
    expect(exact.data.map((p) => p.created_at)).toEqual([one]);
    // Any offset is read as the instant it names.
    const shifted = new Date(Date.parse(one)).toISOString().replace('Z', '+00:00');
    expect((await stats(`?start=${encodeURIComponent(shifted)}&end=${encodeURIComponent(shifted)}`)).count).toBe(1);
  });

  it('sorts by created_at or updated_at either way, and pages (limit capped at 1000)', async () => {
    const asc = await stats(ALL);
    const desc = await stats(`${ALL}&sort_by=-created_at`);
    expect(desc.data.map((p) => p.id)).toEqual(asc.data.map((p) => p.id).reverse());
    expect((await stats(`${ALL}&sort_by=-updated_at`)).data[0]!.id).toBe(desc.data[0]!.id);
    const page = await stats(`${ALL}&skip=10&limit=5`);
    expect(page).toMatchObject({ count: asc.count, skip: 10, limit: 5 });
    expect(page.data.map((p) => p.id)).toEqual(asc.data.slice(10, 15).map((p) => p.id));
    expect((await stats(`${ALL}&limit=5000`)).limit).toBe(1000);
  });

  it('refuses bad windows and parameters naming them, and answers 404 for an unknown domain', async () => {
    const path = `/api/v2/ad-domains/${CORP}/data-quality-stats`;
    expect(await refusal(`${path}?start=yesterday`)).toEqual({
      context: 'start',
      message: 'start must be an RFC 3339 date-time such as 2026-11-01T00:00:00Z, not "yesterday".',
    });
    expect((await refusal(`${path}?end=2026-11-01`)).context).toBe('end');
    expect(await refusal(`${path}?start=2026-11-02T00:00:00Z&end=2026-11-01T00:00:00Z`)).toEqual({
      context: 'start',
      message: 'start (2026-11-02T00:00:00.000Z) is after end (2026-11-01T00:00:00.000Z); choose a start before the end.',
    });
    expect((await refusal(`${path}?sort_by=users`)).context).toBe('sort_by');
    expect((await refusal(`${path}?skip=-1`)).context).toBe('skip');
    expect((await refusal(`${path}?domain=x`)).context).toBe('domain');
    const missing = await get('/api/v2/ad-domains/S-1-5-21-1-2-3/data-quality-stats');
    expect(missing.status).toBe(404);
    expect(errorBody.parse(missing.body).errors[0]!.context).toBe('domain_id');
    const reader = await tokenFor(mock, 'reader');
    expect((await call(mock, 'GET', `${path}`, { token: reader })).status).toBe(200);
  });

  it('adds a point per domain with the live figures when an analysis finishes', async () => {
    const before = [(await stats(ALL, CORP)).count, (await stats(ALL, LAB)).count];
    await call(mock, 'PUT', '/api/v2/analysis', { token: admin });
    now += 1000;
    const corp = await stats(ALL, CORP);
    const lab = await stats(ALL, LAB);
    expect([corp.count, lab.count]).toEqual([before[0]! + 1, before[1]! + 1]);
    expect(corp.data.at(-1)!.created_at).toBe(new Date(now).toISOString());
    expect(corp.data.at(-1)!.run_id).toBe(lab.data.at(-1)!.run_id);
    expect(corp.data.at(-1)!.users).toBe(domainFigures(directoryGraph()).get(CORP)!.users);
  });
});

describe('a MOCK_DB state file saved before the pipeline, domains and data quality existed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mock-dq-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('still loads, with the seeded pipeline and history', async () => {
    const file = join(dir, 'state.json');
    const first = testMockServer({ dbFile: file });
    first.db.saveNow();
    const old = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    delete old.datapipe;
    delete old.adDataQualityStats;
    delete old.graph;
    writeFileSync(file, JSON.stringify(old));

    mock = testMockServer({ dbFile: file });
    admin = await tokenFor(mock, 'admin');
    const status = datapipeStatusResponse.parse((await get('/api/v2/datapipe/status')).body).data;
    expect(status.status).toBe('idle');
    expect((await stats(ALL)).count).toBeGreaterThanOrEqual(120);
    expect(availableDomainsResponse.parse((await get('/api/v2/available-domains')).body).data).toHaveLength(2);
    expect((await get('/api/v2/asset-groups/6')).status).toBe(200);
    await mock.db.idle();
  });
});
