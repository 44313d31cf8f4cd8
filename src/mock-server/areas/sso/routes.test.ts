import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  samlProviderResponse,
  oidcProviderResponse,
  SAML_METADATA_MAX_BYTES,
  ssoProviderDeleteResponse,
  ssoProviderPatchResponse,
  isOidcProvider,
  ssoProvidersListResponse,
} from '../../../api/schemas/sso';
import { errorBody } from '../../../api/schemas/wire-format';
import { call, testMockServer, tokenFor } from '../../../testing/mock-service';
import { countingBody, post } from '../../../testing/streams';
import type { MockServer } from '../../app';

const fixture = (name: string) => readFileSync(join(__dirname, '../../../../e2e/fixtures/sso', name));
const GOOD = fixture('acme-idp-metadata.xml');

let mock: MockServer;
let admin: string;

beforeEach(async () => {
  mock = testMockServer();
  admin = await tokenFor(mock, 'admin');
});

function samlForm(fields: Record<string, string>, metadata?: { bytes: Uint8Array | Buffer; name?: string }): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (metadata)
    form.append('metadata', new Blob([new Uint8Array(metadata.bytes)], { type: 'text/xml' }), metadata.name ?? 'metadata.xml');
  return form;
}

const CONFIG_OFF = {
  'config.auto_provision.enabled': 'false',
  'config.auto_provision.default_role_id': '3',
  'config.auto_provision.role_provision': 'false',
};

function errorsOf(body: unknown) {
  return errorBody.parse(body).errors;
}

describe('seed and reads', () => {
  it('lists two SAML providers (ids 1, 2) and one OIDC provider (id 3) with config and sign-in URLs from the root URL', async () => {
    const res = await call(mock, 'GET', '/api/v2/sso-providers', { token: admin });
    expect(res.status).toBe(200);
    const list = ssoProvidersListResponse.parse(res.body).data;
    expect(list.map((p) => [p.id, p.type, p.name])).toEqual([
      [1, 'SAML', 'Okta'],
      [2, 'SAML', 'Microsoft Entra ID'],
      [3, 'OIDC', 'Keycloak'],
    ]);
    // Each signs in at the slug its name gives.
    expect(list.map((p) => [p.slug, p.login_uri])).toEqual([
      ['okta', 'http://mock.test/api/v2/sso/okta/login'],
      ['microsoft-entra-id', 'http://mock.test/api/v2/sso/microsoft-entra-id/login'],
      ['keycloak', 'http://mock.test/api/v2/sso/keycloak/login'],
    ]);
    expect(list[0]!.config?.auto_provision).toEqual({ enabled: true, default_role_id: 3, role_provision: false });
    const oidc = list[2]!;
    expect(isOidcProvider(oidc) && oidc.details?.issuer).toBe('https://sso.example.com/realms/corp');
  });

  it('sorts by sort_by and refuses unknown columns', async () => {
    const res = await call(mock, 'GET', '/api/v2/sso-providers?sort_by=-name', { token: admin });
    expect(ssoProvidersListResponse.parse(res.body).data.map((p) => p.name)).toEqual(['Okta', 'Microsoft Entra ID', 'Keycloak']);
    expect((await call(mock, 'GET', '/api/v2/sso-providers?sort_by=secret', { token: admin })).status).toBe(400);
  });

  it('reads a SAML provider with every record field and SP URIs derived from the root URL and name (not slug), as upstream', async () => {
    const res = await call(mock, 'GET', '/api/v2/saml/providers/2', { token: admin });
    expect(res.status).toBe(200);
    const p = samlProviderResponse.parse(res.body).data;
    expect(p).toMatchObject({
      id: 2,
      name: 'Microsoft Entra ID',
      display_name: 'Microsoft Entra ID',
      idp_issuer_uri: 'https://sts.windows.net/4b1c2a9e-6f1d-4a43-9f0e-8c2d5e7a1b3c/',
      sp_issuer_uri: 'http://mock.test/api/v2/sso/Microsoft%20Entra%20ID',
      sp_sso_uri: 'http://mock.test/api/v2/sso/Microsoft%20Entra%20ID/login',
      sp_metadata_uri: 'http://mock.test/api/v2/sso/Microsoft%20Entra%20ID/metadata',
      sp_acs_uri: 'http://mock.test/api/v2/sso/Microsoft%20Entra%20ID/acs',
      sso_provider_id: { int32: 2, valid: true },
    });
    expect(p.principal_attribute_mappings).toHaveLength(2);
  });

  it('answers 404 for an OIDC provider or a missing id; only auth.ManageProviders reads one, anyone lists them', async () => {
    const reader = await tokenFor(mock, 'reader');
    expect((await call(mock, 'GET', '/api/v2/saml/providers/1', { token: reader })).status).toBe(403);
    expect((await call(mock, 'GET', '/api/v2/saml/providers/1', { token: admin })).status).toBe(200);
    const missing = await call(mock, 'GET', '/api/v2/saml/providers/99', { token: admin });
    expect(missing.status).toBe(404);
    expect(errorsOf(missing.body)[0]!.message).toBe('No SAML provider has id 99.');
    // SSO provider 3 is OIDC; there is no SAML provider 3 either.
    expect((await call(mock, 'GET', '/api/v2/saml/providers/3', { token: admin })).status).toBe(404);
    // As upstream, the list is public: the sign-in page offers the providers.
    expect((await call(mock, 'GET', '/api/v2/sso-providers', {})).status).toBe(200);
  });
});

