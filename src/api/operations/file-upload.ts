import { defineOperations, needs, signedIn, file } from '../operation';
import { Permission as P } from '../../shared/permissions';
import {
  FILE_UPLOAD_CONTENT_TYPES,
  acceptedTypesResponse,
  fileUploadJobIdParam,
  fileUploadJobsListResponse,
  fileUploadStartResponse,
  uploadCompletedTasksResponse,
} from '../schemas/file-upload';
import { flagParam, listQuery, predicateFilter } from '../list-query';

const uploadId = { file_upload_job_id: fileUploadJobIdParam };

/** GET /api/v2/file-upload: paged, newest first unless sorted otherwise. */
const fileUploadJobsQuery = listQuery({
  paging: { defaultLimit: 100, overMax: 'refuse' },
  // Upstream's list parameters as the collection lists take them: hydrate_* are accepted, and mean nothing here.
  params: { hydrate_ous: flagParam('hydrate_ous'), hydrate_domains: flagParam('hydrate_domains') },
  sortBy: [
    'user_email_address',
    'status',
    'status_message',
    'start_time',
    'end_time',
    'last_ingest',
    'id',
    'created_at',
    'updated_at',
    'deleted_at',
  ],
  filters: {
    id: predicateFilter('id', ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'], { integer: true }),
    user_id: predicateFilter('user_id', ['eq']),
    status: predicateFilter('status', ['eq'], { integer: true }),
  },
});

export const fileUploadOps = defineOperations('File ingest', {
  listFileUploadJobs: {
    method: 'GET',
    path: '/api/v2/file-upload',
    access: signedIn,
    summary: 'List file-upload jobs',
    query: fileUploadJobsQuery,
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
