/**
 * Collection (enterprise edition): stored clients, scheduled events, tasks and
 * the directory objects (OUs, domains) events point at; the response records
 * built from them; and the task rules shared by the routes and the seed.
 */
import { COLLECTION_FLAGS, type CollectionFlag } from '../../../api/schemas/collection';
import { JobStatus, ZERO_TIME } from '../../../api/schemas/wire-format';
import { describeSchedule, nextRun } from '../../../shared/schedule';
import type { MockDb } from '../../store/db';
import type { BaseStored, DbState } from '../../store/db';
import { baseOf, nullInt, nullString } from '../../store/records';
import { Rng } from '../../seed/random';
import { plural } from '../../../shared/words';
import { directoryObject, existingDomains } from './directory';
import { finishedLines, keepLog, startedLines, writeLog } from './job-log';

export type CollectionFlags = Record<CollectionFlag, boolean>;

export interface StoredCollectionClient extends BaseStored {
  id: string;
  name: string;
  ip_address: string;
  hostname: string;
  configured_user: string;
  last_checkin: string;
  version: string;
  user_sid: string | null;
  type: 'sharphound' | 'azurehound';
  domain_controller: string | null;
  /** objectid of the domain the client collects when a task names none. */
  home_domain: string;
  current_task_id: number | null;
  /**
   * The client's token generation (missing in state saved before clients could be managed: 0). A client
   * token carries the generation it was issued under; regenerating the token moves it on, so older
   * tokens are refused at once (see clients.ts).
   */
  token_generation?: number;
  /** Id and creation time of the client's current token record (shown with the key once). */
  token_id?: string;
  token_created_at?: string;
}

/** An OU or a domain an event may name; `exists` false once it is gone from the directory. */
export interface StoredDirectoryObject {
  objectid: string;
  name: string;
  kind: 'ou' | 'domain';
  distinguishedname: string;
  exists: boolean;
}

export interface StoredEvent extends BaseStored, CollectionFlags {
  id: number;
  client_id: string;
  rrule: string;
  ou_ids: string[];
  domain_ids: string[];
}

export interface StoredDomainResult extends BaseStored {
  id: number;
  job_id: number;
  domain_name: string;
  success: boolean;
  message: string;
  user_count: number;
  group_count: number;
  computer_count: number;
  gpo_count: number;
  ou_count: number;
  container_count: number;
  aiaca_count: number;
  rootca_count: number;
  enterpriseca_count: number;
  ntauthstore_count: number;
  certtemplate_count: number;
  deleted_count: number;
}

export interface StoredTask extends BaseStored, CollectionFlags {
  id: number;
  client_id: string;
  event_id: number | null;
  event_title: string;
  status: number;
  status_message: string;
  /** When the task was due (its creation for a "run now" task). */
  execution_time: string;
  start_time: string | null;
  end_time: string | null;
  last_ingest: string | null;
  log_path: string | null;
  domain_controller: string | null;
  /** OU and domain objectids. */
  ous: string[];
  domains: string[];
  domain_results: StoredDomainResult[];
  /**
   * The job's log lines, appended by every transition (job-log.ts). Missing on tasks stored without
   * one (the seed's history, older saved state): their log is told from what they recorded.
   */
  log?: string[];
}

/** What this part of the mock keeps in the state (one part of DbState, store/db.ts). */
export interface CollectionState {
  collectionClients: StoredCollectionClient[];
  /**
   * OUs and domains events named that are not (or no longer) in the directory
   * graph, kept for their names; what exists comes from the graph.
   */
  collectionDirectory: StoredDirectoryObject[];
  collectionEvents: StoredEvent[];
  collectionTasks: StoredTask[];
}

/** This part's settings (one part of MockConfig, config.ts). */
export interface CollectionConfig {
  /**
   * Milliseconds after which a client picks up a ready task and starts it
   * (simulated check-in). Default 4000.
   */
  collectionPickupMs?: number;
}

export const DEFAULT_PICKUP_MS = 4000;

