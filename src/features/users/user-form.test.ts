import { describe, expect, it } from 'vitest';
import { createUserBody, updateUserBody, type User } from '@/api/schemas/users';
import {
  EMPTY_ENVIRONMENTS_MESSAGE,
  formValuesOf,
  makeUserFormSchema,
  roleGrant,
  patchOf,
  PASSWORD_MISMATCH_MESSAGE,
  resolveEnvironment,
  RESTRICTED_ENVIRONMENT_MESSAGE,
  toCreateBody,
  toUpdateBody,
  unknownEnvironments,
  unknownEnvironmentsWarning,
  type UserFormValues,
} from './user-form';

const ADMIN = 1;
const USER = 2;
const POWER = 5;
const create = makeUserFormSchema({ mode: 'create', unrestrictedRoleIds: [ADMIN, POWER] });
const edit = makeUserFormSchema({ mode: 'edit', unrestrictedRoleIds: [ADMIN, POWER] });

const valid: UserFormValues = {
  ...formValuesOf(),
  first_name: 'Nora',
  last_name: 'Field',
  email_address: 'nora.field@example.com',
  principal: 'nora.field',
  roles: [USER],
  password: 'Garden-Gate-2026!',
  confirm_password: 'Garden-Gate-2026!',
};

/** Field → first message, as the form shows them. */
function errors(schema: typeof create, values: UserFormValues): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

const user: User = {
  id: '3f2b8c1e-1d2a-4b3c-8d4e-5f6a7b8c9d0e',
  created_at: '2026-06-01T09:00:00Z',
  updated_at: '2026-06-01T09:00:00Z',
  deleted_at: { time: '0001-01-01T00:00:00Z', valid: false },
  sso_provider_id: { int32: 0, valid: false },
  AuthSecret: null,
  roles: [
    {
      id: USER,
      name: 'User',
      description: '',
      permissions: [],
      created_at: '2026-06-01T09:00:00Z',
      updated_at: '2026-06-01T09:00:00Z',
      deleted_at: { time: '0001-01-01T00:00:00Z', valid: false },
    },
  ],
  first_name: { string: 'Amara', valid: true },
  last_name: { string: 'Tanaka', valid: true },
  email_address: { string: 'amara@example.com', valid: true },
  principal_name: 'amara.tanaka',
  last_login: '0001-01-01T00:00:00Z',
  is_disabled: false,
  eula_accepted: true,
  all_environments: false,
  environment_targeted_access_control: [{ user_id: '3f2b8c1e-1d2a-4b3c-8d4e-5f6a7b8c9d0e', environment_id: 'S-1-5-21-1-2-3' }],
};

