import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { adminOps } from '@/api/operations/admin';
import { queryKeys } from '@/api/query-keys';
import type { ConfigValue } from '@/api/schemas/config';

/** PUT /api/v2/config: writes one parameter's value. */
export function setConfig(input: { key: string; value: ConfigValue }) {
  return call(adminOps.setAppConfigParam, { body: { key: input.key, value: input.value } }).then((r) => r.data);
}

export function useSetConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setConfig,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.config.all() }),
  });
}