describe('create SAML (multipart)', () => {
  it('creates from a metadata file: IdP URIs from the XML, SP URIs from the root URL, new ids from the counters', async () => {
    const res = await call(mock, 'POST', '/api/v2/sso-providers/saml', {
      token: admin,
      body: samlForm({ name: 'acme', ...CONFIG_OFF, 'config.auto_provision.enabled': 'true' }, { bytes: GOOD }),
    });
    expect(res.status).toBe(200);
    const p = samlProviderResponse.parse(res.body).data;
    expect(p).toMatchObject({
      id: 3,
      name: 'acme',
      idp_issuer_uri: 'https://idp.acme.example/saml2/metadata',
      idp_sso_uri: 'https://idp.acme.example/saml2/sso/post',
      sp_acs_uri: 'http://mock.test/api/v2/sso/acme/acs',
      sso_provider_id: { int32: 4, valid: true },
      principal_attribute_mappings: [],
    });
    const list = ssoProvidersListResponse.parse((await call(mock, 'GET', '/api/v2/sso-providers', { token: admin })).body).data;
    expect(list.find((x) => x.id === 4)?.config?.auto_provision).toEqual({
      enabled: true,
      default_role_id: 3,
      role_provision: false,
    });
  });

  it('says which metadata problem it found (400 under "metadata") and saves nothing', async () => {
    for (const [file, text] of [
      ['not-xml.xml', 'not well-formed XML'],
      ['no-entity-descriptor.xml', 'no EntityDescriptor'],
      ['no-sso-service.xml', 'no SingleSignOnService'],
      ['entity-bomb.xml', 'DOCTYPE'],
    ] as const) {
      const res = await call(mock, 'POST', '/api/v2/sso-providers/saml', {
        token: admin,
        body: samlForm({ name: 'acme', ...CONFIG_OFF }, { bytes: fixture(file) }),
      });
      expect(res.status, file).toBe(400);
      const [error] = errorsOf(res.body);
      expect(error).toMatchObject({ context: 'metadata', message: expect.stringContaining(text) });
    }
    const big = new Uint8Array(SAML_METADATA_MAX_BYTES + 10).fill(0x20);
    const tooBig = await call(mock, 'POST', '/api/v2/sso-providers/saml', {
      token: admin,
      body: samlForm({ name: 'acme', ...CONFIG_OFF }, { bytes: big }),
    });
    expect(tooBig.status).toBe(400);
    expect(errorsOf(tooBig.body)[0]!.message).toContain('at most 1 MiB');
    const list = ssoProvidersListResponse.parse((await call(mock, 'GET', '/api/v2/sso-providers', { token: admin })).body).data;
    expect(list).toHaveLength(3);
  });

  it('reports every missing or bad field at once, each under its form field', async () => {
    const res = await call(mock, 'POST', '/api/v2/sso-providers/saml', {
      token: admin,
      body: samlForm({
        name: 'corp/eu',
        'config.auto_provision.enabled': 'maybe',
        'config.auto_provision.default_role_id': 'x',
      }),
    });
    expect(res.status).toBe(400);
    const contexts = errorsOf(res.body).map((e) => e.context);
    expect(contexts).toEqual(
      expect.arrayContaining([
        'name',
        'config.auto_provision.enabled',
        'config.auto_provision.default_role_id',
        'config.auto_provision.role_provision',
        'metadata',
      ]),
    );
  });

  it('needs a default role that exists when auto-provisioning is on', async () => {
    const res = await call(mock, 'POST', '/api/v2/sso-providers/saml', {
      token: admin,
      body: samlForm(
        { name: 'acme', ...CONFIG_OFF, 'config.auto_provision.enabled': 'true', 'config.auto_provision.default_role_id': '0' },
        { bytes: GOOD },
      ),
    });
    expect(errorsOf(res.body)).toEqual([
      { context: 'config.auto_provision.default_role_id', message: 'Choose a default role for auto-provisioned users.' },
    ]);
    const unknown = await call(mock, 'POST', '/api/v2/sso-providers/saml', {
      token: admin,
      body: samlForm({ name: 'acme', ...CONFIG_OFF, 'config.auto_provision.default_role_id': '42' }, { bytes: GOOD }),
    });
    expect(errorsOf(unknown.body)[0]!.message).toContain('No role has id 42');
  });

  it('refuses a name taken or one whose slug is taken (409), a JSON body, and callers without auth.ManageProviders', async () => {
    const create = (name: string) =>
      call(mock, 'POST', '/api/v2/sso-providers/saml', {
        token: admin,
        body: samlForm({ name, ...CONFIG_OFF }, { bytes: GOOD }),
      });
    const dup = await create('Okta');
    expect(dup.status).toBe(409);
    expect(errorsOf(dup.body)).toEqual([
      {
        context: 'name',
        message: 'An SSO provider named "Okta" already exists. Choose another name; provider names are unique.',
      },
    ]);
    for (const [name, slug] of [
      ['OKTA', 'okta'],
      ['microsoft entra-ID', 'microsoft-entra-id'],
    ]) {
      const clash = await create(name!);
      expect(clash.status, name).toBe(409);
      expect(errorsOf(clash.body)[0]).toMatchObject({
        context: 'name',
        message: expect.stringContaining(`"${name}" would sign in at /api/v2/sso/${slug}/login, the address of`),
      });
    }

    const json = await call(mock, 'POST', '/api/v2/sso-providers/saml', { token: admin, json: { name: 'acme' } });
    expect(json.status).toBe(400);
    expect(errorsOf(json.body)[0]!.message).toContain('multipart/form-data');

    for (const who of ['poweruser', 'reader', 'uploader']) {
      const token = await tokenFor(mock, who);
      const res = await call(mock, 'POST', '/api/v2/sso-providers/saml', {
        token,
        body: samlForm({ name: 'acme', ...CONFIG_OFF }, { bytes: GOOD }),
      });
      expect(res.status, who).toBe(403);
    }
  });

  it('refuses a field sent twice', async () => {
    const form = samlForm({ name: 'a', ...CONFIG_OFF }, { bytes: GOOD });
    form.append('name', 'b');
    const res = await call(mock, 'POST', '/api/v2/sso-providers/saml', { token: admin, body: form });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]).toMatchObject({ context: 'name', message: expect.stringContaining('only once') });
  });
});