describe('user form validation', () => {
  it('accepts a complete new user', () => {
    expect(errors(create, valid)).toEqual({});
  });

  it('says what is missing', () => {
    expect(errors(create, formValuesOf())).toMatchObject({
      first_name: 'Enter a first name',
      last_name: 'Enter a last name',
      email_address: 'Enter an email address',
      principal: 'Enter a principal name: the name the user signs in with',
      roles: 'Choose a role',
      password: 'Enter a password',
    });
  });

  it('checks the email format and the principal name', () => {
    expect(errors(create, { ...valid, email_address: 'nora@' })).toEqual({
      email_address: 'Enter a valid email address, like name@example.com',
    });
    expect(errors(create, { ...valid, principal: 'nora field' })).toEqual({
      principal: 'The principal name cannot contain spaces',
    });
  });

  it('says the server’s length limits and character rule before anything is sent', () => {
    expect(
      errors(create, {
        ...valid,
        first_name: 'x'.repeat(1_000_000),
        last_name: 'y'.repeat(101),
        email_address: `${'a'.repeat(250)}@example.com`,
        principal: 'p'.repeat(101),
      }),
    ).toEqual({
      first_name: 'First name must be at most 100 characters',
      last_name: 'Last name must be at most 100 characters',
      email_address: 'Email address must be at most 254 characters',
      principal: 'Principal name must be at most 100 characters',
    });
    expect(errors(create, { ...valid, principal: 'adm\u200Bin', first_name: 'No\u202Era' })).toEqual({
      principal: 'Principal name must not contain control, zero-width or bidirectional characters',
      first_name: 'First name must not contain control, zero-width or bidirectional characters',
    });
    expect(errors(edit, { ...valid, principal: 'admin\u0000' })).toEqual({
      principal: 'Principal name must not contain control, zero-width or bidirectional characters',
    });
    expect(errors(create, { ...valid, first_name: 'x'.repeat(100) })).toEqual({});
  });

  it('checks the strength rule and the confirmation for a new password user', () => {
    expect(errors(create, { ...valid, password: 'short', confirm_password: 'short' })).toEqual({
      password: 'Password must be at least 12 characters',
    });
    expect(errors(create, { ...valid, password: 'nouppercase-123', confirm_password: 'nouppercase-123' })).toEqual({
      password: 'Password must contain at least one upper-case letter',
    });
    expect(errors(create, { ...valid, confirm_password: 'Garden-Gate-2026?' })).toEqual({
      confirm_password: PASSWORD_MISMATCH_MESSAGE,
    });
  });

  it('asks no password of SSO users, nor when editing', () => {
    expect(errors(create, { ...valid, sso_provider_id: '2', password: '', confirm_password: '' })).toEqual({});
    expect(errors(edit, { ...valid, password: '', confirm_password: '' })).toEqual({});
  });

  it('refuses an environment list for Administrators and Power Users, and explains why', () => {
    const list = { ...valid, all_environments: false, environments: ['S-1-5-21-1-2-3'] };
    expect(errors(edit, list)).toEqual({});
    expect(errors(edit, { ...list, roles: [ADMIN] })).toEqual({ environments: RESTRICTED_ENVIRONMENT_MESSAGE });
    expect(errors(edit, { ...list, roles: [POWER] })).toEqual({ environments: RESTRICTED_ENVIRONMENT_MESSAGE });
    expect(errors(edit, { ...list, roles: [ADMIN], environments: [] })).toEqual({
      all_environments: RESTRICTED_ENVIRONMENT_MESSAGE,
    });
    expect(errors(edit, { ...valid, roles: [ADMIN], all_environments: true })).toEqual({});
  });

  it('takes one role, as upstream: two are refused on the field', () => {
    expect(errors(edit, { ...valid, roles: [USER, POWER] })).toMatchObject({ roles: 'A user has one role: choose one' });
  });

  it('needs at least one well-formed environment when not all environments', () => {
    expect(errors(edit, { ...valid, all_environments: false, environments: [] })).toEqual({
      environments: EMPTY_ENVIRONMENTS_MESSAGE,
    });
    expect(errors(edit, { ...valid, all_environments: false, environments: ['corp.local'] })).toEqual({
      environments: 'Environment ID "corp.local" is neither a domain SID (S-1-5-21-…) nor a tenant ID (a UUID)',
    });
    expect(errors(edit, { ...valid, all_environments: false, environments: ['6c12b0b0-b2cc-4a73-8252-0b94bfca2145'] })).toEqual(
      {},
    );
  });
});

