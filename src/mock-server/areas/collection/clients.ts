/**
 * Collection client management (enterprise edition only; the access table
 * answers 404 on a community server):
 *
 *   POST   /api/v2/clients                            register: name, type, domain controller; the client with its token, shown once
 *   GET    /api/v2/clients/{client_id}                one client (reference `model.client-display`)
 *   PUT    /api/v2/clients/{client_id}                rename, change the domain controller
 *   DELETE /api/v2/clients/{client_id}                the client, its events and its tasks; 200, no body
 *   PUT    /api/v2/clients/{client_id}/token          a new token, shown once; the old one is refused at once
 *   GET    /api/v2/clients/{client_id}/completed-jobs  paged finished jobs (complete or partially complete);
 *                                                     /completed-tasks, its deprecated name, the same
 *
 * Client tokens are the mock's bearer tokens of kind `client` (auth.ts). Each
 * carries the generation of its client's token when it was issued; a new
 * token moves the generation on, and access control (access.ts, for every
 * operation a client's token may call) refuses an older one with 401.
 */
import type { Context } from 'hono';
import { collectionOps } from '../../../api/operations/collection';
import { JobStatus, toNullableString, toNullableUuid, ZERO_TIME } from '../../../api/schemas/wire-format';
import { identityKey } from '../../../api/schemas/field-rules';
import type { MockContext } from '../../area';
import type { MockEnv, TokenService } from '../../auth';
import { badRequest, conflict, notFound } from '../../errors';
import { defineList } from '../../list';
import type { Input, server } from '../../serve';
import type { DbState } from '../../store/db';
import { existingDomains } from './directory';
import { JOB_COLUMNS } from './jobs';
import { clientById, toClientRecord, toTaskDisplayRecord, type StoredCollectionClient, type StoredTask } from './store';

/** Lifetime of the token a client is given at registration or regeneration (the collector's configured credential). */
export const CLIENT_KEY_TTL_SECONDS = 365 * 24 * 3600;

/** A client's current token generation (0 for a client stored before generations existed). */
export function clientTokenGeneration(client: StoredCollectionClient): number {
  return client.token_generation ?? 0;
}

/** A bearer token of `client` under its current generation. */
export function issueClientToken(tokens: TokenService, client: StoredCollectionClient, ttlSeconds: number): Promise<string> {
  return tokens.issue(client.id, 'client', ttlSeconds, clientTokenGeneration(client));
}

const completed = (t: StoredTask) => t.status === JobStatus.Complete || t.status === JobStatus.PartiallyComplete;

export const COMPLETED_TASKS = defineList<StoredTask>()({
  query: collectionOps.listClientCompletedJobs.query,
  columns: JOB_COLUMNS,
  defaultSort: [{ column: 'id', descending: true }],
  tieBreak: [{ column: 'id', descending: false }],
});

/** Another client already named `name` (case- and accent-insensitive), if any. */
function sameName(state: DbState, name: string, except?: string): StoredCollectionClient | undefined {
  const key = identityKey(name);
  return state.collectionClients.find((k) => k.deleted_at === null && k.id !== except && identityKey(k.name) === key);
}

/** The domain a new client collects when a task names none: the one its domain controller is in, else the first existing one. */
function homeDomainOf(state: DbState, domainController: string | null): string {
  const domains = existingDomains(state);
  const dc = domainController?.toLowerCase() ?? '';
  const match = domains.find((d) => dc.endsWith(`.${d.name.toLowerCase()}`));
  return (match ?? domains[0])?.objectid ?? '';
}

/** Reference `model.auth-token` of the client's current token, with its key (shown once). */
function shownToken(client: StoredCollectionClient, key: string, by: string | null) {
  const at = client.token_created_at ?? client.created_at;
  return {
    id: client.token_id ?? client.id,
    created_at: at,
    updated_at: at,
    deleted_at: { time: ZERO_TIME, valid: false },
    user_id: toNullableUuid(null),
    name: toNullableString(client.name),
    key,
    // A bearer token: the collector sends it as "Authorization: Bearer <key>".
    hmac_method: 'bearer',
    last_access: ZERO_TIME,
    created_by: toNullableUuid(by),
  };
}

