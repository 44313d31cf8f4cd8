/**
 * Collection clients, scheduled events and jobs (tasks, by their deprecated name; enterprise edition only),
 * as `collectionOps` declares them; reference
 * `model.client-scheduled-job`, `model.client-scheduled-job-display`,
 * `model.client-schedule-display`, `model.client-display`,
 * `model.domain-collection-result`, `model.ou-details`, `model.domain-details`,
 * `model.auth-token`, operations ListClients, CreateClientScheduledTask,
 * EndClientJob, ListClientSchedules, GetClientSchedule; the job operations CreateClientScheduledJob,
 * ListClientCompletedJobs, ListAvailableClientJobs, GetClientCurrentJob, StartClientJob,
 * ListClientFinishedJobs, CancelClientJob and GetClientJobLog.
 */
import { z } from 'zod';
import { labelsFor } from '../../shared/value-labels';
import { flagParam, listQuery, predicateFilter, type Paging } from '../list-query';
import {
  baseFields,
  dataEnvelope,
  intPathParam,
  jobStatus,
  makeNullableStringInput,
  nullableInt,
  nullableInt64,
  nullableString,
  pagedEnvelope,
  pagination,
  timestamp,
  uuidString,
} from './wire-format';
import { booleanField, fieldError, HOST_NAME_MAX_LENGTH, requiredText, uuidField } from './field-rules';
import { authToken } from './tokens';
import { user } from './users';

/** Reference `model.domain-collection-result`. */
export const domainResult = z.object({
  ...baseFields,
  job_id: z.int(),
  domain_name: z.string(),
  success: z.boolean(),
  message: z.string(),
  user_count: z.int(),
  group_count: z.int(),
  computer_count: z.int(),
  gpo_count: z.int(),
  ou_count: z.int(),
  container_count: z.int(),
  aiaca_count: z.int(),
  rootca_count: z.int(),
  enterpriseca_count: z.int(),
  ntauthstore_count: z.int(),
  certtemplate_count: z.int(),
  deleted_count: z.int(),
});
export type DomainResult = z.infer<typeof domainResult>;

/** The seven collection/scope flags shared by tasks, events and the task body. */
export const COLLECTION_FLAGS = [
  'session_collection',
  'local_group_collection',
  'ad_structure_collection',
  'cert_services_collection',
  'ca_registry_collection',
  'dc_registry_collection',
  'all_trusted_domains',
] as const;
export type CollectionFlag = (typeof COLLECTION_FLAGS)[number];

/** The flags that choose something to collect (`all_trusted_domains` is a scope, not a collection). */
export const COLLECTION_TYPE_FLAGS = [
  'session_collection',
  'local_group_collection',
  'ad_structure_collection',
  'cert_services_collection',
  'ca_registry_collection',
  'dc_registry_collection',
] as const;

/** English labels for the flags, for forms and tables. */
export const COLLECTION_FLAG_LABELS: Record<CollectionFlag, string> = {
  session_collection: 'Sessions',
  local_group_collection: 'Local groups',
  ad_structure_collection: 'AD structure',
  cert_services_collection: 'Certificate services',
  ca_registry_collection: 'CA registry',
  dc_registry_collection: 'DC registry',
  all_trusted_domains: 'All trusted domains',
};

/** What a collection collects: the flags of a task and of a scheduled event. */
export const collectionFlagFields = {
  session_collection: z.boolean(),
  local_group_collection: z.boolean(),
  ad_structure_collection: z.boolean(),
  cert_services_collection: z.boolean(),
  ca_registry_collection: z.boolean(),
  dc_registry_collection: z.boolean(),
  all_trusted_domains: z.boolean(),
};

/**
 * Reference `model.client-scheduled-job`. The status
 * message key is camelCase `statusMessage` in both `collectionOps.endClientJob`'s answer and the
 * reference (unlike `status_message` on file-upload jobs and job displays).
 */
