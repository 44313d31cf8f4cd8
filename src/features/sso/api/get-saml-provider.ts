import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { samlProviderResponse } from '@/api/schemas/sso';

/** GET /api/v2/saml/providers/{saml_provider_id} (API document 4.2 #2): the SAML provider record (2.2). */
export function getSamlProvider(samlProviderId: number, signal?: AbortSignal) {
  return apiRequest({
    operation: 'Get SAML provider',
    path: `/api/v2/saml/providers/${samlProviderId}`,
    schema: samlProviderResponse,
    signal,
  }).then((r) => r.data);
}

export const samlProviderQueryOptions = (samlProviderId: number) =>
  queryOptions({
    queryKey: queryKeys.ssoProviders.saml(samlProviderId),
    queryFn: ({ signal }) => getSamlProvider(samlProviderId, signal),
  });

export function useSamlProvider(samlProviderId: number, enabled = true) {
  return useQuery({ ...samlProviderQueryOptions(samlProviderId), enabled });
}
