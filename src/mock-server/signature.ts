/**
 * Signed requests (upstream's `bhesignature` scheme), the way API tokens
 * authenticate: no session, each request carries
 *
 *   Authorization: bhesignature <token id>
 *   RequestDate:   <RFC 3339 time, e.g. 2026-11-01T09:30:00Z or +02:00>
 *   Signature:     base64(HMAC-SHA256 chain below)
 *
 * and the chain is, as upstream's `NewRequestSignature` (cmd/api/src/api/
 * signature.go) and its Python client compute it, keyed with the token's key
 * *text* (its UTF-8 bytes, not the bytes the base64 decodes to):
 *
 *   d1 = HMAC(key,  method + request URI)      -- path and query as sent: "GET/api/v2/tokens?sort_by=name"
 *   d2 = HMAC(d1,   RequestDate[0:13])          -- the date cut to the hour: "2026-11-01T09"
 *   d3 = HMAC(d2,   body bytes)                 -- no bytes for an empty body
 *   Signature = base64(d3)
 *
 * The server verifies it (`verifySignedRequest`): the date no more than
 * MAX_CLOCK_SKEW_MS away from the server's clock either way, the token live
 * (not deleted), its owner an existing, enabled account, the configuration
 * parameter auth.api_tokens on, and the signature equal (in constant time).
 * To hash the body the middleware reads it whole, no further than the
 * operation's own body limit (413 beyond), and hands the operation a request
 * holding the same bytes, so the operation reads exactly what was signed.
 * File uploads are read whole too (up to the upload limit) before the
 * signature is checked and the operation starts.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { MatchedRoute } from './operation-table';
import { ConfigKey } from '../api/schemas/config';
import { formatBytes, SAML_METADATA_MAX_BYTES } from '../api/schemas/sso';
import { TOKEN_HMAC_METHOD } from '../api/schemas/tokens';
import type { MockConfig } from './config';
import { ApiFailure, badRequest, unauthorized } from './errors';
import { DEFAULT_UPLOAD_MAX_BYTES } from './areas/file-upload/store';
import { SAVED_QUERY_IMPORT_MAX_BYTES } from '../api/schemas/saved-queries';
import type { StoredAuthToken } from './areas/tokens/store';
import type { MockDb, StoredUser } from './store/db';
import { declaredOver, importTooLarge, JSON_BODY_MAX_BYTES, jsonTooLarge, readUpTo } from './body';

/** The Authorization scheme of a signed request. */
export const SIGNATURE_SCHEME = 'bhesignature';

/** How far a RequestDate may be from the server's clock, either way (two hours). */
export const MAX_CLOCK_SKEW_MS = 2 * 60 * 60 * 1000;

/** A random 256-bit token key, base64 (what CreateAuthToken answers once). */
export function newTokenKey(): string {
  return randomBytes(32).toString('base64');
}

/**
 * The signature digest of a request: the HMAC-SHA256 chain of the module
 * comment. `requestUri` is the path with its query as sent (`/api/v2/x?a=1`).
 */
export function requestDigest(
  key: string,
  method: string,
  requestUri: string,
  requestDate: string,
  body: Uint8Array = new Uint8Array(0),
): Buffer {
  const operation = createHmac('sha256', Buffer.from(key, 'utf8'))
    .update(method + requestUri, 'utf8')
    .digest();
  const date = createHmac('sha256', operation).update(requestDate.slice(0, 13), 'utf8').digest();
  const digester = createHmac('sha256', date);
  if (body.byteLength > 0) digester.update(body);
  return digester.digest();
}

/** The three headers of a signed request (for tests and scripts): `date` defaults to now, in UTC, to the second. */
export function signatureHeaders(
  tokenId: string,
  key: string,
  method: string,
  requestUri: string,
  body?: Uint8Array | string,
  date: string = new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
): Record<string, string> {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  return {
    Authorization: `${SIGNATURE_SCHEME} ${tokenId}`,
    RequestDate: date,
    Signature: requestDigest(key, method.toUpperCase(), requestUri, date, bytes).toString('base64'),
  };
}

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

