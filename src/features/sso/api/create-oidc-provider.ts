import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { oidcProviderResponse } from '@/api/schemas/sso';
import { toOidcBody, type OidcFormOutput } from '@/features/sso/form';

/** POST /api/v2/sso-providers/oidc (reference CreateOIDCProvider): JSON; 201 with the OIDC provider record. */
export function createOidcProvider(values: OidcFormOutput) {
  return apiRequest({
    operation: 'Create OIDC provider',
    method: 'POST',
    path: '/api/v2/sso-providers/oidc',
    json: toOidcBody(values),
    schema: oidcProviderResponse,
  }).then((r) => r.data);
}

export function useCreateOidcProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createOidcProvider,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.ssoProviders.list() }),
  });
}
