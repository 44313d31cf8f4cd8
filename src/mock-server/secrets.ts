import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import * as OTPAuth from 'otpauth';

/** scrypt parameters; recorded in `digest_method` so they can change without breaking stored secrets. */
const N = 8192;
const R = 8;
const P = 1;
export const DIGEST_METHOD = `scrypt(N=${N},r=${R},p=${P})`;

export interface SecretHash {
  digest: string;
  salt: string;
}

/** A salted hash of a secret. The secret itself is never kept. Synchronous: for seeds only (requests use `hashSecretAsync`). */
export function hashSecret(secret: string, salt: string = randomBytes(16).toString('hex')): SecretHash {
  const digest = scryptSync(secret, salt, 32, { N, r: R, p: P }).toString('hex');
  return { digest, salt };
}

/**
 * The same hash off the event loop (libuv's thread pool). One scrypt costs
 * tens of milliseconds of CPU; done synchronously in a request it stalled
 * every other request for that long. Requests use these; seeds use the
 * synchronous `hashSecret`.
 */
export function hashSecretAsync(secret: string, salt: string = randomBytes(16).toString('hex')): Promise<SecretHash> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, 32, { N, r: R, p: P }, (error, key) => {
      if (error) reject(error);
      else resolve({ digest: key.toString('hex'), salt });
    });
  });
}

export async function verifySecretAsync(secret: string, stored: SecretHash): Promise<boolean> {
  const candidate = Buffer.from((await hashSecretAsync(secret, stored.salt)).digest, 'hex');
  const expected = Buffer.from(stored.digest, 'hex');
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}

let dummy: Promise<SecretHash> | null = null;

/**
 * The hash of a random secret nobody knows, made once (off the event loop).
 * Sign-in checks a password against it when the name is unknown or has no
 * password, so that costs the same hashing as a wrong password.
 */
export function dummySecret(): Promise<SecretHash> {
  return (dummy ??= hashSecretAsync(randomBytes(32).toString('hex')));
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) for a base32 secret. */
export function totpFor(secret: string, label = 'user'): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: 'Admin Console Mock',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** True when `code` is the current code, or the one before or after (the usual one-step window). */
export function verifyTotp(secret: string, code: string): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return totpFor(secret).validate({ token: code, window: 1 }) !== null;
}

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}