const UUID = /^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Whether the configuration parameter auth.api_tokens is on (upstream's default: on). */
export function apiTokensEnabled(db: MockDb): boolean {
  const param = db.state.configParameters?.find((p) => p.key === ConfigKey.ApiTokens && p.deleted_at === null);
  return param?.value.enabled !== false;
}

/** The sentence naming the parameter that switches API tokens off. */
export const API_TOKENS_OFF = `API tokens are switched off: the configuration parameter "${ConfigKey.ApiTokens}" (API Tokens) is disabled. An administrator can enable it under Configuration.`;

/**
 * The live token `tokenId` and its owner, checked against the state as it is
 * now (the request arrived, and again in the step that applies a change):
 * 401 when API tokens are switched off, the token was deleted (revoked) or
 * never existed, or its owner was deleted or disabled.
 */
export function signedOwner(db: MockDb, tokenId: string): { token: StoredAuthToken; user: StoredUser } {
  if (!apiTokensEnabled(db)) throw unauthorized(API_TOKENS_OFF);
  const id = tokenId.toLowerCase();
  const token = (db.state.authTokens ?? []).find((t) => t.id === id);
  if (!token) throw unauthorized(`No API token has the id ${tokenId}: it was deleted (revoked) or never existed.`);
  const user = db.state.users.find((u) => u.id === token.user_id && u.deleted_at === null);
  if (!user) throw unauthorized('The account this API token belongs to no longer exists.');
  if (user.is_disabled)
    throw unauthorized('The account this API token belongs to is disabled. Ask an administrator to enable it.');
  return { token, user };
}

/** The largest body an operation takes (what a signed request's body is read up to), and its 413. */
function bodyLimit(matched: MatchedRoute, config: MockConfig): { max: number; tooLarge: () => ApiFailure } {
  const path = `${matched.op.method} ${matched.op.path}`;
  if (path === 'POST /api/v2/file-upload/{file_upload_job_id}') {
    const envMax = Number(process.env.MOCK_UPLOAD_MAX_MB);
    const max =
      config.uploadMaxBytes ??
      (Number.isFinite(envMax) && envMax > 0 ? Math.round(envMax * 1024 * 1024) : DEFAULT_UPLOAD_MAX_BYTES);
    return {
      max,
      tooLarge: () =>
        new ApiFailure(413, [
          { context: 'file', message: `The file is larger than the ${formatBytes(max)} limit of one upload.` },
        ]),
    };
  }
  if (path === 'POST /api/v2/saved-queries/import')
    return { max: SAVED_QUERY_IMPORT_MAX_BYTES, tooLarge: () => importTooLarge() };
  if (path === 'POST /api/v2/sso-providers/saml') {
    const max = SAML_METADATA_MAX_BYTES + 64 * 1024;
    return {
      max,
      tooLarge: () =>
        new ApiFailure(413, [
          {
            context: 'metadata',
            message: `The request is larger than ${formatBytes(max)}; the metadata file may be at most ${formatBytes(SAML_METADATA_MAX_BYTES)}.`,
          },
        ]),
    };
  }
  return { max: JSON_BODY_MAX_BYTES, tooLarge: jsonTooLarge };
}

/** The request URI as sent (path and query), as upstream's `request.RequestURI`. */
function requestUriOf(c: Context): string {
  const incoming = (c.env as { incoming?: { url?: unknown } } | undefined)?.incoming;
  if (typeof incoming?.url === 'string' && incoming.url.startsWith('/')) return incoming.url;
  const url = new URL(c.req.url);
  return url.pathname + url.search;
}

/**
 * Checks a signed request (`Authorization: bhesignature <tokenId>`) and
 * returns the token's id. Missing or malformed RequestDate or Signature
 * headers are a 400 naming the header; everything else that fails is a 401
 * saying why. The body is read here (no further than the operation's limit)
 * and put back, as the same bytes, for the operation to read.
 */
export async function verifySignedRequest(
  c: Context,
  db: MockDb,
  config: MockConfig,
  matched: MatchedRoute,
  tokenId: string,
): Promise<string> {
  const raw = c.req.raw;
  const dropBody = () => raw.body?.cancel().catch(() => undefined);
  try {
    if (!UUID.test(tokenId)) {
      throw unauthorized(
        `"${tokenId.slice(0, 60)}" is not an API token id: send "Authorization: ${SIGNATURE_SCHEME} <token id>".`,
      );
    }
    const dateHeader = c.req.header('RequestDate');
    if (!dateHeader) throw badRequest('RequestDate', 'A signed request needs a RequestDate header (an RFC 3339 time).');
    const date = RFC3339.test(dateHeader.trim()) ? Date.parse(dateHeader.trim().toUpperCase()) : NaN;
    if (Number.isNaN(date)) {
      throw badRequest(
        'RequestDate',
        `RequestDate must be an RFC 3339 time such as 2026-11-01T09:30:00Z, not "${dateHeader.slice(0, 60)}".`,
      );
    }
    const signatureHeader = c.req.header('Signature');
    if (!signatureHeader) throw badRequest('Signature', 'A signed request needs a Signature header (base64).');
    if (!BASE64.test(signatureHeader.trim())) throw badRequest('Signature', 'The Signature header must be base64.');
    const { token } = signedOwner(db, tokenId);
    const skew = date - Date.now();
    if (Math.abs(skew) > MAX_CLOCK_SKEW_MS) {
      const minutes = Math.round(Math.abs(skew) / 60_000);
      throw unauthorized(
        `The request is dated ${minutes} minutes in the ${skew < 0 ? 'past' : 'future'}; a signed request may be at most ${MAX_CLOCK_SKEW_MS / 60_000} minutes from the server's time (${new Date().toISOString()}). Sign it again with the current time.`,
      );
    }
    if (token.hmac_method !== TOKEN_HMAC_METHOD)
      throw unauthorized(`This API token uses an unknown HMAC method "${token.hmac_method}".`);

    const { max, tooLarge } = bodyLimit(matched, config);
    if (declaredOver(c, max)) throw tooLarge();
    const chunks: Uint8Array[] = [];
    const { bytes: size, over } = await readUpTo(raw.body, max, (chunk) => chunks.push(chunk));
    if (over) throw tooLarge();
    const body = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      body.set(chunk, at);
      at += chunk.byteLength;
    }

    // The token may have gone while the body streamed in: look it up again.
    const { token: current } = signedOwner(db, tokenId);
    const expected = requestDigest(current.key, raw.method, requestUriOf(c), dateHeader.trim(), body);
    const given = Buffer.from(signatureHeader.trim(), 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw unauthorized(
        'The signature does not match the request: sign the method and path with its query, the RequestDate cut to the hour and the body exactly as sent, with the key of this token.',
      );
    }
    // The operation reads the bytes that were signed.
    const hasBody = raw.method !== 'GET' && raw.method !== 'HEAD';
    c.req.raw = new Request(raw.url, {
      method: raw.method,
      headers: raw.headers,
      body: hasBody ? body : undefined,
      signal: raw.signal,
    });
    return current.id;
  } catch (e) {
    await dropBody();
    throw e;
  }
}

/** Records a signed request's use of its token (`last_access`, as upstream). */
export function touchToken(db: MockDb, tokenId: string): void {
  const token = db.state.authTokens.find((t) => t.id === tokenId);
  if (!token) return;
  token.last_access = new Date().toISOString();
  db.changed();
}
