import { describe, expect, it } from 'vitest';
import type { Role } from '@/api/schemas/roles';
import { SAML_METADATA_MAX_BYTES, type SsoProvider } from '@/api/schemas/sso';
import {
  autoProvisionDefaults,
  defaultRoleIdOf,
  deletedNotice,
  describeAutoProvision,
  metadataFileProblem,
  oidcFormSchema,
  providerNameHint,
  samlFormSchema,
  toOidcBody,
  toSamlFormData,
} from './provider-form';

const t = '2026-11-01T09:00:00.000Z';
const role = (id: number, name: string): Role => ({
  id,
  name,
  description: '',
  permissions: [],
  created_at: t,
  updated_at: t,
  deleted_at: { time: '0001-01-01T00:00:00Z', valid: false },
});
const roles = [role(1, 'Administrator'), role(2, 'User'), role(3, 'Read-Only')];

const file = (name: string, size: number) => new File([new Uint8Array(size)], name, { type: 'text/xml' });

const oidcEntry = (auto: { enabled: boolean; default_role_id: number; role_provision: boolean }): SsoProvider => ({
  id: 3,
  name: 'Keycloak',
  slug: 'keycloak',
  type: 'OIDC',
  details: null,
  config: { auto_provision: auto },
});

describe('metadata file rules (before sending)', () => {
  it('takes .xml files up to 1 MiB', () => {
    expect(metadataFileProblem(file('idp.xml', 100))).toBeNull();
    expect(metadataFileProblem(file('IDP-METADATA.XML', SAML_METADATA_MAX_BYTES))).toBeNull();
  });

  it('refuses other extensions, empty files and files over 1 MiB, naming the file', () => {
    expect(metadataFileProblem(file('idp.json', 10))).toBe(
      '"idp.json" is not an .xml file. Choose the SAML metadata XML file from your identity provider.',
    );
    expect(metadataFileProblem(file('idp.xml', 0))).toContain('is empty');
    expect(metadataFileProblem(file('big.xml', SAML_METADATA_MAX_BYTES + 1))).toBe(
      '"big.xml" is 1,048,577 bytes (1 MiB); the metadata file may be at most 1 MiB.',
    );
    expect(metadataFileProblem(file('big.xml', 1.5 * SAML_METADATA_MAX_BYTES))).toContain('is 1,572,864 bytes (1.5 MiB)');
  });
});

describe('SAML form schema', () => {
  const base = { name: 'acme', autoProvision: false, defaultRoleId: '3', roleProvision: false };

  it('needs the metadata file to create, not to edit', () => {
    const create = samlFormSchema('create').safeParse({ ...base, metadata: null });
    expect(create.success).toBe(false);
    expect(create.error?.issues[0]).toMatchObject({
      path: ['metadata'],
      message: 'Choose the metadata XML file from your identity provider',
    });
    expect(samlFormSchema('edit').safeParse({ ...base, metadata: null }).success).toBe(true);
    expect(samlFormSchema('create').safeParse({ ...base, metadata: file('idp.xml', 20) }).success).toBe(true);
  });

  it('applies the file rules and the shared name rule together', () => {
    const result = samlFormSchema('edit').safeParse({
      ...base,
      name: 'corp/eu',
      metadata: file('idp.txt', 20),
      defaultRoleId: '',
    });
    expect(result.success).toBe(false);
    const byPath = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath.name).toBe('Provider name may not contain "/": the sign-in address is made from it');
    expect(byPath.metadata).toContain('is not an .xml file');
    expect(byPath.defaultRoleId).toBe('Choose a default role');
  });
});

describe('provider name hint', () => {
  it('shows the sign-in address the typed name gives, as the service derives the slug', () => {
    expect(providerNameHint('')).toBe('As the sign-in page shows it ("Sign in with …"); the sign-in address is made from it.');
    expect(providerNameHint('  ')).toContain('the sign-in address is made from it');
    expect(providerNameHint('Microsoft Entra ID ')).toBe('Sign-in address: /api/v2/sso/microsoft-entra-id/login');
    expect(providerNameHint('Zoë & Co')).toBe('Sign-in address: /api/v2/sso/zo%C3%AB-%26-co/login');
  });

  it('on a rename, says which address the provider leaves, and nothing when the slug stays', () => {
    expect(providerNameHint('Okta EU', { slug: 'okta' })).toBe(
      'Sign-in address: /api/v2/sso/okta-eu/login (was /api/v2/sso/okta/login)',
    );
    expect(providerNameHint('OKTA', { slug: 'okta' })).toBe('Sign-in address: /api/v2/sso/okta/login');
  });
});

