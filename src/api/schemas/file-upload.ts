/**
 * File-upload (ingest) jobs (`fileUploadOps`); reference
 * `model.file-upload-job`, operations ListFileUploadJobs, CreateFileUploadJob,
 * UploadFileToJob, EndFileUploadJob, ListAcceptedFileUploadTypes.
 */
import { z } from 'zod';
import { baseFields, dataEnvelope, intPathParam, jobStatus, pagedEnvelope, timestamp, uuidString } from './wire-format';

/**
 * File upload job / reference `model.file-upload-job`.
 * `user_email_address` is format email in the reference; it is read as plain
 * text (a user may have no email address).
 */
export const fileUploadJob = z.object({
  ...baseFields,
  user_id: uuidString,
  user_email_address: z.string(),
  status: jobStatus,
  status_message: z.string(),
  start_time: timestamp,
  end_time: timestamp,
  last_ingest: timestamp,
  total_files: z.int(),
  failed_files: z.int(),
});
export type FileUploadJob = z.infer<typeof fileUploadJob>;

/** GET /api/v2/file-upload (reference ListFileUploadJobs): paginated `{ count, skip, limit, data: job[] }`. */
export const fileUploadJobsListResponse = pagedEnvelope(fileUploadJob);
export type FileUploadJobsListResponse = z.infer<typeof fileUploadJobsListResponse>;

/** `fileUploadOps.createFileUploadJob` (status 201): `{ data: job }`. */
export const fileUploadStartResponse = dataEnvelope(fileUploadJob);
export type FileUploadStartResponse = z.infer<typeof fileUploadStartResponse>;

/** GET /api/v2/file-upload/accepted-types (reference ListAcceptedFileUploadTypes): `{ data: string[] }`. */
export const acceptedTypesResponse = z.object({ data: z.array(z.string()) });
export type AcceptedTypesResponse = z.infer<typeof acceptedTypesResponse>;

/** Content-Type values POST /api/v2/file-upload/{id} accepts (reference UploadFileToJob header enum). */
export const FILE_UPLOAD_CONTENT_TYPES = [
  'application/json',
  'application/zip',
  'application/zip-compressed',
  'application/x-zip-compressed',
] as const;
export type FileUploadContentType = (typeof FILE_UPLOAD_CONTENT_TYPES)[number];

/**
 * Reference `model.file-upload-job.completed-tasks`: one file of a job whose ingest finished, with what
 * went wrong in it (none for a file ingested whole). `parent_file_name` names the archive it came in.
 */
export const uploadCompletedTask = z.object({
  ...baseFields,
  file_name: z.string(),
  parent_file_name: z.string(),
  errors: z.array(z.string()).nullable(),
  /**
   * Beyond the reference (the mock sends it; a server that does not is read the same): what the file
   * brought, nodes by kind and relationships, those left out because an end matched no object, and the
   * objects a `deleted` file removed.
   */
  ingested: z
    .object({
      nodes: z.record(z.string(), z.number()),
      relationships: z.number(),
      unmatched: z.number(),
      deleted: z.number(),
    })
    .optional(),
});
export type UploadCompletedTask = z.infer<typeof uploadCompletedTask>;

/** GET /api/v2/file-upload/{id}/completed-tasks (reference GetCompletedTasks): `{ data: task[] }`. */
export const uploadCompletedTasksResponse = z.object({ data: z.array(uploadCompletedTask) });

/** A file-upload job's id in a path. */
export const fileUploadJobIdParam = intPathParam('file_upload_job_id');
