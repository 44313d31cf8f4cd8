/**
 * A job's log: what its run wrote, one timestamped line per event, in order.
 * Every transition of a task appends to it (created, picked up, started, each
 * domain and OU collected with its counts, the ingest hand-off, the end, a
 * cancel); GET /api/v2/jobs/{job_id}/log answers it as text.
 *
 * Tasks stored before jobs had a log (the seed's history, an older MOCK_DB)
 * carry none: their log is told from what the task recorded (its times,
 * results and status) by the same line builders, and kept from the first
 * transition that writes to it.
 */
import { COLLECTION_FLAG_LABELS, COLLECTION_FLAGS } from '../../../api/schemas/collection';
import { JobStatus, jobStatusLabel } from '../../../api/schemas/wire-format';
import { inWords, plural } from '../../../shared/words';
import type { DbState } from '../../store/db';
import { directoryObject } from './directory';
import type { StoredDomainResult, StoredTask } from './store';

/** A line of the log: ISO time, then what happened. */
const line = (at: string, text: string) => `${at} ${text}`;

function clientNameOf(state: DbState, task: StoredTask): string {
  return state.collectionClients.find((c) => c.id === task.client_id)?.name ?? 'the client';
}

/** Who asked for the run: a person ("run now"), else the scheduled event. */
export function createdLines(task: StoredTask, by: string | null): string[] {
  const origin =
    task.event_id !== null
      ? `scheduled by event ${task.event_id}${task.event_title ? ` (${task.event_title})` : ''}`
      : by
        ? `run now by ${by}`
        : 'run now';
  return [line(task.created_at, `Job ${task.id} created: ${origin}.`)];
}

/** The client picks the job up and starts collecting: what, where. */
export function startedLines(state: DbState, task: StoredTask, at: string): string[] {
  const methods = COLLECTION_FLAGS.filter((f) => f !== 'all_trusted_domains' && task[f]).map((f) => COLLECTION_FLAG_LABELS[f]);
  const dc = task.domain_controller ? `domain controller ${task.domain_controller}` : 'a domain controller the client chose';
  return [
    line(at, `Picked up by ${clientNameOf(state, task)}.`),
    line(
      at,
      `Started collecting ${methods.length > 0 ? inWords(methods) : 'nothing'} against ${dc}${task.all_trusted_domains ? ', all trusted domains' : ''}.`,
    ),
  ];
}

/** The counts of a domain result that are not zero, in words ("1,204 users, 311 groups"). */
function countsInWords(r: StoredDomainResult): string {
  const counts: [number, string][] = [
    [r.user_count, 'user'],
    [r.group_count, 'group'],
    [r.computer_count, 'computer'],
    [r.gpo_count, 'GPO'],
    [r.ou_count, 'OU'],
    [r.container_count, 'container'],
    [r.aiaca_count, 'AIA CA'],
    [r.rootca_count, 'root CA'],
    [r.enterpriseca_count, 'enterprise CA'],
    [r.ntauthstore_count, 'NTAuth store'],
    [r.certtemplate_count, 'certificate template'],
    [r.deleted_count, 'deleted object'],
  ];
  const said = counts.filter(([n]) => n > 0).map(([n, one]) => plural(n, one));
  return said.length > 0 ? said.join(', ') : 'no objects';
}

/** The run's end: the OUs it covered, each domain with its counts, the ingest hand-off, the outcome. */
export function finishedLines(state: DbState, task: StoredTask, at: string): string[] {
  const lines: string[] = [];
  for (const id of task.ous) {
    const ou = directoryObject(state, id);
    lines.push(line(at, `Collected OU ${ou?.name ?? id}${ou?.distinguishedname ? ` (${ou.distinguishedname})` : ''}.`));
  }
  for (const r of task.domain_results) {
    lines.push(
      line(
        at,
        r.success ? `Collected domain ${r.domain_name}: ${countsInWords(r)}.` : `Domain ${r.domain_name} failed: ${r.message}`,
      ),
    );
  }
  const outcome = task.status_message || jobStatusLabel(task.status).label;
  lines.push(
    line(
      at,
      task.status === JobStatus.Failed ? `Failed: ${outcome}` : `Ended (${jobStatusLabel(task.status).label}): ${outcome}`,
    ),
  );
  // The client hands its results to ingest once it has ended.
  if (task.last_ingest)
    lines.push(line(task.last_ingest, `Results handed to ingest${task.log_path ? `; log file ${task.log_path}` : ''}.`));
  return lines;
}

export function canceledLines(task: StoredTask, at: string, by: string): string[] {
  return [line(at, `Canceled by ${by} while ${task.start_time ? 'running' : 'waiting to be picked up'}.`)];
}

/** The log a task's recorded history tells, for a task stored without one. */
export function historyLog(state: DbState, task: StoredTask): string[] {
  const lines = createdLines(task, null);
  if (task.start_time) lines.push(...startedLines(state, task, task.start_time));
  if (task.status === JobStatus.Canceled) {
    lines.push(line(task.end_time ?? task.updated_at, `Canceled: ${task.status_message || 'the job was canceled.'}`));
  } else if (task.end_time) {
    lines.push(...finishedLines(state, task, task.end_time));
  }
  return lines;
}

/** The task's log as text (its own, or the one its history tells). */
export function jobLogText(state: DbState, task: StoredTask): string {
  return (task.log ?? historyLog(state, task)).join('\n');
}

/** Gives a task stored without a log the lines its history tells: called before a transition changes that history. */
export function keepLog(state: DbState, task: StoredTask): string[] {
  return (task.log ??= historyLog(state, task));
}

/** Appends lines to the task's log. */
export function writeLog(state: DbState, task: StoredTask, lines: readonly string[]): void {
  keepLog(state, task).push(...lines);
}
