/**
 * How a job that has not ended is getting on, from its own times: when it
 * last changed, whether it has gone quiet or looks stalled, and so how often
 * its page reads it again. A job read carries no "updated at", so the last
 * change is the latest time it does carry (queued, due, started, ended, last
 * ingest).
 */
import type { TaskView } from '@/api/schemas/collection';
import { JobStatus } from '@/api/schemas/wire-format';
import { isJobFinished } from '@/features/collection/status';
import { timeOf } from '@/shared/format';

/** While a job keeps changing, it is read this often. */
export const JOB_REFRESH_MS = 2000;
/** After this long with no change, it is read less often… */
export const JOB_QUIET_AFTER_MS = 2 * 60_000;
/** …this often. */
export const JOB_QUIET_REFRESH_MS = 30_000;
/** After this long with no change, a job that has not ended looks stalled, and is read again only on request. */
export const JOB_STALLED_AFTER_MS = 60 * 60_000;

export type JobPace = 'finished' | 'active' | 'quiet' | 'stalled';

export interface JobProgress {
  pace: JobPace;
  /** The latest time the job carries (ISO), null when it carries none. */
  lastChange: string | null;
  /** How often the page reads the job again; false: only on request. */
  refreshMs: number | false;
}

function latest(times: (string | null | undefined)[]): string | null {
  let best: string | null = null;
  let bestMs = -Infinity;
  for (const t of times) {
    const ms = timeOf(t);
    if (ms !== null && ms > bestMs) {
      best = t!;
      bestMs = ms;
    }
  }
  return best;
}

export function jobProgress(job: TaskView, now = Date.now()): JobProgress {
  const lastChange = latest([job.created_at, job.execution_time, job.start_time, job.end_time, job.last_ingest]);
  if (isJobFinished(job.status)) return { pace: 'finished', lastChange, refreshMs: false };
  // A job with no time at all: nothing to judge it by; read it as an active one.
  const quietFor = lastChange === null ? 0 : now - timeOf(lastChange)!;
  if (quietFor >= JOB_STALLED_AFTER_MS) return { pace: 'stalled', lastChange, refreshMs: false };
  if (quietFor >= JOB_QUIET_AFTER_MS) return { pace: 'quiet', lastChange, refreshMs: JOB_QUIET_REFRESH_MS };
  return { pace: 'active', lastChange, refreshMs: JOB_REFRESH_MS };
}

/** What a stalled job is waiting on, and what a person can do about it. */
export function stalledAdvice(job: TaskView): { waiting: string; todo: string } {
  const client = job.client_name || 'its client';
  switch (job.status) {
    case JobStatus.Ready:
      return {
        waiting: `${client} has not picked this job up`,
        todo: `Check that the collector on ${client} is running and can reach this server (its last check-in is on its page), or cancel the job.`,
      };
    case JobStatus.Running:
      return {
        waiting: `${client} has not reported on this job`,
        todo: `Check that the collector on ${client} is still running and can reach this server. If it stopped, cancel the job and run the collection again.`,
      };
    default:
      return {
        waiting: 'the server has not finished ingesting and analyzing what this job collected',
        todo: 'Check the data pipeline’s status at the top of the page: the job ends when its analysis does.',
      };
  }
}