export const scheduledTask = z.object({
  ...baseFields,
  client_id: uuidString,
  client_name: z.string(),
  event_id: nullableInt,
  status: jobStatus,
  statusMessage: z.string(),
  start_time: timestamp,
  end_time: timestamp,
  log_path: nullableString,
  ...collectionFlagFields,
  domain_controller: nullableString,
  event_title: z.string(),
  last_ingest: timestamp,
  ous: z.array(z.string()),
  domains: z.array(z.string()),
  domain_results: z.array(domainResult),
});
export type ScheduledTask = z.infer<typeof scheduledTask>;

/** `collectionOps.createClientScheduledTask` and `collectionOps.endClientJob`: `{ data: scheduledTask }`. */
export const scheduledTaskResponse = dataEnvelope(scheduledTask);
export type ScheduledTaskResponse = z.infer<typeof scheduledTaskResponse>;

/**
 * A scheduled event's `ous` entry / reference `model.ou-details`. The reference marks
 * name, exists, distinguishedname and type nullable; with `hydrate_ous=false`
 * only `objectid` is sent, so they are also optional.
 */
export const ouDetails = z.object({
  objectid: z.string(),
  name: z.string().nullish(),
  exists: z.boolean().nullish(),
  distinguishedname: z.string().nullish(),
  type: z.string().nullish(),
});
export type OuDetails = z.infer<typeof ouDetails>;

/** A scheduled event's `domains` entry / reference `model.domain-details` (same hydration note as `ouDetails`). */
export const domainDetails = z.object({
  objectid: z.string(),
  name: z.string().nullish(),
  exists: z.boolean().nullish(),
  type: z.string().nullish(),
});
export type DomainDetails = z.infer<typeof domainDetails>;

/** Scheduled event / reference `model.client-schedule-display`. */
export const scheduledEvent = z.object({
  id: z.int(),
  client_id: uuidString,
  rrule: z.string(),
  ...collectionFlagFields,
  ous: z.array(ouDetails),
  domains: z.array(domainDetails),
  /** The rule's next run (the mock sends it, as `model.client-schedule` has it; absent when there is none). */
  next_scheduled_at: timestamp.optional(),
});
export type ScheduledEvent = z.infer<typeof scheduledEvent>;

/** `collectionOps.getClientSchedule`: `{ data: scheduledEvent }`. */
export const scheduledEventResponse = dataEnvelope(scheduledEvent);
export type ScheduledEventResponse = z.infer<typeof scheduledEventResponse>;

/** GET /api/v2/events (reference ListClientSchedules): paginated `{ count, skip, limit, data: scheduledEvent[] }`. */
export const scheduledEventsListResponse = pagedEnvelope(scheduledEvent);
export type ScheduledEventsListResponse = z.infer<typeof scheduledEventsListResponse>;

/** Reference `model.client-scheduled-job-display` (a client's current job/task). */
export const scheduledJobDisplay = z.object({
  id: z.int(),
  client_id: uuidString,
  client_name: z.string(),
  event_id: nullableInt,
  execution_time: timestamp,
  start_time: timestamp,
  end_time: timestamp,
  status: jobStatus,
  status_message: z.string(),
  ...collectionFlagFields,
  domain_controller: z.string(),
  ous: z.array(ouDetails),
  domains: z.array(domainDetails),
  domain_results: z.array(domainResult),
});
export type ScheduledJobDisplay = z.infer<typeof scheduledJobDisplay>;

/**
 * Reference `enum.client-type`: the types this console knows (the enum has grown before: `openhound`).
 * Responses keep any type as it came (see `client.type`); what the console sends is checked against these.
 */
export const CLIENT_TYPES = ['sharphound', 'azurehound', 'openhound'] as const;
export const clientType = z.enum(CLIENT_TYPES);
export type ClientType = z.infer<typeof clientType>;

/** Whether the console knows what a client of this type collects (and so may run or schedule it). */
export function isKnownClientType(type: string): type is ClientType {
  return (CLIENT_TYPES as readonly string[]).includes(type);
}

/**
 * Reference `model.client-display` (ListClients). `ip_address` is format ipv4
 * in the reference; it is read as plain text so an IPv6 or empty address does
 * not break the page. The `*_task*` fields are newer aliases and optional, as
 * are `token` and `current_job`.
 */
