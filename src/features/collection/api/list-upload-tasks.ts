import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { uploadCompletedTasksResponse } from '@/api/schemas/file-upload';

/** GET /api/v2/file-upload/{id}/completed-tasks (reference GetCompletedTasks): what each file of an upload produced. */
export function listUploadTasks(jobId: number, signal?: AbortSignal) {
  return apiRequest({
    operation: 'List completed tasks of a file-upload job',
    path: `/api/v2/file-upload/${jobId}/completed-tasks`,
    schema: uploadCompletedTasksResponse,
    signal,
  }).then((r) => r.data);
}

export function useUploadTasks(jobId: number) {
  return useQuery({
    queryKey: queryKeys.fileUploads.completedTasks(jobId),
    queryFn: ({ signal }) => listUploadTasks(jobId, signal),
  });
}