/** Statuses a task can still leave (ready, running, ingesting, analyzing). */
export const OPEN_TASK_STATUSES: readonly number[] = [
  JobStatus.Ready,
  JobStatus.Running,
  JobStatus.Ingesting,
  JobStatus.Analyzing,
];

export const isOpenTask = (t: StoredTask) => OPEN_TASK_STATUSES.includes(t.status);

export function flagsOf(source: CollectionFlags): CollectionFlags {
  return Object.fromEntries(COLLECTION_FLAGS.map((f) => [f, source[f]])) as CollectionFlags;
}

export function clientById(state: DbState, id: string): StoredCollectionClient | undefined {
  return state.collectionClients.find((c) => c.id === id && c.deleted_at === null);
}

/** The words of an event's rule, as the title of the tasks it schedules. */
export function eventTitle(event: StoredEvent): string {
  return describeSchedule(event.rrule).text ?? event.rrule;
}

// ---------------------------------------------------------------------------
// Response records
// ---------------------------------------------------------------------------

function ouDetails(state: DbState, objectid: string, hydrate: boolean) {
  const o = directoryObject(state, objectid);
  if (!hydrate) return { objectid };
  return {
    objectid,
    name: o?.name ?? objectid,
    exists: o?.exists ?? false,
    distinguishedname: o?.distinguishedname ?? '',
    type: 'OU',
  };
}

function domainDetails(state: DbState, objectid: string, hydrate: boolean) {
  const o = directoryObject(state, objectid);
  if (!hydrate) return { objectid };
  return { objectid, name: o?.name ?? objectid, exists: o?.exists ?? false, type: 'Domain' };
}

export interface Hydration {
  ous: boolean;
  domains: boolean;
}

/** Reference `model.client-schedule-display`. */
export function toEventRecord(state: DbState, e: StoredEvent, hydrate: Hydration = { ous: true, domains: true }) {
  return {
    id: e.id,
    client_id: e.client_id,
    rrule: e.rrule,
    ...flagsOf(e),
    ous: e.ou_ids.map((id) => ouDetails(state, id, hydrate.ous)),
    domains: e.domain_ids.map((id) => domainDetails(state, id, hydrate.domains)),
    ...nextScheduledAt(e.rrule),
  };
}

/** `next_scheduled_at` (reference `model.client-schedule`) when the rule has a next run. */
function nextScheduledAt(rrule: string): { next_scheduled_at?: string } {
  const next = nextRun(rrule);
  return next ? { next_scheduled_at: next.toISOString() } : {};
}

function toDomainResultRecord(r: StoredDomainResult) {
  const { created_at: _c, updated_at: _u, deleted_at: _d, ...rest } = r;
  return { ...rest, ...baseOf(r) };
}

function clientName(state: DbState, clientId: string): string {
  return state.collectionClients.find((c) => c.id === clientId)?.name ?? '';
}

/** Reference `model.client-scheduled-job`. */
export function toTaskRecord(state: DbState, t: StoredTask) {
  return {
    id: t.id,
    ...baseOf(t),
    client_id: t.client_id,
    client_name: clientName(state, t.client_id),
    event_id: nullInt(t.event_id),
    status: t.status,
    statusMessage: t.status_message,
    start_time: t.start_time ?? ZERO_TIME,
    end_time: t.end_time ?? ZERO_TIME,
    log_path: nullString(t.log_path),
    ...flagsOf(t),
    domain_controller: nullString(t.domain_controller),
    event_title: t.event_title,
    last_ingest: t.last_ingest ?? ZERO_TIME,
    ous: [...t.ous],
    domains: [...t.domains],
    domain_results: t.domain_results.map(toDomainResultRecord),
  };
}

