/**
 * The create/edit user form: its values, its zod schema (the rules a person
 * is told about before anything is sent) and the request bodies built from it.
 */
import { Permission } from '@/shared/permissions';
import type { Role } from '@/api/schemas/roles';
import { inWords, pluralWord } from '@/shared/words';
import type { Path } from 'react-hook-form';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PERSON_NAME_MAX_LENGTH, PRINCIPAL_NAME_MAX_LENGTH, textRules } from '@/api/schemas/field-rules';
import {
  environmentIdMessage,
  isEnvironmentId,
  passwordRule,
  type CreateUserBodyInput,
  type UpdateUserBodyInput,
  type User,
} from '@/api/schemas/users';
import { emailOf, ssoProviderIdOf } from '@/features/users/components/user-display';

export interface UserFormValues {
  first_name: string;
  last_name: string;
  email_address: string;
  principal: string;
  roles: number[];
  /** '' for none, else the provider id as text (a select's value). */
  sso_provider_id: string;
  is_disabled: boolean;
  all_environments: boolean;
  environments: string[];
  /** Create only. */
  password: string;
  confirm_password: string;
  needs_password_reset: boolean;
}

export const RESTRICTED_ENVIRONMENT_MESSAGE =
  'Administrators and Power Users always have access to all environments, so an environment list cannot be applied to them. Turn on "All environments" or choose another role.';
export const EMPTY_ENVIRONMENTS_MESSAGE = 'Add at least one environment ID, or turn on "All environments".';
export const PASSWORD_MISMATCH_MESSAGE = 'The passwords do not match';

export interface UserFormOptions {
  mode: 'create' | 'edit';
  /** Ids of the roles that may not carry an environment list (Administrator, Power User). */
  unrestrictedRoleIds: readonly number[];
}

/** A required text field with the server's limits for it (field-rules.ts), the message for an empty one said as a form says it. */
const text = (required: string, label: string, max: number, plain = true) =>
  textRules(z.string().trim().min(1, { error: required }), label, { max, plain });

export function makeUserFormSchema({ mode, unrestrictedRoleIds }: UserFormOptions) {
  return z
    .object({
      first_name: text('Enter a first name', 'First name', PERSON_NAME_MAX_LENGTH),
      last_name: text('Enter a last name', 'Last name', PERSON_NAME_MAX_LENGTH),
      email_address: text('Enter an email address', 'Email address', EMAIL_MAX_LENGTH, false).pipe(
        z.email({ error: 'Enter a valid email address, like name@example.com' }),
      ),
      principal: text(
        'Enter a principal name: the name the user signs in with',
        'Principal name',
        PRINCIPAL_NAME_MAX_LENGTH,
      ).regex(/^\S+$/, { error: 'The principal name cannot contain spaces' }),
      // One role per user, as upstream: the roles are levels of power, not combined.
      roles: z.array(z.int()).min(1, { error: 'Choose a role' }).max(1, { error: 'A user has one role: choose one' }),
      sso_provider_id: z.string().regex(/^(\d+)?$/),
      is_disabled: z.boolean(),
      all_environments: z.boolean(),
      environments: z.array(z.string()),
      password: z.string(),
      confirm_password: z.string(),
      needs_password_reset: z.boolean(),
    })
    .superRefine((v, ctx) => {
      const restricted = v.roles.some((id) => unrestrictedRoleIds.includes(id));
      if (restricted && !v.all_environments) {
        ctx.addIssue({
          code: 'custom',
          path: [v.environments.length > 0 ? 'environments' : 'all_environments'],
          message: RESTRICTED_ENVIRONMENT_MESSAGE,
        });
      } else if (!v.all_environments) {
        const bad = v.environments.find((e) => !isEnvironmentId(e.trim()));
        if (v.environments.length === 0)
          ctx.addIssue({ code: 'custom', path: ['environments'], message: EMPTY_ENVIRONMENTS_MESSAGE });
        else if (bad !== undefined) ctx.addIssue({ code: 'custom', path: ['environments'], message: environmentIdMessage(bad) });
      }
      // A new user who signs in with a password needs one that passes the rule; SSO users have none.
      if (mode === 'create' && v.sso_provider_id === '') {
        const result = passwordRule.safeParse(v.password);
        if (v.password === '') {
          ctx.addIssue({ code: 'custom', path: ['password'], message: 'Enter a password' });
        } else if (!result.success) {
          ctx.addIssue({ code: 'custom', path: ['password'], message: result.error.issues[0]!.message });
        } else if (v.confirm_password !== v.password) {
          ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: PASSWORD_MISMATCH_MESSAGE });
        }
      }
    });
}

/** Empty values for a new user, or the user's current values. */
export function formValuesOf(user?: User): UserFormValues {
  if (!user) {
    return {
      first_name: '',
      last_name: '',
      email_address: '',
      principal: '',
      roles: [],
      sso_provider_id: '',
      is_disabled: false,
      all_environments: true,
      environments: [],
      password: '',
      confirm_password: '',
      needs_password_reset: false,
    };
  }
  const sso = ssoProviderIdOf(user);
  const environments = (user.environment_targeted_access_control ?? []).map((e) => e.environment_id);
  return {
    first_name: user.first_name.valid ? user.first_name.string : '',
    last_name: user.last_name.valid ? user.last_name.string : '',
    email_address: emailOf(user) ?? '',
    principal: user.principal_name,
    roles: user.roles.map((r) => r.id),
    sso_provider_id: sso === null ? '' : String(sso),
    is_disabled: user.is_disabled,
    all_environments: user.all_environments ?? environments.length === 0,
    environments,
    password: '',
    confirm_password: '',
    needs_password_reset: false,
  };
}