export const client = z.object({
  id: uuidString,
  name: z.string(),
  ip_address: z.string(),
  hostname: z.string(),
  configured_user: z.string(),
  last_checkin: timestamp,
  events: z.array(scheduledEvent),
  token: authToken.optional(),
  current_job_id: nullableInt64,
  current_task_id: nullableInt64.optional(),
  current_job: scheduledJobDisplay.optional(),
  current_task: scheduledJobDisplay.optional(),
  completed_job_count: z.int(),
  completed_task_count: z.int().optional(),
  domain_controller: nullableString,
  version: z.string(),
  user_sid: nullableString,
  /** Open-ended: a type the console does not know is kept as it came (shown unknown, never run or scheduled). */
  type: z.string(),
});
export type Client = z.infer<typeof client>;

/**
 * GET /api/v2/self as the reference has it (`api.response.authenticated-requester`): a user or (enterprise) a
 * collector client. The console reads `selfResponse` (./auth), a user; this one is here, beside the client, so
 * the sign-in and account pages need not build the collection schemas.
 */
export const authenticatedRequesterResponse = dataEnvelope(z.union([user, client]));
export type AuthenticatedRequesterResponse = z.infer<typeof authenticatedRequesterResponse>;

/** GET /api/v2/clients (reference ListClients): paginated `{ count, skip, limit, data: client[] }`. */
export const clientsListResponse = pagedEnvelope(client);
export type ClientsListResponse = z.infer<typeof clientsListResponse>;

export const NO_COLLECTION_MESSAGE = 'Choose at least one collection type';

/** The seven flags as request fields (task and event bodies): optional booleans with messages naming them. */
const optionalFlagFields = {
  session_collection: booleanField('Session collection').optional(),
  local_group_collection: booleanField('Local group collection').optional(),
  ad_structure_collection: booleanField('AD structure collection').optional(),
  cert_services_collection: booleanField('Certificate services collection').optional(),
  ca_registry_collection: booleanField('CA registry collection').optional(),
  dc_registry_collection: booleanField('DC registry collection').optional(),
  all_trusted_domains: booleanField('All trusted domains').optional(),
};

/** A domain controller is a DNS host name: letters, digits, dots and hyphens. */
export const DOMAIN_CONTROLLER_PATTERN =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

export const DOMAIN_CONTROLLER_MESSAGE = 'Domain controller must be a host name such as dc01.corp.example.com';
/** Optional domain controller: text (empty means none), null or `{string, valid}`; a host name when given. */
const domainControllerField = makeNullableStringInput('Domain controller', HOST_NAME_MAX_LENGTH)
  .transform((v) => (v === null || v.trim() === '' ? null : v.trim()))
  .refine((v) => v === null || DOMAIN_CONTROLLER_PATTERN.test(v), { error: DOMAIN_CONTROLLER_MESSAGE });

/**
 * `collectionOps.createClientScheduledTask` body: seven optional
 * booleans and `domain_controller` (nullable string: plain, null or
 * `{string, valid}`; a host name when given, output trimmed `string | null`,
 * empty meaning none). At least one collection type
 * must be chosen; that error has an empty path (form-level).
 */
export const createTaskBody = z
  .object({
    ...optionalFlagFields,
    domain_controller: domainControllerField.optional(),
  })
  .refine((b) => COLLECTION_TYPE_FLAGS.some((f) => b[f] === true), {
    error: NO_COLLECTION_MESSAGE,
  });
export type CreateTaskBody = z.output<typeof createTaskBody>;
export type CreateTaskBodyInput = z.input<typeof createTaskBody>;

// ---------------------------------------------------------------------------
// Task reads (console side)
// ---------------------------------------------------------------------------

/** Go's zero time (and anything before year 2) means "not set". */
function timeOrNull(t: string): string | null {
  return t.startsWith('0001-') ? null : t;
}

/**
 * One job as the console shows it, whichever record carried it: the
 * scheduled task (a run started, a job ended) or the reference
 * `model.client-scheduled-job-display` (job reads and lists). Unset times are
 * null; nullable wrappers are unwrapped. `event_title`, `created_at`,
 * `last_ingest` and `log_path` are undefined where the record does not carry
 * them (a display record), null where it says there is none.
 */