describe('create OIDC (JSON)', () => {
  const body = {
    name: 'auth0',
    issuer: 'https://example.eu.auth0.com/',
    client_id: 'aB3dE5',
    config: { auto_provision: { enabled: true, default_role_id: 2, role_provision: true } },
  };

  it('takes a name as it is shown, and derives the slug from it as upstream: lower case, spaces to "-"', async () => {
    const res = await call(mock, 'POST', '/api/v2/sso-providers/oidc', {
      token: admin,
      json: { ...body, name: 'Auth0 (EU) Ünternehmen  İstanbul' },
    });
    expect(res.status).toBe(201);
    const list = ssoProvidersListResponse.parse((await call(mock, 'GET', '/api/v2/sso-providers')).body).data;
    expect(list.at(-1)).toMatchObject({
      name: 'Auth0 (EU) Ünternehmen  İstanbul',
      slug: 'auth0-(eu)-ünternehmen--istanbul',
      login_uri: `http://mock.test/api/v2/sso/${encodeURIComponent('auth0-(eu)-ünternehmen--istanbul')}/login`,
    });
  });

  it('creates (201) with the OIDC record', async () => {
    const res = await call(mock, 'POST', '/api/v2/sso-providers/oidc', { token: admin, json: body });
    expect(res.status).toBe(201);
    expect(oidcProviderResponse.parse(res.body).data).toMatchObject({
      id: 2,
      issuer: body.issuer,
      client_id: 'aB3dE5',
      sso_provider_id: 4,
    });
  });

  it('checks the rules: issuer is a URL, name URL-safe and unique, client id given, role exists', async () => {
    const bad = await call(mock, 'POST', '/api/v2/sso-providers/oidc', {
      token: admin,
      json: { ...body, name: 'a/b', issuer: 'not a url', client_id: ' ' },
    });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.body)).toEqual(
      expect.arrayContaining([
        { context: 'name', message: 'Provider name may not contain "/": the sign-in address is made from it' },
        { context: 'issuer', message: 'Issuer must be an http(s) URL' },
        { context: 'client_id', message: 'Client ID is required' },
      ]),
    );
    const role = await call(mock, 'POST', '/api/v2/sso-providers/oidc', {
      token: admin,
      json: { ...body, config: { auto_provision: { enabled: true, default_role_id: 77, role_provision: false } } },
    });
    expect(errorsOf(role.body)[0]).toMatchObject({ context: 'config.auto_provision.default_role_id' });
    const dup = await call(mock, 'POST', '/api/v2/sso-providers/oidc', { token: admin, json: { ...body, name: 'Keycloak' } });
    expect(dup.status).toBe(409);
  });
});

