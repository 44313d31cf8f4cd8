import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { isJobFinished } from '../../../api/schemas/collection';
import { fileUploadJobsListResponse } from '../../../api/schemas/file-upload';

export interface ListFileUploadsParams {
  skip: number;
  limit: number;
  sortBy?: string;
}

/** How often the history is read again while a job is still ingesting. */
export const UPLOAD_REFRESH_MS = 1500;

/** GET /api/v2/file-upload: one page of file-upload jobs. */
export function listFileUploads(params: ListFileUploadsParams, signal?: AbortSignal) {
  return apiRequest({
    operation: 'List file-upload jobs',
    path: '/api/v2/file-upload',
    query: { skip: params.skip, limit: params.limit, sort_by: params.sortBy },
    schema: fileUploadJobsListResponse,
    signal,
  });
}

export const fileUploadsQueryOptions = (params: ListFileUploadsParams) =>
  queryOptions({
    queryKey: queryKeys.fileUploads.list({ ...params }),
    queryFn: ({ signal }) => listFileUploads(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((j) => !isJobFinished(j.status)) ? UPLOAD_REFRESH_MS : false),
  });

export function useFileUploads(params: ListFileUploadsParams) {
  return useQuery(fileUploadsQueryOptions(params));
}
