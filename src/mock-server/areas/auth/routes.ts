import { authOps } from '../../../api/operations/auth';
import type { LoginBody } from '../../../api/schemas/auth';
import { identityKey } from '../../../api/schemas/field-rules';
import type { MockArea } from '../../area';
import { auditSignIn } from '../../audit';
import { currentUser } from '../../auth';
import { ApiFailure, unauthorized } from '../../errors';
import { dummySecret, verifySecretAsync, verifyTotp } from '../../secrets';
import type { StoredSecret, StoredUser } from '../../store/db';
import { toUserRecord } from '../../store/records';
import { commit, server } from '../../serve';
import { clientAddress, LoginThrottle, type LoginAttempt } from '../../throttle';

const BAD_CREDENTIALS = 'The username or password is incorrect.';

type SignedInUser = StoredUser & { secret: StoredSecret };
const hasSecret = (user: StoredUser): user is SignedInUser => user.secret !== null;

/**
 * The account `body` signs in to, once its password (and, with MFA, its code)
 * is right; otherwise throws the answer, and ends `attempt` as failed where
 * the throttle should count it. An unknown name, or an account without a
 * password, costs the same hashing as a wrong password (a dummy hash) and gets
 * the same 401, so names cannot be probed by answer or by time.
 */
async function checkCredentials(user: StoredUser | undefined, body: LoginBody, attempt: LoginAttempt): Promise<SignedInUser> {
  const matches = await verifySecretAsync(body.secret, user?.secret ?? (await dummySecret()));
  if (!user || !hasSecret(user) || !matches) {
    attempt.end('failed');
    throw unauthorized(BAD_CREDENTIALS);
  }
  if (user.is_disabled) throw unauthorized('This account is disabled. Ask an administrator to enable it.');
  if (user.mfa?.activated) {
    if (!body.otp) {
      throw new ApiFailure(400, [{ context: 'otp', message: 'A one-time code from your authenticator app is required.' }]);
    }
    if (!verifyTotp(user.mfa.secret, body.otp.trim())) {
      attempt.end('failed');
      throw new ApiFailure(401, [
        { context: 'otp', message: 'The one-time code is wrong or has expired. Enter the current code.' },
      ]);
    }
  }
  attempt.end('succeeded');
  return user;
}

/** Sign-in, sign-out, the signed-in user, and the API version. */
export const authArea: MockArea = {
  name: 'auth',
  routes(app, { db, tokens, config }) {
    const throttle = new LoginThrottle();
    db.onReset(() => throttle.clear());
    // Made now, so the first unknown name costs no more than any other.
    void dummySecret();
    const route = server(app, db);
    route(authOps.getApiVersion, (c) =>
      c.json({
        data: {
          API: { current_version: 'v2', deprecated_version: 'v1' },
          server_version: 'v8.0.0-mock',
          product_edition: config.edition,
        },
      }),
    );

    route(authOps.login, async (c, { body }) => {
      // Every attempt goes in the audit log (LoginAttempt, as upstream): the name tried, then how it ended.
      const signIn = auditSignIn(c, db, { username: body.username, auth_type: 'secret' });
      const found = db.state.users.find(
        (u) => u.deleted_at === null && identityKey(u.principal_name) === identityKey(body.username),
      );
      try {
        // Per client address and per name (throttle.ts); the address is the socket's, never X-Forwarded-For.
        const attempt = throttle.begin(clientAddress(c.env), identityKey(body.username));
        const user = await checkCredentials(found, body, attempt).finally(() => attempt.end());
        const authExpired = user.secret.needs_password_reset || Date.parse(user.secret.expires_at) < Date.now();
        const sessionToken = await tokens.issue(user.id, 'user', undefined, user.session_generation ?? 0);
        return commit(() => {
          user.last_login = new Date().toISOString();
          signIn.succeed(user);
          return c.json({ data: { user_id: user.id, auth_expired: authExpired, session_token: sessionToken } });
        });
      } catch (e) {
        signIn.fail(found, e);
        throw e;
      }
    });

    route(authOps.logout, async (c) => {
      const principal = c.get('principal');
      const header = c.req.header('Authorization')!.replace(/^Bearer\s+/i, '');
      const { expiresAt } = await tokens.verify(header);
      return commit(() => {
        tokens.revoke(principal.tokenId, expiresAt);
        return c.body(null, 200);
      });
    });

    route(authOps.getSelf, (c) => c.json({ data: toUserRecord(db.state, currentUser(c)) }));
  },
};
