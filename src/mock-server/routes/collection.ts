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
 *   POST   /__mock/clients/{id}/token     mock only: a client's bearer token
 */
import { z } from 'zod';
import { Permission } from '../../api/permissions';
import { createTaskBody } from '../../api/schemas/collection';
import { JobStatus, uuidField } from '../../api/schemas/common';
import { nextRun } from '../../features/collection/schedule';
import { enterpriseOnly, type MockArea } from '../area';
import { requirePermission } from '../auth';
import { badRequest, forbidden, notFound } from '../errors';
import { readJson, readParam, readQuery } from '../validate';
import { eqFilter, eqIntFilter, listQuery, page, sortBy, stringParam } from './collection-lists';
import { seedCollection } from './collection-seed';
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
  type StoredTask,
} from './collection-store';

const intId = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int({ error: `${label} must be a whole number` })
    .positive({ error: `${label} must be a positive whole number` });

const EVENT_SORT = ['next_scheduled_at', 'id', 'created_at', 'updated_at', 'deleted_at'] as const;
const CLIENT_SORT = [
  'name',
  'ip_address',
  'hostname',
  'configured_user',
  'last_checkin',
  'completed_job_count',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;
const TASK_SORT = ['id', 'status', 'execution_time', 'start_time', 'end_time', 'created_at', 'updated_at'] as const;

/** A domain controller is a host name: letters, digits, dots and hyphens. */
const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

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
    app.get('/api/v2/events', enterprise, (c) => {
      const q = readQuery(c, listQuery(EVENT_SORT, { client_id: stringParam, rrule: stringParam }));
      const clientId = eqFilter('client_id', q.client_id);
      const rrule = eqFilter('rrule', q.rrule);
      const now = new Date();
      const events = db.state.collectionEvents.filter(
        (e) =>
          e.deleted_at === null &&
          (clientId === undefined || e.client_id === clientId) &&
          (rrule === undefined || e.rrule === rrule),
      );
      // Each rule's next run once per request, not once per comparison.
      const next = new Map(events.map((e) => [e.id, nextRun(e.rrule, now)?.getTime() ?? null]));
      const sorted = sortBy(events, q.sort_by ?? [{ column: 'id', descending: false }], (e, column) => {
        if (column === 'next_scheduled_at') return next.get(e.id) ?? null;
        if (column === 'deleted_at') return e.deleted_at;
        return e[column];
      });
      const hydrate = hydrationOf(q);
      return c.json(page(sorted, q.skip ?? 0, q.limit ?? 100, (e) => toEventRecord(db.state, e, hydrate)));
    });

    app.get('/api/v2/events/:event_id', enterprise, (c) => {
      const id = readParam(c, 'event_id', intId('event_id'));
      const q = readQuery(c, listQuery([] as const));
      return c.json({ data: toEventRecord(db.state, findEvent(id), hydrationOf(q)) });
    });

    app.delete('/api/v2/events/:event_id', enterprise, (c) => {
      requirePermission(c, db, Permission.ClientsManage);
      const id = readParam(c, 'event_id', intId('event_id'));
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

    // ---- clients ----------------------------------------------------------
    app.get('/api/v2/clients', enterprise, (c) => {
      advance();
      const q = readQuery(c, listQuery(CLIENT_SORT, { name: stringParam }));
      const name = q.name === undefined ? undefined : nameFilter(q.name);
      const clients = db.state.collectionClients.filter((cl) => cl.deleted_at === null && (!name || name(cl.name)));
      const sorted = sortBy(clients, q.sort_by ?? [{ column: 'name', descending: false }], (cl, column) =>
        column === 'completed_job_count'
          ? completedTaskCount(db.state, cl.id)
          : column === 'deleted_at'
            ? cl.deleted_at
            : cl[column],
      );
      const hydrate = hydrationOf(q);
      return c.json(page(sorted, q.skip ?? 0, q.limit ?? 100, (cl) => toClientRecord(db.state, cl, hydrate)));
    });

    app.post('/api/v2/clients/:client_id/tasks', enterprise, async (c) => {
      requirePermission(c, db, Permission.ClientsTasking);
      const clientId = readParam(c, 'client_id', uuidField('client_id'));
      const body = await readJson(c, createTaskBody);
      const client = clientById(db.state, clientId);
      if (!client) throw notFound('client_id', `No collection client has id ${clientId}.`);
      const dc = body.domain_controller?.trim() || null;
      if (dc !== null && !HOST_NAME.test(dc)) {
        throw badRequest(
          'domain_controller',
          `Domain controller must be a host name such as dc01.corp.example.com, not "${dc}".`,
        );
      }
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
        session_collection: body.session_collection ?? false,
        local_group_collection: body.local_group_collection ?? false,
        ad_structure_collection: body.ad_structure_collection ?? false,
        cert_services_collection: body.cert_services_collection ?? false,
        ca_registry_collection: body.ca_registry_collection ?? false,
        dc_registry_collection: body.dc_registry_collection ?? false,
        all_trusted_domains: body.all_trusted_domains ?? false,
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

    // ---- tasks (jobs) -----------------------------------------------------
    app.get('/api/v2/jobs', enterprise, (c) => {
      advance();
      const q = readQuery(c, listQuery(TASK_SORT, { client_id: stringParam, event_id: stringParam, status: stringParam }));
      const clientId = eqFilter('client_id', q.client_id);
      const eventId = eqIntFilter('event_id', q.event_id);
      const status = eqIntFilter('status', q.status);
      const tasks = db.state.collectionTasks.filter(
        (t) =>
          t.deleted_at === null &&
          (clientId === undefined || t.client_id === clientId) &&
          (eventId === undefined || t.event_id === eventId) &&
          (status === undefined || t.status === status),
      );
      const sorted = sortBy(tasks, q.sort_by ?? [{ column: 'id', descending: true }], (t, column) => t[column]);
      return c.json(page(sorted, q.skip ?? 0, q.limit ?? 100, (t) => toTaskRecord(db.state, t)));
    });

    app.get('/api/v2/jobs/:job_id', enterprise, (c) => {
      const id = readParam(c, 'job_id', intId('job_id'));
      advance();
      const task = db.state.collectionTasks.find((t) => t.id === id && t.deleted_at === null);
      if (!task) throw notFound('job_id', `No task has id ${id}.`);
      return c.json({ data: toTaskRecord(db.state, task) });
    });

    // Called by a collection client, not a person.
    app.post('/api/v2/jobs/end', enterprise, (c) => {
      const principal = c.get('principal');
      if (principal.kind !== 'client') {
        throw forbidden('Only a collection client can end a job, with its own token; a user session cannot.');
      }
      const client = clientById(db.state, principal.clientId);
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
      if (!clientById(db.state, clientId)) throw notFound('client_id', `No collection client has id ${clientId}.`);
      return c.json({ data: { token: await tokens.issue(clientId, 'client', CLIENT_TOKEN_TTL_SECONDS) } });
    });
  },
};

/** `name` filter: eq, ~eq (contains, any case) or neq. */
function nameFilter(raw: string): (name: string) => boolean {
  const idx = raw.indexOf(':');
  const predicate = idx === -1 ? 'eq' : raw.slice(0, idx);
  const value = idx === -1 ? raw : raw.slice(idx + 1);
  if (predicate === 'eq') return (n) => n === value;
  if (predicate === 'neq') return (n) => n !== value;
  if (predicate === '~eq') return (n) => n.toLowerCase().includes(value.toLowerCase());
  throw badRequest('name', `The name filter supports eq, ~eq and neq, not "${predicate}".`);
}
