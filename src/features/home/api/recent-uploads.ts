import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { fileUploadOps } from '@/api/operations/file-upload';
import { queryKeys } from '@/api/query-keys';

export const RECENT_UPLOADS = 5;

/** GET /api/v2/file-upload: the most recent file-upload jobs (newest first) and how many there are. */
export function getRecentUploads(signal?: AbortSignal) {
  return call(fileUploadOps.listFileUploadJobs, { query: { skip: 0, limit: RECENT_UPLOADS, sort_by: '-id' }, signal });
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
