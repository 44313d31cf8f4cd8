/**
 * SSO providers (SAML and OIDC) — reference `model.saml-provider`,
 * `model.oidc-provider`, `model.auth-provider`; the operations are ssoOps
 * (listAuthProviders, createOIDCProvider, createSSOSAMLProvider,
 * patchSSOProvider, deleteSSOProvider, getSamlProvider).
 */
import { formatCount } from '../../shared/count';
import { z } from 'zod';
import { labelsFor } from '../../shared/value-labels';
import { baseFields, byDiscriminant, dataEnvelope, intPathParam, nullableInt } from './wire-format';
import {
  booleanField,
  CLIENT_ID_MAX_LENGTH,
  fieldError,
  requiredText,
  SSO_PROVIDER_NAME_MAX_LENGTH,
  tooLongMessage,
  URL_MAX_LENGTH,
} from './field-rules';
import { user } from './users';
import { plural } from '../../shared/words';

// ---------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------

/** Reference `model.saml-provider`. */
export const samlProvider = z.object({
  ...baseFields,
  name: z.string(),
  display_name: z.string(),
  idp_issuer_uri: z.string(),
  idp_sso_uri: z.string(),
  principal_attribute_mappings: z.array(z.string()),
  sp_issuer_uri: z.string(),
  sp_sso_uri: z.string(),
  sp_metadata_uri: z.string(),
  sp_acs_uri: z.string(),
  sso_provider_id: nullableInt,
});
export type SamlProvider = z.infer<typeof samlProvider>;

/** Reference `model.oidc-provider` (its fields are the reference's). */
export const oidcProvider = z.object({
  ...baseFields,
  client_id: z.string(),
  issuer: z.string(),
  sso_provider_id: z.int(),
});
export type OidcProvider = z.infer<typeof oidcProvider>;

/** SSO provider config (reference CreateOIDCProvider body `config`, also in the ListAuthProviders entries upstream). */
export const ssoProviderConfig = z.object({
  auto_provision: z.object({
    enabled: z.boolean(),
    default_role_id: z.int(),
    role_provision: z.boolean(),
  }),
});
export type SsoProviderConfig = z.infer<typeof ssoProviderConfig>;

/**
 * Reference `model.auth-provider.type`: a plain string ("Type of SSO provider (SAML or OIDC)"). These are
 * the types this console knows and can create, edit and open; a server may send others.
 */
export const SSO_PROVIDER_TYPES = ['SAML', 'OIDC'] as const;
/** The known types, for what the console sends (request side): strict. */
export const ssoProviderType = z.enum(SSO_PROVIDER_TYPES);
export type SsoProviderType = z.infer<typeof ssoProviderType>;

/** "SAML", "OIDC"; any other type as it came, unknown. */
export const ssoProviderTypeLabel = labelsFor({ SAML: 'SAML', OIDC: 'OIDC' });

/**
 * Fields common to every ListAuthProviders entry (reference `model.auth-provider`).
 * `config`, `login_uri` and `callback_uri` are sent by upstream servers but are
 * not in the reference, so they are optional.
 */
const ssoProviderCommon = {
  id: z.int(),
  name: z.string(),
  slug: z.string(),
  config: ssoProviderConfig.optional(),
  login_uri: z.string().optional(),
  callback_uri: z.string().optional(),
};

const samlEntry = z.object({ ...ssoProviderCommon, type: z.literal('SAML'), details: samlProvider.nullish() });
const oidcEntry = z.object({ ...ssoProviderCommon, type: z.literal('OIDC'), details: oidcProvider.nullish() });
/**
 * An entry of a type this console does not know: its `details` are kept as they came, unread (their
 * shape is the type's own), and its `config` is read only when it has the known shape.
 */
const otherEntry = z.object({
  ...ssoProviderCommon,
  type: z.string(),
  config: ssoProviderConfig.optional().catch(undefined),
  details: z.unknown().optional(),
});
export type SamlAuthProvider = z.infer<typeof samlEntry>;
export type OidcAuthProvider = z.infer<typeof oidcEntry>;
export type OtherAuthProvider = z.infer<typeof otherEntry>;

/**
 * One GET /api/v2/sso-providers entry (reference `model.auth-provider`), read by its `type`: a SAML
 * entry's `details` is the SAML record, an OIDC entry's the OIDC record (null when the server has no
 * detail row), both checked field by field; an entry of any other type is kept with its type as it
 * came (see {@link isSamlProvider}, {@link isOidcProvider}). A caller without auth.ManageProviders (or
 * without a session) gets only what a sign-in page needs: no `details` and no `config`.
 */
export const ssoProvider = byDiscriminant('type', { SAML: samlEntry, OIDC: oidcEntry }, otherEntry);
export type SsoProvider = SamlAuthProvider | OidcAuthProvider | OtherAuthProvider;

/** Whether an entry is a SAML provider (and its `details` the SAML record). */
export function isSamlProvider(p: SsoProvider): p is SamlAuthProvider {
  return p.type === 'SAML';
}

