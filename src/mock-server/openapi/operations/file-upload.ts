import {
  FILE_UPLOAD_CONTENT_TYPES,
  acceptedTypesResponse,
  fileUploadJobsListResponse,
  fileUploadStartResponse,
  uploadCompletedTasksResponse,
} from '../../../api/schemas/file-upload';
import { JOBS_LIST, jobId } from '../../areas/file-upload/routes';
import { file, type OperationArea } from '../operation';

const uploadId = { file_upload_job_id: jobId };

export const fileUploadOperations: OperationArea = {
  tag: 'File ingest',
  operations: {
    'GET /api/v2/file-upload': { summary: 'List file-upload jobs', query: JOBS_LIST.schema, answer: fileUploadJobsListResponse },
    'GET /api/v2/file-upload/accepted-types': { summary: 'The media types an upload accepts', answer: acceptedTypesResponse },
    'POST /api/v2/file-upload/start': { summary: 'Start a file-upload job', answer: fileUploadStartResponse, status: 201 },
    'POST /api/v2/file-upload/{file_upload_job_id}': {
      summary: 'Upload one file to a job',
      description: 'The file as the body (collected JSON or a ZIP of it); `X-File-Upload-Name` names it.',
      params: uploadId,
      body: file(...FILE_UPLOAD_CONTENT_TYPES),
      status: 202,
      errors: [413, 415],
    },
    'GET /api/v2/file-upload/{file_upload_job_id}/completed-tasks': {
      summary: "What a job's files produced",
      params: uploadId,
      answer: uploadCompletedTasksResponse,
    },
    'POST /api/v2/file-upload/{file_upload_job_id}/end': { summary: 'End a file-upload job (ingest begins)', params: uploadId },
  },
};
