import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';
import { selfResponse } from './schemas/auth';

/** GET /api/v2/self: the signed-in user with roles and permissions. */
export function getSelf(signal?: AbortSignal) {
  return apiRequest({ operation: 'Get the signed-in user', path: '/api/v2/self', schema: selfResponse, signal }).then(
    (r) => r.data,
  );
}

export const selfQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.self(), queryFn: ({ signal }) => getSelf(signal), staleTime: 60_000 });

export function useSelf() {
  return useQuery(selfQueryOptions());
}
