/**
 * The rules of the users area of the mock service, apart from HTTP: lookups,
 * role and SSO-provider checks, environment access, uniqueness, secrets and
 * list filtering. Every refusal is an ApiFailure whose `context` names the
 * body field (or path parameter) at fault.
 */
import { ROLES_WITHOUT_ENVIRONMENT_LIST } from '../../../shared/permissions';
import { pluralWord } from '../../../shared/words';
import { identityKey } from '../../../api/schemas/field-rules';
import { userOps } from '../../../api/operations/users';
import { ApiFailure, badRequest, conflict, notFound } from '../../errors';
import { defineList, text, time } from '../../list';
import { DIGEST_METHOD, type SecretHash } from '../../secrets';
import type { DbState, MockDb, StoredSecret, StoredUser } from '../../store/db';
import { ssoProviderById } from '../../store/records';

/** How long a newly set password lasts (upstream's default password expiration window). */
export const PASSWORD_LIFETIME_DAYS = 90;

/** Go's zero time: upstream stores it as the expiry of a secret that must be replaced. */
export const EXPIRED_AT = '0001-01-01T00:00:00Z';

const UUID = /^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$/;

/** A person-readable name for messages: "First Last" or the principal name. */
export function nameOf(user: StoredUser): string {
  const full = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return full || user.principal_name;
}

/** The user with `id`, or a 400 for a malformed id and a 404 for an unknown one. */
export function findUser(state: DbState, id: string): StoredUser {
  if (!UUID.test(id)) throw badRequest('user_id', `User ID "${id}" is not a UUID.`);
  const user = state.users.find((u) => u.id.toLowerCase() === id.toLowerCase() && u.deleted_at === null);
  if (!user) throw notFound('user_id', `No user has id ${id}. It may have been deleted.`);
  return user;
}

export function checkUserId(id: string): void {
  if (!UUID.test(id)) throw badRequest('user_id', `User ID "${id}" is not a UUID.`);
}

/**
 * Role ids, de-duplicated, each of an existing role, and at most one: as upstream, a user has one role
 * (the roles are exclusive, each a level of power), so two are refused rather than combined (400 naming
 * `roles` otherwise).
 */
export function checkRoles(state: DbState, ids: readonly number[]): number[] {
  const unique = [...new Set(ids)];
  const unknown = unique.filter((id) => !state.roles.some((r) => r.id === id && r.deleted_at === null));
  const known = () => state.roles.map((r) => `${r.id} (${r.name})`).join(', ');
  if (unknown.length > 0) {
    throw badRequest('roles', `Unknown role ${pluralWord(unknown.length, 'ID')} ${unknown.join(', ')}. Roles are: ${known()}.`);
  }
  if (unique.length > 1) {
    throw badRequest('roles', `A user can only have one role; ${unique.length} were given. Choose one of: ${known()}.`);
  }
  return unique;
}

/** True when any of the roles may not carry an environment access list (Administrator, Power User). */
export function hasUnrestrictedRole(state: DbState, roleIds: readonly number[]): boolean {
  return roleIds.some((id) => {
    const role = state.roles.find((r) => r.id === id);
    return role !== undefined && ROLES_WITHOUT_ENVIRONMENT_LIST.includes(role.name);
  });
}

/**
 * The SSO provider a body asks for: `undefined` when it names none (leave as
 * is), `null` to unlink, or a provider id. The deprecated `saml_provider_id`
 * (a SAML provider's own id, as text; "" unlinks) is mapped to its SSO provider.
 */
export function resolveSsoProvider(
  state: DbState,
  body: { sso_provider_id?: number | null; saml_provider_id?: string },
): number | null | undefined {
  let fromSaml: number | null | undefined;
  if (body.saml_provider_id !== undefined) {
    const raw = body.saml_provider_id.trim();
    if (raw === '') fromSaml = null;
    else if (!/^\d+$/.test(raw)) {
      throw badRequest('saml_provider_id', `SAML provider ID must be a number, not "${raw}". Use sso_provider_id instead.`);
    } else {
      const samlId = Number(raw);
      const provider = state.ssoProviders.find((p) => p.deleted_at === null && p.saml?.id === samlId);
      if (!provider) throw badRequest('saml_provider_id', `No SAML provider has id ${samlId}.`);
      fromSaml = provider.id;
    }
  }
  const fromSso = body.sso_provider_id;
  if (fromSso !== undefined && fromSso !== null && !ssoProviderById(state, fromSso)) {
    throw badRequest(
      'sso_provider_id',
      `No SSO provider has id ${fromSso}. Choose one from GET /api/v2/sso-providers, or null for none.`,
    );
  }
  if (fromSso !== undefined && fromSaml !== undefined && fromSso !== fromSaml) {
    throw badRequest(
      'sso_provider_id',
      'sso_provider_id and the deprecated saml_provider_id name different providers; send only sso_provider_id.',
    );
  }
  return fromSso !== undefined ? fromSso : fromSaml;
}

export interface EnvironmentRequest {
  all_environments?: boolean;
  environment_targeted_access_control?: { environments: { environment_id: string }[] };
}

/**
 * Environment access after a request (`userOps.createUser`, `userOps.updateUser`):
 * - `all_environments: true` grants every environment and clears the list;
 *   sending it together with a non-empty list is refused;
 * - Administrators and Power Users always have every environment: a list or
 *   `all_environments: false` for them is a 400, and a change to such a role
 *   clears any list the user had;
 * - a non-empty list without `all_environments` turns `all_environments` off.
 * PATCH is partial: with neither field, the user's access stays as it is.
 */
