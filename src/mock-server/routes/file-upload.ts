/**
 * File upload (ingest) jobs, in both editions:
 *
 *   GET  /api/v2/file-upload                 paged job history; sort_by, user_id, status filters
 *   GET  /api/v2/file-upload/accepted-types  content types an upload may have
 *   POST /api/v2/file-upload/start           201, a job for the signed-in user, status 0 (graphdb.Ingest)
 *   POST /api/v2/file-upload/{id}            202, one file, checked as it streams in (graphdb.Ingest)
 *   POST /api/v2/file-upload/{id}/end        200, the job goes to ingesting, then to its final status
 *
 * The final status is derived from time when the job is read: `ingestDelayMs`
 * after the end it is complete (every file ingested), partially complete
 * (some failed) or failed (none ingested).
 */
import { z } from 'zod';
import { Permission } from '../../api/permissions';
import { FILE_UPLOAD_CONTENT_TYPES } from '../../api/schemas/file-upload';
import { JobStatus, ZERO_TIME } from '../../api/schemas/common';
import type { MockArea } from '../area';
import { requirePermission } from '../auth';
import { ApiFailure, badRequest, forbidden, notFound } from '../errors';
import { Rng, seedTime } from '../seed/random';
import type { BaseStored, DbState, MockDb } from '../store/db';
import { baseOf } from '../store/records';
import { readParam, readQuery } from '../validate';
import { eqFilter, eqIntFilter, listQuery, page, sortBy, stringParam } from './collection-lists';
import { checkUpload, formatBytes, type UploadKind } from './file-upload-check';

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
}

declare module '../store/db' {
  interface DbState {
    fileUploadJobs: StoredFileUploadJob[];
  }
}

declare module '../config' {
  interface MockConfig {
    /** Largest accepted upload in bytes (default 1 GiB, or MOCK_UPLOAD_MAX_MB). */
    uploadMaxBytes?: number;
    /** Milliseconds an ended job spends ingesting before it completes (default 2000). */
    ingestDelayMs?: number;
  }
}

export const DEFAULT_UPLOAD_MAX_BYTES = 1024 ** 3;
export const DEFAULT_INGEST_DELAY_MS = 2000;

const JOB_SORT = [
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
] as const;

const jobId = z.coerce
  .number({ error: 'file_upload_job_id must be a whole number' })
  .int({ error: 'file_upload_job_id must be a whole number' })
  .positive({ error: 'file_upload_job_id must be a positive whole number' });

const OPEN_STATUSES: readonly number[] = [JobStatus.Ready, JobStatus.Running];

function kindOf(contentType: string): UploadKind | null {
  if (contentType === 'application/json') return 'json';
  if ((FILE_UPLOAD_CONTENT_TYPES as readonly string[]).includes(contentType)) return 'zip';
  return null;
}

