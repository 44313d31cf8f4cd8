/**
 * What the tokens area keeps in DbState: API tokens (reference `model.auth-token`).
 *
 * `key` is the signing key itself: the server needs it to verify signatures
 * (an HMAC, as upstream, which stores it too), so it stays here and is shown
 * only once, in the answer that creates the token. Every other answer and
 * list carries an empty key. Revoking a token deletes it.
 */
import { ZERO_TIME, toNullableString, toNullableTime, toNullableUuid } from '../../../api/schemas/wire-format';
import type { AuthToken } from '../../../api/schemas/tokens';
import type { BaseStored } from '../../store/db';

export interface StoredAuthToken extends BaseStored {
  /** Lower-case UUID. */
  id: string;
  /** The owner (a user id, lower case). */
  user_id: string;
  name: string;
  /** Base64 of 32 random bytes; HMAC keys are its text, as upstream. Never listed. */
  key: string;
  hmac_method: string;
  /** Last signed request with this token; Go's zero time when never used. */
  last_access: string;
  /** Who created it (an administrator may create a token for someone else). */
  created_by: string | null;
}

/** What this part of the mock keeps in the state (one part of DbState, store/db.ts). */
export interface TokensState {
  authTokens: StoredAuthToken[];
}

/** This part's settings (one part of MockConfig, config.ts). */
export interface TokensConfig {
  /**
   * The seeded value of the configuration parameter auth.api_tokens (which
   * the API may not change, as upstream): off with MOCK_API_TOKENS=0, and
   * then, as upstream at start, no tokens are seeded.
   */
  apiTokensEnabled?: boolean;
}

export const NEVER_ACCESSED = ZERO_TIME;

/** A token as the API shows it; `withKey` only in the answer that creates it. */
export function toAuthTokenRecord(t: StoredAuthToken, { withKey = false } = {}): AuthToken {
  return {
    id: t.id,
    created_at: t.created_at,
    updated_at: t.updated_at,
    deleted_at: toNullableTime(t.deleted_at),
    user_id: toNullableUuid(t.user_id),
    name: toNullableString(t.name),
    key: withKey ? t.key : '',
    hmac_method: t.hmac_method,
    last_access: t.last_access,
    created_by: toNullableUuid(t.created_by),
  };
}
