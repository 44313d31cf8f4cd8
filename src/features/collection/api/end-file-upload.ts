import { apiRequest } from '@/api/client';
import { pipelineMayHaveStarted } from '@/api/datapipe';

/** POST /api/v2/file-upload/{file_upload_job_id}/end: no more files; the server ingests them (the top bar's pipeline status is read again at once). */
export function endFileUpload(jobId: number) {
  return apiRequest({ operation: 'End the file upload', method: 'POST', path: `/api/v2/file-upload/${jobId}/end` }).then(() =>
    pipelineMayHaveStarted(),
  );
}
