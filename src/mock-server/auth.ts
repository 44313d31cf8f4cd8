import type { Context, MiddlewareHandler } from 'hono';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { permissionsOf, type PermissionName } from '../api/permissions';
import type { MockConfig } from './config';
import { forbidden, unauthorized } from './errors';
import type { MockDb, StoredUser } from './store/db';
import { rolesOf, toRoleRecord } from './store/records';

export type Principal =
  { kind: 'user'; user: StoredUser; tokenId: string } | { kind: 'client'; clientId: string; tokenId: string };

export interface MockEnv {
  Variables: { requestId: string; principal: Principal };
}

export interface VerifiedToken {
  subject: string;
  kind: 'user' | 'client';
  tokenId: string;
  expiresAt: number;
}

const MAX_VERIFIED_TOKENS = 10_000;

/** Signs and checks session tokens (HS256 JWTs). Signed-out tokens are remembered until they expire. */
export class TokenService {
  private readonly revoked = new Map<string, number>();
  /**
   * Tokens whose signature was checked, by their exact text: checking an HMAC
   * through WebCrypto on every request was a fifth of the mock's time under
   * load. Expiry and sign-out are still checked on every use.
   */
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(private readonly config: MockConfig) {}

  async issue(subject: string, kind: 'user' | 'client', ttlSeconds = this.config.tokenTtlSeconds): Promise<string> {
    return new SignJWT({ typ: kind })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject)
      .setJti(crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.config.jwtSecret);
  }

  async verify(token: string): Promise<VerifiedToken> {
    const known = this.verified.get(token);
    if (known) {
      // As jose: expired once the current second reaches `exp`.
      if (known.expiresAt <= Math.floor(Date.now() / 1000)) {
        this.verified.delete(token);
        throw unauthorized('The session has expired. Sign in again.');
      }
      if (this.revoked.has(known.tokenId)) throw unauthorized('This session has been signed out. Sign in again.');
      return known;
    }
    try {
      const { payload } = await jwtVerify(token, this.config.jwtSecret, { algorithms: ['HS256'] });
      const kind = payload.typ === 'client' ? 'client' : 'user';
      if (!payload.sub || !payload.jti || !payload.exp) throw unauthorized('The session token is incomplete.');
      if (this.revoked.has(payload.jti)) throw unauthorized('This session has been signed out. Sign in again.');
      const claims: VerifiedToken = { subject: payload.sub, kind, tokenId: payload.jti, expiresAt: payload.exp };
      if (this.verified.size >= MAX_VERIFIED_TOKENS) this.verified.clear();
      this.verified.set(token, claims);
      return claims;
    } catch (e) {
      if (e instanceof joseErrors.JWTExpired) throw unauthorized('The session has expired. Sign in again.');
      if (e instanceof joseErrors.JOSEError) throw unauthorized('The session token is not valid. Sign in again.');
      throw e;
    }
  }

  revoke(tokenId: string, expiresAt: number): void {
    this.revoked.set(tokenId, expiresAt);
    const now = Date.now() / 1000;
    for (const [id, exp] of this.revoked) if (exp < now) this.revoked.delete(id);
  }
}

/** Paths answered without a token. */
function isPublic(method: string, path: string): boolean {
  return (
    (method === 'GET' && path === '/api/version') ||
    (method === 'POST' && path === '/api/v2/login') ||
    path.startsWith('/__mock/')
  );
}

/** Every request below /api needs a valid bearer token of an existing, enabled user or a client. */
export function authenticate(db: MockDb, tokens: TokenService): MiddlewareHandler<MockEnv> {
  return async (c, next) => {
    if (isPublic(c.req.method, c.req.path)) return next();
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized('Authentication is required: send "Authorization: Bearer <token>".');
    const claims = await tokens.verify(match[1]!);
    if (claims.kind === 'client') {
      c.set('principal', { kind: 'client', clientId: claims.subject, tokenId: claims.tokenId });
    } else {
      const user = db.state.users.find((u) => u.id === claims.subject && u.deleted_at === null);
      if (!user) throw unauthorized('The account of this session no longer exists.');
      if (user.is_disabled) throw unauthorized('This account is disabled. Ask an administrator to enable it.');
      c.set('principal', { kind: 'user', user, tokenId: claims.tokenId });
    }
    return next();
  };
}

/** The signed-in user; a collection client's token is refused with 403. */
export function currentUser(c: Context<MockEnv>): StoredUser {
  const principal = c.get('principal');
  if (principal.kind !== 'user') throw forbidden('This operation is for users; a collection client token cannot call it.');
  return principal.user;
}

export function userPermissions(db: MockDb, user: StoredUser): Set<string> {
  return permissionsOf({ roles: rolesOf(db.state, user).map((r) => toRoleRecord(db.state, r)) });
}

/** The signed-in user, after checking their roles grant `permission` (403 otherwise). */
export function requirePermission(c: Context<MockEnv>, db: MockDb, permission: PermissionName): StoredUser {
  const user = currentUser(c);
  if (!userPermissions(db, user).has(permission)) {
    throw forbidden(`Your role does not allow this: it needs the ${permission} permission.`);
  }
  return user;
}
