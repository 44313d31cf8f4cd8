import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { fileUploadOps } from '@/api/operations/file-upload';
import { queryKeys } from '@/api/query-keys';

/** GET /api/v2/file-upload/accepted-types: the content types an upload may have. */
export function getAcceptedTypes(signal?: AbortSignal) {
  return call(fileUploadOps.listAcceptedFileUploadTypes, { signal }).then((r) => r.data);
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
