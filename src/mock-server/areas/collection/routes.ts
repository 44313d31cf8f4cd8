/**
 * Collection (enterprise edition only): scheduled events, clients, tasks and
 * job end. On a community server every route here answers 404, as upstream.
 *
 *   GET    /api/v2/events                 paged; sort_by, client_id, hydrate_ous/domains
 *   GET    /api/v2/events/{event_id}      API document 2.10
 *   DELETE /api/v2/events/{event_id}      204; its tasks go with it (clients.Manage)
 *   GET    /api/v2/clients                paged; sort_by, name, hydrate_ous/domains
 *   POST   /api/v2/clients/{id}/tasks     a "run now" task, status 0 ready (clients.Tasking)
 *   GET    /api/v2/jobs                   paged task history; client_id, event_id, status filters
 *   GET    /api/v2/jobs/{job_id}          one task, API document 2.9
 *   POST   /api/v2/jobs/end               a collection client ends its current task
 *   POST   /__mock/clients/{id}/token     mock only: a client's bearer token (X-Mock-Control: 1, see mock-controls.ts)
 *
 * Registering, reading one, editing, deleting a client, its token and its
 * completed tasks: clients.ts. Creating and changing events: events.ts.
 */
import { AZUREHOUND_DC_MESSAGE, CLIENT_TYPE_SUPPORT, createTaskBody } from '../../../api/schemas/collection';
import { intPathParam, JobStatus, uuidField } from '../../../api/schemas/common';
import { nextRun } from '../../../shared/schedule';
import { confirmAccess } from '../../access';
import { enterpriseOnly, type MockArea } from '../../area';

import { badRequest, notFound } from '../../errors';
import { readJson, readParam } from '../../validate';
import { defineList, flagParam, listParams, number, predicateFilter, text, time, type Paging } from '../../list';
import { issueClientToken, registerClientRoutes } from './clients';
import { collectionFlagsFor, registerEventRoutes } from './events';
import { seedCollection } from './seed';
import {
  advanceTasks,
  clientById,
  completedTaskCount,
  DEFAULT_PICKUP_MS,
  finishTask,
  isOpenTask,
  releaseClient,
  toClientRecord,
  toEventRecord,
  toTaskRecord,
  type StoredCollectionClient,
  type StoredEvent,
  type StoredTask,
} from './store';

/** The collection lists' paging: 100 rows by default, a limit over MAX_LIMIT refused. */
const PAGING: Paging = { defaultLimit: 100, overMax: 'refuse' };

/** Whether OUs and domains come with their details (default) or as bare object ids. */
const HYDRATION = { hydrate_ous: flagParam('hydrate_ous'), hydrate_domains: flagParam('hydrate_domains') };

/** An event with its rule's next run (worked out once per request, not once per comparison). */
interface EventRow {
  event: StoredEvent;
  next: number | null;
}

export const EVENTS_LIST = defineList<EventRow>()({
  columns: {
    next_scheduled_at: number((r) => r.next),
    id: number((r) => r.event.id),
    created_at: time((r) => r.event.created_at),
    updated_at: time((r) => r.event.updated_at),
    deleted_at: time((r) => r.event.deleted_at),
    client_id: text((r) => r.event.client_id),
    rrule: text((r) => r.event.rrule),
  },
  paging: PAGING,
  params: HYDRATION,
  sortBy: ['next_scheduled_at', 'id', 'created_at', 'updated_at', 'deleted_at'],
  filters: { client_id: predicateFilter('client_id', ['eq']), rrule: predicateFilter('rrule', ['eq']) },
  defaultSort: [{ column: 'id', descending: false }],
  tieBreak: [{ column: 'id', descending: false }],
});

/** The parameters GET /api/v2/events/{id} reads as the list does (hydration; paging and sorting are checked, unused). */
export const EVENT_PARAMS = listParams({ paging: PAGING, params: HYDRATION, sortBy: [] });