/** Whether an entry is an OIDC provider (and its `details` the OIDC record). */
export function isOidcProvider(p: SsoProvider): p is OidcAuthProvider {
  return p.type === 'OIDC';
}

/** GET /api/v2/sso-providers (reference ListAuthProviders): `{ data: entry[] }` (not paginated). */
export const ssoProvidersListResponse = z.object({ data: z.array(ssoProvider) });
export type SsoProvidersListResponse = z.infer<typeof ssoProvidersListResponse>;

/** The short ListAuthProviders entry the sign-in page uses (what anyone may see): where to sign in. */
export const ssoSignInProvider = z.object({
  id: z.int(),
  name: z.string(),
  slug: z.string(),
  /** Open-ended (any type is offered: signing in needs only the URL). */
  type: z.string(),
  login_uri: z.string(),
});
export type SsoSignInProvider = z.infer<typeof ssoSignInProvider>;

/** GET /api/v2/sso-providers as the sign-in page reads it (extra fields, for managers, are dropped). */
export const ssoSignInProvidersResponse = z.object({ data: z.array(ssoSignInProvider) });

/**
 * Why an SSO sign-in ended without a session: the `error` the service hands back to
 * the console (`/login/sso#error=…`, see src/mock-server/areas/sso/idp.ts).
 */
export type SsoSignInError =
  'account_disabled' | 'no_account' | 'invalid_email' | 'other_provider' | 'provisioning_failed' | 'provider_gone' | 'bad_state';

/** GET /api/v2/saml/providers/{id} (ssoOps.getSamlProvider) and POST /api/v2/sso-providers/saml: `{ data: samlProvider }`. */
export const samlProviderResponse = dataEnvelope(samlProvider);
export type SamlProviderResponse = z.infer<typeof samlProviderResponse>;

/** POST /api/v2/sso-providers/oidc (201): `{ data: oidcProvider }`. */
export const oidcProviderResponse = dataEnvelope(oidcProvider);
export type OidcProviderResponse = z.infer<typeof oidcProviderResponse>;

/**
 * PATCH /api/v2/sso-providers/{id} (ssoOps.patchSSOProvider): `{ data: <respective provider> }`
 * — the SAML record for SAML providers, the OIDC record for OIDC ones.
 */
export const ssoProviderPatchResponse = z.union([samlProviderResponse, oidcProviderResponse]);
export type SsoProviderPatchResponse = z.infer<typeof ssoProviderPatchResponse>;

/** DELETE /api/v2/sso-providers/{id} (reference DeleteSSOProvider): `{ data: { affected_users: user[] } }`. */
export const ssoProviderDeleteResponse = z.object({
  data: z.object({ affected_users: z.array(user) }),
});
export type SsoProviderDeleteResponse = z.infer<typeof ssoProviderDeleteResponse>;

// ---------------------------------------------------------------------------
// Request bodies
// ---------------------------------------------------------------------------

/**
 * The slug the service derives from a provider's name, as upstream does when a
 * provider is created or renamed: the name lower-cased, every space a "-", and
 * nothing else changed ("Microsoft Entra ID" → "microsoft-entra-id"). It names
 * the provider in its sign-in and callback addresses (ssoOps.ssoLogin,
 * ssoOps.ssoCallback: `/api/v2/sso/{slug}/login`). Each character is
 * lower-cased on its own, as Go's strings.ToLower maps each rune: "İ" is "i"
 * (JavaScript's whole-string rule makes it "i̇") and a final "Σ" is "σ".
 */
export function ssoProviderSlug(name: string): string {
  let slug = '';
  for (const ch of name.replaceAll(' ', '-')) slug += ch === '\u0130' ? 'i' : ch.toLowerCase();
  return slug;
}

/**
 * Provider name rule: free text (what the sign-in page shows: "Sign in with
 * Okta"), 1–100 characters, no hidden characters. Its slug must stay one
 * segment of the sign-in address, so no "/" and not "." or ".." (upstream
 * takes those, and then cannot route the provider's sign-in).
 */
export const providerName = requiredText('Provider name', { max: SSO_PROVIDER_NAME_MAX_LENGTH, plain: true })
  .refine((name) => !name.includes('/'), {
    error: 'Provider name may not contain "/": the sign-in address is made from it',
  })
  .refine((name) => name !== '.' && name !== '..', {
    error: 'Provider name may not be "." or "..": the sign-in address is made from it',
  });

/** Request-side `config` (reference CreateOIDCProvider body). A default role is needed when auto provisioning. */
export const ssoProviderConfigInput = z.object(
  {
    auto_provision: z
      .object(
        {
          enabled: booleanField('Auto provisioning'),
          default_role_id: z.int({ error: fieldError('Default role', 'a role ID (a whole number)') }),
          role_provision: booleanField('Role provisioning'),
        },
        { error: 'Auto provisioning settings are required' },
      )
      .refine((a) => !a.enabled || a.default_role_id > 0, {
        error: 'Choose a default role for auto-provisioned users',
        path: ['default_role_id'],
      }),
  },
  { error: 'Provider config is required' },
);
export type SsoProviderConfigInput = z.infer<typeof ssoProviderConfigInput>;

