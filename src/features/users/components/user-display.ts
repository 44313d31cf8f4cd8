import { timeOf } from '@/shared/format';
import { userName } from '@/lib/user-name';
import { mayCall } from '@/api/operation';
import { tokenOps } from '@/api/operations/tokens';
import { userOps } from '@/api/operations/users';
import { ROLES_WITHOUT_ENVIRONMENT_LIST, type HasRoles } from '@/shared/permissions';
import type { Role } from '@/api/schemas/roles';
import type { SsoProvider } from '@/api/schemas/sso';
import type { MfaStatus, User } from '@/api/schemas/users';
import { labelsFor } from '@/shared/value-labels';

/** "First Last", or the principal name when the user has no name. */
export { userName };

export function emailOf(user: Pick<User, 'email_address'>): string | null {
  return user.email_address.valid && user.email_address.string ? user.email_address.string : null;
}

export function ssoProviderIdOf(user: Pick<User, 'sso_provider_id'>): number | null {
  return user.sso_provider_id.valid ? user.sso_provider_id.int32 : null;
}

/** True for Go's zero time and anything before 1971: "never". */
export function isNever(time: string): boolean {
  return timeOf(time) === null;
}

export type MfaState = 'active' | 'off' | 'not-applicable';

/** MFA as the user record tells it (the record cannot tell "pending" from "off"; GET mfa-activation can). */
export function mfaStateOf(user: Pick<User, 'AuthSecret' | 'sso_provider_id'>): MfaState {
  if (user.sso_provider_id.valid || !user.AuthSecret) return 'not-applicable';
  return user.AuthSecret.totp_activated ? 'active' : 'off';
}

/** MFA as GET mfa-activation tells it, in a sentence. */
export const MFA_STATUS_TEXT: Record<MfaStatus, string> = {
  activated: 'Active: a code from an authenticator app is needed at every sign-in',
  pending: 'Enrolment pending: waiting for a first code to activate it',
  deactivated: 'Off',
};

/** GET mfa-activation's state in a sentence; a state this console does not know as it came, unknown. */
export const mfaStatusLabel = labelsFor(MFA_STATUS_TEXT);

export const MFA_LABELS: Record<MfaState, string> = { active: 'Active', off: 'Off', 'not-applicable': 'Not applicable' };

export type PasswordState = 'sso' | 'none' | 'expired' | 'valid';

export function passwordStateOf(user: Pick<User, 'AuthSecret' | 'sso_provider_id'>, now = Date.now()): PasswordState {
  if (user.sso_provider_id.valid) return 'sso';
  if (!user.AuthSecret) return 'none';
  return Date.parse(user.AuthSecret.expires_at) <= now ? 'expired' : 'valid';
}

export function providerName(providers: readonly SsoProvider[] | undefined, id: number | null): string | null {
  if (id === null) return null;
  return providers?.find((p) => p.id === id)?.name ?? `Provider #${id}`;
}

/** Role ids of the roles that may not carry an environment list (Administrator, Power User). */
export function unrestrictedRoleIds(roles: readonly Pick<Role, 'id' | 'name'>[]): number[] {
  return roles.filter((r) => ROLES_WITHOUT_ENVIRONMENT_LIST.includes(r.name)).map((r) => r.id);
}

// ---------------------------------------------------------------------------
// What the signed-in user may do to a user
// ---------------------------------------------------------------------------

export type UserActionId =
  'view' | 'edit' | 'set-password' | 'force-reset' | 'enroll-mfa' | 'disable-mfa' | 'tokens' | 'toggle' | 'delete';

export interface UserAction {
  id: UserActionId;
  label: string;
  /** Why the action is not available right now; null when it is. */
  disabledReason: string | null;
  destructive?: boolean;
}

export type ActingUser = HasRoles & { id: string };

/**
 * The actions on `user` the signed-in user (`self`) may take, in menu order.
 * Actions on other users need auth.ManageUsers and are left out without it
 * (readers and uploaders can look, not change); your own password and MFA need
 * auth.ManageSelf. Actions that are there but cannot apply say why.
 */
export function userActions(user: User, self: ActingUser | null | undefined, { includeView = true } = {}): UserAction[] {
  const isSelf = !!self && self.id === user.id;
  // By their declarations: editing, disabling and deleting others need auth.ManageUsers; your own password and MFA auth.ManageSelf.
  const manage = mayCall(self, userOps.updateUser, false);
  const manageThis = mayCall(self, userOps.createOrSetUserSecret, isSelf);
  const sso = user.sso_provider_id.valid;
  const noPassword = !sso && !user.AuthSecret;
  const passwordReason = sso ? 'Signs in through an SSO provider: no password here' : noPassword ? 'Has no password' : null;
  const out: UserAction[] = [];
  if (includeView) out.push({ id: 'view', label: 'View details', disabledReason: null });
  if (manage) out.push({ id: 'edit', label: 'Edit user', disabledReason: null });
  if (manageThis) {
    out.push({
      id: 'set-password',
      label: isSelf ? 'Change your password' : 'Set password',
      disabledReason: sso ? passwordReason : null,
    });
  }
  if (manage && !isSelf) out.push({ id: 'force-reset', label: 'Force password reset', disabledReason: passwordReason });
  if (manageThis) {
    if (user.AuthSecret?.totp_activated)
      out.push({ id: 'disable-mfa', label: 'Disable MFA', disabledReason: null, destructive: true });
    else out.push({ id: 'enroll-mfa', label: 'Enrol in MFA', disabledReason: passwordReason });
  }
  // API tokens: an administrator's (auth.ManageUsers) view of anyone's; everyone has their own on My Profile.
  if (mayCall(self, tokenOps.listAuthTokens, false)) out.push({ id: 'tokens', label: 'API tokens', disabledReason: null });
  if (manage) {
    out.push({
      id: 'toggle',
      label: user.is_disabled ? 'Enable user' : 'Disable user',
      disabledReason: isSelf ? 'You cannot disable your own account' : null,
      destructive: !user.is_disabled,
    });
    out.push({
      id: 'delete',
      label: 'Delete user',
      disabledReason: isSelf ? 'You cannot delete your own account' : null,
      destructive: true,
    });
  }
  return out;
}
