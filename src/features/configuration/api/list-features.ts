import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { adminOps } from '@/api/operations/admin';
import { queryKeys } from '@/api/query-keys';

/** GET /api/v2/features: every feature flag of the instance. */
export function listFeatures(signal?: AbortSignal) {
  return call(adminOps.listFeatureFlags, { signal }).then((r) => r.data);
}

export const featuresQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.features.list(), queryFn: ({ signal }) => listFeatures(signal) });

export function useFeatures() {
  return useQuery(featuresQueryOptions());
}
