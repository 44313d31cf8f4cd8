import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';
import { ssoProvidersListResponse, type SsoProvider } from './schemas/sso';

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

/** Every SSO provider, or a projection of the list (`select`). */
export function useSsoProviders<T = SsoProvider[]>({ select }: { select?: (providers: SsoProvider[]) => T } = {}) {
  return useQuery({ ...ssoProvidersQueryOptions(), select });
}
