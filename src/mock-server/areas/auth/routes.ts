import { loginBody } from '../../../api/schemas/auth';
import type { MockArea } from '../../area';
import { currentUser } from '../../auth';
import { ApiFailure, unauthorized } from '../../errors';
import { verifySecret, verifyTotp } from '../../secrets';
import { toUserRecord } from '../../store/records';
import { readJson } from '../../validate';

const BAD_CREDENTIALS = 'The username or password is incorrect.';

/**
 * Sign-in throttling per username: after `limit` failures in a row the name is
 * locked for 30 s, doubling with each further lock (at most 15 min); while
 * locked every attempt answers 429 with Retry-After. A success clears it.
 */
class LoginThrottle {
  private readonly entries = new Map<string, { failures: number; locks: number; lockedUntil: number }>();
  constructor(private readonly limit: number) {}

  check(username: string): void {
    const entry = this.entries.get(username);
    if (!entry || entry.lockedUntil <= Date.now()) return;
    const seconds = Math.max(1, Math.ceil((entry.lockedUntil - Date.now()) / 1000));
    throw new ApiFailure(429, [{ context: 'username', message: `Too many failed sign-ins. Try again in ${seconds} seconds.` }], {
      'Retry-After': String(seconds),
    });
  }

  failed(username: string): void {
    const entry = this.entries.get(username) ?? { failures: 0, locks: 0, lockedUntil: 0 };
    entry.failures += 1;
    if (entry.failures >= this.limit) {
      entry.locks += 1;
      entry.failures = 0;
      entry.lockedUntil = Date.now() + Math.min(30_000 * 2 ** (entry.locks - 1), 15 * 60_000);
    }
    this.entries.set(username, entry);
  }

  succeeded(username: string): void {
    this.entries.delete(username);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Sign-in, sign-out, the signed-in user, and the API version. */
export const authArea: MockArea = {
  name: 'auth',
  routes(app, { db, tokens, config }) {
    const throttle = new LoginThrottle(config.loginAttempts);
    db.onReset(() => throttle.clear());
    app.get('/api/version', (c) =>
      c.json({
        data: {
          API: { current_version: 'v2', deprecated_version: 'v1' },
          server_version: 'v8.0.0-mock',
          product_edition: config.edition,
        },
      }),
    );

    app.post('/api/v2/login', async (c) => {
      const body = await readJson(c, loginBody);
      const name = body.username.toLowerCase();
      throttle.check(name);
      const user = db.state.users.find(
        (u) => u.deleted_at === null && u.principal_name.toLowerCase() === body.username.toLowerCase(),
      );
      // Same answer for an unknown user and a wrong password, so names cannot be probed.
      if (!user || !user.secret || !verifySecret(body.secret, user.secret)) {
        throttle.failed(name);
        throw unauthorized(BAD_CREDENTIALS);
      }
      if (user.is_disabled) throw unauthorized('This account is disabled. Ask an administrator to enable it.');
      if (user.mfa?.activated) {
        if (!body.otp) {
          throw new ApiFailure(400, [{ context: 'otp', message: 'A one-time code from your authenticator app is required.' }]);
        }
        if (!verifyTotp(user.mfa.secret, body.otp.trim())) {
          throttle.failed(name);
          throw new ApiFailure(401, [
            { context: 'otp', message: 'The one-time code is wrong or has expired. Enter the current code.' },
          ]);
        }
      }
      throttle.succeeded(name);
      user.last_login = new Date().toISOString();
      db.changed();
      const authExpired = user.secret.needs_password_reset || Date.parse(user.secret.expires_at) < Date.now();
      return c.json({
        data: { user_id: user.id, auth_expired: authExpired, session_token: await tokens.issue(user.id, 'user') },
      });
    });

    app.post('/api/v2/logout', async (c) => {
      const principal = c.get('principal');
      const header = c.req.header('Authorization')!.replace(/^Bearer\s+/i, '');
      const { expiresAt } = await tokens.verify(header);
      tokens.revoke(principal.tokenId, expiresAt);
      return c.body(null, 200);
    });

    app.get('/api/v2/self', (c) => c.json({ data: toUserRecord(db.state, currentUser(c)) }));
  },
};