export interface TaskView {
  id: number;
  client_id: string;
  client_name: string;
  event_id: number | null;
  event_title: string | null | undefined;
  status: number;
  status_message: string;
  created_at: string | null | undefined;
  execution_time: string | null;
  start_time: string | null;
  end_time: string | null;
  last_ingest: string | null | undefined;
  log_path: string | null | undefined;
  session_collection: boolean;
  local_group_collection: boolean;
  ad_structure_collection: boolean;
  cert_services_collection: boolean;
  ca_registry_collection: boolean;
  dc_registry_collection: boolean;
  all_trusted_domains: boolean;
  domain_controller: string | null;
  /** OU and domain identifiers (a display record's names where it has them). */
  ous: string[];
  domains: string[];
  domain_results: DomainResult[];
}

function flagsOf(t: Record<CollectionFlag, boolean>): Record<CollectionFlag, boolean> {
  return Object.fromEntries(COLLECTION_FLAGS.map((f) => [f, t[f]])) as Record<CollectionFlag, boolean>;
}

export function taskViewFromTask(t: ScheduledTask): TaskView {
  return {
    id: t.id,
    client_id: t.client_id,
    client_name: t.client_name,
    event_id: t.event_id.valid ? t.event_id.int32 : null,
    event_title: t.event_title || null,
    status: t.status,
    status_message: t.statusMessage,
    created_at: t.created_at,
    execution_time: null,
    start_time: timeOrNull(t.start_time),
    end_time: timeOrNull(t.end_time),
    last_ingest: timeOrNull(t.last_ingest),
    log_path: t.log_path.valid ? t.log_path.string : null,
    ...flagsOf(t),
    domain_controller: t.domain_controller.valid && t.domain_controller.string !== '' ? t.domain_controller.string : null,
    ous: t.ous,
    domains: t.domains,
    domain_results: t.domain_results,
  };
}

export function taskViewFromDisplay(t: ScheduledJobDisplay): TaskView {
  return {
    id: t.id,
    client_id: t.client_id,
    client_name: t.client_name,
    event_id: t.event_id.valid ? t.event_id.int32 : null,
    event_title: undefined,
    status: t.status,
    status_message: t.status_message,
    created_at: undefined,
    execution_time: timeOrNull(t.execution_time),
    start_time: timeOrNull(t.start_time),
    end_time: timeOrNull(t.end_time),
    last_ingest: undefined,
    log_path: undefined,
    ...flagsOf(t),
    domain_controller: t.domain_controller || null,
    ous: t.ous.map((o) => o.name || o.objectid),
    domains: t.domains.map((d) => d.name || d.objectid),
    domain_results: t.domain_results,
  };
}

/** A task read: either record shape, normalised to {@link TaskView}. */
export const taskView = z
  .union([scheduledTask, scheduledJobDisplay])
  .transform((t): TaskView => ('statusMessage' in t ? taskViewFromTask(t) : taskViewFromDisplay(t)));

/**
 * GET /api/v2/jobs/{job_id} (upstream GetClientJob; outside the reference
 * subset, enterprise only): `{ data: task }`.
 */
export const taskResponse = dataEnvelope(taskView);

/**
 * GET /api/v2/jobs (reference GetClientJobs, enterprise only): `{ data: task[] }`. The service pages it
 * (`count`, `skip`, `limit` beside `data`), but the reference's answer has none of them, so they are optional
 * (a table pages on by what an answer holds; see DataTable).
 */
export const tasksListResponse = z.object({ ...pagination.partial().shape, data: z.array(taskView) });
export type TasksListResponse = z.infer<typeof tasksListResponse>;

/** Task statuses that are still moving (reference `enum.job-status`: ready, running, ingesting, analyzing). */
export const UNFINISHED_JOB_STATUSES: readonly number[] = [0, 1, 6, 7];

/** True once a task or job has reached a final status. */
export function isJobFinished(status: number): boolean {
  return !UNFINISHED_JOB_STATUSES.includes(status);
}

// ---------------------------------------------------------------------------
// Jobs: upstream's current names for collection tasks, over the same records
// ---------------------------------------------------------------------------

