/**
 * Users, their secrets and MFA (userOps) — reference `model.user`,
 * `model.auth-secret`, `api.requests.user.update`,
 * `api.requests.user.set-secret`, `enum.mfa-activation-status`, operations
 * ListUsers, CreateUser, GetUser, UpdateUser, CreateOrSetUserSecret,
 * AddUserMfa, RemoveUserMfa, GetMfaActivationStatus, ActivateUserMfa.
 */
import { z } from 'zod';
import {
  baseFields,
  sortByParam,
  stringFilterParam,
  dataEnvelope,
  makeNullableIntInput,
  nullableInt,
  nullableString,
  timestamp,
  timestampFields,
  uuidString,
} from './wire-format';
import {
  EMAIL_MAX_LENGTH,
  ENVIRONMENT_ID_MAX_LENGTH,
  ID_TEXT_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  PRINCIPAL_NAME_MAX_LENGTH,
  booleanField,
  fieldError,
  optionalText,
  requiredText,
  tooLongMessage,
} from './field-rules';
import { role } from './roles';

// ---------------------------------------------------------------------------
// Password rule
// ---------------------------------------------------------------------------

/**
 * Login secret rule shared by the user pages and the mock server: at least 12
 * characters with an upper-case letter, a lower-case letter, a digit and a
 * symbol (any character that is not a letter, digit or whitespace). Every
 * failed requirement is reported with its own message.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  type: 'Password must be text',
  length: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: tooLongMessage('Password', PASSWORD_MAX_LENGTH),
  upper: 'Password must contain at least one upper-case letter',
  lower: 'Password must contain at least one lower-case letter',
  digit: 'Password must contain at least one digit',
  symbol: 'Password must contain at least one symbol',
} as const;
export const passwordRule = z
  .string({
    error: (iss) => (iss.input === undefined ? PASSWORD_MESSAGES.required : PASSWORD_MESSAGES.type),
  })
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGES.length })
  .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.tooLong, abort: true })
  .regex(/\p{Lu}/u, { error: PASSWORD_MESSAGES.upper })
  .regex(/\p{Ll}/u, { error: PASSWORD_MESSAGES.lower })
  .regex(/\p{Nd}/u, { error: PASSWORD_MESSAGES.digit })
  .regex(/[^\p{L}\p{N}\s]/u, { error: PASSWORD_MESSAGES.symbol });

// ---------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------

/** Reference `model.auth-secret` (the digest itself is never exposed). */
export const authSecret = z.object({
  ...baseFields,
  digest_method: z.string(),
  expires_at: timestamp,
  totp_activated: z.boolean(),
});
export type AuthSecret = z.infer<typeof authSecret>;

/** An entry of a user's `environment_targeted_access_control` (reference `model.user`). */
export const environmentAccess = z.object({
  user_id: uuidString,
  environment_id: z.string(),
});
export type EnvironmentAccess = z.infer<typeof environmentAccess>;

/**
 * Reference `model.user`.
 * - `AuthSecret` (key spelled exactly so) is a Go pointer upstream: null or
 *   absent for users without a login secret (e.g. SSO users).
 * - `saml_provider_id` is deprecated (reference) and optional here.
 * - `all_environments` / `environment_targeted_access_control` are in the API
 *   document but not in the reference, so they are optional; the list may be
 *   null (Go nil slice).
 */
export const user = z.object({
  id: uuidString,
  ...timestampFields,
  saml_provider_id: nullableInt.optional(),
  sso_provider_id: nullableInt,
  AuthSecret: authSecret.nullish(),
  roles: z.array(role),
  first_name: nullableString,
  last_name: nullableString,
  email_address: nullableString,
  principal_name: z.string(),
  last_login: timestamp,
  is_disabled: z.boolean(),
  eula_accepted: z.boolean(),
  all_environments: z.boolean().optional(),
  environment_targeted_access_control: z.array(environmentAccess).nullish(),
});
export type User = z.infer<typeof user>;

/** GET /api/v2/app-users/{user_id} (userOps.getUser) and POST /api/v2/app-users (reference CreateUser): `{ data: user }`. */
export const userResponse = dataEnvelope(user);
export type UserResponse = z.infer<typeof userResponse>;

