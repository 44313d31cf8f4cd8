import { describe, expect, it } from 'vitest';
import { type z } from 'zod';
import * as fieldRules from './field-rules';
import * as wireFormat from './wire-format';
import * as auth from './auth';
import * as roles from './roles';
import * as users from './users';
import * as sso from './sso';
import * as assetGroups from './asset-groups';
import * as collection from './collection';
import * as fileUpload from './file-upload';
import * as entities from './entities';
import * as config from './config';
import * as savedQueries from './saved-queries';
import * as tokens from './tokens';
import * as cypher from './cypher';
import * as privilegeZones from './privilege-zones';
import * as customNodes from './custom-nodes';
import * as collectors from './collectors';

/** Every schema module's exports, by name. */
const S = {
  ...wireFormat,
  ...fieldRules,
  ...auth,
  ...roles,
  ...users,
  ...sso,
  ...assetGroups,
  ...collection,
  ...fileUpload,
  ...entities,
  ...config,
  ...savedQueries,
  ...tokens,
  ...cypher,
  ...privilegeZones,
  ...customNodes,
  ...collectors,
};

const TS = '2024-02-19T19:27:43.866Z';
const GO_TS = '2024-01-02T03:04:05.123456Z';
const ZERO = '0001-01-01T00:00:00Z';
const UUID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const UUID2 = '54623566-213a-4490-9c68-ac44c39b6590';
const notDeleted = { time: ZERO, valid: false };
const base = (id: number) => ({ id, created_at: TS, updated_at: GO_TS, deleted_at: notDeleted });

/** Parse and assert success, printing the issues if it fails. */
function ok<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(JSON.stringify(r.error.issues, null, 2));
  return r.data;
}

