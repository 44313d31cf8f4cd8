import type { DbState, StoredRole, StoredSsoProvider, StoredUser } from './db';

/** API response shapes built from stored records: wrappers, roles with their permissions, no digests. */
export const nullTime = (t: string | null) => (t ? { time: t, valid: true } : { time: '0001-01-01T00:00:00Z', valid: false });
export const nullInt = (n: number | null) => (n === null ? { int32: 0, valid: false } : { int32: n, valid: true });
export const nullString = (s: string | null) => (s === null ? { string: '', valid: false } : { string: s, valid: true });

export function baseOf(r: { created_at: string; updated_at: string; deleted_at: string | null }) {
  return { created_at: r.created_at, updated_at: r.updated_at, deleted_at: nullTime(r.deleted_at) };
}

export function toRoleRecord(state: DbState, role: StoredRole) {
  return {
    id: role.id,
    ...baseOf(role),
    name: role.name,
    description: role.description,
    permissions: role.permission_ids
      .map((id) => state.permissions.find((p) => p.id === id))
      .filter((p) => p !== undefined)
      .map((p) => ({ id: p.id, ...baseOf(p), authority: p.authority, name: p.name })),
  };
}

export function rolesOf(state: DbState, user: StoredUser): StoredRole[] {
  return user.role_ids.map((id) => state.roles.find((r) => r.id === id)).filter((r) => r !== undefined);
}

export function toUserRecord(state: DbState, user: StoredUser) {
  const sso = user.sso_provider_id === null ? null : state.ssoProviders.find((p) => p.id === user.sso_provider_id);
  return {
    id: user.id,
    ...baseOf(user),
    saml_provider_id: nullInt(sso?.saml ? sso.saml.id : null),
    sso_provider_id: nullInt(user.sso_provider_id),
    // Absent, not null, for a user without a password (SSO only), as upstream's `json:",omitempty"` pointer.
    ...(user.secret
      ? {
          AuthSecret: {
            id: user.secret.id,
            ...baseOf(user.secret),
            digest_method: user.secret.digest_method,
            expires_at: user.secret.expires_at,
            totp_activated: user.mfa?.activated ?? false,
          },
        }
      : {}),
    roles: rolesOf(state, user).map((r) => toRoleRecord(state, r)),
    first_name: nullString(user.first_name),
    last_name: nullString(user.last_name),
    email_address: nullString(user.email_address),
    principal_name: user.principal_name,
    last_login: user.last_login,
    is_disabled: user.is_disabled,
    eula_accepted: user.eula_accepted,
    all_environments: user.all_environments,
    environment_targeted_access_control: user.environment_ids.map((environment_id) => ({ user_id: user.id, environment_id })),
  };
}

export function ssoProviderById(state: DbState, id: number): StoredSsoProvider | undefined {
  return state.ssoProviders.find((p) => p.id === id && p.deleted_at === null);
}