/** A client with its number of completed tasks. */
interface ClientRow {
  client: StoredCollectionClient;
  completed: number;
}

export const CLIENTS_LIST = defineList<ClientRow>()({
  columns: {
    name: text((r) => r.client.name),
    ip_address: text((r) => r.client.ip_address),
    hostname: text((r) => r.client.hostname),
    configured_user: text((r) => r.client.configured_user),
    last_checkin: time((r) => r.client.last_checkin),
    completed_job_count: number((r) => r.completed),
    created_at: time((r) => r.client.created_at),
    updated_at: time((r) => r.client.updated_at),
    deleted_at: time((r) => r.client.deleted_at),
  },
  paging: PAGING,
  params: HYDRATION,
  sortBy: [
    'name',
    'ip_address',
    'hostname',
    'configured_user',
    'last_checkin',
    'completed_job_count',
    'created_at',
    'updated_at',
    'deleted_at',
  ],
  filters: { name: predicateFilter('name', ['eq', '~eq', 'neq'], { allowEmpty: true }) },
  defaultSort: [{ column: 'name', descending: false }],
});

export const TASKS_LIST = defineList<StoredTask>()({
  columns: {
    id: number((t) => t.id),
    status: number((t) => t.status),
    execution_time: time((t) => t.execution_time),
    start_time: time((t) => t.start_time),
    end_time: time((t) => t.end_time),
    created_at: time((t) => t.created_at),
    updated_at: time((t) => t.updated_at),
    client_id: text((t) => t.client_id),
    event_id: number((t) => t.event_id),
  },
  paging: PAGING,
  params: HYDRATION,
  sortBy: ['id', 'status', 'execution_time', 'start_time', 'end_time', 'created_at', 'updated_at'],
  filters: {
    client_id: predicateFilter('client_id', ['eq']),
    event_id: predicateFilter('event_id', ['eq'], { integer: true }),
    status: predicateFilter('status', ['eq'], { integer: true }),
  },
  defaultSort: [{ column: 'id', descending: true }],
  tieBreak: [{ column: 'id', descending: false }],
});

/** Lifetime of a client token from the mock-only token endpoint. */
const CLIENT_TOKEN_TTL_SECONDS = 24 * 3600;

