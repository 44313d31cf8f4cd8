import { beforeEach, describe, expect, it } from 'vitest';
import { customNodesResponse } from '../../../api/schemas/custom-nodes';
import {
  edgeKindsResponse,
  extensionsResponse,
  nodeKindResponse,
  relationshipKindResponse,
} from '../../../api/schemas/extensions';
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

const schema = (over: Record<string, unknown> = {}) => ({
  schema: { name: 'Git_Hub', display_name: 'GitHub', version: 'v1.0.0', namespace: 'GH' },
  node_kinds: [
    { name: 'GH_Org', display_name: 'Organization', is_display_kind: true, icon: 'building', color: '#5FED83' },
    { name: 'GH_Repo', display_name: 'Repository', is_display_kind: true, icon: 'box-archive', color: '#9EECFF' },
    { name: 'GH_Hidden', display_name: 'Hidden', is_display_kind: false },
  ],
  relationship_kinds: [
    { name: 'GH_Owns', description: 'owns', is_traversable: true, info: { abuse: { title: 'Abuse', position: 1 } } },
    { name: 'GH_Sees', is_traversable: false },
  ],
  environments: [{ environment_kind: 'GH_Org', source_kind: 'GitHub', principal_kinds: ['GH_Repo'] }],
  relationship_findings: [],
  ...over,
});

const put = (token: string | undefined, json: unknown) => call(mock, 'PUT', '/api/v2/extensions', { token, json });
const list = async () =>
  extensionsResponse.parse((await call(mock, 'GET', '/api/v2/extensions', { token: reader })).body).data.extensions;
const kinds = async (type: string) =>
  ((await call(mock, 'GET', `/api/v2/graphs/kinds?type=eq:${type}`, { token: reader })).body as { data: { kinds: string[] } })
    .data.kinds;
const customNodes = async () =>
  customNodesResponse.parse((await call(mock, 'GET', '/api/v2/custom-nodes', { token: reader })).body).data;

describe('GET /api/v2/extensions', () => {
  it('lists the built-in extension to anyone signed in, and nobody else', async () => {
    expect(await list()).toEqual([{ id: 1, name: 'Active Directory', version: 'v1.0.0', is_builtin: true, namespace: 'AD' }]);
    expect((await call(mock, 'GET', '/api/v2/extensions')).status).toBe(401);
  });
});