/** Parse and return the failure messages (asserting it failed). */
function messages(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  expect(r.success).toBe(false);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

const permission = { ...base(1), authority: 'app', name: 'ReadAppConfig' };
const role = {
  ...base(1),
  name: 'Administrator',
  description: 'Can manage users, clients, and application configuration',
  permissions: [permission],
};
const authSecret = { ...base(7), digest_method: 'argon2', expires_at: '2024-05-19T19:27:43Z', totp_activated: false };
const user = {
  id: UUID2,
  created_at: TS,
  updated_at: TS,
  deleted_at: notDeleted,
  saml_provider_id: { int32: 0, valid: false },
  sso_provider_id: { int32: 0, valid: false },
  AuthSecret: authSecret,
  roles: [role],
  first_name: { string: 'Cool', valid: true },
  last_name: { string: 'User', valid: true },
  email_address: { string: 'cool_user@bloodhoundenterprise.io', valid: true },
  principal_name: 'cool_user',
  last_login: GO_TS,
  is_disabled: false,
  eula_accepted: true,
  all_environments: false,
  environment_targeted_access_control: [{ user_id: UUID2, environment_id: 'S-1-5-21-4107638521-1930581446-2864410937' }],
};
const samlProvider = {
  ...base(3),
  name: 'okta',
  display_name: 'Okta',
  idp_issuer_uri: 'http://www.okta.com/exk1',
  idp_sso_uri: 'https://dev.okta.com/app/sso/saml',
  principal_attribute_mappings: ['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'],
  sp_issuer_uri: 'https://app.example.com/api/v2/sso/okta',
  sp_sso_uri: 'https://app.example.com/api/v2/sso/okta/login',
  sp_metadata_uri: 'https://app.example.com/api/v2/sso/okta/metadata',
  sp_acs_uri: 'https://app.example.com/api/v2/sso/okta/acs',
  sso_provider_id: { int32: 1, valid: true },
};
const oidcProvider = { ...base(4), client_id: 'bloodhound', issuer: 'https://login.example.com/tenant/v2.0', sso_provider_id: 2 };
const autoProvision = { auto_provision: { enabled: true, default_role_id: 3, role_provision: false } };
const selector = { ...base(11), asset_group_id: 1, name: 'Domain Admins', selector: 'S-1-5-21-1-512', system_selector: true };
const assetGroup = {
  ...base(1),
  name: 'Admin Tier Zero',
  tag: 'admin_tier_0',
  system_group: true,
  selectors: [selector],
  member_count: 42,
};
const member = {
  asset_group_id: 1,
  object_id: 'S-1-5-21-1-512',
  primary_kind: 'Group',
  kinds: ['Base', 'Group'],
  environment_id: 'S-1-5-21-1',
  environment_kind: 'Domain',
  name: 'DOMAIN ADMINS@CORP.LOCAL',
  custom_member: false,
};
const domainResult = {
  ...base(5),
  job_id: 12,
  domain_name: 'CORP.LOCAL',
  success: true,
  message: '',
  user_count: 120,
  group_count: 40,
  computer_count: 60,
  gpo_count: 8,
  ou_count: 12,
  container_count: 30,
  aiaca_count: 1,
  rootca_count: 1,
  enterpriseca_count: 1,
  ntauthstore_count: 1,
  certtemplate_count: 33,
  deleted_count: 0,
};
const flags = {
  session_collection: true,
  local_group_collection: true,
  ad_structure_collection: false,
  cert_services_collection: false,
  ca_registry_collection: false,
  dc_registry_collection: false,
  all_trusted_domains: false,
};
const task = {
  ...base(12),
  client_id: UUID,
  client_name: 'collector-01',
  event_id: { int32: 4, valid: true },
  status: S.JobStatus.Complete,
  statusMessage: 'The service collected successfully',
  start_time: GO_TS,
  end_time: TS,
  log_path: { string: '', valid: false },
  ...flags,
  domain_controller: { string: 'dc01.corp.local', valid: true },
  event_title: 'Nightly',
  last_ingest: TS,
  ous: ['OU=Servers,DC=corp,DC=local'],
  domains: ['S-1-5-21-1'],
  domain_results: [domainResult],
};
const event = {
  id: 4,
  client_id: UUID,
  rrule: 'FREQ=DAILY;INTERVAL=1;BYHOUR=2;BYMINUTE=0',
  ...flags,
  ous: [
    {
      objectid: 'OU-GUID',
      name: 'SERVERS@CORP.LOCAL',
      exists: true,
      distinguishedname: 'OU=Servers,DC=corp,DC=local',
      type: 'OU',
    },
  ],
  domains: [{ objectid: 'S-1-5-21-1', name: 'CORP.LOCAL', exists: true, type: 'Domain' }],
};
const jobDisplay = {
  id: 12,
  client_id: UUID,
  client_name: 'collector-01',
  event_id: { int32: 4, valid: true },
  execution_time: TS,
  start_time: TS,
  end_time: TS,
  status: 1,
  status_message: 'Running',
  ...flags,
  domain_controller: '',
  ous: [],
  domains: [],
  domain_results: [],
};
const client = {
  id: UUID,
  name: 'collector-01',
  ip_address: '10.0.0.5',
  hostname: 'collector-01.corp.local',
  configured_user: 'CORP\\svc_collector',
  last_checkin: TS,
  events: [event],
  token: {
    id: UUID2,
    created_at: TS,
    updated_at: TS,
    deleted_at: notDeleted,
    user_id: { uuid: '00000000-0000-0000-0000-000000000000', valid: false },
    name: { string: 'collector token', valid: true },
    hmac_method: 'hmac-sha2-256',
    last_access: TS,
  },
  current_job_id: { int64: 12, valid: true },
  current_job: jobDisplay,
  completed_job_count: 17,
  domain_controller: { string: '', valid: false },
  version: '2.5.0',
  user_sid: { string: 'S-1-5-21-1-1104', valid: true },
  type: 'sharphound',
};
const fileUploadJob = {
  ...base(9),
  user_id: UUID2,
  user_email_address: 'cool_user@bloodhoundenterprise.io',
  status: S.JobStatus.Ingesting,
  status_message: '',
  start_time: TS,
  end_time: ZERO,
  last_ingest: ZERO,
  total_files: 3,
  failed_files: 0,
};
const entry = { objectID: 'S-1-5-21-1-1104', name: 'JDOE@CORP.LOCAL', label: 'User', kinds: ['Base', 'User'] };
const feature = {
  ...base(1),
  key: 'dark_mode',
  name: 'Dark Mode',
  description: 'Allows users to enable or disable dark mode',
  enabled: false,
  user_updatable: true,
};
const configParam = {
  ...base(1),
  key: 'auth.password_expiration_window',
  value: { duration: 'P90D' },
  name: 'Local Auth Password Expiry Window',
  description: 'Sets the expiry window',
};
const savedQuery = {
  ...base(2),
  user_id: UUID2,
  name: 'Kerberoastable users',
  query: 'MATCH (u:User {hasspn:true}) RETURN u',
  description: 'All users with an SPN',
};

describe('common', () => {
  it('accepts Go timestamps with offsets and fractional seconds', () => {
    for (const t of [GO_TS, ZERO, '2024-01-02T03:04:05.123456789+05:30', '2024-01-02T03:04:05Z']) ok(S.timestamp, t);
    expect(S.timestamp.safeParse('2024-01-02 03:04:05').success).toBe(false);
  });

  it('parses nullable wrappers and base records', () => {
    ok(S.nullableTime, { time: TS, valid: true });
    ok(S.nullableInt, { int32: 3, valid: true });
    ok(S.nullableInt64, { int64: 3, valid: true });
    ok(S.nullableString, { string: 'x', valid: true });
    ok(S.baseRecord, base(1));
    expect(S.nullableInt.safeParse({ int32: 1.5, valid: true }).success).toBe(false);
  });

  it('builds and unwraps wrappers', () => {
    expect(S.toNullableInt(null)).toEqual({ int32: 0, valid: false });
    expect(S.toNullableInt(5)).toEqual({ int32: 5, valid: true });
    expect(S.toNullableString(null)).toEqual({ string: '', valid: false });
    expect(S.toNullableTime(null)).toEqual({ time: ZERO, valid: false });
    expect(S.toNullableInt64(9)).toEqual({ int64: 9, valid: true });
    expect(S.fromNullableInt({ int32: 5, valid: false })).toBeNull();
    expect(S.fromNullableString({ string: 'a', valid: true })).toBe('a');
  });

  it('nullableIntInput accepts wrapper, plain integer and null', () => {
    expect(ok(S.nullableIntInput, { int32: 4, valid: true })).toBe(4);
    expect(ok(S.nullableIntInput, { int32: 4, valid: false })).toBeNull();
    expect(ok(S.nullableIntInput, { valid: false })).toBeNull();
    expect(ok(S.nullableIntInput, 7)).toBe(7);
    expect(ok(S.nullableIntInput, null)).toBeNull();
    expect(S.nullableIntInput.safeParse('7').success).toBe(false);
    expect(S.nullableIntInput.safeParse(1.5).success).toBe(false);
    expect(S.nullableIntInput.safeParse({ valid: true }).success).toBe(false);
  });

  it('nullableStringInput accepts wrapper, plain string and null', () => {
    expect(ok(S.nullableStringInput, { string: 'dc01', valid: true })).toBe('dc01');
    expect(ok(S.nullableStringInput, { string: '', valid: false })).toBeNull();
    expect(ok(S.nullableStringInput, 'dc01')).toBe('dc01');
    expect(ok(S.nullableStringInput, null)).toBeNull();
    expect(S.nullableStringInput.safeParse(3).success).toBe(false);
  });

  it('parses the reference error example', () => {
    const e = ok(S.errorBody, {
      http_status: 400,
      timestamp: TS,
      request_id: UUID,
      errors: [{ context: 'clients', message: 'The JSON payload could not be unmarshalled.' }],
    });
    expect(e.errors[0]?.context).toBe('clients');
  });

  it('builds envelopes and coerces pagination queries', () => {
    ok(S.dataEnvelope(S.baseRecord), { data: base(1) });
    ok(S.pagedEnvelope(S.baseRecord), { count: 1, skip: 0, limit: 10, data: [base(1)] });
    expect(S.pagedEnvelope(S.baseRecord).safeParse({ count: -1, skip: 0, limit: 10, data: [] }).success).toBe(false);
    expect(ok(S.paginationQuery, { skip: '5', limit: '20' })).toEqual({ skip: 5, limit: 20 });
    expect(messages(S.paginationQuery, { skip: '-1' })).toEqual(['skip must be a whole number of 0 or more']);
  });

  it('parses sort_by and filters', () => {
    const sort = S.sortByParam(['name', 'object_id'] as const);
    expect(ok(sort, ['-name', 'object_id'])).toEqual([
      { column: 'name', descending: true },
      { column: 'object_id', descending: false },
    ]);
    expect(messages(sort, 'kinds')[0]).toMatch(/Cannot sort by "kinds"/);
    const f = S.stringFilterParam('name');
    expect(ok(f, '~eq:admin')).toEqual({ predicate: '~eq', value: 'admin' });
    expect(ok(f, 'admin')).toEqual({ predicate: 'eq', value: 'admin' });
    expect(messages(f, 'gt:3')[0]).toMatch(/not supported/);
  });

  it('labels job statuses', () => {
    expect(S.jobStatusLabel(S.JobStatus.Ready).label).toBe('Ready');
    expect(S.jobStatusLabel(4).label).toBe('Timed out');
    expect(S.jobStatusLabel(8).label).toBe('Partially complete');
    expect(S.jobStatusLabel(-1).label).toBe('Invalid');
    expect(S.jobStatusLabel(42)).toEqual({ known: false, label: '42', value: '42' });
    expect(S.knownJobStatus.safeParse(42).success).toBe(false);
    expect(S.knownJobStatus.safeParse(7).success).toBe(true);
  });
});

describe('auth', () => {
  it('parses the reference login example and response', () => {
    ok(S.loginBody, {
      login_method: 'secret',
      username: 'cool_user@bloodhoundenterprise.io',
      secret: 'MySup3rS3cr3tPassw0rd!!!',
    });
    ok(S.loginBody, { login_method: 'secret', username: 'u', secret: 'p', otp: '123456' });
    expect(S.loginBody.safeParse({ login_method: 'saml', username: 'u', secret: 'p' }).success).toBe(false);
    ok(S.loginResponse, {
      data: { user_id: UUID2, auth_expired: false, session_token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.e30.sig' },
    });
  });

  it('parses self and version', () => {
    const self = ok(S.selfResponse, { data: user });
    expect(self.data.roles[0]?.permissions[0]?.name).toBe('ReadAppConfig');
    ok(S.authenticatedRequesterResponse, { data: client });
    ok(S.apiVersionResponse, { data: { API: { current_version: 'v2', deprecated_version: 'v1' }, server_version: 'v7.0.0' } });
  });
});

describe('roles', () => {
  it('parses roles and permissions with the reference envelopes', () => {
    ok(S.permission, permission);
    ok(S.role, role);
    ok(S.roleResponse, { data: role });
    ok(S.rolesListResponse, { data: { roles: [role] } });
    ok(S.permissionsListResponse, { data: { permissions: [permission] } });
    expect(S.rolesListResponse.safeParse({ data: [role] }).success).toBe(false);
  });
});

describe('users', () => {
  it('parses users', () => {
    ok(S.authSecret, authSecret);
    const u = ok(S.user, user);
    expect(u.AuthSecret?.totp_activated).toBe(false);
    ok(S.user, {
      ...user,
      AuthSecret: null,
      saml_provider_id: undefined,
      all_environments: undefined,
      environment_targeted_access_control: null,
    });
    ok(S.userResponse, { data: user });
    ok(S.usersListResponse, { data: { users: [user] } });
  });

  it('reports a wrong field deep in a list at its path', () => {
    const r = S.usersListResponse.safeParse({ data: { users: [user, { ...user, roles: 'admin' }] } });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path)).toEqual([['data', 'users', 1, 'roles']]);
  });

  it('rejects a bad user id', () => {
    expect(S.user.safeParse({ ...user, id: 'not-a-uuid' }).success).toBe(false);
  });

  it('validates create and update bodies', () => {
    const body = ok(S.createUserBody, {
      first_name: 'Cool',
      last_name: 'User',
      email_address: 'cool_user@example.com',
      principal: 'cool_user',
      roles: [1],
      sso_provider_id: { int32: 2, valid: true },
      secret: 'Str0ng!Passw0rd',
      needs_password_reset: true,
    });
    expect(body.sso_provider_id).toBe(2);
    expect(messages(S.createUserBody, { first_name: 'a', last_name: 'b', email_address: 'nope', principal: 'p' })).toEqual([
      'Email address must be a valid email address',
    ]);
    expect(messages(S.createUserBody, { last_name: 'b', email_address: 'a@b.co', principal: 'p' })).toEqual([
      'First name is required',
    ]);

    ok(S.updateUserBody, {});
    const patch = ok(S.updateUserBody, {
      sso_provider_id: null,
      all_environments: false,
      environment_targeted_access_control: { environments: [{ environment_id: 'S-1-5-21-1' }] },
      saml_provider_id: '3',
    });
    expect(patch.sso_provider_id).toBeNull();
    expect(ok(S.updateUserBody, { sso_provider_id: 5 }).sso_provider_id).toBe(5);
    expect(messages(S.updateUserBody, { email_address: 'x@' })).toEqual(['Email address must be a valid email address']);
    expect(messages(S.updateUserBody, { roles: ['admin'] })).toEqual(['Each role must be a role ID (a whole number)']);
    expect(messages(S.updateUserBody, { is_disabled: 'yes' })).toEqual(['Disabled must be true or false']);
  });

  it('gives each weak-password failure its own message', () => {
    expect(messages(S.passwordRule, 'short')).toEqual([
      'Password must be at least 12 characters',
      'Password must contain at least one upper-case letter',
      'Password must contain at least one digit',
      'Password must contain at least one symbol',
    ]);
    expect(messages(S.passwordRule, 'alllowercase1!')).toEqual(['Password must contain at least one upper-case letter']);
    expect(messages(S.passwordRule, 'ALLUPPERCASE1!')).toEqual(['Password must contain at least one lower-case letter']);
    expect(messages(S.passwordRule, 'NoDigitsHere!!')).toEqual(['Password must contain at least one digit']);
    expect(messages(S.passwordRule, 'NoSymbols12345')).toEqual(['Password must contain at least one symbol']);
    expect(messages(S.passwordRule, undefined)).toEqual(['Password is required']);
    ok(S.passwordRule, 'MySup3rS3cr3tPassw0rd!!!');
  });

  it('validates secret and MFA bodies and responses', () => {
    expect(ok(S.setSecretBody, { secret: 'Str0ng!Passw0rd' }).needs_password_reset).toBe(false);
    expect(messages(S.setSecretBody, { secret: 'weakpassword' }).length).toBeGreaterThan(0);
    ok(S.mfaEnrollBody, { secret: 'MySup3rS3cr3tPassw0rd!!!' });
    expect(messages(S.mfaEnrollBody, {})).toEqual(['Password is required']);
    ok(S.mfaEnrollResponse, { data: { qr_code: 'data:image/png;base64,iVBOR', totp_secret: 'JBSWY3DPEHPK3PXP' } });
    ok(S.mfaActivationBody, { otp: '123456' });
    expect(messages(S.mfaActivationBody, { otp: '12ab' })).toEqual(['One-time code must be 6 digits']);
    ok(S.mfaStatusResponse, { data: { status: 'activated' } });
    // Open-ended on responses: a state this console does not know is kept as it came.
    expect(S.mfaStatusResponse.parse({ data: { status: 'on' } }).data.status).toBe('on');
    expect(S.mfaStatusResponse.safeParse({ data: { status: 1 } }).success).toBe(false);
  });
});

