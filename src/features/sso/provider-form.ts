import { z } from 'zod';
import { requestPath } from '@/api/call';
import { ssoOps } from '@/api/operations/sso';
import type { Role } from '@/api/schemas/roles';
import {
  formatBytes,
  formatOverLimit,
  oidcProviderBody,
  providerName,
  SAML_METADATA_MAX_BYTES,
  samlFormFields,
  ssoProviderSlug,
  type OidcProviderBody,
  type SsoProvider,
} from '@/api/schemas/sso';
import { plural } from '@/shared/words';

/**
 * Form values and rules of the SSO provider dialogs, and their conversion to
 * the request bodies (SAML: multipart/form-data; OIDC: JSON).
 */

/** Why a chosen metadata file is refused before sending, or null when it may be sent. */
export function metadataFileProblem(file: File): string | null {
  if (!/\.xml$/i.test(file.name)) {
    return `"${file.name}" is not an .xml file. Choose the SAML metadata XML file from your identity provider.`;
  }
  if (file.size === 0) return `"${file.name}" is empty. Choose the SAML metadata XML file from your identity provider.`;
  if (file.size > SAML_METADATA_MAX_BYTES) {
    return `"${file.name}" is ${formatOverLimit(file.size)}; the metadata file may be at most ${formatBytes(SAML_METADATA_MAX_BYTES)}.`;
  }
  return null;
}

const isFile = (v: unknown): v is File => typeof File !== 'undefined' && v instanceof File;

function metadataField(required: boolean) {
  return z
    .custom<File | null>((v) => v === null || isFile(v), { error: 'Choose a file' })
    .superRefine((file, ctx) => {
      if (file === null) {
        if (required) ctx.addIssue({ code: 'custom', message: 'Choose the metadata XML file from your identity provider' });
        return;
      }
      const problem = metadataFileProblem(file);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/** Auto-provisioning settings as the form holds them (the role as the select's string value). */
const autoProvisionFields = {
  autoProvision: z.boolean(),
  defaultRoleId: z.string().regex(/^\d+$/, { error: 'Choose a default role' }),
  roleProvision: z.boolean(),
};

export function samlFormSchema(mode: 'create' | 'edit') {
  return z.object({ name: providerName, metadata: metadataField(mode === 'create'), ...autoProvisionFields });
}
export type SamlFormInput = z.input<ReturnType<typeof samlFormSchema>>;
export type SamlFormOutput = z.output<ReturnType<typeof samlFormSchema>>;

export const oidcFormSchema = z.object({
  name: providerName,
  issuer: oidcProviderBody.shape.issuer,
  client_id: oidcProviderBody.shape.client_id,
  ...autoProvisionFields,
});
export type OidcFormInput = z.input<typeof oidcFormSchema>;
export type OidcFormOutput = z.output<typeof oidcFormSchema>;

/** Where a provider signs in (ssoOps.ssoLogin) when its slug is `slug`. */
function signInPath(slug: string): string {
  return requestPath(ssoOps.ssoLogin, { sso_provider_slug: slug });
}

/**
 * The name field's hint, as the name is typed: the sign-in address the service
 * will make from it ("Sign-in address: /api/v2/sso/okta/login"), and on a
 * rename that moves it, the address in use until then.
 */
export function providerNameHint(name: string, current?: Pick<SsoProvider, 'slug'>): string {
  const typed = name.trim();
  if (typed === '') return 'As the sign-in page shows it ("Sign in with …"); the sign-in address is made from it.';
  const path = signInPath(ssoProviderSlug(typed));
  const was = current ? signInPath(current.slug) : path;
  return was === path ? `Sign-in address: ${path}` : `Sign-in address: ${path} (was ${was})`;
}

/** Server error contexts (body field names) → form field names. */
export const SERVER_FIELD_MAP = {
  [samlFormFields.autoProvisionEnabled]: 'autoProvision',
  [samlFormFields.autoProvisionDefaultRoleId]: 'defaultRoleId',
  [samlFormFields.autoProvisionRoleProvision]: 'roleProvision',
} as const;

/**
 * The role a new provider offers by default: upstream's least-privileged
 * human role, "Read-Only", else the first role. The service requires a valid
 * default role even when auto-provisioning is off.
 */
export function defaultRoleIdOf(roles: readonly Role[], current?: number | null): string {
  if (current && roles.some((r) => r.id === current)) return String(current);
  const readOnly = roles.find((r) => r.name === 'Read-Only');
  return String(readOnly?.id ?? roles[0]?.id ?? '');
}

/** Auto-provisioning form values from a provider's config (or the defaults for a new one). */
export function autoProvisionDefaults(roles: readonly Role[], provider?: SsoProvider) {
  const a = provider?.config?.auto_provision;
  return {
    autoProvision: a?.enabled ?? false,
    defaultRoleId: defaultRoleIdOf(roles, a?.default_role_id),
    roleProvision: a?.role_provision ?? false,
  };
}

/** The multipart body of SAML create and edit (ssoOps.createSSOSAMLProvider, ssoOps.patchSSOProvider). No file = keep the current metadata. */
export function toSamlFormData(values: SamlFormOutput): FormData {
  const form = new FormData();
  form.append(samlFormFields.name, values.name);
  if (values.metadata) form.append(samlFormFields.metadata, values.metadata, values.metadata.name);
  form.append(samlFormFields.autoProvisionEnabled, String(values.autoProvision));
  form.append(samlFormFields.autoProvisionDefaultRoleId, values.defaultRoleId);
  form.append(samlFormFields.autoProvisionRoleProvision, String(values.autoProvision && values.roleProvision));
  return form;
}

/** The JSON body of OIDC create and edit (reference CreateOIDCProvider / PatchSSOProvider). */
export function toOidcBody(values: OidcFormOutput): OidcProviderBody {
  return {
    name: values.name,
    issuer: values.issuer,
    client_id: values.client_id,
    config: {
      auto_provision: {
        enabled: values.autoProvision,
        default_role_id: Number(values.defaultRoleId),
        role_provision: values.autoProvision && values.roleProvision,
      },
    },
  };
}

/** "On · Read-Only · roles from the IdP" / "Off", for the list and the detail page. */
export function describeAutoProvision(provider: SsoProvider, roles: readonly Role[] | undefined): string {
  const a = provider.config?.auto_provision;
  if (!a) return 'Not reported';
  if (!a.enabled) return 'Off';
  const role = roles?.find((r) => r.id === a.default_role_id);
  const roleName = role ? role.name : a.default_role_id ? `role ${a.default_role_id}` : 'no default role';
  return `On · default role ${roleName}${a.role_provision ? ' · roles managed by the IdP' : ''}`;
}

/** What the pages say once a provider is deleted. */
export function deletedNotice(name: string, unlinked: number): string {
  return `SSO provider ${name} deleted.${unlinked > 0 ? ` ${plural(unlinked, 'user was', 'users were')} unlinked from it.` : ''}`;
}
