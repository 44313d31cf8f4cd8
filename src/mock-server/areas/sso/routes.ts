import type { Context } from 'hono';
import { z } from 'zod';
import { ssoOps } from '../../../api/operations/sso';
import {
  formatBytes,
  formatOverLimit,
  oidcProviderPatchBody,
  SAML_METADATA_MAX_BYTES,
  samlCreateFormValues,
  samlFormFields,
  samlPatchFormValues,
  ssoProviderSlug,
  type SsoProviderConfigInput,
} from '../../../api/schemas/sso';
import { auditFields } from '../../audit';
import type { MockArea } from '../../area';
import { refuseLosingLastAdministrator } from '../../administrators';
import { currentUser, userPermissions, type MockEnv, type TokenService } from '../../auth';
import { ApiFailure, badRequest, conflict, notFound, type ErrorDetail } from '../../errors';
import { defineList, number, text, time } from '../../list';
import { Permission as P } from '../../../shared/permissions';
import { registerSsoSignIn } from './idp';
import { parseSamlMetadata, type SamlMetadata } from './saml-metadata';
import { makeSigningCertificate } from './signing-certificate';
import { seedSsoProviders } from './seed';
import type { DbState, MockDb, StoredAutoProvision, StoredSsoProvider } from '../../store/db';
import { baseOf, nullInt, toUserRecord } from '../../store/records';
import { readBodyLimited } from '../../body';
import { commit, server } from '../../serve';
import { issuesAtPaths, readJson } from '../../validate';

/**
 * SSO providers (ssoOps: reference ListAuthProviders, CreateSSOSAMLProvider,
 * CreateOIDCProvider, PatchSSOProvider, DeleteSSOProvider, GetSamlProvider).
 * The list is public (ssoOps.listAuthProviders); everything else needs
 * auth.ManageProviders, as upstream.
 */

/** Path below the service's origin where upstream serves SSO (SAML root URI version 2). */
export const SSO_ROOT_PATH = '/api/v2/sso';

type Ctx = Context<MockEnv>;

// ---------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------

/**
 * Service-provider URIs of a SAML provider: derived from the service's root URL
 * (MOCK_ROOT_URL; never the request's Host header) and the provider name, as upstream.
 */
export function serviceProviderUris(rootUrl: string, name: string) {
  const root = `${rootUrl}${SSO_ROOT_PATH}/${encodeURIComponent(name)}`;
  return { sp_issuer_uri: root, sp_sso_uri: `${root}/login`, sp_metadata_uri: `${root}/metadata`, sp_acs_uri: `${root}/acs` };
}

function toConfig(p: StoredSsoProvider) {
  const a = p.config.auto_provision;
  return { auto_provision: { enabled: a.enabled, default_role_id: a.default_role_id ?? 0, role_provision: a.role_provision } };
}

/** Reference `model.saml-provider`. */
export function toSamlRecord(p: StoredSsoProvider, rootUrl: string) {
  const saml = p.saml!;
  return {
    id: saml.id,
    ...baseOf(p),
    name: p.name,
    display_name: saml.display_name,
    idp_issuer_uri: saml.idp_issuer_uri,
    idp_sso_uri: saml.idp_sso_uri,
    principal_attribute_mappings: saml.principal_attribute_mappings,
    ...serviceProviderUris(rootUrl, p.name),
    sso_provider_id: nullInt(p.id),
  };
}

/** Reference `model.oidc-provider`. */
export function toOidcRecord(p: StoredSsoProvider) {
  const oidc = p.oidc!;
  return { id: oidc.id, ...baseOf(p), client_id: oidc.client_id, issuer: oidc.issuer, sso_provider_id: p.id };
}

/** Reference `model.auth-provider`, with the `config`, `login_uri` and `callback_uri` upstream adds. */
export function toAuthProvider(p: StoredSsoProvider, rootUrl: string) {
  const root = `${rootUrl}${SSO_ROOT_PATH}/${encodeURIComponent(p.slug)}`;
  return {
    id: p.id,
    name: p.name,
    type: p.type,
    slug: p.slug,
    details: p.type === 'SAML' ? (p.saml ? toSamlRecord(p, rootUrl) : null) : p.oidc ? toOidcRecord(p) : null,
    config: toConfig(p),
    login_uri: `${root}/login`,
    callback_uri: `${root}/callback`,
  };
}