describe('sso', () => {
  it('parses providers and the list', () => {
    ok(S.samlProvider, samlProvider);
    ok(S.oidcProvider, oidcProvider);
    ok(S.samlProviderResponse, { data: samlProvider });
    ok(S.ssoProviderPatchResponse, { data: oidcProvider });
    const list = ok(S.ssoProvidersListResponse, {
      data: [
        {
          id: 1,
          name: 'okta',
          slug: 'okta',
          type: 'SAML',
          details: samlProvider,
          login_uri: 'https://app.example.com/api/v2/sso/okta/login',
          callback_uri: 'https://app.example.com/api/v2/sso/okta/callback',
          config: autoProvision,
        },
        { id: 2, name: 'entra', slug: 'entra', type: 'OIDC', details: oidcProvider },
      ],
    });
    const first = list.data[0];
    if (first && S.isSamlProvider(first)) expect(first.details?.idp_sso_uri).toBe(samlProvider.idp_sso_uri);
    // A type this console does not know is kept, its details as they came; a known type's details are still checked.
    const ldap = S.ssoProvider.parse({ id: 3, name: 'x', slug: 'x', type: 'LDAP', details: { host: 'ldap.example.com' } });
    expect(ldap).toMatchObject({ type: 'LDAP', details: { host: 'ldap.example.com' } });
    expect(S.isSamlProvider(ldap) || S.isOidcProvider(ldap)).toBe(false);
    const badSaml = S.ssoProvider.safeParse({
      id: 4,
      name: 'y',
      slug: 'y',
      type: 'SAML',
      details: { ...samlProvider, idp_sso_uri: 7 },
    });
    expect(badSaml.error?.issues.map((i) => i.path.join('.'))).toEqual(['details.idp_sso_uri']);
    expect(S.ssoProvider.safeParse({ id: 5, name: 'z', slug: 'z' }).error?.issues[0]?.path).toEqual(['type']);
    ok(S.ssoProviderDeleteResponse, { data: { affected_users: [user] } });
  });

  it('validates OIDC bodies and provider names', () => {
    ok(S.oidcProviderBody, {
      name: 'Microsoft Entra ID',
      issuer: 'https://login.microsoftonline.com/tenant/v2.0',
      client_id: 'abc',
      config: autoProvision,
    });
    expect(messages(S.oidcProviderBody, { name: 'corp/eu', issuer: 'ftp://x', client_id: '', config: autoProvision })).toEqual([
      'Provider name may not contain "/": the sign-in address is made from it',
      'Issuer must be an http(s) URL',
      'Client ID is required',
    ]);
    expect(
      messages(S.oidcProviderBody, {
        name: 'a',
        issuer: 'https://x.example.com',
        client_id: 'c',
        config: { auto_provision: { enabled: true, default_role_id: 0, role_provision: false } },
      }),
    ).toEqual(['Choose a default role for auto-provisioned users']);
    ok(S.oidcProviderPatchBody, { name: 'renamed' });
    expect(messages(S.providerName, '')).toEqual(['Provider name is required']);
    // Free text, as the sign-in page shows it; only what would break the sign-in address is refused.
    for (const name of ['Okta', 'Microsoft Entra ID', 'Corp SSO (EU) · Zoë', '100% ACME?', '...'])
      expect(S.providerName.parse(name)).toBe(name);
    for (const name of ['.', '..'])
      expect(messages(S.providerName, name)).toEqual([
        'Provider name may not be "." or "..": the sign-in address is made from it',
      ]);
  });

  it('derives the slug as upstream: the name lower-cased, each space a "-", each character on its own', () => {
    expect(S.ssoProviderSlug('Microsoft Entra ID')).toBe('microsoft-entra-id');
    expect(S.ssoProviderSlug('okta')).toBe('okta');
    expect(S.ssoProviderSlug('  Two  Spaces ')).toBe('--two--spaces-');
    // Only the space: tabs, dashes, dots and the rest are kept as they are.
    expect(S.ssoProviderSlug('A\tB_C.D-E(F)')).toBe('a\tb_c.d-e(f)');
    // Go's strings.ToLower maps each rune alone: İ is i (not i and a dot), a final Σ is σ (not ς).
    expect(S.ssoProviderSlug('İSTANBUL ΟΔΟΣ')).toBe('istanbul-οδοσ');
    expect(S.ssoProviderSlug('Ünternehmen ÆØÅ')).toBe('ünternehmen-æøå');
  });

  it('names and parses the SAML multipart fields', () => {
    expect(S.SAML_FORM_FIELD_NAMES).toEqual([
      'name',
      'metadata',
      'config.auto_provision.enabled',
      'config.auto_provision.default_role_id',
      'config.auto_provision.role_provision',
    ]);
    const v = ok(S.samlCreateFormValues, {
      name: 'okta',
      'config.auto_provision.enabled': 'true',
      'config.auto_provision.default_role_id': '3',
      'config.auto_provision.role_provision': 'false',
    });
    expect(v['config.auto_provision.default_role_id']).toBe(3);
    expect(v['config.auto_provision.enabled']).toBe(true);
    expect(messages(S.samlPatchFormValues, { 'config.auto_provision.enabled': 'maybe' })).toEqual([
      'Auto provisioning must be "true" or "false"',
    ]);
  });
});