describe('PUT /api/v2/extensions', () => {
  it('creates an extension (201), then replaces it by name (200), listed by display name', async () => {
    const made = await put(admin, schema());
    expect(made.status).toBe(201);
    const [ad, gh] = await list();
    expect(ad!.name).toBe('Active Directory');
    expect(gh).toMatchObject({ name: 'GitHub', version: 'v1.0.0', namespace: 'GH', is_builtin: false });

    const again = await put(admin, schema({ schema: { name: 'Git_Hub', version: 'v2.0.0', namespace: 'GH' } }));
    expect(again.status).toBe(200);
    const replaced = (await list()).find((e) => e.id === gh!.id);
    // No display name: the name stands for it, as upstream.
    expect(replaced).toMatchObject({ name: 'Git_Hub', version: 'v2.0.0' });
    expect(await list()).toHaveLength(2);
  });

  it('adds its kinds to the graph kinds and its display kinds to the custom node kinds; a delete removes them', async () => {
    await put(admin, schema());
    expect(await kinds('node')).toEqual(expect.arrayContaining(['GH_Org', 'GH_Repo', 'GH_Hidden']));
    expect(await kinds('edge')).toEqual(expect.arrayContaining(['GH_Owns', 'GH_Sees']));
    const icons = await customNodes();
    expect(icons.find((k) => k.kindName === 'GH_Org')?.config.icon).toEqual({
      type: 'font-awesome',
      name: 'building',
      color: '#5FED83',
    });
    expect(icons.some((k) => k.kindName === 'GH_Hidden')).toBe(false);

    const id = (await list()).find((e) => e.namespace === 'GH')!.id;
    expect((await call(mock, 'DELETE', `/api/v2/extensions/${id}`, { token: admin })).status).toBe(204);
    expect(await kinds('node')).not.toContain('GH_Org');
    expect(await kinds('edge')).not.toContain('GH_Owns');
    expect((await customNodes()).some((k) => k.kindName.startsWith('GH_'))).toBe(false);
    expect((await list()).map((e) => e.namespace)).toEqual(['AD']);
  });

  it('a replacement drops the kinds it no longer defines and keeps the ids of those it does', async () => {
    await put(admin, schema());
    const edges = edgeKindsResponse.parse(
      (await call(mock, 'GET', '/api/v2/extensions-edges?schemas=Git_Hub', { token: reader })).body,
    ).data;
    const owns = edges.find((k) => k.name === 'GH_Owns')!;
    await put(
      admin,
      schema({
        node_kinds: [{ name: 'GH_Org', is_display_kind: true, icon: 'house' }],
        relationship_kinds: [{ name: 'GH_Owns', is_traversable: true }],
        environments: [],
      }),
    );
    expect(await kinds('node')).not.toContain('GH_Repo');
    const icons = await customNodes();
    // What the schema leaves out keeps its value.
    expect(icons.find((k) => k.kindName === 'GH_Org')?.config.icon).toMatchObject({ name: 'house', color: '#5FED83' });
    expect(icons.some((k) => k.kindName === 'GH_Repo')).toBe(false);
    const after = (await call(mock, 'GET', `/api/v2/relationship-kinds/${owns.id}`, { token: reader })).body;
    expect(relationshipKindResponse.parse(after).data.name).toBe('GH_Owns');
  });

  it("refuses upstream's validation failures with a 400 naming the field, and keeps nothing", async () => {
    const cases: [unknown, string, RegExp][] = [
      [schema({ schema: { version: 'v1', namespace: 'GH' } }), 'schema.name', /name is required/],
      [schema({ schema: { name: 'X', namespace: 'GH' } }), 'schema.version', /version is required/],
      [schema({ schema: { name: 'X', version: 'v1' } }), 'schema.namespace', /namespace is required/],
      [schema({ node_kinds: [] }), 'node_kinds', /node kinds are required/],
      [schema({ node_kinds: [{ name: 'Org' }] }), 'node_kinds.0.name', /missing extension namespace prefix GH_/],
      [
        schema({ node_kinds: [{ name: 'GH_Org' }, { name: 'GH_Org' }], environments: [] }),
        'node_kinds.1.name',
        /duplicate graph kinds: GH_Org/,
      ],
      [schema({ relationship_kinds: [{ name: 'GH_Org' }] }), 'relationship_kinds.0.name', /duplicate graph kinds/],
      [schema({ relationship_kinds: [{ name: 'Owns' }] }), 'relationship_kinds.0.name', /namespace prefix/],
      [
        schema({ environments: [{ environment_kind: 'GH_Nope', source_kind: 'GitHub' }] }),
        'environments.0.environment_kind',
        /not declared as a node kind/,
      ],
      [
        schema({ environments: [{ environment_kind: 'GH_Org', source_kind: '' }] }),
        'environments.0.source_kind',
        /source kind cannot be empty/,
      ],
      [
        schema({ environments: [{ environment_kind: 'GH_Org', source_kind: 'GH_Repo' }] }),
        'environments.0.source_kind',
        /should not be declared as a node kind/,
      ],
      [
        schema({ environments: [{ environment_kind: 'GH_Org', source_kind: 'GitHub', principal_kinds: ['GH_X'] }] }),
        'environments.0.principal_kinds.0',
        /not declared node kind/,
      ],
      [
        schema({
          relationship_findings: [{ name: 'GH_F', relationship_kind: 'GH_None', environment_kind: 'GH_Org' }],
        }),
        'relationship_findings.0.relationship_kind',
        /not declared as a relationship kind/,
      ],
      [schema({ node_kinds: [{ name: 'GH_Org', color: 'red' }] }), 'node_kinds.0.color', /hex colour/],
      [
        schema({ node_kinds: [{ name: 'GH_Org', info: { 'Bad Key': { title: 'x', position: 0 } } }] }),
        'node_kinds.0.info.Bad Key',
        /lower-case/,
      ],
      [schema({ node_kinds: 'GH_Org' }), 'node_kinds', /must be a list/],
    ];
    for (const [body, context, message] of cases) {
      const res = await put(admin, body);
      expect(res.status, context).toBe(400);
      expect(
        errorsOf(res.body).some((e) => e.context === context && message.test(e.message)),
        `${context}: ${JSON.stringify(res.body)}`,
      ).toBe(true);
    }
    expect(await list()).toHaveLength(1);
  });

  it('refuses, as upstream, a built-in extension, a namespace or a kind another extension has', async () => {
    const builtin = await put(admin, {
      schema: { name: 'Active_Directory', version: 'v2', namespace: 'AD' },
      node_kinds: [{ name: 'AD_Thing' }],
    });
    expect(builtin.status).toBe(400);
    expect(errorsOf(builtin.body)[0]).toMatchObject({
      context: 'schema.name',
      message: 'cannot modify a built-in graph extension',
    });

    await put(admin, schema());
    const namespace = await put(admin, schema({ schema: { name: 'Other', version: 'v1', namespace: 'GH' } }));
    expect(namespace.status).toBe(400);
    expect(errorsOf(namespace.body).map((e) => e.context)).toEqual(
      expect.arrayContaining(['schema.namespace', 'node_kinds.0.name', 'relationship_kinds.0.name']),
    );
    expect(errorsOf(namespace.body).find((e) => e.context === 'node_kinds.0.name')!.message).toMatch(
      /GH_Org is defined by the extension GitHub/,
    );
    expect(await list()).toHaveLength(2);
  });

  it('needs app.WriteAppConfig, and a token', async () => {
    expect((await put(reader, schema())).status).toBe(403);
    expect((await put(undefined, schema())).status).toBe(401);
    expect(await list()).toHaveLength(1);
  });

  it('is audited', async () => {
    await put(admin, schema());
    const logged = mock.db.state.auditLogs.filter((l) => l.action === 'UpsertOpenGraphExtension');
    expect(logged.map((l) => l.status)).toEqual(['intent', 'success']);
  });
});