describe('request bodies', () => {
  it('builds a create body the API schema accepts, with sso_provider_id and never saml_provider_id', () => {
    const body = toCreateBody(valid);
    expect(createUserBody.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      principal: 'nora.field',
      roles: [USER],
      secret: 'Garden-Gate-2026!',
      sso_provider_id: null,
      all_environments: true,
    });
    expect(body).not.toHaveProperty('saml_provider_id');
    expect(body).not.toHaveProperty('environment_targeted_access_control');

    const sso = toCreateBody({ ...valid, sso_provider_id: '3' });
    expect(sso.sso_provider_id).toBe(3);
    expect(sso).not.toHaveProperty('secret');
  });

  it('builds an update body with an environment list, or all environments and no list', () => {
    const values = formValuesOf(user);
    expect(values).toMatchObject({
      first_name: 'Amara',
      roles: [USER],
      all_environments: false,
      environments: ['S-1-5-21-1-2-3'],
      sso_provider_id: '',
    });
    const body = toUpdateBody(values);
    expect(updateUserBody.safeParse(body).success).toBe(true);
    expect(body.environment_targeted_access_control).toEqual({ environments: [{ environment_id: 'S-1-5-21-1-2-3' }] });
    expect(body.all_environments).toBe(false);
    const all = toUpdateBody({ ...values, all_environments: true });
    expect(all.all_environments).toBe(true);
    expect(all).not.toHaveProperty('environment_targeted_access_control');
  });

  it('enable/disable sends the whole user with the change', () => {
    const body = patchOf(user, { is_disabled: true });
    expect(body).toMatchObject({
      is_disabled: true,
      principal: 'amara.tanaka',
      roles: [USER],
      sso_provider_id: null,
      all_environments: false,
    });
    expect(updateUserBody.safeParse(body).success).toBe(true);
    // A user without an email address gets none sent (an empty one would be refused).
    expect(patchOf({ ...user, email_address: { string: '', valid: false } }, {})).not.toHaveProperty('email_address');
  });
});

describe('environment picker', () => {
  const domains = [
    { id: 'S-1-5-21-1000-2000-3000', name: 'CORP.EXAMPLE.COM' },
    { id: 'S-1-5-21-4000-5000-6000', name: 'LAB.EXAMPLE.COM' },
  ];

  it('takes a domain by its name or id, in any case, and keeps any other text as typed', () => {
    expect(resolveEnvironment('corp.example.com', domains)).toBe('S-1-5-21-1000-2000-3000');
    expect(resolveEnvironment(' s-1-5-21-4000-5000-6000 ', domains)).toBe('S-1-5-21-4000-5000-6000');
    expect(resolveEnvironment('S-1-5-21-9-9-9', domains)).toBe('S-1-5-21-9-9-9');
    expect(resolveEnvironment('corp', domains)).toBe('corp');
  });

  it('names the ids that are no known domain', () => {
    expect(unknownEnvironments(['S-1-5-21-1000-2000-3000', 'S-1-5-21-9-9-9'], domains)).toEqual(['S-1-5-21-9-9-9']);
    expect(unknownEnvironmentsWarning([])).toBeNull();
    expect(unknownEnvironmentsWarning(['S-1-5-21-9-9-9'])).toMatch(/^"S-1-5-21-9-9-9" is not a known domain: check the ID\./);
    expect(unknownEnvironmentsWarning(['a', 'b', 'c'])).toMatch(/^"a", "b" and "c" are not known domains: check the IDs\./);
  });
});

describe('roleGrant', () => {
  const role = (id: number, name: string, permissions: string[]) => ({
    id,
    name,
    permissions: permissions.map((p) => {
      const [authority, name] = p.split('.') as [string, string];
      return { authority, name };
    }),
  });
  const readOnly = role(3, 'Read-Only', ['graphdb.Read', 'auth.ManageSelf']);
  const admin = role(1, 'Administrator', ['graphdb.Read', 'auth.ManageSelf', 'auth.ManageUsers', 'db.Wipe']);
  const roles = [admin, readOnly];

  it('on an edit, names what the new role adds beyond the old one', () => {
    expect(roleGrant(roles, [1], [readOnly])).toEqual({ role: admin, added: ['auth.ManageUsers', 'db.Wipe'] });
  });

  it('asks nothing for a role with no more permissions, or an unchanged one', () => {
    expect(roleGrant(roles, [3], [admin])).toBeNull();
    expect(roleGrant(roles, [1], [admin])).toBeNull();
  });

  it('on a create, asks only for a role that manages users', () => {
    expect(roleGrant(roles, [3], null)).toBeNull();
    expect(roleGrant(roles, [1], null)?.added).toContain('auth.ManageUsers');
  });
});
