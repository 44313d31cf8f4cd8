import { loginBody } from '../../api/schemas/auth';
import type { MockArea } from '../area';
import { currentUser } from '../auth';
import { ApiFailure, unauthorized } from '../errors';
import { verifySecret, verifyTotp } from '../secrets';
import { toUserRecord } from '../store/records';
import { readJson } from '../validate';


const BAD_CREDENTIALS = 'The username or password is incorrect.';

/** Sign-in, sign-out, the signed-in user, and the API version. */
export const authArea: MockArea = {
  name: 'auth',
  routes(app, { db, tokens, config }) {
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
      const user = db.state.users.find(
        (u) => u.deleted_at === null && u.principal_name.toLowerCase() === body.username.toLowerCase(),
      );
      // Same answer for an unknown user and a wrong password, so names cannot be probed.
      if (!user || !user.secret || !verifySecret(body.secret, user.secret)) {
        throw unauthorized(BAD_CREDENTIALS);
      }
      if (user.is_disabled) throw unauthorized('This account is disabled. Ask an administrator to enable it.');
      if (user.mfa?.activated) {
        if (!body.otp) {
          throw new ApiFailure(400, [{ context: 'otp', message: 'A one-time code from your authenticator app is required.' }]);
        }
        if (!verifyTotp(user.mfa.secret, body.otp.trim())) {
          throw new ApiFailure(401, [{ context: 'otp', message: 'The one-time code is wrong or has expired. Enter the current code.' }]);
        }
      }
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