/** GET /api/v2/app-users (reference ListUsers): `{ data: { users: user[] } }` (not paginated). */
export const usersListResponse = z.object({
  data: z.object({ users: z.array(user) }),
});
export type UsersListResponse = z.infer<typeof usersListResponse>;

/**
 * Reference `model.users-minimal` (ListUsersMinimal): what anyone who may share or filter by a person
 * sees of the users, without roles, secrets or sign-in details.
 */
export const userMinimal = z.object({
  id: uuidString,
  first_name: nullableString.optional(),
  last_name: nullableString.optional(),
  email: z.string().optional(),
});
export type UserMinimal = z.infer<typeof userMinimal>;

/** GET /api/v2/app-users-minimal (reference ListUsersMinimal): `{ data: { users: userMinimal[] } }`. */
export const usersMinimalListResponse = z.object({
  data: z.object({ users: z.array(userMinimal) }),
});

// ---------------------------------------------------------------------------
// Request bodies
// ---------------------------------------------------------------------------

const emailField = z
  .string({ error: fieldError('Email address', 'text') })
  .max(EMAIL_MAX_LENGTH, { error: tooLongMessage('Email address', EMAIL_MAX_LENGTH), abort: true })
  .pipe(z.email({ error: 'Email address must be a valid email address' }));

const roleIds = z.array(z.int({ error: 'Each role must be a role ID (a whole number)' }), {
  error: 'Roles must be a list of role IDs',
});

/**
 * An environment is an AD domain (its SID, `S-1-5-21-…`) or an Azure tenant
 * (its UUID), as upstream's environment access control keys them.
 */
export const ENVIRONMENT_ID_PATTERN = /^(S-1-\d+(-\d+)+|[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12})$/;
export function isEnvironmentId(value: string): boolean {
  return ENVIRONMENT_ID_PATTERN.test(value);
}
export function environmentIdMessage(value: string): string {
  return `Environment ID "${value}" is neither a domain SID (S-1-5-21-…) nor a tenant ID (a UUID)`;
}
const environmentId = requiredText('Environment ID', { max: ENVIRONMENT_ID_MAX_LENGTH }).refine(isEnvironmentId, {
  error: (iss) => environmentIdMessage(String(iss.input)),
});

/** The `environment_targeted_access_control` body of userOps.updateUser: `{ environments: [{ environment_id }] }`. */
export const environmentAccessInput = z.object(
  {
    environments: z.array(z.object({ environment_id: environmentId }), {
      error: fieldError('Environments', 'a list of { environment_id } objects'),
    }),
  },
  { error: 'Environment access control must be an object with an "environments" list' },
);
export type EnvironmentAccessInput = z.infer<typeof environmentAccessInput>;

/** Names: at most {@link PERSON_NAME_MAX_LENGTH} characters, none of the hidden characters (field-rules.ts). */
const personName = { max: PERSON_NAME_MAX_LENGTH, plain: true };
/** The principal name: at most {@link PRINCIPAL_NAME_MAX_LENGTH} characters, none of the hidden characters. */
const principalName = { max: PRINCIPAL_NAME_MAX_LENGTH, plain: true };

/** Fields shared by create and update (reference `api.requests.user.update`, as userOps.updateUser takes them). */
const userUpdateFields = {
  first_name: optionalText('First name', personName),
  last_name: optionalText('Last name', personName),
  email_address: emailField.optional(),
  principal: requiredText('Principal name', principalName).optional(),
  roles: roleIds.optional(),
  /** Deprecated upstream; use `sso_provider_id`. The reference types it as a string. */
  saml_provider_id: z
    .string({ error: 'SAML provider ID must be text' })
    .max(ID_TEXT_MAX_LENGTH, { error: tooLongMessage('SAML provider ID', ID_TEXT_MAX_LENGTH) })
    .optional(),
  sso_provider_id: makeNullableIntInput('SSO provider ID').optional(),
  is_disabled: booleanField('Disabled').optional(),
  all_environments: booleanField('All environments').optional(),
  environment_targeted_access_control: environmentAccessInput.optional(),
};