describe('asset groups', () => {
  it('parses groups, members and envelopes', () => {
    ok(S.selector, selector);
    ok(S.assetGroup, assetGroup);
    ok(S.assetGroupResponse, { data: assetGroup });
    ok(S.assetGroupsListResponse, { data: { asset_groups: [assetGroup] } });
    ok(S.assetGroupMember, member);
    ok(S.assetGroupMembersResponse, { count: 1, skip: 0, limit: 10, data: { members: [member] } });
  });

  it('validates bodies', () => {
    expect(ok(S.createAssetGroupBody, { name: '  Owned objects ', tag: 'owned' })).toEqual({
      name: 'Owned objects',
      tag: 'owned',
    });
    expect(messages(S.createAssetGroupBody, { name: 'X', tag: 'Bad Tag!' })).toEqual([
      'Tag may contain only lower-case letters, digits and underscores',
    ]);
    expect(messages(S.createAssetGroupBody, { name: '   ', tag: 'ok' })).toEqual(['Name is required']);
    expect(messages(S.updateAssetGroupBody, {})).toEqual(['Name is required']);
  });

  it('parses the members query', () => {
    const q = ok(S.memberListQuery, { skip: '0', limit: '25', sort_by: '-name', primary_kind: 'eq:User', custom_member: 'true' });
    expect(q.sort_by).toEqual([{ column: 'name', descending: true }]);
    expect(q.primary_kind).toEqual({ predicate: 'eq', value: 'User' });
    expect(S.memberListQuery.safeParse({ sort_by: 'kinds' }).success).toBe(false);
    expect(S.MEMBER_SORTABLE_COLUMNS).toContain('asset_group_id');
    expect(S.MEMBER_FILTER_COLUMNS).toContain('custom_member');
    expect(S.FILTER_PREDICATES).toEqual(['eq', '~eq', 'neq']);
  });
});

