import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './call';
import { adminOps } from './operations/admin';
import { queryKeys } from './query-keys';

/**
 * GET /api/v2/config (reference ListAppConfigParams), filtered with `parameter=eq:<key>` when a key is given.
 * The configuration pages read every parameter; the token panel reads `auth.api_tokens`.
 */
export function listConfig(key: string | null, signal?: AbortSignal) {
  return call(adminOps.listAppConfigParams, { query: { parameter: key ? `eq:${key}` : undefined }, signal }).then((r) => r.data);
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
