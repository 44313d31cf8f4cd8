import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { kennelManifestResponse } from '@/api/schemas/collectors';

/** GET /api/v2/kennel/manifest (reference GetKennelManifest, enterprise): each collector's releases and their files. */
export function getKennelManifest(signal?: AbortSignal) {
  return apiRequest({
    operation: 'List the enterprise collector assets',
    path: '/api/v2/kennel/manifest',
    schema: kennelManifestResponse,
    signal,
  }).then((r) => r.data ?? {});
}

export const kennelManifestQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.collectors.kennel(), queryFn: ({ signal }) => getKennelManifest(signal) });

/** The kennel's manifest; asked only with `enabled` (an enterprise server). */
export function useKennelManifest(enabled: boolean) {
  return useQuery({ ...kennelManifestQueryOptions(), enabled });
}
