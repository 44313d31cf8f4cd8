import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import type { QueryValue } from '@/api/client';
import { fileUploadOps } from '@/api/operations/file-upload';
import { queryKeys } from '@/api/query-keys';
import { isJobFinished } from '@/api/schemas/collection';

/** The list query: `skip`, `limit`, `sort_by` (`id`, `start_time`, `status`, …) and filters `id=eq:<n>`, `user_id=eq:<id>`, `status=eq:<n>`. */
export type ListFileUploadsQuery = Record<string, QueryValue>;

/** How often the history is read again while a job is still ingesting. */
export const UPLOAD_REFRESH_MS = 1500;

/** GET /api/v2/file-upload: one page of file-upload jobs. */
export function listFileUploads(query: ListFileUploadsQuery, signal?: AbortSignal) {
  return call(fileUploadOps.listFileUploadJobs, { query, signal });
}

export const fileUploadsQueryOptions = (query: ListFileUploadsQuery) =>
  queryOptions({
    queryKey: queryKeys.fileUploads.list({ ...query }),
    queryFn: ({ signal }) => listFileUploads(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((j) => !isJobFinished(j.status)) ? UPLOAD_REFRESH_MS : false),
  });

export function useFileUploads(query: ListFileUploadsQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...fileUploadsQueryOptions(query), enabled });
}
