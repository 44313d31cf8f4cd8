/**
 * File upload (ingest) jobs, in both editions:
 *
 *   GET  /api/v2/file-upload                 paged job history; sort_by; id, user_id, status filters
 *   GET  /api/v2/file-upload/accepted-types  content types an upload may have
 *   POST /api/v2/file-upload/start           201, a job for the signed-in user, status 0 (graphdb.Ingest)
 *   POST /api/v2/file-upload/{id}            202, one file, checked as it streams in (graphdb.Ingest)
 *   POST /api/v2/file-upload/{id}/end        200, the job goes to ingesting, then to its final status
 *
 * An ended job follows the data pipeline (areas/datapipe/pipeline.ts), derived
 * from time when read: ingesting while the pipeline ingests its files
 * (`ingestMsPerFile` each), analyzing while the analysis after it runs, then
 * complete (every file ingested), partially complete (some failed) or failed
 * (none ingested; a job without accepted files fails when it ends).
 */
import { fileUploadOps } from '../../../api/operations/file-upload';
import { FILE_UPLOAD_CONTENT_TYPES } from '../../../api/schemas/file-upload';
import { JobStatus } from '../../../api/schemas/wire-format';
import type { MockArea } from '../../area';
import { currentUser } from '../../auth';
import { ApiFailure, badRequest, forbidden, notFound } from '../../errors';
import { defineList, number, text, time } from '../../list';
import { declaredOver } from '../../body';
import { commit, server } from '../../serve';
import { nowOf } from '../../config';
import { advancePipeline, jobEnded } from '../datapipe/pipeline';
import { checkUpload, formatBytes, type UploadKind } from './check';
import { seedFileUploads } from './seed';
import { plural } from '../../../shared/words';
import { completedTasksOf, DEFAULT_UPLOAD_MAX_BYTES, toFileUploadJobRecord, type StoredFileUploadJob } from './store';

/** Upload jobs, newest first unless sorted otherwise; ties by id. */
export const JOBS_LIST = defineList<StoredFileUploadJob>()({
  query: fileUploadOps.listFileUploadJobs.query,
  columns: {
    user_email_address: text((j) => j.user_email_address),
    status: number((j) => j.status),
    status_message: text((j) => j.status_message),
    start_time: time((j) => j.start_time),
    end_time: time((j) => j.end_time),
    last_ingest: time((j) => j.last_ingest),
    id: number((j) => j.id),
    created_at: time((j) => j.created_at),
    updated_at: time((j) => j.updated_at),
    deleted_at: time((j) => j.deleted_at),
    user_id: text((j) => j.user_id),
  },
  defaultSort: [{ column: 'id', descending: true }],
  tieBreak: [{ column: 'id', descending: false }],
});

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

export const fileUploadArea: MockArea = {
  name: 'file-upload',
  // The seeded jobs belong to seeded users.
  seedsAfter: ['users'],
  seed: (state) => seedFileUploads(state),
  routes(app, { db, config, spool, ingest }) {
    const envMax = Number(process.env.MOCK_UPLOAD_MAX_MB);
    const maxBytes = () =>
      config.uploadMaxBytes ??
      (Number.isFinite(envMax) && envMax > 0 ? Math.round(envMax * 1024 * 1024) : DEFAULT_UPLOAD_MAX_BYTES);
    const settle = () => {
      if (advancePipeline(db.state, nowOf(config), config)) db.changed();
    };

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

    const route = server(app, db);

    route(fileUploadOps.listFileUploadJobs, (c, { query: req }) => {
      settle();
      const jobs = JOBS_LIST.select(
        db.state.fileUploadJobs.filter((j) => j.deleted_at === null),
        req,
      );
      return c.json(JOBS_LIST.page(jobs, req, toFileUploadJobRecord));
    });

    route(fileUploadOps.listAcceptedFileUploadTypes, (c) => c.json({ data: [...FILE_UPLOAD_CONTENT_TYPES] }));

    route(fileUploadOps.createFileUploadJob, (c) => {
      const user = currentUser(c);
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
        files: [],
        created_at: now,
        updated_at: now,
        deleted_at: null,
      };
      db.state.fileUploadJobs.push(job);
      return c.json({ data: toFileUploadJobRecord(job) }, 201);
    });

    route(fileUploadOps.uploadFileToJob, async (c, { params }) => {
      const user = currentUser(c);
      const id = params.file_upload_job_id;
      const job = openJobOf(id, user.id);
      const fileName = decodeName(c.req.header('X-File-Upload-Name') ?? '') || 'The file';
      const contentType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
      const limit = maxBytes();

      const record = (errors: string[], fileId = db.nextId('file-upload-task')) => {
        const now = new Date().toISOString();
        const file = { id: fileId, file_name: fileName, parent_file_name: '', errors };
        job.files.push({ ...file, created_at: now, updated_at: now, deleted_at: null });
      };
      const fail = (failure: ApiFailure) => {
        record(failure.errors.map((e) => e.message));
        job.total_files += 1;
        job.failed_files += 1;
        job.status = JobStatus.Running;
        job.status_message = `Receiving files: ${plural(job.total_files, 'file')}, ${job.failed_files} failed.`;
        job.updated_at = new Date().toISOString();
        // The refusal is answered with the failed file recorded (the registration marks only a change it answers).
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
      if (declaredOver(c, limit)) {
        await c.req.raw.body?.cancel().catch(() => undefined);
        throw fail(
          new ApiFailure(413, [
            { context: 'file', message: `${fileName} is larger than the ${formatBytes(limit)} limit of one upload.` },
          ]),
        );
      }

      // The bytes are kept (beside MOCK_DB, or in memory) until the job's ingest reads them.
      const fileId = db.nextId('file-upload-task');
      const kept = spool.writer(id, fileId);
      const result = await checkUpload(c.req.raw.body, kind, limit, fileName, (chunk) => kept.write(chunk));
      if (result.ok && OPEN_STATUSES.includes(job.status)) await kept.commit();
      else kept.discard();
      return commit(() => {
        // The job may have been ended while the file streamed in.
        if (!OPEN_STATUSES.includes(job.status)) {
          spool.remove(id, fileId);
          throw badRequest(
            'file_upload_job_id',
            `File-upload job ${id} ended while ${fileName} was being sent; it was not added.`,
          );
        }
        if (!result.ok) throw fail(new ApiFailure(result.status, [{ context: result.context, message: result.message }]));
        record([], fileId);
        job.total_files += 1;
        job.status = JobStatus.Running;
        job.status_message = `Receiving files: ${plural(job.total_files, 'file')}${job.failed_files ? `, ${job.failed_files} failed` : ''}.`;
        job.updated_at = new Date().toISOString();
        return c.body(null, 202);
      });
    });

    route(fileUploadOps.getCompletedTasks, (c, { params }) => {
      settle();
      const id = params.file_upload_job_id;
      const job = db.state.fileUploadJobs.find((j) => j.id === id && j.deleted_at === null);
      if (!job) throw notFound('file_upload_job_id', `No file-upload job has id ${id}.`);
      return c.json({ data: completedTasksOf(job) });
    });

    route(fileUploadOps.endFileUploadJob, (c, { params }) => {
      const user = currentUser(c);
      const job = openJobOf(params.file_upload_job_id, user.id);
      jobEnded(db.state, job.id, nowOf(config), config);
      ingest.kick();
      return c.body(null, 200);
    });
  },
};
