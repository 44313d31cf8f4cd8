import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { ssoProvidersListResponse } from '../../../api/schemas/sso';

/**
 * GET /api/v2/sso-providers (reference ListAuthProviders): every SSO provider, SAML and OIDC, with its config and
 * sign-in URL. The user pages use it too (provider names in the list, the choices of the user form).
 */
export function listSsoProviders(signal?: AbortSignal) {
  return apiRequest({
    operation: 'List SSO providers',
    path: '/api/v2/sso-providers',
    schema: ssoProvidersListResponse,
    signal,
  }).then((r) => r.data);
}

export const ssoProvidersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.ssoProviders.list(), queryFn: ({ signal }) => listSsoProviders(signal), staleTime: 60_000 });

export function useSsoProviders() {
  return useQuery(ssoProvidersQueryOptions());
}