describe('DELETE /api/v2/extensions/{extension_id}', () => {
  it('answers 404 for an unknown id, 400 for a built-in or malformed one, 403 and 401 without the right', async () => {
    const missing = await call(mock, 'DELETE', '/api/v2/extensions/99', { token: admin });
    expect(missing.status).toBe(404);
    expect(errorsOf(missing.body)[0]).toMatchObject({ context: 'extension_id', message: expect.stringContaining('99') });
    const builtin = await call(mock, 'DELETE', '/api/v2/extensions/1', { token: admin });
    expect(builtin.status).toBe(400);
    expect(errorsOf(builtin.body)[0]!.message).toBe('built-in extensions cannot be deleted');
    expect((await call(mock, 'DELETE', '/api/v2/extensions/abc', { token: admin })).status).toBe(400);

    await put(admin, schema());
    const id = (await list()).find((e) => e.namespace === 'GH')!.id;
    expect((await call(mock, 'DELETE', `/api/v2/extensions/${id}`, { token: reader })).status).toBe(403);
    expect((await call(mock, 'DELETE', `/api/v2/extensions/${id}`)).status).toBe(401);
    expect(await list()).toHaveLength(2);
  });
});

describe('GET /api/v2/extensions-edges', () => {
  it('lists every extension relationship kind, filtered by schema and traversability', async () => {
    await put(admin, schema());
    const read = async (q: string) =>
      edgeKindsResponse.parse((await call(mock, 'GET', `/api/v2/extensions-edges${q}`, { token: reader })).body).data;
    const all = await read('');
    expect(all.find((k) => k.name === 'MemberOf')).toMatchObject({ is_builtin: true, is_traversable: true });
    const gh = await read('?schemas=Git_Hub');
    expect(gh.map((k) => k.name)).toEqual(['GH_Owns', 'GH_Sees']);
    expect(gh[0]).toMatchObject({ schema_name: 'Git_Hub', is_builtin: false, description: 'owns' });
    expect((await read('?schemas=Git_Hub&is_traversable=eq:false')).map((k) => k.name)).toEqual(['GH_Sees']);
    expect((await read('?schemas=Git_Hub&is_traversable=neq:false')).map((k) => k.name)).toEqual(['GH_Owns']);
    const bad = await call(mock, 'GET', '/api/v2/extensions-edges?is_traversable=eq:maybe', { token: reader });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.body)[0]!.context).toBe('is_traversable');
    expect((await call(mock, 'GET', '/api/v2/extensions-edges')).status).toBe(401);
  });
});

describe('GET /api/v2/node-kinds/{id} and /api/v2/relationship-kinds/{id}', () => {
  it('reads a kind with its extension and info; an unknown id is a 404, a malformed one a 400', async () => {
    await put(admin, schema());
    const ext = (await list()).find((e) => e.namespace === 'GH')!;
    const edges = edgeKindsResponse.parse(
      (await call(mock, 'GET', '/api/v2/extensions-edges?schemas=Git_Hub', { token: reader })).body,
    ).data;
    const rel = await call(mock, 'GET', `/api/v2/relationship-kinds/${edges[0]!.id}`, { token: reader });
    expect(relationshipKindResponse.parse(rel.body).data).toEqual({
      relationship_kind_id: edges[0]!.id,
      name: 'GH_Owns',
      description: 'owns',
      is_traversable: true,
      extension: { extension_id: ext.id, name: 'Git_Hub', display_name: 'GitHub', namespace: 'GH', version: 'v1.0.0' },
      info: { abuse: { title: 'Abuse', position: 1 } },
    });
    const ids = mock.db.state.extensions.find((e) => e.id === ext.id)!.node_kinds.map((k) => k.id);
    const node = await call(mock, 'GET', `/api/v2/node-kinds/${ids[0]}`, { token: reader });
    expect(nodeKindResponse.parse(node.body).data).toMatchObject({
      name: 'GH_Org',
      display_name: 'Organization',
      is_display_kind: true,
      icon: 'building',
      color: '#5FED83',
      info: {},
    });
    expect((await call(mock, 'GET', '/api/v2/node-kinds/9999', { token: reader })).status).toBe(404);
    expect((await call(mock, 'GET', '/api/v2/relationship-kinds/9999', { token: reader })).status).toBe(404);
    expect((await call(mock, 'GET', '/api/v2/node-kinds/x', { token: reader })).status).toBe(400);
    expect((await call(mock, 'GET', `/api/v2/node-kinds/${ids[0]}`)).status).toBe(401);
  });
});