describe('collection', () => {
  it('parses tasks, events and clients', () => {
    ok(S.domainResult, domainResult);
    ok(S.scheduledTask, task);
    ok(S.scheduledTaskResponse, { data: task });
    ok(S.scheduledEvent, event);
    ok(S.scheduledEvent, { ...event, ous: [{ objectid: 'OU-GUID' }], domains: [{ objectid: 'S-1-5-21-1' }] });
    ok(S.scheduledEventResponse, { data: event });
    ok(S.scheduledEventsListResponse, { count: 1, skip: 0, limit: 10, data: [event] });
    ok(S.scheduledJobDisplay, jobDisplay);
    ok(S.client, client);
    ok(S.clientsListResponse, { count: 1, skip: 0, limit: 10, data: [client] });
    expect(S.scheduledTask.safeParse({ ...task, client_id: 'collector' }).success).toBe(false);
  });

  it('validates createTaskBody', () => {
    const b = ok(S.createTaskBody, { session_collection: true, domain_controller: { string: 'dc01', valid: true } });
    expect(b.domain_controller).toBe('dc01');
    expect(ok(S.createTaskBody, { ad_structure_collection: true, domain_controller: null }).domain_controller).toBeNull();
    expect(messages(S.createTaskBody, {})).toEqual([S.NO_COLLECTION_MESSAGE]);
    expect(messages(S.createTaskBody, { all_trusted_domains: true, session_collection: false })).toEqual([
      'Choose at least one collection type',
    ]);
    expect(messages(S.createTaskBody, { session_collection: 'yes' })).toEqual(['Session collection must be true or false']);
  });
});