/**
 * PATCH /api/v2/app-users/{user_id} body (userOps.updateUser, reference
 * `api.requests.user.update`): every field optional.
 */
export const updateUserBody = z.object(userUpdateFields);
export type UpdateUserBody = z.output<typeof updateUserBody>;
export type UpdateUserBodyInput = z.input<typeof updateUserBody>;

/**
 * POST /api/v2/app-users body (reference CreateUser = `api.requests.user.update`
 * + `api.requests.user.set-secret`). The reference marks nothing required; the
 * console requires names, email and principal. `secret` is optional (SSO
 * users have none) and must satisfy `passwordRule` when given.
 */
export const createUserBody = z.object({
  ...userUpdateFields,
  first_name: requiredText('First name', personName),
  last_name: requiredText('Last name', personName),
  email_address: emailField,
  principal: requiredText('Principal name', principalName),
  secret: passwordRule.optional(),
  needs_password_reset: booleanField('Needs password reset').optional(),
});
export type CreateUserBody = z.output<typeof createUserBody>;
export type CreateUserBodyInput = z.input<typeof createUserBody>;

/**
 * PUT /api/v2/app-users/{user_id}/secret body (userOps.createOrSetUserSecret, reference
 * `api.requests.user.set-secret`). `current_secret` is not in the reference;
 * upstream accepts it when a user changes their own password.
 */
export const setSecretBody = z.object({
  secret: passwordRule,
  needs_password_reset: booleanField('Needs password reset').optional().default(false),
  current_secret: z
    .string({ error: 'Current password must be text' })
    .max(PASSWORD_MAX_LENGTH, { error: tooLongMessage('Current password', PASSWORD_MAX_LENGTH) })
    .optional(),
});
export type SetSecretBody = z.output<typeof setSecretBody>;
export type SetSecretBodyInput = z.input<typeof setSecretBody>;

const passwordConfirmation = z
  .string({ error: fieldError('Password', 'text') })
  .min(1, { error: 'Password is required' })
  .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.tooLong });

/** POST /api/v2/app-users/{user_id}/mfa body (reference AddUserMfa): the user's password. */
export const mfaEnrollBody = z.object({ secret: passwordConfirmation });
export type MfaEnrollBody = z.infer<typeof mfaEnrollBody>;

/** POST /api/v2/app-users/{user_id}/mfa response data (reference AddUserMfa). */
export const mfaEnrollment = z.object({
  qr_code: z.string(),
  totp_secret: z.string(),
});
export type MfaEnrollment = z.infer<typeof mfaEnrollment>;
export const mfaEnrollResponse = dataEnvelope(mfaEnrollment);
export type MfaEnrollResponse = z.infer<typeof mfaEnrollResponse>;

/** DELETE /api/v2/app-users/{user_id}/mfa body (reference RemoveUserMfa): the user's password. */
/**
 * DELETE /api/v2/app-users/{user_id}/mfa body (reference RemoveUserMfa): the acting person's password. Optional:
 * someone who signs in through SSO has none to confirm with (upstream skips the check for them).
 */
export const mfaRemoveBody = z.object({ secret: passwordConfirmation.optional() });
export type MfaRemoveBody = z.infer<typeof mfaRemoveBody>;

/** POST /api/v2/app-users/{user_id}/mfa-activation body (userOps.activateUserMfa): the one-time code. */
export const mfaActivationBody = z.object({
  otp: z
    .string({ error: fieldError('One-time code', 'text') })
    .trim()
    .min(1, { error: 'One-time code is required', abort: true })
    .regex(/^\d{6}$/, { error: 'One-time code must be 6 digits' }),
});
export type MfaActivationBody = z.infer<typeof mfaActivationBody>;

/** Reference `enum.mfa-activation-status`: the states this console knows (what the mock answers). */
export const MFA_STATUSES = ['activated', 'deactivated', 'pending'] as const;
export const mfaStatus = z.enum(MFA_STATUSES);
export type MfaStatus = z.infer<typeof mfaStatus>;

