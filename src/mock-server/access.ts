import type { Context, MiddlewareHandler } from 'hono';
import { matchRoute, missingPermission, type MatchedRoute } from '../api/access';
import { rolesGranting } from '../api/permissions';
import { rolesWithPermissions, type MockEnv, type TokenService, type VerifiedToken } from './auth';
import type { MockConfig } from './config';
import { forbidden, notFound, unauthorized } from './errors';
import type { MockDb } from './store/db';

const CONFIRM = 'confirmAccess';

/**
 * Every /api request goes through the access table (src/api/access.ts): an
 * operation not in it does not exist (404, also for a route registered but
 * forgotten there); a public one needs nothing; any other needs a live session
 * of an existing, enabled account (or, where the table says so, a collection
 * client's token) whose roles grant what the row names (403 naming the
 * permission and the roles that grant it).
 *
 * The check is made here, before the body is read, and made again by
 * `confirmAccess` in the step that applies a change (readJson calls it once
 * the body is in; a handler that awaits anything else calls it after), so a
 * request whose author is demoted, disabled, deleted or signed out while it
 * is in flight changes nothing.
 */
export function accessControl(db: MockDb, tokens: TokenService, config: MockConfig): MiddlewareHandler<MockEnv> {
  return async (c, next) => {
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    const matched = matchRoute(method, c.req.path);
    if (!matched || (matched.route.enterprise && config.edition !== 'enterprise')) {
      throw notFound('path', `No operation ${c.req.method} ${c.req.path} exists.`);
    }
    if (matched.route.access.kind === 'public') return next();
    const header = c.req.header('Authorization') ?? '';
    const bearer = /^Bearer\s+(\S+)$/i.exec(header);
    if (!bearer) throw unauthorized('Authentication is required: send "Authorization: Bearer <token>".');
    const claims = await tokens.verify(bearer[1]!);
    const confirm = () => authorize(c, db, tokens, matched, claims);
    c.set(CONFIRM as never, confirm as never);
    confirm();
    return next();
  };
}

/**
 * Checks again, against the state as it is now, that this request's session
 * and account may make the change; call it in the same synchronous step that
 * applies the change. A no-op on public operations.
 */
export function confirmAccess(c: Context): void {
  (c.get(CONFIRM as never) as (() => void) | undefined)?.();
}

function authorize(c: Context<MockEnv>, db: MockDb, tokens: TokenService, matched: MatchedRoute, claims: VerifiedToken): void {
  tokens.assertLive(claims);
  const { access } = matched.route;
  if (claims.kind === 'client') {
    if (access.kind !== 'client') {
      throw forbidden("A collection client's token can call only the job and task operations of its client.");
    }
    const client = db.state.collectionClients.find((k) => k.id === claims.subject && k.deleted_at === null);
    if (!client) throw unauthorized('The collection client of this token no longer exists.');
    c.set('principal', { kind: 'client', clientId: client.id, tokenId: claims.tokenId });
    return;
  }
  const user = db.state.users.find((u) => u.id === claims.subject && u.deleted_at === null);
  if (!user) throw unauthorized('The account of this session no longer exists.');
  if (user.is_disabled) throw unauthorized('This account is disabled. Ask an administrator to enable it.');
  if ((user.session_generation ?? 0) !== claims.generation) {
    throw unauthorized('This session was ended when an administrator changed the account. Sign in again.');
  }
  c.set('principal', { kind: 'user', user, tokenId: claims.tokenId });
  if (access.kind === 'client') {
    throw forbidden('Only a collection client can call this, with its own token; a user session cannot.');
  }
  const target = matched.params.user_id ?? c.req.query('user_id') ?? user.id;
  const self = target.toLowerCase() === user.id.toLowerCase();
  const missing = missingPermission({ roles: rolesWithPermissions(db, user) }, access, self);
  if (missing) {
    throw forbidden(`Your role does not allow this: it needs the ${missing} permission (${rolesGranting(missing)}).`);
  }
}