describe('file upload', () => {
  it('parses jobs and responses', () => {
    ok(S.fileUploadJob, fileUploadJob);
    ok(S.fileUploadJobsListResponse, { count: 1, skip: 0, limit: 10, data: [fileUploadJob] });
    ok(S.fileUploadStartResponse, { data: fileUploadJob });
    ok(S.acceptedTypesResponse, { data: ['application/json', 'application/zip'] });
  });
});

describe('entities', () => {
  it('parses controllers, user node info and completeness', () => {
    ok(S.entityListEntry, entry);
    ok(S.controllersResponse, { count: 1, skip: 0, limit: 10, data: [entry] });
    const info = ok(S.userNodeInfoResponse, {
      data: {
        props: { name: 'JDOE@CORP.LOCAL', enabled: true, lastlogon: 1700000000 },
        kinds: ['Base', 'User'],
        sessions: 2,
        groupMembership: 5,
      },
    });
    expect(S.entityCounts(info.data)).toEqual({ sessions: 2, groupMembership: 5 });
    ok(S.userNodeInfo, { props: {} });
    ok(S.completenessResponse, { data: { local_group_completeness: 0.71, session_completeness: 0.5 } });
    expect(S.completenessResponse.safeParse({ data: { x: 'high' } }).success).toBe(false);
  });

  it('parses entity queries', () => {
    const q = ok(S.entityListQuery(['name', 'objectid'] as const), {});
    expect(q).toEqual({ skip: 0, limit: 10, type: 'list' });
    expect(S.wantsCounts(ok(S.entityInfoQuery, {}))).toBe(true);
    expect(S.wantsCounts(ok(S.entityInfoQuery, { counts: 'false' }))).toBe(false);
  });
});

