import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { collectorManifestResponse, type CollectorType } from '@/api/schemas/collectors';

/** GET /api/v2/collectors/{collector_type} (reference GetCollectorManifest): a collector's releases and its latest. */
export function getCollectorManifest(type: CollectorType, signal?: AbortSignal) {
  return apiRequest({
    operation: `List the ${type} releases`,
    path: `/api/v2/collectors/${type}`,
    schema: collectorManifestResponse,
    signal,
  }).then((r) => r.data ?? {});
}

export const collectorManifestQueryOptions = (type: CollectorType) =>
  queryOptions({ queryKey: queryKeys.collectors.manifest(type), queryFn: ({ signal }) => getCollectorManifest(type, signal) });

export function useCollectorManifest(type: CollectorType) {
  return useQuery(collectorManifestQueryOptions(type));
}
