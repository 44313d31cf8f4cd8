import { apiRequest } from '@/api/client';

/** POST /api/v2/file-upload/{file_upload_job_id}/end: no more files; the server ingests them. */
export function endFileUpload(jobId: number) {
  return apiRequest({ operation: 'End the file upload', method: 'POST', path: `/api/v2/file-upload/${jobId}/end` });
}