describe('PATCH', () => {
  it('renames a SAML provider and replaces its metadata: the record (200) has the new name, SP and IdP URIs', async () => {
    const res = await call(mock, 'PATCH', '/api/v2/sso-providers/1', {
      token: admin,
      body: samlForm({ name: 'Okta EU' }, { bytes: fixture('acme-idp-metadata-rotated.xml') }),
    });
    expect(res.status).toBe(200);
    const p = samlProviderResponse.parse(res.body).data;
    expect(p).toMatchObject({
      id: 1,
      name: 'Okta EU',
      display_name: 'Okta EU',
      idp_issuer_uri: 'https://login.acme.example/idp/7f3a91',
      sp_metadata_uri: 'http://mock.test/api/v2/sso/Okta%20EU/metadata',
    });
    // Config untouched when not sent.
    const list = ssoProvidersListResponse.parse((await call(mock, 'GET', '/api/v2/sso-providers', { token: admin })).body).data;
    expect(list[0]).toMatchObject({
      name: 'Okta EU',
      slug: 'okta-eu',
      login_uri: 'http://mock.test/api/v2/sso/okta-eu/login',
      config: { auto_provision: { enabled: true, default_role_id: 3 } },
    });
  });

  it('keeps the metadata when no file is sent and switches auto-provisioning on', async () => {
    const res = await call(mock, 'PATCH', '/api/v2/sso-providers/2', {
      token: admin,
      body: samlForm({
        'config.auto_provision.enabled': 'true',
        'config.auto_provision.default_role_id': '5',
        'config.auto_provision.role_provision': 'true',
      }),
    });
    expect(res.status).toBe(200);
    const p = ssoProviderPatchResponse.parse(res.body).data;
    expect(p).toMatchObject({
      name: 'Microsoft Entra ID',
      idp_sso_uri: 'https://login.microsoftonline.com/4b1c2a9e-6f1d-4a43-9f0e-8c2d5e7a1b3c/saml2',
    });
    const list = ssoProvidersListResponse.parse((await call(mock, 'GET', '/api/v2/sso-providers', { token: admin })).body).data;
    expect(list[1]!.config?.auto_provision).toEqual({ enabled: true, default_role_id: 5, role_provision: true });
  });

  it('keeps the stored values of the config fields a patch leaves out', async () => {
    const config = async () =>
      ssoProvidersListResponse.parse((await call(mock, 'GET', '/api/v2/sso-providers', { token: admin })).body).data[0]!.config
        ?.auto_provision;
    // Okta: on, role 3 (Read-Only), no role provisioning.
    const patch = (fields: Record<string, string>) =>
      call(mock, 'PATCH', '/api/v2/sso-providers/1', { token: admin, body: samlForm(fields) });
    expect((await patch({ 'config.auto_provision.role_provision': 'true' })).status).toBe(200);
    expect(await config()).toEqual({ enabled: true, default_role_id: 3, role_provision: true });
    expect((await patch({ 'config.auto_provision.enabled': 'false' })).status).toBe(200);
    expect(await config()).toEqual({ enabled: false, default_role_id: 3, role_provision: true });
    expect((await patch({ 'config.auto_provision.default_role_id': '5' })).status).toBe(200);
    expect(await config()).toEqual({ enabled: false, default_role_id: 5, role_provision: true });
    // The merged values are checked: a role that does not exist is still a 400 under its field.
    const bad = await patch({ 'config.auto_provision.default_role_id': '999' });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.body).map((e) => e.context)).toEqual(['config.auto_provision.default_role_id']);
    expect(await config()).toEqual({ enabled: false, default_role_id: 5, role_provision: true });
  });

  it('does not half-save: a bad metadata file leaves the name as it was', async () => {
    const res = await call(mock, 'PATCH', '/api/v2/sso-providers/1', {
      token: admin,
      body: samlForm({ name: 'renamed' }, { bytes: fixture('not-xml.xml') }),
    });
    expect(res.status).toBe(400);
    const p = samlProviderResponse.parse((await call(mock, 'GET', '/api/v2/saml/providers/1', { token: admin })).body).data;
    expect(p.name).toBe('Okta');
  });

  it('says which body each provider takes', async () => {
    const samlJson = await call(mock, 'PATCH', '/api/v2/sso-providers/1', { token: admin, json: { name: 'x' } });
    expect(samlJson.status).toBe(400);
    expect(errorsOf(samlJson.body)[0]!.message).toBe(
      '"Okta" is a SAML provider: update it with a multipart/form-data body (name, metadata file, config.auto_provision.*), not application/json.',
    );
    const oidcForm = await call(mock, 'PATCH', '/api/v2/sso-providers/3', { token: admin, body: samlForm({ name: 'x' }) });
    expect(oidcForm.status).toBe(400);
    expect(errorsOf(oidcForm.body)[0]!.message).toContain('is an OIDC provider: update it with a JSON body');
  });

  it('edits an OIDC provider with JSON (200, the OIDC record)', async () => {
    const res = await call(mock, 'PATCH', '/api/v2/sso-providers/3', {
      token: admin,
      json: { issuer: 'https://sso.example.com/realms/ops', client_id: 'console-2', name: 'Keycloak Ops' },
    });
    expect(res.status).toBe(200);
    expect(oidcProviderResponse.parse(res.body).data).toMatchObject({
      id: 1,
      issuer: 'https://sso.example.com/realms/ops',
      client_id: 'console-2',
      sso_provider_id: 3,
    });
    const list = async () =>
      ssoProvidersListResponse.parse((await call(mock, 'GET', '/api/v2/sso-providers')).body).data.map((p) => [p.name, p.slug]);
    expect((await list())[2]).toEqual(['Keycloak Ops', 'keycloak-ops']);
    const dup = await call(mock, 'PATCH', '/api/v2/sso-providers/3', { token: admin, json: { name: 'okta' } });
    expect(dup.status).toBe(409);
    // Renaming to its own name, or to one of its own slug, is no clash.
    for (const name of ['Keycloak Ops', 'keycloak ops'])
      expect((await call(mock, 'PATCH', '/api/v2/sso-providers/3', { token: admin, json: { name } })).status, name).toBe(200);
    expect((await list())[2]).toEqual(['keycloak ops', 'keycloak-ops']);
  });

  it('answers 404 for a missing provider and 403 without the permission', async () => {
    expect((await call(mock, 'PATCH', '/api/v2/sso-providers/42', { token: admin, json: { name: 'x' } })).status).toBe(404);
    const reader = await tokenFor(mock, 'reader');
    expect((await call(mock, 'PATCH', '/api/v2/sso-providers/3', { token: reader, json: { name: 'x' } })).status).toBe(403);
  });
});