/** The short entry anyone may see (the sign-in page's buttons): no config, no details. */
export function toPublicAuthProvider(p: StoredSsoProvider, rootUrl: string) {
  const { id, name, slug, type, login_uri } = toAuthProvider(p, rootUrl);
  return { id, name, slug, type, login_uri };
}

/**
 * Whether the caller of a public operation holds auth.ManageProviders. No token
 * means no; a token that is sent must be valid (401 otherwise, as everywhere).
 */
async function callerManagesProviders(c: Ctx, db: MockDb, tokens: TokenService): Promise<boolean> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '');
  if (!bearer) return false;
  const claims = await tokens.verify(bearer[1]!);
  if (claims.kind !== 'user') return false;
  const user = db.state.users.find((u) => u.id === claims.subject && u.deleted_at === null && !u.is_disabled);
  if (!user || (user.session_generation ?? 0) !== claims.generation) return false;
  return userPermissions(db, user).has(P.AuthManageProviders);
}

// ---------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------

/**
 * Names are unique, and so are their slugs (ssoProviderSlug), as upstream's table keeps both: a name taken,
 * or one whose slug another provider has ("OKTA" when "Okta" exists), is a 409 on `name`.
 */
export function assertNameFree(state: DbState, name: string, exceptId?: number): void {
  const others = state.ssoProviders.filter((p) => p.id !== exceptId && p.deleted_at === null);
  const named = others.find((p) => p.name === name);
  if (named) {
    throw conflict(
      'name',
      `An SSO provider named "${named.name}" already exists. Choose another name; provider names are unique.`,
    );
  }
  const slug = ssoProviderSlug(name);
  const sameSlug = others.find((p) => p.slug === slug);
  if (sameSlug) {
    throw conflict(
      'name',
      `"${name}" would sign in at ${SSO_ROOT_PATH}/${slug}/login, the address of "${sameSlug.name}". Choose another name: names that differ only in capitals, or in spaces for "-", share an address.`,
    );
  }
}

/** The default role must be a role that exists when auto-provisioning is on or one is given; 0 means none. */
function roleProblem(
  state: DbState,
  context: string,
  autoProvision: { enabled: boolean; default_role_id: number },
): ErrorDetail | null {
  const id = autoProvision.default_role_id;
  if (id === 0) {
    return autoProvision.enabled ? { context, message: 'Choose a default role for auto-provisioned users.' } : null;
  }
  if (!state.roles.some((r) => r.id === id && r.deleted_at === null)) {
    return { context, message: `No role has id ${id}. Choose one of the roles listed by GET /api/v2/roles.` };
  }
  return null;
}

function storedAutoProvision(a: { enabled: boolean; default_role_id: number; role_provision: boolean }): StoredAutoProvision {
  return {
    enabled: a.enabled,
    default_role_id: a.default_role_id === 0 ? null : a.default_role_id,
    role_provision: a.role_provision,
  };
}