const issuerUrl = z
  .string({ error: fieldError('Issuer', 'an http(s) URL') })
  .max(URL_MAX_LENGTH, { error: tooLongMessage('Issuer', URL_MAX_LENGTH), abort: true })
  .pipe(z.url({ protocol: /^https?$/, error: 'Issuer must be an http(s) URL' }));

/** POST /api/v2/sso-providers/oidc body (reference CreateOIDCProvider; all four fields required). */
export const oidcProviderBody = z.object({
  name: providerName,
  issuer: issuerUrl,
  client_id: requiredText('Client ID', { max: CLIENT_ID_MAX_LENGTH, plain: true }),
  config: ssoProviderConfigInput,
});
export type OidcProviderBody = z.infer<typeof oidcProviderBody>;

/** PATCH /api/v2/sso-providers/{id} JSON body for OIDC providers (reference PatchSSOProvider): all optional. */
export const oidcProviderPatchBody = oidcProviderBody.partial();
export type OidcProviderPatchBody = z.infer<typeof oidcProviderPatchBody>;

/**
 * Largest metadata XML file accepted (1 MiB). The console refuses bigger files
 * before sending; the mock service answers 400. Upstream documents no limit; 1 MiB is far above any real IdP metadata.
 */
export const SAML_METADATA_MAX_BYTES = 1024 * 1024;

/**
 * A size over the metadata limit, said so the two never read alike ("1 MiB"
 * over "1 MiB"): "1,048,577 bytes (1 MiB)".
 */
export function formatOverLimit(n: number): string {
  return `${formatCount(n)} bytes (${formatBytes(n)})`;
}

/** A byte count in binary units for messages about files: "900 bytes", "2.5 KiB", "1 MiB". */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1).replace(/\.0$/, '')} KiB`;
  return plural(n, 'byte');
}

/** Multipart field names for SAML create/patch (ssoOps.createSSOSAMLProvider and ssoOps.patchSSOProvider). */
export const samlFormFields = {
  name: 'name',
  metadata: 'metadata',
  autoProvisionEnabled: 'config.auto_provision.enabled',
  autoProvisionDefaultRoleId: 'config.auto_provision.default_role_id',
  autoProvisionRoleProvision: 'config.auto_provision.role_provision',
} as const;
export type SamlFormField = (typeof samlFormFields)[keyof typeof samlFormFields];

/** The same names as a list, in form order. */
export const SAML_FORM_FIELD_NAMES = Object.values(samlFormFields) as SamlFormField[];

/** A multipart boolean string, as Go's strconv.ParseBool reads it. */
function formBoolean(label: string) {
  return z
    .string({ error: fieldError(label, '"true" or "false"') })
    .trim()
    .transform((s, ctx) => {
      if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(s)) return true;
      if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(s)) return false;
      ctx.addIssue({ code: 'custom', message: `${label} must be "true" or "false"`, input: s });
      return z.NEVER;
    });
}

/** A multipart integer string. */
function formInt(label: string) {
  return z
    .string({ error: fieldError(label, 'a whole number') })
    .trim()
    .regex(/^\d+$/, { error: `${label} must be a whole number` })
    .transform((s) => Number(s));
}

/**
 * Text fields of the SAML multipart form (everything except the `metadata`
 * file), keyed by their dotted names, for POST /api/v2/sso-providers/saml
 * (all required per reference). Check the `metadata` file separately.
 */
export const samlCreateFormValues = z.object({
  [samlFormFields.name]: providerName,
  [samlFormFields.autoProvisionEnabled]: formBoolean('Auto provisioning'),
  [samlFormFields.autoProvisionDefaultRoleId]: formInt('Default role'),
  [samlFormFields.autoProvisionRoleProvision]: formBoolean('Role provisioning'),
});
export type SamlCreateFormValues = z.output<typeof samlCreateFormValues>;

/** Text fields of the SAML multipart form for PATCH /api/v2/sso-providers/{id} (all optional). */
export const samlPatchFormValues = samlCreateFormValues.partial();
export type SamlPatchFormValues = z.output<typeof samlPatchFormValues>;

/** GET /api/v2/sso-providers/{id}/signing-certificate (reference GetSSOProviderSAMLSigningCertificate): a PEM file, as text. */
export const samlSigningCertificate = z
  .string()
  .refine((s) => s.trimStart().startsWith('-----BEGIN CERTIFICATE-----'), { error: 'not a PEM certificate' });

/** An SSO provider's id in a path. */
export const providerIdParam = intPathParam('sso_provider_id');
/** A SAML provider's own id in a path (the deprecated GetSamlProvider). */
export const samlIdParam = intPathParam('saml_provider_id');

/** The columns GET /api/v2/sso-providers sorts by (reference ListAuthProviders). */
export const SSO_PROVIDER_SORT_COLUMNS = ['id', 'name', 'slug', 'type', 'created_at', 'updated_at'] as const;