describe('DELETE', () => {
  it('deletes, unlinks the users who signed in through it and lists them', async () => {
    const users = mock.db.state.users;
    users.find((u) => u.principal_name === 'reader')!.sso_provider_id = 2;
    // Whoever else the users seed links to provider 2, plus the reader.
    const linked = users.filter((u) => u.sso_provider_id === 2).map((u) => u.principal_name);
    expect(linked).toContain('reader');
    const res = await call(mock, 'DELETE', '/api/v2/sso-providers/2', { token: admin });
    expect(res.status).toBe(200);
    const affected = ssoProviderDeleteResponse.parse(res.body).data.affected_users;
    expect(affected.map((u) => u.principal_name).sort()).toEqual([...linked].sort());
    expect(affected.every((u) => u.sso_provider_id.int32 === 2 && u.sso_provider_id.valid)).toBe(true);
    expect(users.filter((u) => u.sso_provider_id === 2)).toEqual([]);
    expect(users.find((u) => u.principal_name === 'reader')!.sso_provider_id).toBeNull();
    expect((await call(mock, 'GET', '/api/v2/saml/providers/2', { token: admin })).status).toBe(404);
    expect((await call(mock, 'DELETE', '/api/v2/sso-providers/2', { token: admin })).status).toBe(404);
  });

  it('refuses to delete the provider the caller signs in through (409) and needs the permission', async () => {
    mock.db.state.users.find((u) => u.principal_name === 'admin')!.sso_provider_id = 1;
    const own = await call(mock, 'DELETE', '/api/v2/sso-providers/1', { token: admin });
    expect(own.status).toBe(409);
    const power = await tokenFor(mock, 'poweruser');
    expect((await call(mock, 'DELETE', '/api/v2/sso-providers/3', { token: power })).status).toBe(403);
  });
});

