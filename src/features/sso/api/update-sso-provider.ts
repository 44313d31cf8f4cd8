import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { oidcProviderResponse, samlProviderResponse } from '@/api/schemas/sso';
import { toOidcBody, toSamlFormData, type OidcFormOutput, type SamlFormOutput } from '@/features/sso/form';

/**
 * PATCH /api/v2/sso-providers/{sso_provider_id} (API document 4.2 #1). The
 * body depends on the provider: SAML takes multipart/form-data (the metadata
 * file optional: without one the current metadata stays), OIDC takes JSON.
 * The answer is the respective provider record.
 */
export function updateSamlProvider({ ssoProviderId, values }: { ssoProviderId: number; values: SamlFormOutput }) {
  return apiRequest({
    operation: 'Update SAML provider',
    method: 'PATCH',
    path: `/api/v2/sso-providers/${ssoProviderId}`,
    form: toSamlFormData(values),
    schema: samlProviderResponse,
  }).then((r) => r.data);
}

export function updateOidcProvider({ ssoProviderId, values }: { ssoProviderId: number; values: OidcFormOutput }) {
  return apiRequest({
    operation: 'Update OIDC provider',
    method: 'PATCH',
    path: `/api/v2/sso-providers/${ssoProviderId}`,
    json: toOidcBody(values),
    schema: oidcProviderResponse,
  }).then((r) => r.data);
}

/** The detail page shows the answered record at once; the list is refetched for the config and sign-in URL. */
export function useUpdateSamlProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSamlProvider,
    onSuccess: async (record) => {
      client.setQueryData(queryKeys.ssoProviders.saml(record.id), record);
      await client.invalidateQueries({ queryKey: queryKeys.ssoProviders.list() });
    },
  });
}

export function useUpdateOidcProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateOidcProvider,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.ssoProviders.list() }),
  });
}
