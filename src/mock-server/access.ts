import type { Context, MiddlewareHandler } from 'hono';
import { missingPermission } from '../api/operation';
import { matchRoute, type MatchedRoute } from './operation-table';
import { rolesGranting } from '../shared/permissions';
import { rolesWithPermissions, type MockEnv, type TokenService, type VerifiedToken } from './auth';
import type { MockConfig } from './config';
import { clientActor, recordUnauthorizedAttempt, userActor, type Actor } from './audit';
import { forbidden, notFound, unauthorized, type ApiFailure } from './errors';
import { SIGNATURE_SCHEME, signedOwner, touchToken, verifySignedRequest } from './signature';
import type { MockDb, StoredUser } from './store/db';

const CONFIRM = 'confirmAccess';

/**
 * Every /api request goes through the declared operations (src/api/operations/): an
 * operation not in it does not exist (404, also for a route registered but
 * forgotten there); a public one needs nothing; any other needs a live session
 * of an existing, enabled account (or, where the table says so, a collection
 * client's token), or a request signed with a live API token of such an
 * account (`Authorization: bhesignature <token id>`, signature.ts), whose
 * roles grant what the row names (403 naming the permission and the roles
 * that grant it).
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
    if (!matched || (matched.op.enterprise && config.edition !== 'enterprise')) {
      throw notFound('path', `No operation ${c.req.method} ${c.req.path} exists.`);
    }
    if (matched.op.access.kind === 'public') return next();
    const header = c.req.header('Authorization') ?? '';
    const signed = new RegExp(`^${SIGNATURE_SCHEME}\\s+(\\S+)$`, 'i').exec(header);
    if (signed) {
      // A signed request: the body is read and checked here; the token and its owner are checked again on every confirm.
      const tokenId = await verifySignedRequest(c, db, config, matched, signed[1]!);
      const confirm: Confirm = (target) => {
        const { user } = signedOwner(db, tokenId);
        authorizeUser(c, db, matched, user, tokenId, target);
      };
      c.set(CONFIRM as never, confirm as never);
      confirm();
      touchToken(db, tokenId);
      return next();
    }
    const bearer = /^Bearer\s+(\S+)$/i.exec(header);
    if (!bearer) {
      throw unauthorized(
        `Authentication is required: send "Authorization: Bearer <session token>", or sign the request with an API token ("Authorization: ${SIGNATURE_SCHEME} <token id>").`,
      );
    }
    const claims = await tokens.verify(bearer[1]!);
    const confirm: Confirm = (target) => authorize(c, db, tokens, matched, claims, target);
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
  (c.get(CONFIRM as never) as Confirm | undefined)?.();
}

/**
 * `confirmAccess` for an operation on the account `userId` named in the body
 * (not in the path or query, where the middleware finds it): the row's
 * `account` rule with that account, so acting on someone else's needs
 * auth.ManageUsers (403 otherwise). Call it after the body is read.
 */
export function confirmAccountAccess(c: Context, userId: string): void {
  (c.get(CONFIRM as never) as Confirm | undefined)?.(userId);
}

/** Checks the request's access against the state as it is now; `target`: the account acted on, when the body names it. */
type Confirm = (target?: string) => void;

/**
 * The account a `user_id` query parameter names: a bare UUID or an
 * `eq:<uuid>` filter names that account; another predicate (`neq:<uuid>`)
 * reaches beyond one account, so it names none ('', never the caller's).
 * Anything else names no account here and is left to the operation's own
 * check of its query (a 400).
 */
function queryTarget(raw: string | undefined): string | undefined {
  const match = raw === undefined ? null : /^(?:([^:]*):)?([0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12})$/.exec(raw);
  if (!match) return undefined;
  return match[1] === undefined || match[1] === 'eq' ? match[2] : '';
}

function authorize(
  c: Context<MockEnv>,
  db: MockDb,
  tokens: TokenService,
  matched: MatchedRoute,
  claims: VerifiedToken,
  target?: string,
): void {
  tokens.assertLive(claims);
  const { access } = matched.op;
  if (claims.kind === 'client') {
    if (access.kind !== 'client') {
      throw refused(
        c,
        db,
        clientActor(db, claims.subject),
        "A collection client's token can call only the job and task operations of its client.",
      );
    }
    const client = db.state.collectionClients.find((k) => k.id === claims.subject && k.deleted_at === null);
    if (!client) throw unauthorized('The collection client of this token no longer exists.');
    // Regenerating a client's token (PUT /api/v2/clients/{id}/token) ends its older ones at once.
    if ((client.token_generation ?? 0) !== claims.generation) {
      throw unauthorized(
        `This token of the collection client ${client.name} was replaced by a newer one. Configure the collector with its new token.`,
      );
    }
    c.set('principal', { kind: 'client', clientId: client.id, tokenId: claims.tokenId });
    return;
  }
  const user = db.state.users.find((u) => u.id === claims.subject && u.deleted_at === null);
  if (!user) throw unauthorized('The account you signed in with no longer exists.');
  if (user.is_disabled) throw unauthorized('This account is disabled. Ask an administrator to enable it.');
  if ((user.session_generation ?? 0) !== claims.generation) {
    throw unauthorized('You were signed out when an administrator changed your account. Sign in again.');
  }
  authorizeUser(c, db, matched, user, claims.tokenId, target);
}

/** The checks of a person's request, signed in or signed with an API token: the row's permissions for `user`. */
function authorizeUser(
  c: Context<MockEnv>,
  db: MockDb,
  matched: MatchedRoute,
  user: StoredUser,
  tokenId: string,
  explicitTarget?: string,
): void {
  const { access } = matched.op;
  c.set('principal', { kind: 'user', user, tokenId });
  if (access.kind === 'client') {
    throw refused(c, db, userActor(user), 'Only a collection client can call this, with its own token; a user session cannot.');
  }
  const target = explicitTarget ?? matched.params.user_id ?? queryTarget(c.req.query('user_id')) ?? user.id;
  const self = target.toLowerCase() === user.id.toLowerCase();
  const missing = missingPermission({ roles: rolesWithPermissions(db, user) }, access, self);
  if (missing) {
    throw refused(
      c,
      db,
      userActor(user),
      `Your role does not allow this: it needs the ${missing} permission (${rolesGranting(missing)}).`,
    );
  }
}

/** The 403 of a request refused for lack of permission, recorded in the audit log first (UnauthorizedAccessAttempt, as upstream). */
function refused(c: Context, db: MockDb, actor: Actor, message: string): ApiFailure {
  recordUnauthorizedAttempt(c, db, actor, message);
  return forbidden(message);
}