function contentType(c: Ctx): string {
  return (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Room for the form fields and multipart framing around a metadata file of the largest size. */
const MULTIPART_MAX_BYTES = SAML_METADATA_MAX_BYTES + 64 * 1024;

const multipartTooLarge = () =>
  new ApiFailure(413, [
    {
      context: samlFormFields.metadata,
      message: `The request is larger than ${formatBytes(MULTIPART_MAX_BYTES)}; the metadata file may be at most ${formatBytes(SAML_METADATA_MAX_BYTES)}.`,
    },
  ]);

/**
 * The multipart body's fields, read no further than MULTIPART_MAX_BYTES (413
 * beyond). A field sent twice is a 400, as upstream ("expected only one").
 */
async function readMultipart(c: Ctx): Promise<Record<string, string | File>> {
  const bytes = await readBodyLimited(c, MULTIPART_MAX_BYTES, multipartTooLarge);
  const body = new Map<string, (string | File)[]>();
  try {
    const form = await new Response(bytes, { headers: { 'Content-Type': c.req.header('Content-Type') ?? '' } }).formData();
    for (const [key, value] of form.entries()) body.set(key, [...(body.get(key) ?? []), value]);
  } catch (e) {
    throw badRequest('body', `The multipart/form-data body could not be read: ${(e as Error).message}`);
  }
  const out: Record<string, string | File> = {};
  for (const [key, values] of body) {
    if (values.length > 1) throw badRequest(key, `Send "${key}" only once; the form has it ${values.length} times.`);
    const value = values[0]!;
    // A browser sends an empty, unnamed file part for a file input left empty: that is "no file".
    if (value instanceof File && value.size === 0 && value.name === '') continue;
    out[key] = value;
  }
  return out;
}

const CONFIG_FIELDS = [
  samlFormFields.autoProvisionEnabled,
  samlFormFields.autoProvisionDefaultRoleId,
  samlFormFields.autoProvisionRoleProvision,
] as const;

interface SamlFormInput {
  name?: string;
  metadata?: SamlMetadata;
  autoProvision?: StoredAutoProvision;
}

/**
 * Reads and checks the SAML multipart form: text fields, the metadata file
 * (parsed), the default role. Every problem found is reported at once (400),
 * each under the form field it concerns. A patch (`current`: the provider's
 * stored auto-provisioning) may send only some `config.auto_provision.*`
 * fields: the others keep their stored values.
 */
async function readSamlForm(c: Ctx, db: MockDb, current?: StoredAutoProvision): Promise<SamlFormInput> {
  const mode = current ? 'patch' : 'create';
  const form = await readMultipart(c);
  const errors: ErrorDetail[] = [];

  const text: Record<string, string> = {};
  for (const key of [samlFormFields.name, ...CONFIG_FIELDS]) {
    const value = form[key];
    if (value instanceof File) errors.push({ context: key, message: `"${key}" must be a text field, not a file.` });
    else if (value !== undefined) text[key] = value;
  }

  const parsed = (mode === 'create' ? samlCreateFormValues : samlPatchFormValues).safeParse(text);
  if (!parsed.success) errors.push(...issuesAtPaths(parsed.error.issues));

  let autoProvision: StoredAutoProvision | undefined;
  if (parsed.success) {
    const v = parsed.data;
    const given = CONFIG_FIELDS.some((k) => k in text);
    const enabled = v[samlFormFields.autoProvisionEnabled] ?? current?.enabled;
    const roleId = v[samlFormFields.autoProvisionDefaultRoleId] ?? (current ? (current.default_role_id ?? 0) : undefined);
    const roleProvision = v[samlFormFields.autoProvisionRoleProvision] ?? current?.role_provision;
    if (given && enabled !== undefined && roleId !== undefined && roleProvision !== undefined) {
      const a = { enabled, default_role_id: roleId, role_provision: roleProvision };
      const problem = roleProblem(db.state, samlFormFields.autoProvisionDefaultRoleId, a);
      if (problem) errors.push(problem);
      else autoProvision = storedAutoProvision(a);
    }
  }

  let metadata: SamlMetadata | undefined;
  const file = form[samlFormFields.metadata];
  if (file === undefined) {
    if (mode === 'create') errors.push({ context: samlFormFields.metadata, message: 'The metadata XML file is required.' });
  } else if (!(file instanceof File)) {
    errors.push({
      context: samlFormFields.metadata,
      message: '"metadata" must be a file part (the metadata XML file), not a text field.',
    });
  } else if (file.size > SAML_METADATA_MAX_BYTES) {
    errors.push({
      context: samlFormFields.metadata,
      message: `The metadata file is ${formatOverLimit(file.size)}; it may be at most ${formatBytes(SAML_METADATA_MAX_BYTES)}.`,
    });
  } else {
    const result = parseSamlMetadata(new Uint8Array(await file.arrayBuffer()));
    if (result.ok) metadata = result.metadata;
    else errors.push({ context: samlFormFields.metadata, message: result.message });
  }

  if (errors.length > 0) throw new ApiFailure(400, errors);
  const name = parsed.success ? parsed.data[samlFormFields.name] : undefined;
  return { name, metadata, autoProvision };
}

/** Reads a JSON body, then checks it with `schema`, each issue under its field path. */
async function readJsonChecked<S extends z.ZodType>(c: Ctx, schema: S): Promise<z.output<S>> {
  const value = await readJson(c, z.unknown());
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiFailure(400, issuesAtPaths(result.error.issues));
  return result.data;
}

function checkOidcRole(db: MockDb, config: SsoProviderConfigInput | undefined): void {
  if (!config) return;
  const problem = roleProblem(db.state, 'config.auto_provision.default_role_id', config.auto_provision);
  if (problem) throw new ApiFailure(400, [problem]);
}

function providerOr404(db: MockDb, id: number): StoredSsoProvider {
  const p = db.state.ssoProviders.find((x) => x.id === id && x.deleted_at === null);
  if (!p) throw notFound('sso_provider_id', `No SSO provider has id ${id}.`);
  return p;
}

/** ListAuthProviders: `sort_by`, not paged; oldest first unless sorted otherwise, ties by id. */
export const PROVIDERS_LIST = defineList<StoredSsoProvider>()({
  query: ssoOps.listAuthProviders.query,
  columns: {
    id: number((p) => p.id),
    name: text((p) => p.name),
    slug: text((p) => p.slug),
    type: text((p) => p.type),
    created_at: time((p) => p.created_at),
    updated_at: time((p) => p.updated_at),
  },
  defaultSort: [{ column: 'created_at', descending: false }],
  tieBreak: [{ column: 'id', descending: false }],
});

const now = () => new Date().toISOString();

// ---------------------------------------------------------------------------
// Area
// ---------------------------------------------------------------------------

export const ssoArea: MockArea = {
  name: 'sso',
  seed: (state) => seedSsoProviders(state),
  routes(app, ctx) {
    const { db, config, tokens } = ctx;
    const route = server(app, db);
    registerSsoSignIn(route, ctx, (p) => toAuthProvider(p, config.rootUrl));

    // Public, as upstream: managers get the whole records, anyone else what a sign-in page needs.
    route(ssoOps.listAuthProviders, async (c, { query: req }) => {
      const full = await callerManagesProviders(c, db, tokens);
      const rows = PROVIDERS_LIST.select(
        db.state.ssoProviders.filter((p) => p.deleted_at === null),
        req,
      );
      const entry = full ? toAuthProvider : toPublicAuthProvider;
      return c.json({ data: rows.map((p) => entry(p, config.rootUrl)) });
    });

    // The service's SAML signing certificate, made once per provider (kept in memory: a restart makes new ones).
    const certificates = new Map<string, Promise<string>>();
    db.onReset(() => certificates.clear());
    route(ssoOps.getSSOProviderSAMLSigningCertificate, async (c, { params }) => {
      const provider = providerOr404(db, params.sso_provider_id);
      if (provider.type !== 'SAML') {
        throw badRequest(
          'sso_provider_id',
          `"${provider.name}" is an OIDC provider; only SAML providers have a signing certificate.`,
        );
      }
      const key = `${provider.id}:${provider.created_at}`;
      let pem = certificates.get(key);
      if (!pem) {
        pem = makeSigningCertificate(`${provider.slug} SAML signing ${new URL(config.rootUrl).host}`);
        pem.catch(() => certificates.delete(key));
        certificates.set(key, pem);
      }
      return c.body(await pem, 200, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Disposition': `attachment; filename="${provider.slug}-signing-certificate.pem"`,
      });
    });

    route(ssoOps.getSamlProvider, (c, { params }) => {
      const id = params.saml_provider_id;
      const p = db.state.ssoProviders.find((x) => x.deleted_at === null && x.type === 'SAML' && x.saml?.id === id);
      if (!p) throw notFound('saml_provider_id', `No SAML provider has id ${id}.`);
      return c.json({ data: toSamlRecord(p, config.rootUrl) });
    });

    route(ssoOps.createSSOSAMLProvider, async (c) => {
      if (contentType(c) !== 'multipart/form-data') {
        throw badRequest(
          'Content-Type',
          `Creating a SAML provider takes a multipart/form-data body (name, metadata file, config.auto_provision.*), not "${contentType(c) || 'none'}".`,
        );
      }
      const input = await readSamlForm(c, db);
      auditFields(c, { name: input.name, idp_issuer_uri: input.metadata?.entityId, auto_provision: input.autoProvision });
      return commit(() => {
        const name = input.name!;
        assertNameFree(db.state, name);
        const t = now();
        const provider: StoredSsoProvider = {
          id: db.nextId('sso-provider'),
          name,
          slug: ssoProviderSlug(name),
          type: 'SAML',
          config: { auto_provision: input.autoProvision! },
          saml: {
            id: db.nextId('saml-provider'),
            display_name: name,
            metadata_xml: input.metadata!.xml,
            idp_issuer_uri: input.metadata!.entityId,
            idp_sso_uri: input.metadata!.ssoUri,
            principal_attribute_mappings: [],
          },
          created_at: t,
          updated_at: t,
          deleted_at: null,
        };
        db.state.ssoProviders.push(provider);
        return c.json({ data: toSamlRecord(provider, config.rootUrl) }, 200);
      });
    });

    route(ssoOps.createOIDCProvider, (c, { body }) => {
      checkOidcRole(db, body.config);
      assertNameFree(db.state, body.name);
      const t = now();
      const provider: StoredSsoProvider = {
        id: db.nextId('sso-provider'),
        name: body.name,
        slug: ssoProviderSlug(body.name),
        type: 'OIDC',
        config: { auto_provision: storedAutoProvision(body.config.auto_provision) },
        oidc: { id: db.nextId('oidc-provider'), issuer: body.issuer, client_id: body.client_id },
        created_at: t,
        updated_at: t,
        deleted_at: null,
      };
      db.state.ssoProviders.push(provider);
      return c.json({ data: toOidcRecord(provider) }, 201);
    });

    route(ssoOps.patchSSOProvider, async (c, { params }) => {
      const provider = providerOr404(db, params.sso_provider_id);
      const type = contentType(c);

      if (provider.type === 'SAML') {
        if (type !== 'multipart/form-data') {
          throw badRequest(
            'Content-Type',
            `"${provider.name}" is a SAML provider: update it with a multipart/form-data body (name, metadata file, config.auto_provision.*), not ${type || 'an empty body'}.`,
          );
        }
        const input = await readSamlForm(c, db, provider.config.auto_provision);
        auditFields(c, { name: input.name, idp_issuer_uri: input.metadata?.entityId, auto_provision: input.autoProvision });
        return commit(() => {
          if (input.name !== undefined) assertNameFree(db.state, input.name, provider.id);
          // Everything is checked: apply it all at once.
          if (input.name !== undefined) {
            provider.name = input.name;
            provider.slug = ssoProviderSlug(input.name);
            provider.saml!.display_name = input.name;
          }
          if (input.metadata) {
            provider.saml!.metadata_xml = input.metadata.xml;
            provider.saml!.idp_issuer_uri = input.metadata.entityId;
            provider.saml!.idp_sso_uri = input.metadata.ssoUri;
          }
          if (input.autoProvision) provider.config = { auto_provision: input.autoProvision };
          provider.updated_at = now();
          return c.json({ data: toSamlRecord(provider, config.rootUrl) }, 200);
        });
      }

      if (type !== 'application/json') {
        throw badRequest(
          'Content-Type',
          `"${provider.name}" is an OIDC provider: update it with a JSON body (Content-Type: application/json; name, issuer, client_id, config), not ${type || 'an empty body'}.`,
        );
      }
      const body = await readJsonChecked(c, oidcProviderPatchBody);
      return commit(() => {
        checkOidcRole(db, body.config);
        if (body.name !== undefined) assertNameFree(db.state, body.name, provider.id);
        if (body.name !== undefined) {
          provider.name = body.name;
          provider.slug = ssoProviderSlug(body.name);
        }
        if (body.issuer !== undefined) provider.oidc!.issuer = body.issuer;
        if (body.client_id !== undefined) provider.oidc!.client_id = body.client_id;
        if (body.config) provider.config = { auto_provision: storedAutoProvision(body.config.auto_provision) };
        provider.updated_at = now();
        return c.json({ data: toOidcRecord(provider) }, 200);
      });
    });

    route(ssoOps.deleteSSOProvider, (c, { params }) => {
      const me = currentUser(c);
      const provider = providerOr404(db, params.sso_provider_id);
      if (me.sso_provider_id === provider.id) {
        throw conflict(
          'sso_provider_id',
          `You sign in through "${provider.name}", so you cannot delete it. Ask another administrator.`,
        );
      }
      const linked = db.state.users.filter((u) => u.deleted_at === null && u.sso_provider_id === provider.id);
      refuseLosingLastAdministrator(
        db.state,
        linked.map((u) => ({ ...u, sso_provider_id: null })),
        'sso_provider_id',
      );
      // The answer lists the users as they were linked, as upstream does; then they are unlinked.
      const affected = linked.map((u) => toUserRecord(db.state, u));
      const t = now();
      for (const u of linked) {
        u.sso_provider_id = null;
        u.updated_at = t;
      }
      db.state.ssoProviders = db.state.ssoProviders.filter((p) => p.id !== provider.id);
      return c.json({ data: { affected_users: affected } }, 200);
    });
  },
};
