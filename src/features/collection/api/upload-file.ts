import { call } from '@/api/call';
import { fileUploadOps } from '@/api/operations/file-upload';

export interface UploadFileInput {
  jobId: number;
  file: Blob;
  name: string;
  contentType: string;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/** Uploads can take long; allow an hour per file rather than the default request timeout. */
const UPLOAD_TIMEOUT_MS = 60 * 60_000;

/** Header values must be Latin-1: a name with other characters is sent percent-encoded. */
export function fileNameHeader(name: string): string {
  return /^[\x20-\x7e]*$/.test(name) ? name : encodeURIComponent(name);
}

/** POST /api/v2/file-upload/{file_upload_job_id}: one collector file, with upload progress. 202. */
export function uploadFile({ jobId, file, name, contentType, onProgress, signal }: UploadFileInput) {
  return call(fileUploadOps.uploadFileToJob, {
    params: { file_upload_job_id: jobId },
    raw: { body: file, contentType },
    headers: { 'X-File-Upload-Name': fileNameHeader(name) },
    onUploadProgress: onProgress ?? (() => undefined),
    timeoutMs: UPLOAD_TIMEOUT_MS,
    signal,
  });
}