describe('config', () => {
  it('parses parameters and flags', () => {
    ok(S.configParameter, configParam);
    ok(S.configListResponse, { data: [configParam] });
    ok(S.featureFlag, feature);
    ok(S.featuresListResponse, { data: [feature] });
    ok(S.featureToggleResponse, { data: { enabled: true } });
    ok(S.setConfigResponse, { data: { key: 'prune.ttl', value: { base_ttl: 'P7D', has_session_edge_ttl: 'P3D' } } });
  });

  it('validates PUT bodies against known values', () => {
    ok(S.setConfigBody, { key: 'auth.password_expiration_window', value: { duration: 'P90D' } });
    ok(S.setConfigBody, { key: 'analysis.citrix_rdp_support', value: { enabled: true } });
    ok(S.setConfigBody, { key: 'some.future_key', value: { anything: 1 } });
    expect(messages(S.setConfigBody, { key: 'prune.ttl', value: { base_ttl: 'P60D', has_session_edge_ttl: 'P3D' } })).toEqual([
      'Base TTL must be between 4 and 30 days',
    ]);
    expect(messages(S.setConfigBody, { key: 'auth.password_expiration_window', value: { duration: '90 days' } })).toEqual([
      'Password expiration window must be an ISO 8601 duration such as "P90D"',
    ]);
    expect(messages(S.setConfigBody, { key: '', value: {} })).toEqual(['Parameter key is required', 'Value must not be empty']);
    expect(S.isoDurationSeconds('PT8H')).toBe(8 * 3600);
    for (const key of S.USER_UPDATABLE_CONFIG_KEYS) expect(S.knownConfigValues[key]).toBeDefined();
  });
});

describe('saved queries', () => {
  it('parses queries and permissions', () => {
    ok(S.savedQuery, savedQuery);
    ok(S.savedQueriesListResponse, { count: 1, skip: 0, limit: 10, data: [{ ...savedQuery, scope: 'owned' }] });
    const p = ok(S.savedQueryPermissionsResponse, {
      data: { shared_to_user_ids: [UUID, { id: UUID2 }], query_id: 2, public: false },
    });
    expect(p.data.shared_to_user_ids).toEqual([UUID, UUID2]);
  });

  it('validates the revoke body', () => {
    ok(S.revokeSavedQueryPermissionsBody, { user_ids: [UUID] });
    expect(messages(S.revokeSavedQueryPermissionsBody, { user_ids: [] })).toEqual(['Choose at least one user']);
    expect(messages(S.revokeSavedQueryPermissionsBody, { user_ids: ['bob'] })).toEqual(['Each user ID must be a UUID']);
    expect(messages(S.revokeSavedQueryPermissionsBody, {})).toEqual(['User IDs are required']);
  });
});

