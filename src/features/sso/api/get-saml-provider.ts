import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { ssoOps } from '@/api/operations/sso';
import { queryKeys } from '@/api/query-keys';

/** GET /api/v2/saml/providers/{saml_provider_id} (ssoOps.getSamlProvider): the SAML provider record. */
export function getSamlProvider(samlProviderId: number, signal?: AbortSignal) {
  return call(ssoOps.getSamlProvider, { params: { saml_provider_id: samlProviderId }, signal }).then((r) => r.data);
}

export const samlProviderQueryOptions = (samlProviderId: number) =>
  queryOptions({
    queryKey: queryKeys.ssoProviders.saml(samlProviderId),
    queryFn: ({ signal }) => getSamlProvider(samlProviderId, signal),
  });

export function useSamlProvider(samlProviderId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...samlProviderQueryOptions(samlProviderId), enabled });
}
