import type { Context } from 'hono';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { permissionsOf } from '../shared/permissions';
import type { MockConfig } from './config';
import { forbidden, unauthorized } from './errors';
import type { MockDb, StoredUser } from './store/db';
import { rolesOf, toRoleRecord } from './store/records';

export type Principal =
  { kind: 'user'; user: StoredUser; tokenId: string } | { kind: 'client'; clientId: string; tokenId: string };

export interface MockEnv {
  /** `preferWait`: the seconds a `Prefer: wait=N` header asked for (absent without one). */
  Variables: { requestId: string; principal: Principal; preferWait?: number };
}

export interface VerifiedToken {
  subject: string;
  kind: 'user' | 'client';
  tokenId: string;
  expiresAt: number;
  /** The account's session generation when the token was issued; an administrator's change to the account ends older ones. */
  generation: number;
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

  async issue(
    subject: string,
    kind: 'user' | 'client',
    ttlSeconds = this.config.tokenTtlSeconds,
    generation = 0,
  ): Promise<string> {
    return new SignJWT({ typ: kind, gen: generation })
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
      this.assertLive(known);
      return known;
    }
    try {
      const { payload } = await jwtVerify(token, this.config.jwtSecret, { algorithms: ['HS256'] });
      const kind = payload.typ === 'client' ? 'client' : 'user';
      if (!payload.sub || !payload.jti || !payload.exp) throw unauthorized('The session token is incomplete.');
      if (this.revoked.has(payload.jti)) throw unauthorized('This sign-in was signed out. Sign in again.');
      const generation = typeof payload.gen === 'number' ? payload.gen : 0;
      const claims: VerifiedToken = { subject: payload.sub, kind, tokenId: payload.jti, expiresAt: payload.exp, generation };
      if (this.verified.size >= MAX_VERIFIED_TOKENS) this.verified.clear();
      this.verified.set(token, claims);
      return claims;
    } catch (e) {
      if (e instanceof joseErrors.JWTExpired) throw unauthorized('The session has expired. Sign in again.');
      if (e instanceof joseErrors.JOSEError) throw unauthorized('The session token is not valid. Sign in again.');
      throw e;
    }
  }

  /** Throws 401 when the session has expired (as jose: once the current second reaches `exp`) or was signed out. */
  assertLive(claims: VerifiedToken): void {
    if (claims.expiresAt <= Math.floor(Date.now() / 1000)) throw unauthorized('The session has expired. Sign in again.');
    if (this.revoked.has(claims.tokenId)) throw unauthorized('This sign-in was signed out. Sign in again.');
  }

  revoke(tokenId: string, expiresAt: number): void {
    this.revoked.set(tokenId, expiresAt);
    const now = Date.now() / 1000;
    for (const [id, exp] of this.revoked) if (exp < now) this.revoked.delete(id);
  }
}

/** The signed-in user; a collection client's token is refused with 403. */
export function currentUser(c: Context<MockEnv>): StoredUser {
  const principal = c.get('principal');
  if (principal.kind !== 'user') throw forbidden('This operation is for users; a collection client token cannot call it.');
  return principal.user;
}

/** The user's roles with their permissions, as the API shows them (what the access table checks). */
export function rolesWithPermissions(db: MockDb, user: StoredUser) {
  return rolesOf(db.state, user).map((r) => toRoleRecord(db.state, r));
}

export function userPermissions(db: MockDb, user: StoredUser): ReadonlySet<string> {
  return permissionsOf({ roles: rolesWithPermissions(db, user) });
}

/** Ends every session of `user` (an administrator set their password, forced a reset, disabled or deleted them). */
export function endSessions(user: StoredUser): void {
  user.session_generation = (user.session_generation ?? 0) + 1;
}
