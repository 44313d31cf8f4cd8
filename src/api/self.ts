import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './call';
import { authOps } from './operations/auth';
import { queryKeys } from './query-keys';

/** GET /api/v2/self: the signed-in user with roles and permissions. */
export function getSelf(signal?: AbortSignal) {
  return call(authOps.getSelf, { signal }).then((r) => r.data);
}

export const selfQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.self(), queryFn: ({ signal }) => getSelf(signal), staleTime: 60_000 });

export function useSelf() {
  return useQuery(selfQueryOptions());
}
