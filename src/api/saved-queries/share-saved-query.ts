import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestPath } from '../call';
import { apiRequest } from '../client';
import { savedQueryOps } from '../operations/saved-queries';
import { queryKeys } from '../query-keys';
import { shareSavedQueryResponse } from '../schemas/saved-queries';

/** What a share changes: chosen users gain access, or the query becomes public, or private again. */
export type ShareChange = { kind: 'users'; userIds: string[] } | { kind: 'public' } | { kind: 'private' };

/**
 * PUT /api/v2/saved-queries/{id}/permissions (reference ShareSavedQuery): `user_ids` shares with them (201),
 * `public: true` makes it public (201, 204 when it already was; its shares go), neither makes it private again
 * (204; its shares go too).
 */
export function shareSavedQuery(input: { queryId: number; change: ShareChange }) {
  const { change } = input;
  // savedQueryOps.shareSavedQuery, its errors named after the change and its 204 read as no answer.
  const op = savedQueryOps.shareSavedQuery;
  return apiRequest({
    operation:
      change.kind === 'users'
        ? 'Share a saved query'
        : change.kind === 'public'
          ? 'Make a saved query public'
          : 'Make a saved query private',
    method: op.method,
    path: requestPath(op, { saved_query_id: input.queryId }),
    json: change.kind === 'users' ? { user_ids: change.userIds } : { public: change.kind === 'public', user_ids: [] },
    // 201 with the permission rows, or 204 without a body.
    schema: shareSavedQueryResponse.optional(),
  });
}

/** Shares, or makes public or private; the query's permissions and the lists (its scope for others) read again. */
export function useShareSavedQuery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: shareSavedQuery,
    onSuccess: (_data, input) =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.savedQueries.permissions(input.queryId) }),
        client.invalidateQueries({ queryKey: queryKeys.savedQueries.lists() }),
      ]),
  });
}
