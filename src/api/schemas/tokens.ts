/**
 * API tokens (request signing) — reference `model.auth-token`, operations
 * ListAuthTokens, CreateAuthToken, DeleteAuthToken.
 *
 * A token is used to sign requests (`Authorization: bhesignature <token id>`,
 * see src/mock-server/signature.ts). Its `key` is shown exactly once, in the
 * answer to its creation; every other answer carries an empty `key`.
 */
import { z } from 'zod';
import {
  nullableString,
  nullableUuid,
  sortByParam,
  stringFilterParam,
  timestamp,
  timestampFields,
  uuidString,
} from './wire-format';
import { requiredText, uuidField } from './field-rules';
import { timeFilterParam, uuidFilterParam } from './users';

/** The longest token name (UTF-16 code units). */
export const TOKEN_NAME_MAX = 100;

/** The HMAC method every token signs with (upstream's only one). */
export const TOKEN_HMAC_METHOD = 'hmac-sha2-256';

// ---------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------

/**
 * Reference `model.auth-token` = `model.components.uuid` + timestamps + the
 * token fields.
 * - `key` is the base64 signing key: non-empty only in the CreateAuthToken
 *   answer; upstream omits an empty key (`omitempty`), so absent reads as "".
 * - `last_access` is a plain date-time (Go's zero time, 0001-01-01T00:00:00Z,
 *   when the token was never used).
 * - `created_by` is newer upstream; absent on older servers.
 */
export const authToken = z.object({
  id: uuidString,
  ...timestampFields,
  user_id: nullableUuid,
  name: nullableString,
  key: z.string().optional().default(''),
  hmac_method: z.string(),
  last_access: timestamp,
  created_by: nullableUuid.optional(),
});
export type AuthToken = z.infer<typeof authToken>;

/** GET /api/v2/tokens (reference ListAuthTokens): `{ data: { tokens: AuthToken[] } }`. */
export const authTokensListResponse = z.object({
  data: z.object({ tokens: z.array(authToken) }),
});
export type AuthTokensListResponse = z.infer<typeof authTokensListResponse>;

/** POST /api/v2/tokens (reference CreateAuthToken): `{ data: AuthToken }`, the only answer carrying the `key`. */
export const createdAuthTokenResponse = z.object({
  data: authToken.extend({ key: z.string().min(1) }),
});
export type CreatedAuthTokenResponse = z.infer<typeof createdAuthTokenResponse>;

// ---------------------------------------------------------------------------
// Request bodies
// ---------------------------------------------------------------------------

/**
 * POST /api/v2/tokens body (reference CreateAuthToken). The reference marks
 * nothing required; the console and the mock require a name (at most
 * {@link TOKEN_NAME_MAX} characters, none of the hidden characters).
 * `user_id` absent means the caller.
 */
export const createAuthTokenBody = z.object({
  token_name: requiredText('Token name', { max: TOKEN_NAME_MAX, plain: true }),
  user_id: uuidField('User ID').optional(),
});
export type CreateAuthTokenBody = z.output<typeof createAuthTokenBody>;
export type CreateAuthTokenBodyInput = z.input<typeof createAuthTokenBody>;

// ---------------------------------------------------------------------------
// List query (reference ListAuthTokens)
// ---------------------------------------------------------------------------

/** Reference ListAuthTokens: sortable columns (`client_id` is listed upstream; tokens here have none, so it sorts as missing). */
export const TOKENS_SORTABLE_COLUMNS = [
  'user_id',
  'client_id',
  'name',
  'last_access',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;
export type TokensSortColumn = (typeof TOKENS_SORTABLE_COLUMNS)[number];

/** GET /api/v2/tokens query (reference ListAuthTokens): sort and column filters, each given at most once. */
export const tokensListQuery = z.object({
  sort_by: sortByParam(TOKENS_SORTABLE_COLUMNS).optional(),
  user_id: uuidFilterParam('user_id').optional(),
  id: uuidFilterParam('id').optional(),
  name: stringFilterParam('name').optional(),
  key: stringFilterParam('key').optional(),
  hmac_method: stringFilterParam('hmac_method').optional(),
  last_access: timeFilterParam('last_access').optional(),
  created_at: timeFilterParam('created_at').optional(),
  updated_at: timeFilterParam('updated_at').optional(),
  deleted_at: timeFilterParam('deleted_at').optional(),
});
export type TokensListQuery = z.output<typeof tokensListQuery>;

/** The columns GET /api/v2/tokens filters by (the reference's). */
export const TOKEN_FILTER_COLUMNS = [
  'user_id',
  'id',
  'name',
  'key',
  'hmac_method',
  'last_access',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;

/** A token's id in a path. */
export const tokenIdParam = uuidField('Token ID');
