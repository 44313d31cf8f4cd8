import { beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../../api/schemas/wire-format';
import { searchResponse } from '../../../api/schemas/entities';
import { call, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';
import { directoryGraph } from '../../seed/graph';
import { compareText } from '../../../shared/compare-text';

let mock: MockServer;
let admin: string;
let reader: string;
let uploader: string;

beforeAll(async () => {
  mock = testMockServer();
  [admin, reader, uploader] = await Promise.all([tokenFor(mock, 'admin'), tokenFor(mock, 'reader'), tokenFor(mock, 'uploader')]);
});

async function search(query: string, token = reader) {
  const res = await call(mock, 'GET', `/api/v2/search?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return searchResponse.parse(res.body);
}

async function refused(query: string) {
  const res = await call(mock, 'GET', `/api/v2/search?${query}`, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  return errorBody.parse(res.body).errors.map((e) => e.context);
}

describe('GET /api/v2/search', () => {
  it('matches names case-insensitively, ranked exact, then prefix, then contains, by name within each', async () => {
    const r = await search('q=domain%20admins&limit=100');
    const names = r.data.map((d) => d.name);
    expect(names[0]).toBe('DOMAIN ADMINS@CORP.ACME.LOCAL');
    expect(names).toContain('DOMAIN ADMINS@LAB.ACME.LOCAL');
    expect(r.count).toBe(r.data.length);
    // "corp.acme.local": the domain itself (exact) before everything that merely contains it.
    const corp = await search('q=CORP.acme.local&limit=5');
    expect(corp.data[0]).toMatchObject({ name: 'CORP.ACME.LOCAL', type: 'Domain' });
    const all = await search('q=ad&limit=1000');
    const rank = (n: string) => (n.toLowerCase() === 'ad' ? 0 : n.toLowerCase().startsWith('ad') ? 1 : 2);
    const ranks = all.data.map((d) => Math.min(rank(d.name), d.objectid.toLowerCase().startsWith('ad') ? 1 : 2));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const prefixNames = all.data.filter((d) => rank(d.name) === 1).map((d) => d.name);
    expect(prefixNames.length).toBeGreaterThan(1);
    expect(prefixNames).toEqual([...prefixNames].sort((a, b) => compareText(a, b)));
  });

  it('matches object ids, and an exact id comes first', async () => {
    const node = directoryGraph().nodes.find((n) => n.primaryKind === 'Computer')!;
    const r = await search(`q=${node.objectid.toLowerCase()}`);
    expect(r.data[0]).toMatchObject({ objectid: node.objectid, name: node.name, type: 'Computer' });
    expect(r.data[0]!.distinguishedname).toMatch(/^CN=/);
  });

  it('filters by type (any of the kinds, any case) and pages with skip and limit', async () => {
    const users = await search('q=acme&type=user&limit=1000');
    expect(users.data.length).toBeGreaterThan(100);
    expect(users.data.every((d) => d.type === 'User')).toBe(true);
    const base = await search('q=acme&type=Base&limit=1');
    expect(base.count).toBeGreaterThan(users.count!);
    const first = await search('q=acme&type=User&limit=10');
    const second = await search('q=acme&type=User&skip=10&limit=10');
    expect(first.data.map((d) => d.objectid)).toEqual(users.data.slice(0, 10).map((d) => d.objectid));
    expect(second.data.map((d) => d.objectid)).toEqual(users.data.slice(10, 20).map((d) => d.objectid));
    expect((await search('q=acme')).data).toHaveLength(10);
    expect((await search('q=acme&type=AZApp')).data).toEqual([]);
    // The certificate services' and layout kinds too.
    const templates = await search('q=corp.acme.local&type=certtemplate&limit=100');
    expect(templates.data.map((d) => d.name)).toContain('CORPVPN@CORP.ACME.LOCAL');
    expect(templates.data.every((d) => d.type === 'CertTemplate')).toBe(true);
    expect((await search('q=default%20domain%20policy&type=GPO')).count).toBe(2);
    expect((await search('q=no-such-object-anywhere')).count).toBe(0);
  });

  it('says which system groups an object is in (system_tags)', async () => {
    const r = await search('q=domain%20admins@corp.acme.local');
    expect(r.data[0]!.system_tags).toBe('admin_tier_0');
    const helpdesk = await search('q=it%20helpdesk@corp');
    expect(helpdesk.data[0]!.system_tags).toBe('');
  });

  it('refuses bad parameters naming them', async () => {
    expect(await refused('type=User')).toEqual(['q']);
    expect(await refused('q=%20%20')).toEqual(['q']);
    expect(await refused(`q=${'x'.repeat(257)}`)).toEqual(['q']);
    expect(await refused('q=a&q=b')).toEqual(['q']);
    expect(await refused('q=a&type=Banana')).toEqual(['type']);
    expect(await refused('q=a&skip=-1')).toEqual(['skip']);
    expect(await refused('q=a&limit=ten')).toEqual(['limit']);
    expect(await refused('q=a&sort_by=name')).toEqual(['sort_by']);
  });

  it('needs graphdb.Read', async () => {
    const res = await call(mock, 'GET', '/api/v2/search?q=a', { token: uploader });
    expect(res.status).toBe(403);
  });

  it('searches the live graph: what clear-database deleted is not found', async () => {
    const own = testMockServer();
    const token = await tokenFor(own, 'admin');
    const before = await call(own, 'GET', '/api/v2/search?q=acme&type=User', { token });
    expect(searchResponse.parse(before.body).count).toBeGreaterThan(0);
    const cleared = await call(own, 'POST', '/api/v2/clear-database', { token, json: { deleteCollectedGraphData: true } });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(204);
    const after = await call(own, 'GET', '/api/v2/search?q=acme&type=User', { token });
    expect(searchResponse.parse(after.body).count).toBe(0);
  });
});