describe('OIDC form schema', () => {
  it('needs an http(s) issuer URL and a client ID', () => {
    const result = oidcFormSchema.safeParse({
      name: 'kc',
      issuer: 'ftp://x',
      client_id: '  ',
      autoProvision: false,
      defaultRoleId: '3',
      roleProvision: false,
    });
    const byPath = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toMatchObject({ issuer: 'Issuer must be an http(s) URL', client_id: 'Client ID is required' });
  });
});

describe('request bodies', () => {
  it('builds the multipart fields of ssoOps.createSSOSAMLProvider, leaving out the file when none is chosen', () => {
    const form = toSamlFormData({ name: 'acme', metadata: null, autoProvision: true, defaultRoleId: '2', roleProvision: true });
    expect([...form.keys()]).toEqual([
      'name',
      'config.auto_provision.enabled',
      'config.auto_provision.default_role_id',
      'config.auto_provision.role_provision',
    ]);
    expect(form.get('config.auto_provision.enabled')).toBe('true');
    expect(form.get('config.auto_provision.default_role_id')).toBe('2');
    const withFile = toSamlFormData({
      name: 'acme',
      metadata: file('idp.xml', 5),
      autoProvision: false,
      defaultRoleId: '3',
      roleProvision: true,
    });
    expect((withFile.get('metadata') as File).name).toBe('idp.xml');
    // Role provisioning means nothing without auto-provisioning.
    expect(withFile.get('config.auto_provision.role_provision')).toBe('false');
  });

  it('builds the OIDC JSON body with a numeric role', () => {
    expect(
      toOidcBody({
        name: 'kc',
        issuer: 'https://id.example/',
        client_id: 'c1',
        autoProvision: true,
        defaultRoleId: '2',
        roleProvision: false,
      }),
    ).toEqual({
      name: 'kc',
      issuer: 'https://id.example/',
      client_id: 'c1',
      config: { auto_provision: { enabled: true, default_role_id: 2, role_provision: false } },
    });
  });
});

describe('defaults and wording', () => {
  it("offers the provider's role, else Read-Only, else the first role", () => {
    expect(defaultRoleIdOf(roles, 2)).toBe('2');
    expect(defaultRoleIdOf(roles, 0)).toBe('3');
    expect(defaultRoleIdOf(roles, 99)).toBe('3');
    expect(defaultRoleIdOf([role(7, 'Auditor')])).toBe('7');
    expect(autoProvisionDefaults(roles)).toEqual({ autoProvision: false, defaultRoleId: '3', roleProvision: false });
    expect(autoProvisionDefaults(roles, oidcEntry({ enabled: true, default_role_id: 2, role_provision: true }))).toEqual({
      autoProvision: true,
      defaultRoleId: '2',
      roleProvision: true,
    });
  });

  it('describes auto-provisioning with the role name', () => {
    expect(describeAutoProvision(oidcEntry({ enabled: false, default_role_id: 2, role_provision: false }), roles)).toBe('Off');
    expect(describeAutoProvision(oidcEntry({ enabled: true, default_role_id: 2, role_provision: true }), roles)).toBe(
      'On · default role User · roles managed by the IdP',
    );
    expect(describeAutoProvision(oidcEntry({ enabled: true, default_role_id: 9, role_provision: false }), undefined)).toBe(
      'On · default role role 9',
    );
    expect(
      describeAutoProvision(
        { ...oidcEntry({ enabled: true, default_role_id: 1, role_provision: false }), config: undefined },
        roles,
      ),
    ).toBe('Not reported');
  });

  it('says how many users were unlinked', () => {
    expect(deletedNotice('Okta', 0)).toBe('SSO provider Okta deleted.');
    expect(deletedNotice('Okta', 1)).toBe('SSO provider Okta deleted. 1 user was unlinked from it.');
    expect(deletedNotice('Okta', 4)).toBe('SSO provider Okta deleted. 4 users were unlinked from it.');
  });
});