/** Who is making the request, as `created_by`. */
function actorId(c: Context<MockEnv>): string | null {
  const p = c.get('principal');
  return p.kind === 'user' ? p.user.id : null;
}

/** Starts a new token generation for `client` and issues its token (the old ones are refused from now on). */
function replaceToken(tokens: TokenService, client: StoredCollectionClient, at: string) {
  client.token_generation = clientTokenGeneration(client) + 1;
  client.token_id = crypto.randomUUID();
  client.token_created_at = at;
  client.updated_at = at;
  return issueClientToken(tokens, client, CLIENT_KEY_TTL_SECONDS);
}

export function registerClientRoutes(route: ReturnType<typeof server>, { db, tokens }: MockContext): void {
  const hydrateAll = { ous: true, domains: true };
  const findClient = (id: string) => {
    const client = clientById(db.state, id);
    if (!client) throw notFound('client_id', `No collection client has id ${id}.`);
    return client;
  };

  route(collectionOps.createClient, async (c, { body }) => {
    const named = sameName(db.state, body.name);
    if (named) throw conflict('name', `A collection client named "${named.name}" already exists. Choose another name.`);
    const now = new Date().toISOString();
    const dc = body.domain_controller ?? null;
    const client: StoredCollectionClient = {
      id: crypto.randomUUID(),
      name: body.name,
      // Nothing is known of the machine until the collector checks in.
      ip_address: '',
      hostname: '',
      configured_user: '',
      last_checkin: ZERO_TIME,
      version: '',
      user_sid: null,
      type: body.type,
      domain_controller: dc,
      home_domain: homeDomainOf(db.state, dc),
      current_task_id: null,
      token_generation: 0,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    db.state.collectionClients.push(client);
    // The first token: generation 1, so no token issued before registration (none can be) matches.
    const key = await replaceToken(tokens, client, now);
    return c.json({
      data: { ...toClientRecord(db.state, client, hydrateAll), token: shownToken(client, key, actorId(c)) },
    });
  });

  route(collectionOps.getClient, (c, { params }) =>
    c.json({ data: toClientRecord(db.state, findClient(params.client_id), hydrateAll) }),
  );

  route(collectionOps.updateClient, (c, { params, body }) => {
    const client = findClient(params.client_id);
    if (body.name !== undefined) {
      const named = sameName(db.state, body.name, client.id);
      if (named) throw conflict('name', `A collection client named "${named.name}" already exists. Choose another name.`);
    }
    if (body.domain_controller && client.type !== 'sharphound') {
      throw badRequest('domain_controller', `Domain controller is for SharpHound clients only; ${client.name} is not one.`);
    }
    if (body.name !== undefined) client.name = body.name;
    if (body.domain_controller !== undefined) client.domain_controller = body.domain_controller;
    client.updated_at = new Date().toISOString();
    return c.json({ data: toClientRecord(db.state, client, hydrateAll) });
  });

  route(collectionOps.deleteClient, (c, { params }) => {
    const client = findClient(params.client_id);
    const state = db.state;
    // Its events, and every task it ran or was to run, go with it; its tokens stop working (the client is gone).
    state.collectionClients = state.collectionClients.filter((k) => k !== client);
    state.collectionEvents = state.collectionEvents.filter((e) => e.client_id !== client.id);
    state.collectionTasks = state.collectionTasks.filter((t) => t.client_id !== client.id);
    return c.body(null, 200);
  });

  route(collectionOps.replaceClientToken, async (c, { params }) => {
    const client = findClient(params.client_id);
    const key = await replaceToken(tokens, client, new Date().toISOString());
    return c.json({ data: shownToken(client, key, actorId(c)) });
  });

  const listCompleted = (c: Context<MockEnv>, { params, query: req }: Input<typeof collectionOps.listClientCompletedJobs>) => {
    const client = findClient(params.client_id);
    const rows = COMPLETED_TASKS.select(
      db.state.collectionTasks.filter((t) => t.client_id === client.id && t.deleted_at === null && completed(t)),
      req,
    );
    return c.json(COMPLETED_TASKS.page(rows, req, (t) => toTaskDisplayRecord(db.state, t)));
  };
  route(collectionOps.listClientCompletedJobs, listCompleted);
  route(collectionOps.listClientCompletedTasks, (c, input) => listCompleted(c, input));
}
