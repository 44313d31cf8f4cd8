import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { acceptedTypesResponse } from '@/api/schemas/file-upload';

/** GET /api/v2/file-upload/accepted-types: the content types an upload may have. */
export function getAcceptedTypes(signal?: AbortSignal) {
  return apiRequest({
    operation: 'List accepted file types',
    path: '/api/v2/file-upload/accepted-types',
    schema: acceptedTypesResponse,
    signal,
  }).then((r) => r.data);
}

export const acceptedTypesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.fileUploads.acceptedTypes(),
    queryFn: ({ signal }) => getAcceptedTypes(signal),
    staleTime: 10 * 60_000,
  });

export function useAcceptedTypes() {
  return useQuery(acceptedTypesQueryOptions());
}
