import type { Context } from 'hono';
import QRCode from 'qrcode';
import { userOps } from '../../../api/operations/users';
import type { MfaStatus } from '../../../api/schemas/users';
import type { MockArea } from '../../area';
import { refuseLosingLastAdministrator } from '../../administrators';
import { currentUser, endSessions, type MockEnv } from '../../auth';
import { ApiFailure, badRequest, conflict } from '../../errors';
import { hashSecretAsync, newTotpSecret, totpFor, verifySecretAsync, verifyTotp } from '../../secrets';
import { seedUsers } from './seed';
import type { StoredUser } from '../../store/db';
import { nullString, toUserRecord } from '../../store/records';
import {
  checkRoles,
  checkUnique,
  checkUserId,
  EXPIRED_AT,
  findUser,
  hasUnrestrictedRole,
  makeSecret,
  nameOf,
  refuseSso,
  resolveEnvironments,
  resolveSsoProvider,
  USERS_LIST,
  USERS_MINIMAL_LIST,
} from './rules';
import { commit, server } from '../../serve';

function mfaStatusOf(user: StoredUser): MfaStatus {
  if (!user.mfa) return 'deactivated';
  return user.mfa.activated ? 'activated' : 'pending';
}

/** The trimmed text, or null when empty (names are nullable upstream). */
function textOrNull(value: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const t = value.trim();
  return t === '' ? null : t;
}

/**
 * Users, their secrets and MFA (userOps: reference ListUsers, CreateUser,
 * GetUser, UpdateUser, DeleteUser, CreateOrSetUserSecret, DeleteUserSecret,
 * AddUserMfa, RemoveUserMfa, GetMfaActivationStatus, ActivateUserMfa), served
 * under both /api/v2/app-users and /api/v2/bloodhound-users. Who may call what
 * is in their declarations: auth.ManageUsers, except a user's own password and
 * MFA, which need auth.ManageSelf. A change that would leave no
 * enabled administrator is refused (409), and an administrator's change to a
 * password, a forced reset, disabling or deleting ends that user's sessions.
 */
