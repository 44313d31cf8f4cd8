import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './call';
import { tokenOps } from './operations/tokens';
import { queryKeys } from './query-keys';
import type { CreateAuthTokenBody } from './schemas/tokens';

/**
 * API tokens (reference ListAuthTokens, CreateAuthToken, DeleteAuthToken): your own on My Profile, anyone's
 * for an administrator from the users pages. A token's `key` is in the creation's answer only; it is
 * handed to the caller and kept out of the query cache (the list answers carry an empty key).
 */

/** GET /api/v2/tokens: your own tokens (`userId` null) or, with auth.ManageUsers, someone else's (`user_id=eq:<id>`). */
export function listTokens(userId: string | null, signal?: AbortSignal) {
  return call(tokenOps.listAuthTokens, { query: { user_id: userId ? `eq:${userId}` : undefined }, signal }).then(
    (r) => r.data.tokens,
  );
}

export const tokensQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: queryKeys.tokens.list(userId), queryFn: ({ signal }) => listTokens(userId, signal) });

/** The tokens of `userId` (null: your own), read only while `enabled` (the person may list them). */
export function useTokens(userId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...tokensQueryOptions(userId), enabled });
}

/** POST /api/v2/tokens: a new token for the caller, or for `user_id`; the answer's `key` is shown once. */
export function createToken(body: CreateAuthTokenBody) {
  return call(tokenOps.createAuthToken, { body }).then((r) => r.data);
}

/** Creates a token; the answer (with its key) is not kept in the mutation cache (`gcTime: 0`; call `reset`). */
export function useCreateToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    gcTime: 0,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.tokens.all() }),
  });
}

/** DELETE /api/v2/tokens/{token_id}: the token stops signing requests at once. */
export function deleteToken(id: string) {
  return call(tokenOps.deleteAuthToken, { params: { token_id: id } });
}

export function useDeleteToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteToken,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.tokens.all() }),
  });
}
