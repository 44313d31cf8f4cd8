import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { ssoOps } from '@/api/operations/sso';
import { queryKeys } from '@/api/query-keys';
import { ssoSignInProvidersResponse } from '@/api/schemas/sso';

/**
 * GET /api/v2/sso-providers (ssoOps.listAuthProviders) as the sign-in page reads it: public,
 * without a token, so the service answers the short entries (name and login URI), read by their
 * own schema. The schema (and zod) loads with the SSO buttons, after the sign-in form (see
 * LoginPage), not with the sign-in page.
 */
export async function listSignInProviders(signal?: AbortSignal) {
  const res = await call({ ...ssoOps.listAuthProviders, answer: ssoSignInProvidersResponse }, { auth: false, signal });
  return res.data;
}

export const signInProvidersQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.ssoProviders.all(), 'sign-in'] as const,
    queryFn: ({ signal }) => listSignInProviders(signal),
    staleTime: 60_000,
    // The password form always works: a failing list only means no SSO buttons, so do not keep asking.
    retry: 1,
  });

export function useSignInProviders() {
  return useQuery(signInProvidersQueryOptions());
}

/**
 * Where a provider's button leads: its login URI with the page wanted after signing in. Only an
 * http(s) URI is used (null otherwise), so a server's answer cannot make the button run script.
 */
export function providerSignInHref(loginUri: string, next: string, base = window.location.href): string | null {
  let url: URL;
  try {
    url = new URL(loginUri, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.searchParams.set('next', next);
  return url.href;
}
