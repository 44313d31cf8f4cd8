/**
 * Scheduling collection (enterprise edition only): creating and changing
 * scheduled events, as upstream's CreateClientSchedule and UpdateClientEvent.
 *
 *   POST /api/v2/events              a new event (clients.Manage); 200 with the event
 *   PUT  /api/v2/events/{event_id}   the event replaced by the body (clients.Manage); 200 with the event
 *
 * The body is reference `model.client-schedule`: `client_id`, `rrule` (a UTC
 * DTSTART line and an RRULE line), the seven flags and the object ids of the
 * OUs and domains to collect. A flag left out is off, a list left out is
 * empty; on an update `client_id` left out keeps the event's client. Refused
 * with 400 naming the field: a rule `ruleProblem` refuses (unreadable, no
 * start, more often than hourly, a one-off whose start has passed), an unknown
 * client, a flag or OUs and domains the client's type does not collect (see
 * CLIENT_TYPE_SUPPORT), no collection chosen, an OU or a domain the directory
 * does not have (or no longer has), or the same one twice. The audit trail
 * records them as CreateScheduledEvent and UpdateScheduledEvent.
 */
import { collectionOps } from '../../../api/operations/collection';
import {
  CLIENT_TYPE_NAMES,
  CLIENT_TYPE_SUPPORT,
  COLLECTION_FLAG_LABELS,
  COLLECTION_FLAGS,
  COLLECTION_TYPE_FLAGS,
  NO_COLLECTION_MESSAGE,
  type CollectionFlag,
  type EventBody,
} from '../../../api/schemas/collection';
import { ruleProblem } from '../../../shared/schedule';
import type { MockContext } from '../../area';
import { badRequest, notFound } from '../../errors';
import type { DbState } from '../../store/db';
import type { server } from '../../serve';
import { directoryObject, rememberDirectoryObjects } from './directory';
import {
  clientById,
  toEventRecord,
  type CollectionFlags,
  type StoredCollectionClient,
  type StoredDirectoryObject,
  type StoredEvent,
} from './store';

type Kind = StoredDirectoryObject['kind'];

const KIND_WORDS: Record<Kind, { one: string; field: 'ous' | 'domains' }> = {
  ou: { one: 'OU', field: 'ous' },
  domain: { one: 'domain', field: 'domains' },
};

/** The object ids of a body's OUs or domains, each existing in the directory and named once; 400 otherwise. */
function checkTargets(state: DbState, kind: Kind, ids: readonly string[]): StoredDirectoryObject[] {
  const { one, field } = KIND_WORDS[kind];
  const found: StoredDirectoryObject[] = [];
  for (const id of ids) {
    const o = directoryObject(state, id);
    if (!o || o.kind !== kind)
      throw badRequest(field, `No ${one} has the object id ${id} in the directory: pick one from the directory.`);
    if (!o.exists)
      throw badRequest(
        field,
        `The ${one} ${o.name} (${o.objectid}) no longer exists in the directory: remove it from the event.`,
      );
    if (found.some((f) => f.objectid === o.objectid)) throw badRequest(field, `The ${one} ${o.name} is named twice.`);
    found.push(o);
  }
  return found;
}

/**
 * The seven flags of an event or a task body for a client (a flag left out is
 * off); one its type does not collect is a 400 naming the flag.
 */
export function collectionFlagsFor(
  client: StoredCollectionClient,
  body: Partial<Record<CollectionFlag, boolean>>,
): CollectionFlags {
  const flags = Object.fromEntries(COLLECTION_FLAGS.map((f) => [f, body[f] ?? false])) as CollectionFlags;
  const support = CLIENT_TYPE_SUPPORT[client.type];
  for (const f of COLLECTION_FLAGS) {
    if (flags[f] && !support.flags.includes(f))
      throw badRequest(
        f,
        `${CLIENT_TYPE_NAMES[client.type]} clients cannot collect "${COLLECTION_FLAG_LABELS[f]}": ${support.summary}.`,
      );
  }
  return flags;
}

/** The event a valid body describes (flags, targets), or a 400 naming the field. */
function checkBody(state: DbState, body: EventBody, clientId: string | undefined, now: Date) {
  if (clientId === undefined) throw badRequest('client_id', 'client_id is required: the client that runs the collection.');
  const client = clientById(state, clientId);
  if (!client) throw badRequest('client_id', `No collection client has id ${clientId}.`);
  const problem = ruleProblem(body.rrule, now);
  if (problem) throw badRequest('rrule', problem);
  const support = CLIENT_TYPE_SUPPORT[client.type];
  const typeName = CLIENT_TYPE_NAMES[client.type];
  const flags = collectionFlagsFor(client, body);
  if (!COLLECTION_TYPE_FLAGS.some((f) => flags[f]))
    throw badRequest(support.flags.length === 1 ? support.flags[0]! : 'collections', `${NO_COLLECTION_MESSAGE}.`);
  const ouIds = body.ous ?? [];
  const domainIds = body.domains ?? [];
  if (!support.targets) {
    if (ouIds.length > 0) throw badRequest('ous', `${typeName} clients do not collect OUs: ${support.summary}.`);
    if (domainIds.length > 0) throw badRequest('domains', `${typeName} clients do not collect domains: ${support.summary}.`);
  }
  const ous = checkTargets(state, 'ou', ouIds);
  const domains = checkTargets(state, 'domain', domainIds);
  return { client, flags, ous, domains, rrule: body.rrule.trim().replace(/\r\n/g, '\n') };
}

export function registerEventRoutes(route: ReturnType<typeof server>, { db }: Pick<MockContext, 'db'>): void {
  route(collectionOps.createClientSchedule, (c, { body }) => {
    const now = new Date();
    const checked = checkBody(db.state, body, body.client_id, now);
    const at = now.toISOString();
    const event: StoredEvent = {
      id: db.nextId('collection-event'),
      client_id: checked.client.id,
      rrule: checked.rrule,
      ...checked.flags,
      ou_ids: checked.ous.map((o) => o.objectid),
      domain_ids: checked.domains.map((o) => o.objectid),
      created_at: at,
      updated_at: at,
      deleted_at: null,
    };
    rememberDirectoryObjects(db.state, [...checked.ous, ...checked.domains]);
    db.state.collectionEvents.push(event);
    return c.json({ data: toEventRecord(db.state, event) });
  });

  route(collectionOps.updateClientEvent, (c, { params, body }) => {
    const id = params.event_id;
    const event = db.state.collectionEvents.find((e) => e.id === id && e.deleted_at === null);
    if (!event) throw notFound('event_id', `No scheduled event has id ${id}.`);
    const now = new Date();
    const checked = checkBody(db.state, body, body.client_id ?? event.client_id, now);
    Object.assign(event, checked.flags, {
      client_id: checked.client.id,
      rrule: checked.rrule,
      ou_ids: checked.ous.map((o) => o.objectid),
      domain_ids: checked.domains.map((o) => o.objectid),
      updated_at: now.toISOString(),
    });
    rememberDirectoryObjects(db.state, [...checked.ous, ...checked.domains]);
    return c.json({ data: toEventRecord(db.state, event) });
  });
}