function environmentFields(all: boolean, environments: readonly string[]) {
  return all
    ? { all_environments: true }
    : {
        all_environments: false,
        environment_targeted_access_control: { environments: environments.map((e) => ({ environment_id: e.trim() })) },
      };
}

/** What the create and the change of a user both send: the whole record but its password. */
function userFields(v: UserFormValues) {
  return {
    first_name: v.first_name.trim(),
    last_name: v.last_name.trim(),
    email_address: v.email_address.trim(),
    principal: v.principal.trim(),
    roles: v.roles,
    sso_provider_id: v.sso_provider_id === '' ? null : Number(v.sso_provider_id),
    is_disabled: v.is_disabled,
    ...environmentFields(v.all_environments, v.environments),
  };
}

/** POST body. SSO users get no password; `sso_provider_id` is sent, never the deprecated `saml_provider_id`. */
export function toCreateBody(v: UserFormValues): CreateUserBodyInput {
  return {
    ...userFields(v),
    ...(v.sso_provider_id === '' ? { secret: v.password, needs_password_reset: v.needs_password_reset } : {}),
  };
}

/**
 * PATCH body with every field of the form. The mock treats PATCH as partial,
 * but upstream servers clear an SSO link (and, with environment access control
 * on, the environment list) that a PATCH leaves out, so the console always
 * sends the whole user.
 */
export function toUpdateBody(v: UserFormValues): UpdateUserBodyInput {
  return userFields(v);
}

/** The whole user as a PATCH body with some fields changed (enable/disable), for the reason given at {@link toUpdateBody}. */
export function patchOf(user: User, changes: Partial<UpdateUserBodyInput>): UpdateUserBodyInput {
  const v = formValuesOf(user);
  const body: UpdateUserBodyInput = {
    principal: v.principal,
    roles: v.roles,
    sso_provider_id: v.sso_provider_id === '' ? null : Number(v.sso_provider_id),
    is_disabled: v.is_disabled,
    ...environmentFields(v.all_environments, v.environments),
  };
  if (v.first_name) body.first_name = v.first_name;
  if (v.last_name) body.last_name = v.last_name;
  if (v.email_address) body.email_address = v.email_address;
  return { ...body, ...changes };
}

/** A domain the environment picker offers (GET /api/v2/available-domains: name and id). */
export interface EnvironmentChoice {
  id: string;
  name: string;
}

/**
 * What a typed or pasted environment means: the id of the domain of that name (any case) or with that id,
 * otherwise the text itself (an id not listed, kept as typed; the schema checks its form).
 */
export function resolveEnvironment(text: string, domains: readonly EnvironmentChoice[]): string {
  const t = text.trim();
  const lower = t.toLowerCase();
  return domains.find((d) => d.id.toLowerCase() === lower)?.id ?? domains.find((d) => d.name.toLowerCase() === lower)?.id ?? t;
}

/** The chosen environments that are no known domain, in the order chosen. */
export function unknownEnvironments(environments: readonly string[], domains: readonly EnvironmentChoice[]): string[] {
  const known = new Set(domains.map((d) => d.id.toLowerCase()));
  return environments.filter((e) => !known.has(e.trim().toLowerCase()));
}

/** The warning under the picker for ids that are no known domain; null when every one is known. */
export function unknownEnvironmentsWarning(unknown: readonly string[]): string | null {
  if (unknown.length === 0) return null;
  return `${inWords(unknown.map((e) => `"${e}"`))} ${pluralWord(unknown.length, 'is not a known domain', 'are not known domains')}: check ${pluralWord(unknown.length, 'the ID', 'the IDs')}. The user gets access to such an environment only once a domain with that ID is collected.`;
}

/** Where the server's field errors (`errors[].context`) land on the form. */
export const SERVER_FIELD_MAP: Record<string, Path<UserFormValues>> = {
  first_name: 'first_name',
  last_name: 'last_name',
  email_address: 'email_address',
  principal: 'principal',
  roles: 'roles',
  sso_provider_id: 'sso_provider_id',
  saml_provider_id: 'sso_provider_id',
  is_disabled: 'is_disabled',
  all_environments: 'all_environments',
  environment_targeted_access_control: 'environments',
  secret: 'password',
  needs_password_reset: 'needs_password_reset',
};

/** A role as far as its grants go. */
type RoleGrants = Pick<Role, 'id' | 'name'> & { permissions: readonly { authority: string; name: string }[] };

/** What choosing a role grants beyond what the user had: the role, and its permissions the old role(s) lacked. */
export interface RoleGrant {
  role: Pick<Role, 'id' | 'name'>;
  /** Permission names (`auth.ManageUsers`) the new role adds, in the role's order. */
  added: string[];
}

const permissionNames = (role: Pick<RoleGrants, 'permissions'>) => role.permissions.map((p) => `${p.authority}.${p.name}`);

/**
 * The privilege a save would grant, to be confirmed first: on an edit, a role with any permission the
 * user's current role(s) lack; on a create, a role that manages users (an administrator's). Null when
 * nothing needs asking.
 */
export function roleGrant(
  roles: readonly RoleGrants[],
  chosenIds: readonly number[],
  before: readonly Pick<RoleGrants, 'permissions'>[] | null,
): RoleGrant | null {
  const role = roles.find((r) => r.id === chosenIds[0]);
  if (!role) return null;
  const had = new Set((before ?? []).flatMap(permissionNames));
  const added = permissionNames(role).filter((p) => !had.has(p));
  if (before === null) return added.includes(Permission.AuthManageUsers) ? { role, added } : null;
  return added.length > 0 ? { role, added } : null;
}