/** Reference `model.client-scheduled-job-display` (a client's current task). */
export function toTaskDisplayRecord(state: DbState, t: StoredTask) {
  return {
    id: t.id,
    client_id: t.client_id,
    client_name: clientName(state, t.client_id),
    event_id: nullInt(t.event_id),
    execution_time: t.execution_time,
    start_time: t.start_time ?? ZERO_TIME,
    end_time: t.end_time ?? ZERO_TIME,
    status: t.status,
    status_message: t.status_message,
    ...flagsOf(t),
    domain_controller: t.domain_controller ?? '',
    ous: t.ous.map((id) => ouDetails(state, id, true)),
    domains: t.domains.map((id) => domainDetails(state, id, true)),
    domain_results: t.domain_results.map(toDomainResultRecord),
  };
}

export function completedTaskCount(state: DbState, clientId: string): number {
  return state.collectionTasks.filter(
    (t) => t.client_id === clientId && (t.status === JobStatus.Complete || t.status === JobStatus.PartiallyComplete),
  ).length;
}

/** Reference `model.client-display`. No `token`: a client's key is shown only when it is created. */
export function toClientRecord(state: DbState, c: StoredCollectionClient, hydrate: Hydration) {
  const current = c.current_task_id === null ? undefined : state.collectionTasks.find((t) => t.id === c.current_task_id);
  const currentId = current ? { int64: current.id, valid: true } : { int64: 0, valid: false };
  const completed = completedTaskCount(state, c.id);
  return {
    id: c.id,
    name: c.name,
    ip_address: c.ip_address,
    hostname: c.hostname,
    configured_user: c.configured_user,
    last_checkin: c.last_checkin,
    events: state.collectionEvents.filter((e) => e.client_id === c.id).map((e) => toEventRecord(state, e, hydrate)),
    current_job_id: currentId,
    current_task_id: currentId,
    ...(current ? { current_job: toTaskDisplayRecord(state, current), current_task: toTaskDisplayRecord(state, current) } : {}),
    completed_job_count: completed,
    completed_task_count: completed,
    domain_controller: nullString(c.domain_controller),
    version: c.version,
    user_sid: nullString(c.user_sid),
    type: c.type,
  };
}

// ---------------------------------------------------------------------------
// Task rules
// ---------------------------------------------------------------------------

/** The domains a task collects: the ones it names, else the client's own (and, with all trusted domains, every existing one). */
export function domainsToCollect(state: DbState, task: StoredTask): StoredDirectoryObject[] {
  const client = state.collectionClients.find((c) => c.id === task.client_id);
  const ids = task.domains.length > 0 ? [...task.domains] : client ? [client.home_domain] : [];
  if (task.all_trusted_domains) {
    for (const d of existingDomains(state)) if (!ids.includes(d.objectid)) ids.push(d.objectid);
  }
  return ids.map(
    (id) =>
      directoryObject(state, id) ?? { objectid: id, name: id, kind: 'domain' as const, distinguishedname: '', exists: false },
  );
}

/**
 * Per-domain results of a finished task, deterministic for a task id: a
 * domain that no longer exists fails; the others get counts for what the
 * task collected.
 */
export function makeDomainResults(
  state: DbState,
  task: StoredTask,
  at: string,
  nextResultId: () => number,
): StoredDomainResult[] {
  const rng = new Rng(9000 + task.id * 7919);
  return domainsToCollect(state, task).map((d) => {
    const ok = d.exists;
    const structure = task.ad_structure_collection && ok;
    const certs = (task.cert_services_collection || task.ca_registry_collection) && ok;
    return {
      id: nextResultId(),
      job_id: task.id,
      domain_name: d.name,
      success: ok,
      message: ok ? 'Collected' : `The domain ${d.name} could not be reached: no domain controller answered.`,
      user_count: structure ? rng.int(400, 4000) : 0,
      group_count: structure ? rng.int(80, 900) : 0,
      computer_count: structure || ((task.session_collection || task.local_group_collection) && ok) ? rng.int(150, 2500) : 0,
      gpo_count: structure ? rng.int(10, 120) : 0,
      ou_count: structure ? rng.int(12, 160) : 0,
      container_count: structure ? rng.int(20, 90) : 0,
      aiaca_count: certs ? rng.int(1, 3) : 0,
      rootca_count: certs ? rng.int(1, 2) : 0,
      enterpriseca_count: certs ? rng.int(1, 4) : 0,
      ntauthstore_count: certs ? 1 : 0,
      certtemplate_count: certs ? rng.int(20, 60) : 0,
      deleted_count: structure ? rng.int(0, 25) : 0,
      created_at: at,
      updated_at: at,
      deleted_at: null,
    };
  });
}