export function resolveEnvironments(
  current: { all_environments: boolean; environment_ids: string[] },
  body: EnvironmentRequest,
  unrestrictedRole: boolean,
): { all_environments: boolean; environment_ids: string[] } {
  const list = body.environment_targeted_access_control
    ? [...new Set(body.environment_targeted_access_control.environments.map((e) => e.environment_id.trim()))]
    : undefined;
  if (body.all_environments === true && list && list.length > 0) {
    throw badRequest(
      'environment_targeted_access_control',
      'Choose either all environments or an environment list, not both: all_environments is true, so leave the list out.',
    );
  }
  if (unrestrictedRole) {
    if (list && list.length > 0) {
      throw badRequest(
        'environment_targeted_access_control',
        'Administrators and Power Users always have access to all environments; an environment access list cannot be applied to them.',
      );
    }
    if (body.all_environments === false) {
      throw badRequest(
        'all_environments',
        'Administrators and Power Users always have access to all environments; all_environments cannot be false for them.',
      );
    }
    return { all_environments: true, environment_ids: [] };
  }
  if (body.all_environments === true) return { all_environments: true, environment_ids: [] };
  if (list !== undefined)
    return {
      all_environments: body.all_environments ?? (list.length > 0 ? false : current.all_environments),
      environment_ids: list,
    };
  if (body.all_environments === false) return { all_environments: false, environment_ids: current.environment_ids };
  return { all_environments: current.all_environments, environment_ids: current.environment_ids };
}

/**
 * Principal names and email addresses are unique, as upstream's database
 * enforces: 409 otherwise. Email addresses compare case-insensitively;
 * principal names by `identityKey` (compatibility forms, case and accents
 * ignored), so "ADMİN" or "ａｄｍｉｎ" cannot pass for "admin".
 */
export function checkUnique(state: DbState, fields: { principal?: string; email?: string | null }, exceptId?: string): void {
  const others = state.users.filter((u) => u.deleted_at === null && u.id !== exceptId);
  if (fields.principal !== undefined) {
    const key = identityKey(fields.principal);
    const taken = others.find((u) => identityKey(u.principal_name) === key);
    if (taken) {
      const alike =
        taken.principal_name === fields.principal
          ? ''
          : ` (as "${taken.principal_name}": names that differ only in case, accents or character forms are the same)`;
      throw conflict('principal', `The principal name "${fields.principal}" is already taken${alike}. Choose another.`);
    }
  }
  if (fields.email) {
    const e = fields.email.toLowerCase();
    if (others.some((u) => u.email_address?.toLowerCase() === e)) {
      throw conflict('email_address', `Another user already has the email address "${fields.email}".`);
    }
  }
}

/**
 * A new or replaced secret from its salted scrypt hash (`hashSecretAsync`,
 * computed before the request changes anything), expiring after the password
 * lifetime (or at once when a reset is needed).
 */
export function makeSecret(db: MockDb, previous: StoredSecret | null, hash: SecretHash, needsReset: boolean): StoredSecret {
  const now = new Date();
  return {
    id: previous?.id ?? db.nextId('auth-secret'),
    digest_method: DIGEST_METHOD,
    digest: hash.digest,
    salt: hash.salt,
    expires_at: needsReset ? EXPIRED_AT : new Date(now.getTime() + PASSWORD_LIFETIME_DAYS * 86_400_000).toISOString(),
    needs_password_reset: needsReset,
    created_at: previous?.created_at ?? now.toISOString(),
    updated_at: now.toISOString(),
    deleted_at: null,
  };
}

/** Refuses operations on passwords of users who sign in through an SSO provider. */
export function refuseSso(user: StoredUser, context: string, what: string, status: 400 | 409 = 400): void {
  if (user.sso_provider_id !== null) {
    throw new ApiFailure(status, [
      { context, message: `${nameOf(user)} signs in through an SSO provider and has no password, so ${what}.` },
    ]);
  }
}

// ---------------------------------------------------------------------------
// The list (reference ListUsers)
// ---------------------------------------------------------------------------

/**
 * ListUsers: `sort_by` and column filters (a filter may repeat; all must
 * match), not paged. Missing names sort as empty text; users equal on every
 * requested key keep creation order.
 */
export const USERS_LIST = defineList<StoredUser>()({
  query: userOps.listUsers.query,
  columns: {
    first_name: text((u) => u.first_name ?? ''),
    last_name: text((u) => u.last_name ?? ''),
    email_address: text((u) => u.email_address ?? ''),
    principal_name: text((u) => u.principal_name),
    last_login: time((u) => u.last_login),
    created_at: time((u) => u.created_at),
    updated_at: time((u) => u.updated_at),
    deleted_at: time((u) => u.deleted_at ?? EXPIRED_AT),
    id: text((u) => u.id.toLowerCase()),
  },
});

/**
 * ListUsersMinimal: the users who may sign in (neither deleted nor disabled), sorted and filtered by
 * id, names and email address.
 */
export const USERS_MINIMAL_LIST = defineList<StoredUser>()({
  query: userOps.listUsersMinimal.query,
  columns: {
    first_name: text((u) => u.first_name ?? ''),
    last_name: text((u) => u.last_name ?? ''),
    email_address: text((u) => u.email_address ?? ''),
    id: text((u) => u.id.toLowerCase()),
  },
});