/**
 * The MFA state, as `userOps.getMfaActivationStatus`, `userOps.activateUserMfa` and
 * `userOps.removeUserMfa` answer it: `{ data: { status } }`.
 */
export const mfaStatusResponse = z.object({
  /** Open-ended: a state this console does not know is kept as it came (shown unknown; no MFA action offered on it). */
  data: z.object({ status: z.string() }),
});
export type MfaStatusResponse = z.infer<typeof mfaStatusResponse>;

// ---------------------------------------------------------------------------
// List query (reference ListUsers)
// ---------------------------------------------------------------------------

/** Reference ListUsers: sortable columns. */
export const USER_SORT_COLUMNS = [
  'first_name',
  'last_name',
  'email_address',
  'principal_name',
  'last_login',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];

/** Reference `api.params.predicate.filter.uuid`: `eq` or `neq`. */
export function uuidFilterParam(label: string) {
  return z.string({ error: `${label} filter must be text` }).transform((raw, ctx) => {
    const match = /^(?:(eq|neq):)?([0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12})$/.exec(raw);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: `${label} filter must be a UUID, optionally prefixed by eq: or neq:`, input: raw });
      return z.NEVER;
    }
    return { predicate: (match[1] ?? 'eq') as 'eq' | 'neq', value: match[2]!.toLowerCase() };
  });
}

export const TIME_FILTER_PREDICATES = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'] as const;
export type TimeFilterPredicate = (typeof TIME_FILTER_PREDICATES)[number];

/** Reference `api.params.predicate.filter.time`: an RFC 3339 time with an optional predicate. */
export function timeFilterParam(label: string) {
  return z.string({ error: `${label} filter must be text` }).transform((raw, ctx) => {
    const match =
      /^(?:(eq|neq|gt|gte|lt|lte):)?(\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:[Zz]|[+-]\d{2}:\d{2}))$/.exec(raw);
    const time = match ? Date.parse(match[2]!.toUpperCase()) : NaN;
    if (!match || Number.isNaN(time)) {
      ctx.addIssue({
        code: 'custom',
        message: `${label} filter must be an RFC 3339 time, optionally prefixed by ${TIME_FILTER_PREDICATES.join(', ')} and a colon`,
        input: raw,
      });
      return z.NEVER;
    }
    return { predicate: (match[1] ?? 'eq') as TimeFilterPredicate, value: time };
  });
}

/** GET /api/v2/app-users query (reference ListUsers): sort and column filters. A filter may repeat. */
function repeatable<T extends z.ZodType>(item: T) {
  return z.union([item, z.array(item)]).transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[]);
}
export const usersListQuery = z.object({
  sort_by: sortByParam(USER_SORT_COLUMNS).optional(),
  first_name: repeatable(stringFilterParam('first_name')).optional(),
  last_name: repeatable(stringFilterParam('last_name')).optional(),
  email_address: repeatable(stringFilterParam('email_address')).optional(),
  principal_name: repeatable(stringFilterParam('principal_name')).optional(),
  id: repeatable(uuidFilterParam('id')).optional(),
  last_login: repeatable(timeFilterParam('last_login')).optional(),
  created_at: repeatable(timeFilterParam('created_at')).optional(),
  updated_at: repeatable(timeFilterParam('updated_at')).optional(),
  deleted_at: repeatable(timeFilterParam('deleted_at')).optional(),
});
export type UsersListQuery = z.output<typeof usersListQuery>;

/** The columns GET /api/v2/app-users filters by: the sortable ones and `id`. */
export const USER_FILTER_COLUMNS = [...USER_SORT_COLUMNS, 'id'] as const;

/** The columns the minimal list sorts and filters by (reference ListUsersMinimal). */
export const USER_MINIMAL_COLUMNS = ['id', 'first_name', 'last_name', 'email_address'] as const;

/** GET /api/v2/app-users-minimal (reference ListUsersMinimal): `sort_by` and its four column filters. */
export const usersMinimalQuery = usersListQuery
  .pick({ first_name: true, last_name: true, email_address: true, id: true })
  .extend({ sort_by: sortByParam(USER_MINIMAL_COLUMNS).optional() });
