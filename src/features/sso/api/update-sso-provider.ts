import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { ssoOps } from '@/api/operations/sso';
import { queryKeys } from '@/api/query-keys';
import { oidcProviderPatchBody, oidcProviderResponse, samlProviderResponse } from '@/api/schemas/sso';
import { toOidcBody, toSamlFormData, type OidcFormOutput, type SamlFormOutput } from '@/features/sso/provider-form';

/**
 * PATCH /api/v2/sso-providers/{sso_provider_id} (ssoOps.patchSSOProvider). The
 * body depends on the provider: SAML takes multipart/form-data (the metadata
 * file optional: without one the current metadata stays), OIDC takes JSON.
 * The answer is the respective provider record, read here by the provider's own schema.
 */
export function updateSamlProvider({ ssoProviderId, values }: { ssoProviderId: number; values: SamlFormOutput }) {
  return call(
    { ...ssoOps.patchSSOProvider, answer: samlProviderResponse },
    {
      params: { sso_provider_id: ssoProviderId },
      form: toSamlFormData(values),
    },
  ).then((r) => r.data);
}

export function updateOidcProvider({ ssoProviderId, values }: { ssoProviderId: number; values: OidcFormOutput }) {
  return call(
    { ...ssoOps.patchSSOProvider, body: oidcProviderPatchBody, answer: oidcProviderResponse },
    { params: { sso_provider_id: ssoProviderId }, body: toOidcBody(values) },
  ).then((r) => r.data);
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