/** The file name header, percent-decoded when the client encoded it (names outside Latin-1). */
function decodeName(raw: string): string {
  const name = raw.trim();
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

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

/** Ingesting jobs whose time is up reach their final status. */
function settleJobs(db: MockDb, now: number, delayMs: number): void {
  let changed = false;
  for (const job of db.state.fileUploadJobs) {
    if (job.status !== JobStatus.Ingesting || !job.end_time) continue;
    const doneAt = Date.parse(job.end_time) + delayMs;
    if (doneAt > now) continue;
    const { status, message } = finalStatus(job);
    const at = new Date(doneAt).toISOString();
    job.status = status;
    job.status_message = message;
    job.last_ingest = job.total_files > job.failed_files ? at : null;
    job.updated_at = at;
    changed = true;
  }
  if (changed) db.changed();
}

/** API document 2.11 / reference `model.file-upload-job`. */
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

/** Finished jobs of the seeded users, newest last. */
export function seedFileUploads(state: DbState): void {
  const rng = new Rng(11_2026);
  const byName = (name: string) => state.users.find((u) => u.principal_name === name);
  const plan: [string, number, number, number][] = [
    // user, days before the seed epoch, files, failed
    ['admin', -41, 12, 0],
    ['uploader', -30, 8, 0],
    ['uploader', -21, 5, 2],
    ['poweruser', -14, 3, 3],
    ['admin', -9, 14, 0],
    ['uploader', -6, 6, 1],
    ['uploader', -2, 9, 0],
    ['admin', -1, 2, 0],
  ];
  state.fileUploadJobs = [];
  let id = 0;
  for (const [name, days, total, failed] of plan) {
    const user = byName(name);
    if (!user) continue;
    const start = seedTime(days + rng.int(0, 600) / 1440);
    const end = new Date(Date.parse(start) + rng.int(2, 25) * 60_000).toISOString();
    const ingested = new Date(Date.parse(end) + rng.int(1, 12) * 60_000).toISOString();
    const { status, message } = finalStatus({ total_files: total, failed_files: failed });
    state.fileUploadJobs.push({
      id: ++id,
      user_id: user.id,
      user_email_address: user.email_address ?? '',
      status,
      status_message: message,
      start_time: start,
      end_time: end,
      last_ingest: total > failed ? ingested : null,
      total_files: total,
      failed_files: failed,
      created_at: start,
      updated_at: ingested,
      deleted_at: null,
    });
  }
  state.counters['file-upload-job'] = id;
}

export const fileUploadArea: MockArea = {
  name: 'file-upload',
  seed: (state) => seedFileUploads(state),
  routes(app, { db, config }) {
    const envMax = Number(process.env.MOCK_UPLOAD_MAX_MB);
    const maxBytes = () =>
      config.uploadMaxBytes ??
      (Number.isFinite(envMax) && envMax > 0 ? Math.round(envMax * 1024 * 1024) : DEFAULT_UPLOAD_MAX_BYTES);
    const settle = () => settleJobs(db, Date.now(), config.ingestDelayMs ?? DEFAULT_INGEST_DELAY_MS);

    /** The caller's open job `id`: 404 unknown, 403 someone else's, 400 ended. */
    const openJobOf = (id: number, userId: string) => {
      const job = db.state.fileUploadJobs.find((j) => j.id === id && j.deleted_at === null);
      if (!job) throw notFound('file_upload_job_id', `No file-upload job has id ${id}.`);
      if (job.user_id !== userId) throw forbidden(`File-upload job ${id} belongs to another user; start a job of your own.`);
      if (!OPEN_STATUSES.includes(job.status)) {
        throw badRequest('file_upload_job_id', `File-upload job ${id} has ended; start a new job to upload more files.`);
      }
      return job;
    };

    app.get('/api/v2/file-upload', (c) => {
      settle();
      const q = readQuery(c, listQuery(JOB_SORT, { user_id: stringParam, status: stringParam }));
      const userId = eqFilter('user_id', q.user_id);
      const status = eqIntFilter('status', q.status);
      const jobs = db.state.fileUploadJobs.filter(
        (j) =>
          j.deleted_at === null &&
          (userId === undefined || j.user_id === userId) &&
          (status === undefined || j.status === status),
      );
      const sorted = sortBy(jobs, q.sort_by ?? [{ column: 'id', descending: true }], (j, column) => j[column]);
      return c.json(page(sorted, q.skip ?? 0, q.limit ?? 100, toFileUploadJobRecord));
    });

    app.get('/api/v2/file-upload/accepted-types', (c) => c.json({ data: [...FILE_UPLOAD_CONTENT_TYPES] }));

    app.post('/api/v2/file-upload/start', (c) => {
      const user = requirePermission(c, db, Permission.GraphDbIngest);
      const now = new Date().toISOString();
      const job: StoredFileUploadJob = {
        id: db.nextId('file-upload-job'),
        user_id: user.id,
        user_email_address: user.email_address ?? '',
        status: JobStatus.Ready,
        status_message: 'Waiting for files.',
        start_time: now,
        end_time: null,
        last_ingest: null,
        total_files: 0,
        failed_files: 0,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      };
      db.state.fileUploadJobs.push(job);
      db.changed();
      return c.json({ data: toFileUploadJobRecord(job) }, 201);
    });

    app.post('/api/v2/file-upload/:file_upload_job_id', async (c) => {
      const user = requirePermission(c, db, Permission.GraphDbIngest);
      const id = readParam(c, 'file_upload_job_id', jobId);
      const job = openJobOf(id, user.id);
      const fileName = decodeName(c.req.header('X-File-Upload-Name') ?? '') || 'The file';
      const contentType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
      const limit = maxBytes();

      const fail = (failure: ApiFailure) => {
        job.total_files += 1;
        job.failed_files += 1;
        job.status = JobStatus.Running;
        job.status_message = `Receiving files: ${plural(job.total_files, 'file')}, ${job.failed_files} failed.`;
        job.updated_at = new Date().toISOString();
        db.changed();
        return failure;
      };

      const kind = kindOf(contentType);
      if (!kind) {
        await c.req.raw.body?.cancel().catch(() => undefined);
        throw fail(
          badRequest(
            'Content-Type',
            `${fileName} was refused: "${contentType || 'no content type'}" is not an accepted file type; send ${FILE_UPLOAD_CONTENT_TYPES.join(', ')}.`,
          ),
        );
      }
      const declared = Number(c.req.header('Content-Length'));
      if (Number.isFinite(declared) && declared > limit) {
        await c.req.raw.body?.cancel().catch(() => undefined);
        throw fail(
          new ApiFailure(413, [
            { context: 'file', message: `${fileName} is larger than the ${formatBytes(limit)} limit of one upload.` },
          ]),
        );
      }

      const result = await checkUpload(c.req.raw.body, kind, limit, fileName);
      // The job may have been ended while the file streamed in.
      if (!OPEN_STATUSES.includes(job.status)) {
        throw badRequest('file_upload_job_id', `File-upload job ${id} ended while ${fileName} was being sent; it was not added.`);
      }
      if (!result.ok) throw fail(new ApiFailure(result.status, [{ context: result.context, message: result.message }]));
      job.total_files += 1;
      job.status = JobStatus.Running;
      job.status_message = `Receiving files: ${plural(job.total_files, 'file')}${job.failed_files ? `, ${job.failed_files} failed` : ''}.`;
      job.updated_at = new Date().toISOString();
      db.changed();
      return c.body(null, 202);
    });

    app.post('/api/v2/file-upload/:file_upload_job_id/end', (c) => {
      const user = requirePermission(c, db, Permission.GraphDbIngest);
      const id = readParam(c, 'file_upload_job_id', jobId);
      const job = openJobOf(id, user.id);
      const now = new Date().toISOString();
      job.status = JobStatus.Ingesting;
      job.status_message = `Ingesting ${plural(job.total_files - job.failed_files, 'file')}.`;
      job.end_time = now;
      job.updated_at = now;
      db.changed();
      settle();
      return c.body(null, 200);
    });
  },
};
