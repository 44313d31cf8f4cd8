/**
 * Collection jobs (enterprise edition only): upstream's current names for
 * collection tasks. Both names answer over the same records (state
 * `collectionTasks`); the task operations are the deprecated ones.
 *
 *   POST   /api/v2/clients/{id}/jobs     "run now": a waiting job (status 0) (clients.Tasking); /tasks the same
 *   GET    /api/v2/jobs                   paged job history; client_id, event_id, status filters
 *   GET    /api/v2/jobs/finished          the same over finished jobs
 *   GET    /api/v2/jobs/{job_id}          one job (collectionOps.getClientJob)
 *   PUT    /api/v2/jobs/{job_id}/cancel   a waiting or running job becomes canceled (clients.Tasking)
 *   GET    /api/v2/jobs/{job_id}/log      what the job's run wrote ({ log } text; job-log.ts)
 *   GET    /api/v2/jobs/available         a collection client's own token: its waiting jobs
 *   GET    /api/v2/jobs/current           a collection client's own token: its running job (404 when none)
 *   POST   /api/v2/jobs/start             a collection client's own token: starts a waiting job ({ id } or its next)
 *   POST   /api/v2/jobs/end               a collection client's own token: ends its running job
 */
import type { Context } from 'hono';
import { collectionOps } from '../../../api/operations/collection';
import { AZUREHOUND_DC_MESSAGE, CLIENT_TYPE_SUPPORT, startJobBody } from '../../../api/schemas/collection';
import { JobStatus, jobStatusLabel } from '../../../api/schemas/wire-format';
import type { MockEnv } from '../../auth';
import { badRequest, notFound } from '../../errors';
import { defineList, number, text, time } from '../../list';
import { commit, type Input, type server } from '../../serve';
import type { MockDb } from '../../store/db';
import { readJson } from '../../validate';
import { collectionFlagsFor } from './events';
import { canceledLines, createdLines, jobLogText, keepLog, writeLog } from './job-log';
import {
  clientById,
  finishTask,
  isOpenTask,
  releaseClient,
  startTask,
  toTaskDisplayRecord,
  toTaskRecord,
  type StoredCollectionClient,
  type StoredTask,
} from './store';

/** A job's sortable and filterable columns, as every job list reads them. */
export const JOB_COLUMNS = {
  id: number((t: StoredTask) => t.id),
  status: number((t: StoredTask) => t.status),
  execution_time: time((t: StoredTask) => t.execution_time),
  start_time: time((t: StoredTask) => t.start_time),
  end_time: time((t: StoredTask) => t.end_time),
  created_at: time((t: StoredTask) => t.created_at),
  updated_at: time((t: StoredTask) => t.updated_at),
  deleted_at: time((t: StoredTask) => t.deleted_at),
  last_ingest: time((t: StoredTask) => t.last_ingest),
  log_path: text((t: StoredTask) => t.log_path),
  domain_controller: text((t: StoredTask) => t.domain_controller),
  event_title: text((t: StoredTask) => t.event_title),
  client_id: text((t: StoredTask) => t.client_id),
  event_id: number((t: StoredTask) => t.event_id),
};

/** The job lists: every job and the finished ones (paged), a client's waiting ones (whole, oldest first). */
const JOB_ORDER = {
  columns: JOB_COLUMNS,
  defaultSort: [{ column: 'id' as const, descending: true }],
  tieBreak: [{ column: 'id' as const, descending: false }],
};

export const JOBS = defineList<StoredTask>()({ ...JOB_ORDER, query: collectionOps.getClientJobs.query });
export const AVAILABLE = defineList<StoredTask>()({
  ...JOB_ORDER,
  query: collectionOps.listAvailableClientJobs.query,
  defaultSort: [{ column: 'id', descending: false }],
});

export interface JobRoutesContext {
  db: MockDb;
  /** Moves tasks along with time (advanceTasks) before a read or a change. */
  advance: () => void;
}

