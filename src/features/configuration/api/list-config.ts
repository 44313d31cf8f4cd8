import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { configListResponse } from '@/api/schemas/config';

/** GET /api/v2/config, filtered with `parameter=eq:<key>` when a key is given. */
export function listConfig(key: string | null, signal?: AbortSignal) {
  return apiRequest({
    operation: 'List configuration parameters',
    path: '/api/v2/config',
    query: { parameter: key ? `eq:${key}` : undefined },
    schema: configListResponse,
    signal,
  }).then((r) => r.data);
}

export const configListQueryOptions = (key: string | null) =>
  queryOptions({
    queryKey: queryKeys.config.list(key ?? undefined),
    queryFn: ({ signal }) => listConfig(key, signal),
    placeholderData: keepPreviousData,
  });

export function useConfigList(key: string | null) {
  return useQuery(configListQueryOptions(key));
}
