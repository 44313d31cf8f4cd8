import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { collectorOps } from '@/api/operations/collectors';
import { queryKeys } from '@/api/query-keys';
import type { CollectorType } from '@/api/schemas/collectors';

/** GET /api/v2/collectors/{collector_type} (reference GetCollectorManifest): a collector's releases and its latest. */
export function getCollectorManifest(type: CollectorType, signal?: AbortSignal) {
  return call(collectorOps.getCollectorManifest, { params: { collector_type: type }, signal }).then((r) => r.data ?? {});
}

export const collectorManifestQueryOptions = (type: CollectorType) =>
  queryOptions({ queryKey: queryKeys.collectors.manifest(type), queryFn: ({ signal }) => getCollectorManifest(type, signal) });

export function useCollectorManifest(type: CollectorType) {
  return useQuery(collectorManifestQueryOptions(type));
}
