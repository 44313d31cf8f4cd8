/**
 * What the file-upload area keeps in DbState (upload jobs), the job record,
 * and how a job reaches its final status.
 */
import { plural } from '../../../shared/words';
import { JobStatus, ZERO_TIME } from '../../../api/schemas/wire-format';
import type { BaseStored } from '../../store/db';
import type { IngestSummary } from '../../ingest/layer';
import { baseOf } from '../../store/records';

/** One file sent to a job: accepted (no errors) or refused (why). */
export interface StoredUploadedFile extends BaseStored {
  id: number;
  file_name: string;
  /** The archive the file came in; empty for a file sent on its own. */
  parent_file_name: string;
  errors: string[];
  /** What the file brought once ingested (null: it failed; absent: not ingested yet, or recorded before ingest existed). */
  ingested?: IngestSummary | null;
  /** For a file read from an archive: the id the archive had among the job's files. */
  archive_id?: number;
}

export interface StoredFileUploadJob extends BaseStored {
  id: number;
  user_id: string;
  user_email_address: string;
  status: number;
  status_message: string;
  start_time: string;
  end_time: string | null;
  last_ingest: string | null;
  total_files: number;
  failed_files: number;
  /** Every file sent to the job, in order. */
  files: StoredUploadedFile[];
}

/** What this part of the mock keeps in the state (one part of DbState, store/db.ts). */
export interface FileUploadState {
  fileUploadJobs: StoredFileUploadJob[];
}

/** This part's settings (one part of MockConfig, config.ts). */
export interface FileUploadConfig {
  /** Largest accepted upload in bytes (default 1 GiB, or MOCK_UPLOAD_MAX_MB). */
  uploadMaxBytes?: number;
}

export const DEFAULT_UPLOAD_MAX_BYTES = 1024 ** 3;

/** The status a job ends with once its files are ingested. */
export function finalStatus(job: Pick<StoredFileUploadJob, 'total_files' | 'failed_files'>): { status: number; message: string } {
  const ingested = job.total_files - job.failed_files;
  if (job.total_files === 0) return { status: JobStatus.Failed, message: 'No files were uploaded.' };
  if (job.failed_files === 0) return { status: JobStatus.Complete, message: `Ingested ${plural(ingested, 'file')}.` };
  if (ingested === 0)
    return { status: JobStatus.Failed, message: `None of the ${plural(job.total_files, 'file')} could be ingested.` };
  return {
    status: JobStatus.PartiallyComplete,
    message: `Ingested ${ingested} of ${plural(job.total_files, 'file')}; ${job.failed_files} failed.`,
  };
}

/** Statuses in which the job's accepted files are not yet ingested. */
const NOT_INGESTED: readonly number[] = [JobStatus.Ready, JobStatus.Running, JobStatus.Ingesting];

/**
 * Reference GetCompletedTasks: the job's files whose ingest finished — a refused file at once (with its
 * error), an accepted one once the job has ingested its files.
 */
export function completedTasksOf(job: StoredFileUploadJob) {
  const ingested = !NOT_INGESTED.includes(job.status);
  return job.files
    .filter((f) => ingested || f.errors.length > 0)
    .map((f) => ({
      id: f.id,
      ...baseOf(f),
      file_name: f.file_name,
      parent_file_name: f.parent_file_name,
      errors: f.errors,
      // Beyond the reference: what the file brought, which the console shows when a server sends it.
      ...(f.ingested ? { ingested: f.ingested } : {}),
    }));
}

/** Reference `model.file-upload-job`. */
export function toFileUploadJobRecord(j: StoredFileUploadJob) {
  return {
    id: j.id,
    ...baseOf(j),
    user_id: j.user_id,
    user_email_address: j.user_email_address,
    status: j.status,
    status_message: j.status_message,
    start_time: j.start_time,
    end_time: j.end_time ?? ZERO_TIME,
    last_ingest: j.last_ingest ?? ZERO_TIME,
    total_files: j.total_files,
    failed_files: j.failed_files,
  };
}