export const usersArea: MockArea = {
  name: 'users',
  // Links some of its users to the seeded SSO providers.
  seedsAfter: ['sso'],
  seed(state, config) {
    seedUsers(state, config);
  },
  routes(app, { db }) {
    const route = server(app, db);
    // Path parameter first (400 for a malformed id, 404 for an unknown user), then the body.
    const userFirst = { guard: (c: Context<MockEnv>) => void findUser(db.state, c.req.param('user_id')!) };

    route(userOps.listUsers, (c, { query: req }) => {
      const users = USERS_LIST.select(
        db.state.users.filter((u) => u.deleted_at === null),
        req,
      );
      return c.json({ data: { users: users.map((u) => toUserRecord(db.state, u)) } });
    });

    route(userOps.listUsersMinimal, (c, { query: req }) => {
      const users = USERS_MINIMAL_LIST.select(
        db.state.users.filter((u) => u.deleted_at === null && !u.is_disabled),
        req,
      );
      return c.json({
        data: {
          users: users.map((u) => ({
            id: u.id,
            first_name: nullString(u.first_name),
            last_name: nullString(u.last_name),
            email: u.email_address ?? '',
          })),
        },
      });
    });

    route(userOps.createUser, async (c, { body }) => {
      // Hash first (off the event loop); everything after it, checks and change, runs in one go.
      const hash = body.secret !== undefined ? await hashSecretAsync(body.secret) : null;
      return commit(() => {
        const roleIds = checkRoles(db.state, body.roles ?? []);
        const sso = resolveSsoProvider(db.state, body) ?? null;
        if (sso !== null && body.secret !== undefined) {
          throw badRequest(
            'secret',
            'A user who signs in through an SSO provider has no password: leave the password out or choose no SSO provider.',
          );
        }
        const access = resolveEnvironments(
          { all_environments: true, environment_ids: [] },
          body,
          hasUnrestrictedRole(db.state, roleIds),
        );
        const email = body.email_address.trim();
        checkUnique(db.state, { principal: body.principal, email });
        const now = new Date().toISOString();
        const user: StoredUser = {
          id: crypto.randomUUID(),
          principal_name: body.principal,
          first_name: textOrNull(body.first_name) ?? null,
          last_name: textOrNull(body.last_name) ?? null,
          email_address: email,
          role_ids: roleIds,
          sso_provider_id: sso,
          last_login: EXPIRED_AT,
          is_disabled: body.is_disabled ?? false,
          eula_accepted: true,
          ...access,
          secret: hash ? makeSecret(db, null, hash, body.needs_password_reset ?? false) : null,
          mfa: null,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        };
        db.state.users.push(user);
        return c.json({ data: toUserRecord(db.state, user) });
      });
    });

    route(userOps.getUser, (c, { params }) => c.json({ data: toUserRecord(db.state, findUser(db.state, params.user_id)) }));

    route(
      userOps.updateUser,
      (c, { params, body }) => {
        const actor = currentUser(c);
        const user = findUser(db.state, params.user_id);
        const self = actor.id === user.id;

        const roleIds = body.roles !== undefined ? checkRoles(db.state, body.roles) : user.role_ids;
        const sso = resolveSsoProvider(db.state, body);
        if (self) {
          if (body.is_disabled === true) throw badRequest('is_disabled', 'You cannot disable your own account.');
          const same = roleIds.length === user.role_ids.length && roleIds.every((id) => user.role_ids.includes(id));
          if (!same) throw badRequest('roles', 'You cannot change your own roles; ask another administrator.');
          if (sso !== undefined && sso !== user.sso_provider_id) {
            throw badRequest('sso_provider_id', 'You cannot change your own SSO provider; ask another administrator.');
          }
        }
        const access = resolveEnvironments(user, body, hasUnrestrictedRole(db.state, roleIds));
        const email = body.email_address?.trim();
        checkUnique(db.state, { principal: body.principal, email }, user.id);
        const linkTo = sso !== undefined && sso !== user.sso_provider_id ? sso : user.sso_provider_id;
        refuseLosingLastAdministrator(
          db.state,
          [
            {
              ...user,
              role_ids: roleIds,
              is_disabled: body.is_disabled ?? user.is_disabled,
              sso_provider_id: linkTo,
              secret: linkTo !== null && linkTo !== user.sso_provider_id ? null : user.secret,
            },
          ],
          body.is_disabled === true ? 'is_disabled' : 'roles',
        );
        if (body.is_disabled === true && !user.is_disabled) endSessions(user);

        if (body.first_name !== undefined) user.first_name = textOrNull(body.first_name) ?? null;
        if (body.last_name !== undefined) user.last_name = textOrNull(body.last_name) ?? null;
        if (email !== undefined) user.email_address = email;
        if (body.principal !== undefined) user.principal_name = body.principal;
        if (body.is_disabled !== undefined) user.is_disabled = body.is_disabled;
        user.role_ids = roleIds;
        if (sso !== undefined && sso !== user.sso_provider_id) {
          // As upstream: a user linked to an SSO provider signs in there, so the password (and its MFA) go.
          if (sso !== null) {
            user.secret = null;
            user.mfa = null;
          }
          user.sso_provider_id = sso;
        }
        user.all_environments = access.all_environments;
        user.environment_ids = access.environment_ids;
        user.updated_at = new Date().toISOString();
        return c.body(null, 204);
      },
      userFirst,
    );

    route(userOps.deleteUser, (c, { params }) => {
      const actor = currentUser(c);
      const user = findUser(db.state, params.user_id);
      if (user.id === actor.id) throw badRequest('user_id', 'You cannot delete your own account.');
      refuseLosingLastAdministrator(db.state, [{ ...user, deleted_at: new Date().toISOString() }], 'user_id');
      endSessions(user);
      db.state.users = db.state.users.filter((u) => u.id !== user.id);
      // Their API tokens go with them.
      db.state.authTokens = db.state.authTokens.filter((t) => t.user_id !== user.id.toLowerCase());
      return c.body(null, 204);
    });

    route(
      userOps.createOrSetUserSecret,
      async (c, { params, body }) => {
        const id = params.user_id;
        const actor = currentUser(c);
        const before = findUser(db.state, id);
        refuseSso(before, 'secret', 'a password cannot be set');
        const self = actor.id === before.id;
        const old = before.secret;
        if (self) {
          if (!old) throw badRequest('secret', 'You have no password to change.');
          if (!body.current_secret) throw badRequest('current_secret', 'Enter your current password to choose a new one.');
          if (!(await verifySecretAsync(body.current_secret, old))) {
            throw new ApiFailure(403, [{ context: 'current_secret', message: 'The current password is wrong.' }]);
          }
        }
        if (old && (await verifySecretAsync(body.secret, old))) {
          throw badRequest('secret', 'The new password must be different from the current one.');
        }
        const hash = await hashSecretAsync(body.secret);
        // The hashing let other requests run: access is checked and the user looked up again before changing anything.
        return commit(() => {
          const user = findUser(db.state, id);
          refuseSso(user, 'secret', 'a password cannot be set');
          if (user.secret !== old) {
            throw conflict('secret', `${nameOf(user)}'s password was changed by another request meanwhile. Try again.`);
          }
          // Your own new password never needs another reset; an administrator may ask for one.
          user.secret = makeSecret(db, user.secret, hash, self ? false : body.needs_password_reset);
          // A password an administrator sets ends the sessions signed in with the old one.
          if (!self) endSessions(user);
          user.updated_at = new Date().toISOString();
          return c.body(null, 204);
        });
      },
      userFirst,
    );

    route(userOps.deleteUserSecret, (c, { params }) => {
      const user = findUser(db.state, params.user_id);
      refuseSso(user, 'user_id', 'there is no password to expire', 409);
      if (!user.secret) throw badRequest('user_id', `${nameOf(user)} has no password to expire.`);
      user.secret = {
        ...user.secret,
        expires_at: EXPIRED_AT,
        needs_password_reset: true,
        updated_at: new Date().toISOString(),
      };
      // A forced reset ends the sessions, unless it is your own (you stay in to choose a new one).
      if (user.id !== currentUser(c).id) endSessions(user);
      return c.body(null, 204);
    });

    route(
      userOps.addUserMfa,
      async (c, { params, body }) => {
        const id = params.user_id;
        const enrollable = () => {
          const user = findUser(db.state, id);
          refuseSso(user, 'user_id', 'multi-factor authentication is managed by that provider');
          if (!user.secret) throw badRequest('user_id', `${nameOf(user)} has no password; set one before enrolling in MFA.`);
          if (user.mfa?.activated) {
            throw badRequest(
              'user_id',
              `Multi-factor authentication is already active for ${nameOf(user)}; disable it first to enrol again.`,
            );
          }
          return { user, secret: user.secret };
        };
        const checked = enrollable();
        if (!(await verifySecretAsync(body.secret, checked.secret))) {
          throw badRequest('secret', `The password is wrong: enter ${nameOf(checked.user)}'s current password.`);
        }
        const totpSecret = newTotpSecret();
        const qr = await QRCode.toDataURL(totpFor(totpSecret, checked.user.principal_name).toString(), {
          margin: 1,
          width: 220,
        });
        // Checked again after the hashing, which let other requests run; the password must be the one verified.
        return commit(() => {
          const { user, secret } = enrollable();
          if (secret !== checked.secret) {
            throw conflict('secret', `${nameOf(user)}'s password was changed by another request meanwhile. Try again.`);
          }
          user.mfa = { secret: totpSecret, activated: false };
          user.updated_at = new Date().toISOString();
          return c.json({ data: { qr_code: qr, totp_secret: totpSecret } });
        });
      },
      { guard: (c) => checkUserId(c.req.param('user_id')!) },
    );

    route(
      userOps.removeUserMfa,
      async (c, { params, body }) => {
        const actor = currentUser(c);
        // The person acting confirms with their own password (upstream skips this for SSO users, who have none).
        if (actor.secret) {
          if (body.secret === undefined) throw badRequest('secret', 'Enter your password to confirm.');
          if (!(await verifySecretAsync(body.secret, actor.secret))) {
            throw badRequest('secret', 'Your password is wrong. Enter the password you signed in with.');
          }
        }
        return commit(() => {
          const user = findUser(db.state, params.user_id);
          user.mfa = null;
          user.updated_at = new Date().toISOString();
          return c.json({ data: { status: 'deactivated' satisfies MfaStatus } });
        });
      },
      userFirst,
    );

    route(userOps.getMfaActivationStatus, (c, { params }) => {
      const user = findUser(db.state, params.user_id);
      return c.json({ data: { status: mfaStatusOf(user) } });
    });

    route(
      userOps.activateUserMfa,
      (c, { params, body }) => {
        const user = findUser(db.state, params.user_id);
        if (!user.mfa) {
          throw badRequest(
            'otp',
            `${nameOf(user)} is not enrolled in MFA: enrol first (POST .../mfa), then activate with a code.`,
          );
        }
        if (!verifyTotp(user.mfa.secret, body.otp)) {
          throw badRequest('otp', 'The code is wrong or has expired. Enter the current 6-digit code from the authenticator app.');
        }
        user.mfa.activated = true;
        user.updated_at = new Date().toISOString();
        return c.json({ data: { status: 'activated' satisfies MfaStatus } });
      },
      userFirst,
    );
  },
};
