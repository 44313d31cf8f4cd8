import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';

/**
 * After a change to a user: the list, that user's detail and MFA state, and
 * (when it is the signed-in user) the session's own record.
 */
export function invalidateUser(client: QueryClient, id: string): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.users.list() }),
    client.invalidateQueries({ queryKey: queryKeys.users.detail(id) }),
    client.invalidateQueries({ queryKey: queryKeys.self() }),
  ]);
}