/** A finished task's status and message, from its domain results: complete, partially complete or failed. */
export function setOutcome(task: StoredTask): void {
  const failed = task.domain_results.filter((r) => !r.success).length;
  const total = task.domain_results.length;
  if (failed === 0) {
    task.status = JobStatus.Complete;
    task.status_message = `Collection complete: ${plural(total, 'domain')} collected.`;
  } else if (failed < total) {
    task.status = JobStatus.PartiallyComplete;
    task.status_message = `${total - failed} of ${total} domains collected; ${failed} could not be reached.`;
  } else {
    task.status = JobStatus.Failed;
    task.status_message = 'No domain could be collected: no domain controller answered.';
  }
}

/** Finishes a task now: status from its domain results, end time, results. */
export function finishTask(db: MockDb, task: StoredTask, now: Date): void {
  const state = db.state;
  const at = now.toISOString();
  keepLog(state, task);
  if (!task.start_time) task.start_time = at;
  task.end_time = at;
  task.last_ingest = at;
  task.domain_results = makeDomainResults(state, task, at, () => db.nextId('collection-domain-result'));
  setOutcome(task);
  task.log_path = task.log_path ?? `C:\\ProgramData\\SharpHound\\logs\\task-${task.id}.log`;
  task.updated_at = at;
  writeLog(state, task, finishedLines(state, task, at));
}

/** The client starts a waiting task at `at`: running, with its start in the log. */
export function startTask(state: DbState, task: StoredTask, at: string): void {
  keepLog(state, task);
  task.status = JobStatus.Running;
  task.status_message = 'Collection in progress.';
  task.start_time = at;
  task.updated_at = at;
  writeLog(state, task, startedLines(state, task, at));
}

/** Makes the oldest ready task of each idle client its current task. */
function assignCurrentTasks(state: DbState): boolean {
  let changed = false;
  for (const client of state.collectionClients) {
    const current =
      client.current_task_id === null ? undefined : state.collectionTasks.find((t) => t.id === client.current_task_id);
    if (current && isOpenTask(current)) continue;
    const next = state.collectionTasks
      .filter((t) => t.client_id === client.id && t.status === JobStatus.Ready)
      .sort((a, b) => a.id - b.id)[0];
    const id = next?.id ?? null;
    if (client.current_task_id !== id) {
      client.current_task_id = id;
      changed = true;
    }
  }
  return changed;
}

/**
 * Moves tasks along with time, as clients would: a client's current task
 * that is ready starts `pickupMs` after it was created (the client checks in).
 * Called before every read, so the transition is derived from time.
 */
export function advanceTasks(db: MockDb, now: Date, pickupMs: number): void {
  const state = db.state;
  let changed = assignCurrentTasks(state);
  for (const client of state.collectionClients) {
    const task = client.current_task_id === null ? undefined : state.collectionTasks.find((t) => t.id === client.current_task_id);
    if (!task || task.status !== JobStatus.Ready) continue;
    const startAt = Date.parse(task.created_at) + pickupMs;
    if (startAt > now.getTime()) continue;
    const at = new Date(startAt).toISOString();
    startTask(state, task, at);
    if (Date.parse(client.last_checkin) < startAt) client.last_checkin = at;
    changed = true;
  }
  if (changed) db.changed();
}

/** After a task ends or is deleted: the client moves on to its next ready task. */
export function releaseClient(db: MockDb, clientId: string): void {
  const client = db.state.collectionClients.find((c) => c.id === clientId);
  if (!client) return;
  client.current_task_id = null;
  assignCurrentTasks(db.state);
}
