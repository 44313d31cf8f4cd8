import { defineOperations, needs, signedIn, file } from '../operation';
import { Permission as P } from '../../shared/permissions';
import {
  FILE_UPLOAD_CONTENT_TYPES,
  acceptedTypesResponse,
  fileUploadJobsListResponse,
  fileUploadStartResponse,
  uploadCompletedTasksResponse,
} from '../schemas/file-upload';
import { JOBS_LIST, jobId } from '../../mock-server/areas/file-upload/routes';

const uploadId = { file_upload_job_id: jobId };

export const fileUploadOps = defineOperations('File ingest', {
  listFileUploadJobs: {
    method: 'GET',
    path: '/api/v2/file-upload',
    access: signedIn,
    summary: 'List file-upload jobs',
    query: JOBS_LIST.schema,
    answer: fileUploadJobsListResponse,
  },
  listAcceptedFileUploadTypes: {
    method: 'GET',
    path: '/api/v2/file-upload/accepted-types',
    access: signedIn,
    summary: 'The media types an upload accepts',
    answer: acceptedTypesResponse,
  },
  createFileUploadJob: {
    method: 'POST',
    path: '/api/v2/file-upload/start',
    access: needs(P.GraphDbIngest),
    summary: 'Start a file-upload job',
    answer: fileUploadStartResponse,
    status: 201,
  },
  uploadFileToJob: {
    method: 'POST',
    path: '/api/v2/file-upload/{file_upload_job_id}',
    access: needs(P.GraphDbIngest),
    summary: 'Upload one file to a job',
    description: 'The file as the body (collected JSON or a ZIP of it); `X-File-Upload-Name` names it.',
    params: uploadId,
    body: file(...FILE_UPLOAD_CONTENT_TYPES),
    status: 202,
    errors: [413, 415],
  },
  getCompletedTasks: {
    method: 'GET',
    path: '/api/v2/file-upload/{file_upload_job_id}/completed-tasks',
    access: needs(P.GraphDbIngest),
    summary: "What a job's files produced",
    params: uploadId,
    answer: uploadCompletedTasksResponse,
  },
  endFileUploadJob: {
    method: 'POST',
    path: '/api/v2/file-upload/{file_upload_job_id}/end',
    access: needs(P.GraphDbIngest),
    summary: 'End a file-upload job (ingest begins)',
    params: uploadId,
  },
});
