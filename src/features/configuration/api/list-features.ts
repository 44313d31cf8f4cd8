import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { featuresListResponse } from '@/api/schemas/config';

/** GET /api/v2/features: every feature flag of the instance. */
export function listFeatures(signal?: AbortSignal) {
  return apiRequest({ operation: 'List feature flags', path: '/api/v2/features', schema: featuresListResponse, signal }).then(
    (r) => r.data,
  );
}

export const featuresQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.features.list(), queryFn: ({ signal }) => listFeatures(signal) });

export function useFeatures() {
  return useQuery(featuresQueryOptions());
}