/** POST /api/v2/clients/{client_id}/jobs (reference CreateClientScheduledJob): the "run now" body of the task operation. */
export const createJobBody = createTaskBody;
export type CreateJobBodyInput = CreateTaskBodyInput;
/** POST /api/v2/clients/{client_id}/jobs: the new job (reference `model.client-scheduled-job`). */
export const createdJobResponse = scheduledTaskResponse;

/** GET /api/v2/jobs/{job_id} (reference GetClientJob). */
export const jobResponse = taskResponse;
/** GET /api/v2/jobs and GET /api/v2/jobs/finished (reference ListClientFinishedJobs): a page of jobs. */
export const jobsListResponse = tasksListResponse;

/** GET /api/v2/jobs/available (reference ListAvailableClientJobs, a client's own token): its waiting jobs. */
export const availableJobsResponse = dataEnvelope(z.array(scheduledJobDisplay));
/** GET /api/v2/jobs/current (reference GetClientCurrentJob, a client's own token): its running job. */
export const currentJobResponse = dataEnvelope(scheduledJobDisplay);

/**
 * POST /api/v2/jobs/start body (reference StartClientJob, a client's own token): the id of one of its
 * waiting jobs; without one, its next waiting job starts. Answered with the job (`model.client-scheduled-job`).
 */
export const startJobBody = z.object({
  id: z.int({ error: 'id must be a whole number' }).positive({ error: 'id must be a job id' }).optional(),
});
export type StartJobBody = z.output<typeof startJobBody>;
export const startedJobResponse = scheduledTaskResponse;

/** PUT /api/v2/jobs/{job_id}/cancel (reference CancelClientJob): the job, canceled (`model.client-scheduled-job-display`). */
export const canceledJobResponse = dataEnvelope(taskView);

/** GET /api/v2/jobs/{job_id}/log (reference GetClientJobLog): what the job's run wrote, as text. */
export const jobLog = z.object({ log: z.string().optional() });
export const jobLogResponse = dataEnvelope(jobLog);
export type JobLog = z.infer<typeof jobLog>;

/** POST /__mock/clients/{client_id}/token (mock service only): a collection client's bearer token. */
export const mockClientTokenResponse = dataEnvelope(z.object({ token: z.string() }));

// ---------------------------------------------------------------------------
// Client management (reference CreateClient, GetClient, UpdateClient,
// DeleteClient, ReplaceClientToken, ListClientCompletedTasks)
// ---------------------------------------------------------------------------

/** A client's name: required, at most this many characters, no hidden characters; unique (case-insensitive). */
export const CLIENT_NAME_MAX_LENGTH = 100;

/** The client types a person can register (`openhound` clients register themselves). */
export const REGISTERABLE_CLIENT_TYPES = ['sharphound', 'azurehound'] as const;

/** The product names of the client types. */
export const CLIENT_TYPE_NAMES: Record<ClientType, string> = {
  sharphound: 'SharpHound',
  azurehound: 'AzureHound',
  openhound: 'OpenHound',
};

/** "SharpHound", "AzureHound", "OpenHound"; any other type as it came, unknown. */
export const clientTypeLabel = labelsFor(CLIENT_TYPE_NAMES);

export const AZUREHOUND_DC_MESSAGE =
  'Domain controller is for SharpHound clients only: AzureHound collects Azure, not a domain. Leave it empty.';

const clientNameField = requiredText('Name', { max: CLIENT_NAME_MAX_LENGTH, plain: true });

/**
 * POST /api/v2/clients body (reference CreateClient): `name`, `type`
 * (SharpHound or AzureHound) and, for SharpHound, an optional
 * `domain_controller`. The reference's `events` may be sent empty only:
 * events are scheduled once the client exists (POST /api/v2/events).
 */
export const createClientBody = z
  .object({
    name: clientNameField,
    type: z.enum(REGISTERABLE_CLIENT_TYPES, { error: 'Type must be sharphound or azurehound' }),
    domain_controller: domainControllerField.optional(),
    events: z
      .array(z.unknown(), { error: 'Events must be a list' })
      .max(0, { error: 'Events cannot be created with the client: register it, then schedule its events' })
      .optional(),
  })
  .refine((b) => b.type !== 'azurehound' || !b.domain_controller, {
    error: AZUREHOUND_DC_MESSAGE,
    path: ['domain_controller'],
  });
