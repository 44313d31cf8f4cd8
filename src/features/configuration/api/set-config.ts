import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { setConfigResponse, type ConfigValue } from '@/api/schemas/config';

/** PUT /api/v2/config: writes one parameter's value. */
export function setConfig(input: { key: string; value: ConfigValue }) {
  return apiRequest({
    operation: 'Change a configuration parameter',
    method: 'PUT',
    path: '/api/v2/config',
    json: { key: input.key, value: input.value },
    schema: setConfigResponse,
  }).then((r) => r.data);
}

export function useSetConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setConfig,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.config.all() }),
  });
}
