import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { ssoOps } from '@/api/operations/sso';
import { queryKeys } from '@/api/query-keys';
import { toOidcBody, type OidcFormOutput } from '@/features/sso/provider-form';

/** POST /api/v2/sso-providers/oidc (reference CreateOIDCProvider): JSON; 201 with the OIDC provider record. */
export function createOidcProvider(values: OidcFormOutput) {
  return call(ssoOps.createOIDCProvider, { body: toOidcBody(values) }).then((r) => r.data);
}

export function useCreateOidcProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createOidcProvider,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.ssoProviders.list() }),
  });
}
