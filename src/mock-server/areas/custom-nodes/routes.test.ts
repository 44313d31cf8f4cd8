import { beforeEach, describe, expect, it } from 'vitest';
import { customNodeResponse, customNodesResponse } from '../../../api/schemas/custom-nodes';
import { call, errorsOf, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';

let mock: MockServer;
let admin: string;
let reader: string;

beforeEach(async () => {
  mock = testMockServer();
  admin = await tokenFor(mock, 'admin');
  reader = await tokenFor(mock, 'reader');
});

const icon = (name: string, color: string) => ({ icon: { type: 'font-awesome', name, color } });
const list = async (token: string) =>
  customNodesResponse.parse((await call(mock, 'GET', '/api/v2/custom-nodes', { token })).body).data;
const create = (token: string, custom_types: unknown) =>
  call(mock, 'POST', '/api/v2/custom-nodes', { token, json: { custom_types } });

describe('GET /api/v2/custom-nodes', () => {
  it('lists the seeded kinds to anyone signed in, and nobody else', async () => {
    const kinds = await list(reader);
    expect(kinds.length).toBeGreaterThanOrEqual(2);
    expect(kinds[0]!.config.icon).toMatchObject({
      type: 'font-awesome',
      name: expect.any(String),
      color: expect.stringMatching(/^#/),
    });
    expect((await call(mock, 'GET', '/api/v2/custom-nodes')).status).toBe(401);
  });

  it('reads one kind by name; an unknown name is a 404 naming it', async () => {
    const [first] = await list(reader);
    const one = await call(mock, 'GET', `/api/v2/custom-nodes/${first!.kindName}`, { token: reader });
    expect(customNodeResponse.parse(one.body).data).toEqual(first);
    const missing = await call(mock, 'GET', '/api/v2/custom-nodes/NoSuchKind', { token: reader });
    expect(missing.status).toBe(404);
    expect(errorsOf(missing.body)[0]).toMatchObject({ context: 'kind_name', message: expect.stringContaining('NoSuchKind') });
  });
});

describe('POST /api/v2/custom-nodes', () => {
  it('creates several kinds at once, kept and listed', async () => {
    const res = await create(admin, { Vault: icon('vault', '#123'), Secret: icon('key', '#A0B1C2') });
    expect(res.status).toBe(201);
    const made = customNodesResponse.parse(res.body).data;
    expect(made.map((k) => k.kindName)).toEqual(['Vault', 'Secret']);
    expect(new Set(made.map((k) => k.id)).size).toBe(2);
    const names = (await list(reader)).map((k) => k.kindName);
    expect(names).toEqual(expect.arrayContaining(['Vault', 'Secret']));
  });

  it('refuses a bad colour, icon type, icon name or kind name, naming the field, and makes nothing', async () => {
    const before = (await list(admin)).length;
    const cases: [unknown, string, RegExp][] = [
      [{ Vault: icon('vault', 'red') }, 'custom_types.Vault.icon.color', /hex colour/],
      [{ Vault: { icon: { type: 'material', name: 'vault', color: '#fff' } } }, 'custom_types.Vault.icon.type', /font-awesome/],
      [{ Vault: icon('Vault Door', '#fff') }, 'custom_types.Vault.icon.name', /Font Awesome name/],
      [{ 'Bad Kind': icon('vault', '#fff') }, 'custom_types.Bad Kind', /letters, digits and underscores/],
      [{}, 'custom_types', /at least one kind/],
    ];
    for (const [types, context, message] of cases) {
      // A good kind alongside the bad one: nothing is made when any is refused.
      const withGood = Object.keys(types as object).length ? { Fine: icon('house', '#fff'), ...(types as object) } : types;
      const res = await create(admin, withGood);
      expect(res.status, context).toBe(400);
      expect(
        errorsOf(res.body).some((e) => e.context === context && message.test(e.message)),
        JSON.stringify(res.body),
      ).toBe(true);
    }
    expect(await list(admin)).toHaveLength(before);
  });

  it('answers 409 for a kind that exists already', async () => {
    const [first] = await list(admin);
    const res = await create(admin, { Other: icon('house', '#fff'), [first!.kindName]: icon('house', '#fff') });
    expect(res.status).toBe(409);
    expect(errorsOf(res.body)[0]!.message).toContain('duplicate kind name');
    expect((await list(admin)).some((k) => k.kindName === 'Other')).toBe(false);
  });

  it('needs app.WriteAppConfig', async () => {
    const res = await create(reader, { Vault: icon('vault', '#123') });
    expect(res.status).toBe(403);
  });
});

describe('PUT and DELETE /api/v2/custom-nodes/{kind_name}', () => {
  it('updates a kind, audited with its name; refuses a bad value', async () => {
    const [first] = await list(admin);
    const path = `/api/v2/custom-nodes/${first!.kindName}`;
    const res = await call(mock, 'PUT', path, { token: admin, json: { config: icon('star', '#00FF00') } });
    expect(res.status).toBe(200);
    expect(customNodeResponse.parse(res.body).data).toEqual({ ...first, config: icon('star', '#00FF00') });
    const logged = mock.db.state.auditLogs.filter((l) => l.action === 'UpdateCustomNode');
    expect(logged.map((l) => l.status)).toEqual(['intent', 'success']);
    expect(JSON.stringify(logged[1]!.fields)).toContain(first!.kindName);

    const bad = await call(mock, 'PUT', path, { token: admin, json: { config: icon('star', '#00FF0') } });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.body)[0]!.context).toBe('config.icon.color');
    expect(
      (await call(mock, 'PUT', '/api/v2/custom-nodes/Nope', { token: admin, json: { config: icon('star', '#000') } })).status,
    ).toBe(404);
    expect((await call(mock, 'PUT', path, { token: reader, json: { config: icon('star', '#000') } })).status).toBe(403);
  });

  it('answers 410 Gone to a delete, as upstream does now, and keeps the kind', async () => {
    const [first] = await list(admin);
    const path = `/api/v2/custom-nodes/${first!.kindName}`;
    expect((await call(mock, 'DELETE', path)).status).toBe(401);
    expect((await call(mock, 'DELETE', path, { token: reader })).status).toBe(403);
    const gone = await call(mock, 'DELETE', path, { token: admin });
    expect(gone.status).toBe(410);
    expect(errorsOf(gone.body)).toEqual([
      { context: 'kind_name', message: expect.stringContaining('removed with the OpenGraph extension that defines it') },
    ]);
    expect((await call(mock, 'GET', path, { token: admin })).status).toBe(200);
    expect((await call(mock, 'DELETE', '/api/v2/custom-nodes/Nope', { token: admin })).status).toBe(410);
  });
});
