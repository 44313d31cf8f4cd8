import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { samlProviderResponse } from '@/api/schemas/sso';
import { toSamlFormData, type SamlFormOutput } from '@/features/sso/form';

/** POST /api/v2/sso-providers/saml (reference CreateSSOSAMLProvider): multipart/form-data with the metadata file. */
export function createSamlProvider(values: SamlFormOutput) {
  return apiRequest({
    operation: 'Create SAML provider',
    method: 'POST',
    path: '/api/v2/sso-providers/saml',
    form: toSamlFormData(values),
    schema: samlProviderResponse,
  }).then((r) => r.data);
}

export function useCreateSamlProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createSamlProvider,
    onSuccess: async (record) => {
      client.setQueryData(queryKeys.ssoProviders.saml(record.id), record);
      await client.invalidateQueries({ queryKey: queryKeys.ssoProviders.list() });
    },
  });
}
