import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { collectorOps } from '@/api/operations/collectors';
import { queryKeys } from '@/api/query-keys';

/** GET /api/v2/kennel/manifest (reference GetKennelManifest, enterprise): each collector's releases and their files. */
export function getKennelManifest(signal?: AbortSignal) {
  return call(collectorOps.getKennelManifest, { signal }).then((r) => r.data ?? {});
}

export const kennelManifestQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.collectors.kennel(), queryFn: ({ signal }) => getKennelManifest(signal) });

/** The kennel's manifest; asked only with `enabled` (an enterprise server). */
export function useKennelManifest({ enabled }: { enabled: boolean }) {
  return useQuery({ ...kennelManifestQueryOptions(), enabled });
}
