/**
 * Collection (enterprise edition only): scheduled events, clients and their
 * jobs. On a community server every route here answers 404, as upstream.
 *
 *   GET    /api/v2/events                 paged; sort_by, client_id, hydrate_ous/domains
 *   GET    /api/v2/events/{event_id}      API document 2.10
 *   DELETE /api/v2/events/{event_id}      204; its tasks go with it (clients.Manage)
 *   GET    /api/v2/clients                paged; sort_by, name, hydrate_ous/domains
 *   POST   /__mock/clients/{id}/token     mock only: a client's bearer token (X-Mock-Control: 1, see mock-controls.ts)
 *
 * Registering, reading one, editing, deleting a client, its token and its
 * completed jobs: clients.ts. Creating and changing events: events.ts. Jobs
 * (and their deprecated task names): jobs.ts.
 */
import { intPathParam, uuidField } from '../../../api/schemas/common';
import { nextRun } from '../../../shared/schedule';
import { enterpriseOnly, type MockArea } from '../../area';

import { notFound } from '../../errors';
import { readParam } from '../../validate';
import { defineList, flagParam, listParams, number, predicateFilter, text, time, type Paging } from '../../list';
import { issueClientToken, registerClientRoutes } from './clients';
import { registerEventRoutes } from './events';
import { registerJobRoutes } from './jobs';
import { seedCollection } from './seed';
import {
  advanceTasks,
  clientById,
  completedTaskCount,
  DEFAULT_PICKUP_MS,
  releaseClient,
  toClientRecord,
  toEventRecord,
  type StoredCollectionClient,
  type StoredEvent,
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

    registerJobRoutes(app, { db, advance });
    registerClientRoutes(app, { db, config, tokens });

    // ---- mock only --------------------------------------------------------
    app.post('/__mock/clients/:client_id/token', enterprise, async (c) => {
      const clientId = readParam(c, 'client_id', uuidField('client_id'));
      const client = clientById(db.state, clientId);
      if (!client) throw notFound('client_id', `No collection client has id ${clientId}.`);
      return c.json({ data: { token: await issueClientToken(tokens, client, CLIENT_TOKEN_TTL_SECONDS) } });
    });
  },
};
