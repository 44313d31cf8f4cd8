import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';
import { configListResponse } from './schemas/config';

/**
 * GET /api/v2/config (reference ListAppConfigParams), filtered with `parameter=eq:<key>` when a key is given.
 * The configuration pages read every parameter; the token panel reads `auth.api_tokens`.
 */
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

export function useConfigList(key: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...configListQueryOptions(key), enabled });
}
