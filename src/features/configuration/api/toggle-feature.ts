import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/api/call';
import { adminOps } from '@/api/operations/admin';
import { queryKeys } from '@/api/query-keys';
import type { FeatureFlag } from '@/api/schemas/config';

/** PUT /api/v2/features/{id}/toggle: flips a flag; the server answers with its new state. */
export function toggleFeature(flag: Pick<FeatureFlag, 'id'>) {
  return call(adminOps.toggleFeatureFlag, { params: { feature_id: flag.id } }).then((r) => r.data);
}

/**
 * The toggle, optimistic: the list shows the new state at once, goes back to
 * what it was if the server refuses, and is read again either way.
 */
export function useToggleFeature() {
  const client = useQueryClient();
  const key = queryKeys.features.list();
  return useMutation({
    mutationFn: (flag: FeatureFlag) => toggleFeature(flag),
    onMutate: async (flag) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<FeatureFlag[]>(key);
      client.setQueryData<FeatureFlag[]>(key, (flags) =>
        flags?.map((f) => (f.id === flag.id ? { ...f, enabled: !flag.enabled } : f)),
      );
      return { previous };
    },
    onError: (_error, _flag, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
    },
    onSuccess: (result, flag) => {
      client.setQueryData<FeatureFlag[]>(key, (flags) =>
        flags?.map((f) => (f.id === flag.id ? { ...f, enabled: result.enabled } : f)),
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
