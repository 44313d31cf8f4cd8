import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { ssoOps } from '@/api/operations/sso';
import { queryKeys } from '@/api/query-keys';
import { toSamlFormData, type SamlFormOutput } from '@/features/sso/provider-form';

/** POST /api/v2/sso-providers/saml (reference CreateSSOSAMLProvider): multipart/form-data with the metadata file. */
export function createSamlProvider(values: SamlFormOutput) {
  return call(ssoOps.createSSOSAMLProvider, { form: toSamlFormData(values) }).then((r) => r.data);
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
