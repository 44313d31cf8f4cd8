import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './call';
import { ssoOps } from './operations/sso';
import { queryKeys } from './query-keys';
import type { SsoProvider } from './schemas/sso';

/**
 * GET /api/v2/sso-providers (reference ListAuthProviders): every SSO provider, SAML and OIDC, with its config and
 * sign-in URL. The user pages use it too (provider names in the list, the choices of the user form).
 */
export function listSsoProviders(signal?: AbortSignal) {
  return call(ssoOps.listAuthProviders, { signal }).then((r) => r.data);
}

export const ssoProvidersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.ssoProviders.list(), queryFn: ({ signal }) => listSsoProviders(signal), staleTime: 60_000 });

/** Every SSO provider, or a projection of the list (`select`). */
export function useSsoProviders<T = SsoProvider[]>({ select }: { select?: (providers: SsoProvider[]) => T } = {}) {
  return useQuery({ ...ssoProvidersQueryOptions(), select });
}