describe('input at the door: lengths, characters, identity, ids', () => {
  const UNIT = '\u200B';
  const newUser = { first_name: 'Ada', last_name: 'Lovelace', email_address: 'ada@example.com', principal: 'ada' };

  it('refuses every free-text field over its limit, naming the field and the limit', () => {
    const over = (n: number) => 'x'.repeat(n + 1);
    expect(messages(S.createUserBody, { ...newUser, first_name: over(S.PERSON_NAME_MAX_LENGTH) })).toEqual([
      'First name must be at most 100 characters',
    ]);
    expect(messages(S.updateUserBody, { last_name: over(S.PERSON_NAME_MAX_LENGTH) })).toEqual([
      'Last name must be at most 100 characters',
    ]);
    expect(messages(S.createUserBody, { ...newUser, principal: over(S.PRINCIPAL_NAME_MAX_LENGTH) })).toEqual([
      'Principal name must be at most 100 characters',
    ]);
    expect(messages(S.createUserBody, { ...newUser, email_address: `${'a'.repeat(250)}@example.com` })).toEqual([
      'Email address must be at most 254 characters',
    ]);
    expect(messages(S.setSecretBody, { secret: `Aa1!${over(S.PASSWORD_MAX_LENGTH)}` })).toEqual([
      'Password must be at most 256 characters',
    ]);
    expect(messages(S.loginBody, { login_method: 'secret', username: over(100), secret: 'x' })).toEqual([
      'Username must be at most 100 characters',
    ]);
    expect(messages(S.createAssetGroupBody, { name: over(S.ASSET_GROUP_NAME_MAX_LENGTH), tag: 'fine' })).toEqual([
      'Name must be at most 100 characters',
    ]);
    expect(messages(S.createAssetGroupBody, { name: 'Fine', tag: over(S.ASSET_GROUP_TAG_MAX_LENGTH) })).toEqual([
      'Tag must be at most 64 characters',
    ]);
    expect(messages(S.providerName, over(S.SSO_PROVIDER_NAME_MAX_LENGTH))).toEqual([
      'Provider name must be at most 100 characters',
    ]);
    expect(
      messages(S.oidcProviderPatchBody, { issuer: `https://sso.example.com/${over(S.URL_MAX_LENGTH)}`, client_id: over(256) }),
    ).toEqual(['Issuer must be at most 2,048 characters', 'Client ID must be at most 256 characters']);
    expect(messages(S.setConfigBody, { key: over(S.CONFIG_KEY_MAX_LENGTH), value: { enabled: true } })).toEqual([
      'Parameter key must be at most 128 characters',
    ]);
    expect(
      messages(S.setConfigBody, { key: 'analysis.scheduled', value: { enabled: true, rrule: `FREQ=DAILY;${over(1000)}` } }),
    ).toEqual(['Schedule (RRULE) must be at most 1,000 characters']);
    expect(messages(S.createTaskBody, { session_collection: true, domain_controller: `${over(253)}` })).toEqual([
      'Domain controller must be at most 253 characters',
    ]);
    // A megabyte of first name is refused like a hundred and one characters.
    expect(messages(S.createUserBody, { ...newUser, first_name: 'x'.repeat(1024 * 1024) })).toEqual([
      'First name must be at most 100 characters',
    ]);
    ok(S.createUserBody, { ...newUser, first_name: 'x'.repeat(100) });
  });

  it('refuses control, zero-width and bidirectional characters in names, principals and tags', () => {
    const hidden = ['\u0000', '\r', '\n', '\u001B[31m', '\u007F', '\u0085', UNIT, '\u200D', '\u2060', '\uFEFF', '\u200E'];
    const bidi = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u061C'];
    for (const c of [...hidden, ...bidi]) {
      expect(messages(S.createUserBody, { ...newUser, principal: `adm${c}in` }), JSON.stringify(c)).toEqual([
        'Principal name must not contain control, zero-width or bidirectional characters',
      ]);
    }
    expect(messages(S.createUserBody, { ...newUser, principal: 'admin\u0000' })).toEqual([
      'Principal name must not contain control, zero-width or bidirectional characters',
    ]);
    expect(messages(S.updateUserBody, { first_name: 'Eve\u202Egnp.exe' })).toEqual([
      'First name must not contain control, zero-width or bidirectional characters',
    ]);
    expect(messages(S.createAssetGroupBody, { name: 'Crown\u0000Jewels', tag: `crown${UNIT}jewels` })).toEqual([
      'Name must not contain control, zero-width or bidirectional characters',
      'Tag must not contain control, zero-width or bidirectional characters',
      'Tag may contain only lower-case letters, digits and underscores',
    ]);
    expect(messages(S.providerName, `okta${UNIT}`)[0]).toBe(
      'Provider name must not contain control, zero-width or bidirectional characters',
    );
    // Letters of every script, accents, emoji and inner spaces stay allowed.
    ok(S.createUserBody, { ...newUser, first_name: 'Zoë Ángel', last_name: 'Łukasz-Ōta 山田 🙂' });
    // Whitespace around a name is trimmed before the check (a trailing newline is not part of the name).
    expect(ok(S.createUserBody, { ...newUser, principal: 'ada\n' }).principal).toBe('ada');
  });

  it('folds names to one identity key: NFKC, full case fold, marks removed', () => {
    const admin = S.identityKey('admin');
    for (const alike of ['ADMIN', 'ADMİN', 'admın', 'ＡＤＭＩＮ', 'admín', 'adm\u0131n', 'a\u0064min']) {
      expect(S.identityKey(alike), alike).toBe(admin);
    }
    expect(S.identityKey('STRASSE')).toBe(S.identityKey('straße'));
    expect(S.identityKey('ﬁle')).toBe('file');
    expect(S.identityKey('admins')).not.toBe(admin);
    expect('ADMİN'.toLowerCase()).not.toBe('admin'); // why lower-casing alone is not enough
  });

  it('reads ids strictly: decimal digits, no sign, exponent, hex, spaces or leading zeros, within safe integers', () => {
    const id = S.intPathParam('asset_group_id');
    expect(ok(id, '0')).toBe(0);
    expect(ok(id, '16')).toBe(16);
    expect(ok(id, String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    for (const bad of ['1e0', '0x10', ' 1', '1 ', '01', '+1', '-1', '1.0', '1_000', '', '9007199254740993', '١']) {
      expect(messages(id, bad), JSON.stringify(bad)).toEqual([
        'asset_group_id must be a whole number written in decimal digits, without sign, spaces or leading zeros',
      ]);
    }
    expect(S.parseDecimal('-1', { signed: true })).toBe(-1);
    expect(S.parseDecimal('-0', { signed: true })).toBeNull();
    expect(S.parseDecimal('-01', { signed: true })).toBeNull();
    expect(messages(S.assetGroupListQuery, { id: 'eq:0x10' })[0]).toMatch(/^id filter must be <predicate>:<whole number>/);
    expect(ok(S.assetGroupListQuery, { id: 'gte:10' }).id).toEqual({ predicate: 'gte', value: 10 });
  });
});
