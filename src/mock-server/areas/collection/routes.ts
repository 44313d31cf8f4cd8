/**
 * Collection (enterprise edition only): scheduled events, clients and their
 * jobs. On a community server every route here answers 404, as upstream.
 *
 *   GET    /api/v2/events                 paged; sort_by, client_id, hydrate_ous/domains
 *   GET    /api/v2/events/{event_id}      collectionOps.getClientSchedule
 *   DELETE /api/v2/events/{event_id}      204; its tasks go with it (clients.Manage)
 *   GET    /api/v2/clients                paged; sort_by, name, hydrate_ous/domains
 *   POST   /__mock/clients/{id}/token     mock only: a client's bearer token (X-Mock-Control: 1, see mock-controls.ts)
 *
 * Registering, reading one, editing, deleting a client, its token and its
 * completed jobs: clients.ts. Creating and changing events: events.ts. Jobs
 * (and their deprecated task names): jobs.ts.
 */
import { collectionOps } from '../../../api/operations/collection';
import { clientIdParam } from '../../../api/schemas/collection';
import { nextRun } from '../../../shared/schedule';
import { enterpriseOnly, type MockArea } from '../../area';
import { notFound } from '../../errors';
import { readParam } from '../../validate';
import { defineList, number, text, time } from '../../list';
import { server } from '../../serve';
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

/** An event with its rule's next run (worked out once per request, not once per comparison). */
interface EventRow {
  event: StoredEvent;
  next: number | null;
}

export const EVENTS_LIST = defineList<EventRow>()({
  query: collectionOps.listClientSchedules.query,
  columns: {
    next_scheduled_at: number((r) => r.next),
    id: number((r) => r.event.id),
    created_at: time((r) => r.event.created_at),
    updated_at: time((r) => r.event.updated_at),
    deleted_at: time((r) => r.event.deleted_at),
    client_id: text((r) => r.event.client_id),
    rrule: text((r) => r.event.rrule),
  },
  defaultSort: [{ column: 'id', descending: false }],
  tieBreak: [{ column: 'id', descending: false }],
});

/** A client with its number of completed tasks. */
interface ClientRow {
  client: StoredCollectionClient;
  completed: number;
}

export const CLIENTS_LIST = defineList<ClientRow>()({
  query: collectionOps.listClients.query,
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
  defaultSort: [{ column: 'name', descending: false }],
});

/** Lifetime of a client token from the mock-only token endpoint. */
const CLIENT_TOKEN_TTL_SECONDS = 24 * 3600;

export const collectionArea: MockArea = {
  name: 'collection',
  seed: (state) => seedCollection(state),
  routes(app, ctx) {
    const { db, config, tokens } = ctx;
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

    const route = server(app, db);

    // ---- events -----------------------------------------------------------
    route(collectionOps.listClientSchedules, (c, { query: req }) => {
      const now = new Date();
      const rows = db.state.collectionEvents
        .filter((e) => e.deleted_at === null)
        .map((event) => ({ event, next: nextRun(event.rrule, now)?.getTime() ?? null }));
      const hydrate = hydrationOf(req.params);
      return c.json(EVENTS_LIST.page(EVENTS_LIST.select(rows, req), req, (r) => toEventRecord(db.state, r.event, hydrate)));
    });

    route(collectionOps.getClientSchedule, (c, { params, query }) => {
      return c.json({ data: toEventRecord(db.state, findEvent(params.event_id), hydrationOf(query.params)) });
    });

    route(collectionOps.deleteClientEvent, (c, { params }) => {
      const id = params.event_id;
      const event = findEvent(id);
      const state = db.state;
      const doomed = state.collectionTasks.filter((t) => t.event_id === id);
      state.collectionEvents = state.collectionEvents.filter((e) => e !== event);
      state.collectionTasks = state.collectionTasks.filter((t) => t.event_id !== id);
      for (const client of state.collectionClients) {
        if (client.current_task_id !== null && doomed.some((t) => t.id === client.current_task_id)) releaseClient(db, client.id);
      }
      return c.body(null, 204);
    });

    registerEventRoutes(route, { db });

    // ---- clients ----------------------------------------------------------
    route(collectionOps.listClients, (c, { query: req }) => {
      advance();
      const rows = db.state.collectionClients
        .filter((client) => client.deleted_at === null)
        .map((client) => ({ client, completed: completedTaskCount(db.state, client.id) }));
      const hydrate = hydrationOf(req.params);
      return c.json(CLIENTS_LIST.page(CLIENTS_LIST.select(rows, req), req, (r) => toClientRecord(db.state, r.client, hydrate)));
    });

    registerJobRoutes(route, { db, advance });
    registerClientRoutes(route, ctx);

    // ---- mock only --------------------------------------------------------
    app.post('/__mock/clients/:client_id/token', enterprise, async (c) => {
      const clientId = readParam(c, 'client_id', clientIdParam);
      const client = clientById(db.state, clientId);
      if (!client) throw notFound('client_id', `No collection client has id ${clientId}.`);
      return c.json({ data: { token: await issueClientToken(tokens, client, CLIENT_TOKEN_TTL_SECONDS) } });
    });
  },
};
