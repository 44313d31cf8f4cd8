import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { fileUploadJobsListResponse } from '@/api/schemas/file-upload';

export const RECENT_UPLOADS = 5;

/** GET /api/v2/file-upload: the most recent file-upload jobs (newest first) and how many there are. */
export function getRecentUploads(signal?: AbortSignal) {
  return apiRequest({
    operation: 'List recent file-upload jobs',
    path: '/api/v2/file-upload',
    query: { skip: 0, limit: RECENT_UPLOADS, sort_by: '-id' },
    schema: fileUploadJobsListResponse,
    signal,
  });
}

export const recentUploadsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.home.recentUploads(),
    queryFn: ({ signal }) => getRecentUploads(signal),
    staleTime: 15_000,
  });

export function useRecentUploads() {
  return useQuery(recentUploadsQueryOptions());
}