export type CreateClientBody = z.output<typeof createClientBody>;
export type CreateClientBodyInput = z.input<typeof createClientBody>;

/** PUT /api/v2/clients/{client_id} body (reference UpdateClient): a field left out keeps its value. */
export const updateClientBody = z.object({
  name: clientNameField.optional(),
  domain_controller: domainControllerField.optional(),
});
export type UpdateClientBody = z.output<typeof updateClientBody>;
export type UpdateClientBodyInput = z.input<typeof updateClientBody>;

/** A client's token as it is shown once (creation and regeneration): `key` is the collector's credential. */
export const shownClientToken = authToken.extend({ key: z.string().min(1) });
export type ShownClientToken = z.infer<typeof shownClientToken>;

/** GET and PUT /api/v2/clients/{client_id}: `{ data: client }`. */
export const clientResponse = dataEnvelope(client);

/** POST /api/v2/clients: the new client with its token, shown once. */
export const createdClientResponse = dataEnvelope(client.extend({ token: shownClientToken }));
export type CreatedClient = z.infer<typeof createdClientResponse>['data'];

/** PUT /api/v2/clients/{client_id}/token (reference ReplaceClientToken): the new token, shown once. */
export const clientTokenResponse = dataEnvelope(shownClientToken);

/** GET /api/v2/clients/{client_id}/completed-tasks: a page of the client's finished tasks (job display records). */
export const completedTasksResponse = pagedEnvelope(taskView);
export type CompletedTasksResponse = z.infer<typeof completedTasksResponse>;
/** GET /api/v2/clients/{client_id}/completed-jobs (reference ListClientCompletedJobs). */
export const completedJobsResponse = completedTasksResponse;

// ---------------------------------------------------------------------------
// Scheduled event writes (reference CreateClientSchedule, UpdateClientEvent)
// ---------------------------------------------------------------------------

/** At most this many OUs, and this many domains, on one event. */
export const EVENT_TARGETS_MAX = 200;

const objectIdList = (label: string) =>
  z
    .array(
      z
        .string({ error: `${label} must be a list of object ids` })
        .trim()
        .min(1, { error: `${label}: an object id is empty` }),
      {
        error: `${label} must be a list of object ids`,
      },
    )
    .max(EVENT_TARGETS_MAX, { error: `${label}: at most ${EVENT_TARGETS_MAX} per event` });

/**
 * POST /api/v2/events and PUT /api/v2/events/{event_id} body, reference
 * `model.client-schedule` (its read-only fields, if sent, are ignored): the
 * client (required to create; on an update it defaults to the event's), the
 * RFC 5545 rule with its start (`DTSTART:...\nRRULE:...`, checked by
 * `ruleProblem` in schedule.ts), the flags (absent = off) and the object ids
 * of the OUs and domains to collect (absent = none).
 */
export const eventBody = z.object({
  client_id: uuidField('client_id').optional(),
  rrule: z.string({ error: fieldError('rrule', 'text: DTSTART and RRULE lines') }).max(2000, {
    error: 'rrule: at most 2000 characters',
  }),
  ...optionalFlagFields,
  ous: objectIdList('ous').optional(),
  domains: objectIdList('domains').optional(),
});
export type EventBody = z.output<typeof eventBody>;
export type EventBodyInput = z.input<typeof eventBody>;

/** What a client type can be asked to collect on a schedule. */
export interface ClientTypeSupport {
  /** The collection flags it honours. */
  flags: readonly CollectionFlag[];
  /** Whether it collects Active Directory OUs and domains (named ones). */
  targets: boolean;
  /** What it collects, for people. */
  summary: string;
}

/**
 * SharpHound collects Active Directory: every flag, OUs and domains.
 * AzureHound (and OpenHound) collect a cloud tenant as a whole: only the
 * structure collection, no sessions, local groups, certificate services,
 * registries, trusted domains, OUs or domains.
 */