describe('service-provider URLs', () => {
  /** Every URL in a JSON answer, as text. */
  const urlsIn = (body: unknown) => JSON.stringify(body).match(/https?:\/\/[^"]*/g) ?? [];

  it('come from the configured root URL, never from the Host header or the request URL', async () => {
    const rooted = testMockServer({ rootUrl: 'https://bloodhound.example.com/console' });
    const token = await tokenFor(rooted, 'admin');
    const headers = { Authorization: `Bearer ${token}`, Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' };
    // A Node server builds the request URL from the Host header, so a forged Host arrives as the URL's host.
    const get = async (path: string) => (await rooted.fetch(new Request(`http://evil.example${path}`, { headers }))).json();
    const list = ssoProvidersListResponse.parse(await get('/api/v2/sso-providers')).data;
    const saml = samlProviderResponse.parse(await get('/api/v2/saml/providers/1')).data;
    expect(saml).toMatchObject({
      sp_issuer_uri: 'https://bloodhound.example.com/console/api/v2/sso/Okta',
      sp_sso_uri: 'https://bloodhound.example.com/console/api/v2/sso/Okta/login',
      sp_metadata_uri: 'https://bloodhound.example.com/console/api/v2/sso/Okta/metadata',
      sp_acs_uri: 'https://bloodhound.example.com/console/api/v2/sso/Okta/acs',
    });
    expect(list[2]!.callback_uri).toBe('https://bloodhound.example.com/console/api/v2/sso/keycloak/callback');
    const urls = [...urlsIn(list), ...urlsIn(saml)].filter((u) => u.includes('/api/v2/sso/'));
    expect(urls.length).toBeGreaterThan(10);
    expect(urls.filter((u) => !u.startsWith('https://bloodhound.example.com/console/api/v2/sso/'))).toEqual([]);
    expect(JSON.stringify([list, saml])).not.toContain('evil.example');

    const created = await rooted.fetch(
      new Request('http://evil.example/api/v2/sso-providers/saml', {
        method: 'POST',
        headers,
        body: samlForm({ name: 'acme', ...CONFIG_OFF }, { bytes: GOOD }),
      }),
    );
    expect(samlProviderResponse.parse(await created.json()).data.sp_acs_uri).toBe(
      'https://bloodhound.example.com/console/api/v2/sso/acme/acs',
    );
  });

  it('MOCK_ROOT_URL wins over the address the mock listens on', async () => {
    const rooted = testMockServer({ rootUrl: 'http://127.0.0.1:5173' }, { MOCK_ROOT_URL: 'https://bh.example.com/' });
    const token = await tokenFor(rooted, 'admin');
    const res = await call(rooted, 'GET', '/api/v2/saml/providers/2', { token });
    expect(samlProviderResponse.parse(res.body).data.sp_acs_uri).toBe(
      'https://bh.example.com/api/v2/sso/Microsoft%20Entra%20ID/acs',
    );
  });
});

describe('SAML multipart size', () => {
  it('stops reading a multipart body past its limit (413 under "metadata"), without a Content-Length too', async () => {
    const source = countingBody(100);
    const res = await post(mock, '/api/v2/sso-providers/saml', source.body, admin, {
      'Content-Type': 'multipart/form-data; boundary=x',
    });
    expect(res.status).toBe(413);
    expect(errorsOf(res.body)[0]).toMatchObject({ context: 'metadata', message: expect.stringContaining('at most 1 MiB') });
    // The limit is 1 MiB and 64 KiB: 17 chunks of 64 KiB, and one more that goes over. 100 were on offer.
    expect(source.pulled()).toBeLessThanOrEqual(18);
  });
});