export const collectionArea: MockArea = {
  name: 'collection',
  seed: (state) => seedCollection(state),
  routes(app, { db, config, tokens }) {
    const enterprise = enterpriseOnly(config);
    const pickupMs = () => config.collectionPickupMs ?? DEFAULT_PICKUP_MS;
    const advance = () => advanceTasks(db, new Date(), pickupMs());
    const hydrationOf = (q: { hydrate_ous?: string; hydrate_domains?: string }) => ({
      ous: q.hydrate_ous !== 'false',
      domains: q.hydrate_domains !== 'false',
    });
    const findEvent = (id: number) => {
      const event = db.state.collectionEvents.find((e) => e.id === id && e.deleted_at === null);
      if (!event) throw notFound('event_id', `No scheduled event has id ${id}.`);
      return event;
    };

    // ---- events -----------------------------------------------------------
    app.get('/api/v2/events', (c) => {
      const req = EVENTS_LIST.parse(c);
      const now = new Date();
      const rows = db.state.collectionEvents
        .filter((e) => e.deleted_at === null)
        .map((event) => ({ event, next: nextRun(event.rrule, now)?.getTime() ?? null }));
      const hydrate = hydrationOf(req.params);
      return c.json(EVENTS_LIST.page(EVENTS_LIST.select(rows, req), req, (r) => toEventRecord(db.state, r.event, hydrate)));
    });

    app.get('/api/v2/events/:event_id', (c) => {
      const id = readParam(c, 'event_id', intPathParam('event_id'));
      const { params } = EVENT_PARAMS.parse(c);
      return c.json({ data: toEventRecord(db.state, findEvent(id), hydrationOf(params)) });
    });

    app.delete('/api/v2/events/:event_id', (c) => {
      const id = readParam(c, 'event_id', intPathParam('event_id'));
      const event = findEvent(id);
      const state = db.state;
      const doomed = state.collectionTasks.filter((t) => t.event_id === id);
      state.collectionEvents = state.collectionEvents.filter((e) => e !== event);
      state.collectionTasks = state.collectionTasks.filter((t) => t.event_id !== id);
      for (const client of state.collectionClients) {
        if (client.current_task_id !== null && doomed.some((t) => t.id === client.current_task_id)) releaseClient(db, client.id);
      }
      db.changed();
      return c.body(null, 204);
    });

    registerEventRoutes(app, { db });

    // ---- clients ----------------------------------------------------------
    app.get('/api/v2/clients', (c) => {
      advance();
      const req = CLIENTS_LIST.parse(c);
      const rows = db.state.collectionClients
        .filter((client) => client.deleted_at === null)
        .map((client) => ({ client, completed: completedTaskCount(db.state, client.id) }));
      const hydrate = hydrationOf(req.params);
      return c.json(CLIENTS_LIST.page(CLIENTS_LIST.select(rows, req), req, (r) => toClientRecord(db.state, r.client, hydrate)));
    });

    app.post('/api/v2/clients/:client_id/tasks', async (c) => {
      const clientId = readParam(c, 'client_id', uuidField('client_id'));
      const body = await readJson(c, createTaskBody);
      confirmAccess(c);
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
        status_message: `Waiting for ${client.name} to pick up the task.`,
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
      db.state.collectionTasks.push(task);
      advance(); // an idle client takes it as its current task
      db.changed();
      return c.json({ data: toTaskRecord(db.state, task) });
    });

    registerClientRoutes(app, { db, config, tokens });

    // ---- tasks (jobs) -----------------------------------------------------
    app.get('/api/v2/jobs', (c) => {
      advance();
      const req = TASKS_LIST.parse(c);
      const tasks = TASKS_LIST.select(
        db.state.collectionTasks.filter((t) => t.deleted_at === null),
        req,
      );
      return c.json(TASKS_LIST.page(tasks, req, (t) => toTaskRecord(db.state, t)));
    });

    app.get('/api/v2/jobs/:job_id', (c) => {
      const id = readParam(c, 'job_id', intPathParam('job_id'));
      advance();
      const task = db.state.collectionTasks.find((t) => t.id === id && t.deleted_at === null);
      if (!task) throw notFound('job_id', `No task has id ${id}.`);
      return c.json({ data: toTaskRecord(db.state, task) });
    });

    // Called by a collection client, not a person.
    app.post('/api/v2/jobs/end', async (c) => {
      // The access table lets only a collection client's own token here.
      const principal = c.get('principal');
      const client = principal.kind === 'client' ? clientById(db.state, principal.clientId) : undefined;
      if (!client) throw notFound('client', 'The collection client of this token no longer exists.');
      advance();
      const task =
        client.current_task_id === null ? undefined : db.state.collectionTasks.find((t) => t.id === client.current_task_id);
      if (!task || !isOpenTask(task)) {
        throw badRequest('job', `The client ${client.name} has no task in progress to end.`);
      }
      const now = new Date();
      finishTask(db, task, now);
      client.last_checkin = now.toISOString();
      releaseClient(db, client.id);
      db.changed();
      return c.json({ data: toTaskRecord(db.state, task) });
    });

    // ---- mock only --------------------------------------------------------
    app.post('/__mock/clients/:client_id/token', enterprise, async (c) => {
      const clientId = readParam(c, 'client_id', uuidField('client_id'));
      const client = clientById(db.state, clientId);
      if (!client) throw notFound('client_id', `No collection client has id ${clientId}.`);
      return c.json({ data: { token: await issueClientToken(tokens, client, CLIENT_TOKEN_TTL_SECONDS) } });
    });
  },
};
