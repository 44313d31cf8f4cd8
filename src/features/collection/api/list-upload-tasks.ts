import { useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { fileUploadOps } from '@/api/operations/file-upload';
import { queryKeys } from '@/api/query-keys';
import { UPLOAD_REFRESH_MS } from './list-file-uploads';

/** GET /api/v2/file-upload/{id}/completed-tasks (reference GetCompletedTasks): what each file of an upload produced. */
export function listUploadTasks(jobId: number, signal?: AbortSignal) {
  return call(fileUploadOps.getCompletedTasks, { params: { file_upload_job_id: jobId }, signal }).then((r) => r.data);
}

/**
 * The upload's completed tasks, read again while the job still ingests (`finished` false) and once more
 * when it finishes (it is part of the key), so files show as they complete.
 */
export function useUploadTasks(jobId: number, finished: boolean) {
  return useQuery({
    queryKey: queryKeys.fileUploads.completedTasks(jobId, finished),
    queryFn: ({ signal }) => listUploadTasks(jobId, signal),
    refetchInterval: finished ? false : UPLOAD_REFRESH_MS,
  });
}