export function registerJobRoutes(route: ReturnType<typeof server>, { db, advance }: JobRoutesContext): void {
  const live = () => db.state.collectionTasks.filter((t) => t.deleted_at === null);
  const findJob = (id: number) => {
    advance();
    const task = live().find((t) => t.id === id);
    if (!task) throw notFound('job_id', `No job has id ${id}.`);
    return task;
  };
  /** The collection client calling with its own token (the access table lets no one else in). */
  const callingClient = (c: Context<MockEnv>): StoredCollectionClient => {
    const principal = c.get('principal');
    const client = principal.kind === 'client' ? clientById(db.state, principal.clientId) : undefined;
    if (!client) throw notFound('client', 'The collection client of this token no longer exists.');
    return client;
  };
  /** A client's answered call is its check-in (the registration marks the state changed, on a GET too). */
  const checkIn = (client: StoredCollectionClient) => {
    client.last_checkin = new Date().toISOString();
  };
  const personName = (c: Context<MockEnv>) => {
    const principal = c.get('principal');
    return principal.kind === 'user' ? principal.user.principal_name : 'a collection client';
  };

  // ---- run now (both names) ---------------------------------------------
  const createJob = (c: Context<MockEnv>, { params, body }: Input<typeof collectionOps.createClientScheduledJob>) => {
    const clientId = params.client_id;
    const client = clientById(db.state, clientId);
    if (!client) throw notFound('client_id', `No collection client has id ${clientId}.`);
    const flags = collectionFlagsFor(client, body);
    const dc = body.domain_controller ?? null;
    if (dc !== null && !CLIENT_TYPE_SUPPORT[client.type].targets) throw badRequest('domain_controller', AZUREHOUND_DC_MESSAGE);
    advance();
    const now = new Date().toISOString();
    const task: StoredTask = {
      id: db.nextId('collection-task'),
      client_id: client.id,
      event_id: null,
      event_title: '',
      status: JobStatus.Ready,
      status_message: `Waiting for ${client.name} to pick up the job.`,
      execution_time: now,
      start_time: null,
      end_time: null,
      last_ingest: null,
      log_path: null,
      ...flags,
      domain_controller: dc,
      ous: [],
      domains: [],
      domain_results: [],
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    task.log = createdLines(task, personName(c));
    db.state.collectionTasks.push(task);
    advance(); // an idle client takes it as its current job
    return c.json({ data: toTaskRecord(db.state, task) });
  };
  route(collectionOps.createClientScheduledJob, createJob);
  route(collectionOps.createClientScheduledTask, (c, input) => createJob(c, input));

  // ---- a collection client's own operations ------------------------------
  // Registered before /jobs/{job_id}, whose parameter would otherwise take their names.
  route(
    collectionOps.listAvailableClientJobs,
    (c, { query: req }) => {
      const client = callingClient(c);
      advance();
      const waiting = live().filter((t) => t.client_id === client.id && t.status === JobStatus.Ready);
      checkIn(client);
      return c.json({ data: AVAILABLE.select(waiting, req).map((t) => toTaskDisplayRecord(db.state, t)) });
    },
    { writes: true },
  );

  route(
    collectionOps.getClientCurrentJob,
    (c) => {
      const client = callingClient(c);
      advance();
      const current = live().find((t) => t.id === client.current_task_id);
      if (!current || current.status === JobStatus.Ready || !isOpenTask(current)) {
        throw notFound('job', `The client ${client.name} has no job in progress.`);
      }
      checkIn(client);
      return c.json({ data: toTaskDisplayRecord(db.state, current) });
    },
    { writes: true },
  );

  // The body is optional (a request without a Content-Type starts the next waiting job), so it is read here.
  route({ ...collectionOps.startClientJob, body: undefined }, async (c) => {
    const body = c.req.header('Content-Type') ? await readJson(c, startJobBody) : {};
    return commit(() => {
      const client = callingClient(c);
      advance();
      const mine = live().filter((t) => t.client_id === client.id);
      const running = mine.find((t) => isOpenTask(t) && t.status !== JobStatus.Ready);
      let task: StoredTask | undefined;
      if (body.id !== undefined) {
        task = mine.find((t) => t.id === body.id);
        if (!task) throw notFound('id', `The client ${client.name} has no job with id ${body.id}.`);
        if (task.status !== JobStatus.Ready) {
          throw badRequest(
            'id',
            `Job ${task.id} is ${jobStatusLabel(task.status).label.toLowerCase()}, not waiting: it cannot start.`,
          );
        }
      } else {
        task = mine.filter((t) => t.status === JobStatus.Ready).sort((a, b) => a.id - b.id)[0];
        if (!task) throw badRequest('id', `The client ${client.name} has no waiting job to start.`);
      }
      if (running) throw badRequest('id', `The client ${client.name} is already running job ${running.id}; end it first.`);
      startTask(db.state, task, new Date().toISOString());
      client.current_task_id = task.id;
      checkIn(client);
      return c.json({ data: toTaskRecord(db.state, task) });
    });
  });

  route(collectionOps.endClientJob, (c) => {
    const client = callingClient(c);
    advance();
    const task =
      client.current_task_id === null ? undefined : db.state.collectionTasks.find((t) => t.id === client.current_task_id);
    if (!task || !isOpenTask(task)) {
      throw badRequest('job', `The client ${client.name} has no job in progress to end.`);
    }
    finishTask(db, task, new Date());
    releaseClient(db, client.id);
    checkIn(client);
    return c.json({ data: toTaskRecord(db.state, task) });
  });

  // ---- people's reads and changes -----------------------------------------
  route(collectionOps.getClientJobs, (c, { query: req }) => {
    advance();
    return c.json(JOBS.page(JOBS.select(live(), req), req, (t) => toTaskDisplayRecord(db.state, t)));
  });

  route(collectionOps.listClientFinishedJobs, (c, { query: req }) => {
    advance();
    const finished = live().filter((t) => !isOpenTask(t));
    return c.json(JOBS.page(JOBS.select(finished, req), req, (t) => toTaskDisplayRecord(db.state, t)));
  });

  route(collectionOps.getClientJob, (c, { params }) => c.json({ data: toTaskDisplayRecord(db.state, findJob(params.job_id)) }));

  route(collectionOps.getClientJobLog, (c, { params }) =>
    c.json({ data: { log: jobLogText(db.state, findJob(params.job_id)) } }),
  );

  route(collectionOps.cancelClientJob, (c, { params }) => {
    const task = findJob(params.job_id);
    if (!isOpenTask(task)) {
      throw badRequest(
        'job_id',
        `Job ${task.id} is ${jobStatusLabel(task.status).label.toLowerCase()}: only a waiting or running job can be canceled.`,
      );
    }
    const by = personName(c);
    const at = new Date().toISOString();
    keepLog(db.state, task);
    writeLog(db.state, task, canceledLines(task, at, by));
    task.status = JobStatus.Canceled;
    task.status_message = `Canceled by ${by}.`;
    task.end_time = at;
    task.updated_at = at;
    const client = db.state.collectionClients.find((k) => k.id === task.client_id);
    if (client?.current_task_id === task.id) releaseClient(db, client.id);
    return c.json({ data: toTaskDisplayRecord(db.state, task) });
  });
}