export const CLIENT_TYPE_SUPPORT: Record<ClientType, ClientTypeSupport> = {
  sharphound: { flags: COLLECTION_FLAGS, targets: true, summary: 'SharpHound collects Active Directory' },
  azurehound: {
    flags: ['ad_structure_collection'],
    targets: false,
    summary: 'AzureHound collects an Azure tenant as a whole: its structure only, without OUs or domains',
  },
  openhound: {
    flags: ['ad_structure_collection'],
    targets: false,
    summary: 'OpenHound collects its source as a whole: its structure only, without OUs or domains',
  },
};

/**
 * What a client of a type this console does not know collects: nothing it would offer. Running or
 * scheduling such a client would mean guessing which collections it honours, so the console offers none
 * (the pages offer no run or schedule for it at all; this is the last guard).
 */
export const UNKNOWN_CLIENT_TYPE_SUPPORT: ClientTypeSupport = {
  flags: [],
  targets: false,
  summary: 'this console does not know what clients of this type collect, so it cannot run or schedule them',
};

/** What a client of this type collects; no type yet (nothing chosen) is SharpHound's, an unknown one nothing. */
export function clientTypeSupport(type: string | undefined): ClientTypeSupport {
  if (type === undefined) return CLIENT_TYPE_SUPPORT.sharphound;
  return isKnownClientType(type) ? CLIENT_TYPE_SUPPORT[type] : UNKNOWN_CLIENT_TYPE_SUPPORT;
}

// ---------------------------------------------------------------------------
// Path parameters and list queries (collectionOps)
// ---------------------------------------------------------------------------

/** A collection client's id in a path. */
export const clientIdParam = uuidField('client_id');
/** A scheduled event's id in a path. */
export const eventIdParam = intPathParam('event_id');
/** A collection job's id in a path. */
export const jobIdParam = intPathParam('job_id');

/** The collection lists' paging: 100 rows by default, a limit over MAX_LIMIT refused. */
export const COLLECTION_PAGING: Paging = { defaultLimit: 100, overMax: 'refuse' };

/** Whether OUs and domains come with their details (default) or as bare object ids. */
export const HYDRATION_PARAMS = { hydrate_ous: flagParam('hydrate_ous'), hydrate_domains: flagParam('hydrate_domains') };

/** The job lists' sorting and filters (every job, the finished ones, a client's waiting ones). */
const JOB_LIST_QUERY = {
  params: HYDRATION_PARAMS,
  // The reference's sortable columns, but client_name (a job keeps its client's id, not its name).
  sortBy: [
    'id',
    'status',
    'execution_time',
    'start_time',
    'end_time',
    'created_at',
    'updated_at',
    'deleted_at',
    'last_ingest',
    'log_path',
    'domain_controller',
    'event_title',
    'event_id',
  ] as const,
  filters: {
    client_id: predicateFilter('client_id', ['eq']),
    event_id: predicateFilter('event_id', ['eq'], { integer: true }),
    status: predicateFilter('status', ['eq'], { integer: true }),
  },
};

/** GET /api/v2/jobs and /api/v2/jobs/finished: paged. */
export const jobsListQuery = listQuery({ ...JOB_LIST_QUERY, paging: COLLECTION_PAGING });

/** GET /api/v2/jobs/available: the same filters and sorting, answered whole (the reference pages it not). */
export const availableJobsQuery = listQuery(JOB_LIST_QUERY);

/** A client's finished jobs (and their deprecated task name). */
export const completedJobsQuery = listQuery({
  paging: COLLECTION_PAGING,
  params: HYDRATION_PARAMS,
  sortBy: [
    'event_id',
    'execution_time',
    'status',
    'start_time',
    'end_time',
    'log_path',
    'domain_controller',
    'event_title',
    'last_ingest',
    'id',
    'created_at',
    'updated_at',
    'deleted_at',
  ],
  filters: {
    id: predicateFilter('id', ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'], { integer: true }),
    event_id: predicateFilter('event_id', ['eq', 'neq'], { integer: true }),
    status: predicateFilter('status', ['eq', 'neq'], { integer: true }),
  },
});
