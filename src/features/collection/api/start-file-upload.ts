import { call } from '@/api/call';
import { fileUploadOps } from '@/api/operations/file-upload';

/** POST /api/v2/file-upload/start (`fileUploadOps.createFileUploadJob`): a new job for the signed-in user (201). */
export function startFileUpload() {
  return call(fileUploadOps.createFileUploadJob).then((r) => r.data);
}
