import { apiRequest } from '@/api/client';
import { fileUploadStartResponse } from '@/api/schemas/file-upload';

/** POST /api/v2/file-upload/start (API document 4.2 #15): a new job for the signed-in user (201). */
export function startFileUpload() {
  return apiRequest({
    operation: 'Start a file upload',
    method: 'POST',
    path: '/api/v2/file-upload/start',
    schema: fileUploadStartResponse,
  }).then((r) => r.data);
}
