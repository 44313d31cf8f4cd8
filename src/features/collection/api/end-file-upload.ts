import { call } from '@/api/call';
import { fileUploadOps } from '@/api/operations/file-upload';
import { pipelineMayHaveStarted } from '@/api/datapipe';

/** POST /api/v2/file-upload/{file_upload_job_id}/end: no more files; the server ingests them (the top bar's pipeline status is read again at once). */
export function endFileUpload(jobId: number) {
  return call(fileUploadOps.endFileUploadJob, { params: { file_upload_job_id: jobId } }).then(() => pipelineMayHaveStarted());
}
