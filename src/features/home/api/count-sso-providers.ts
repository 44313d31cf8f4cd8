import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { ssoProvidersListResponse } from '../../../api/schemas/sso';

export interface SsoSummary {
  total: number;
  byType: Record<string, number>;
}

/** GET /api/v2/sso-providers, summarised for the home page (how many, of which type). */
export function getSsoSummary(signal?: AbortSignal): Promise<SsoSummary> {
  return apiRequest({
    operation: 'Count SSO providers',
    path: '/api/v2/sso-providers',
    schema: ssoProvidersListResponse,
    signal,
  }).then((r) => {
    const byType: Record<string, number> = {};
    for (const p of r.data) byType[p.type] = (byType[p.type] ?? 0) + 1;
    return { total: r.data.length, byType };
  });
}

export const ssoSummaryQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.home.ssoProviders(), queryFn: ({ signal }) => getSsoSummary(signal), staleTime: 30_000 });

export function useSsoSummary() {
  return useQuery(ssoSummaryQueryOptions());
}
