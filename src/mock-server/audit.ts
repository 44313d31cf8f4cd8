/**
 * The audit log, written as upstream writes it (SpecterOps/BloodHound:
 * `model.AuditLog`, `AuditableTransaction`, the login audit and the
 * permission middleware's UnauthorizedAccessAttempt):
 *
 * - every change through the API, and the reads upstream audits (saved
 *   queries exported, AUDITED_READS): an `intent` entry before the operation
 *   runs, then `success` or `failure` (with the error message the client got)
 *   under the same `commit_id`. One middleware does it for every changing,
 *   signed-in operation (`auditTrail`, after access control); the action comes
 *   from the table in areas/audit/actions.ts;
 * - every sign-in attempt (`auditSignIn`): LoginAttempt, intent then success
 *   or failure, with the name tried and the method;
 * - every request refused for lack of permission (`recordUnauthorizedAttempt`):
 *   one UnauthorizedAccessAttempt `failure` naming the endpoint.
 *
 * Other reads are not recorded, nor requests without a valid session (401), as upstream.
 *
 * `fields` hold what the change carried: the path's ids and the names of the
 * records they point at, the JSON body as sent (readJson hands it over,
 * `noteRequestBody`), what a handler adds (`auditFields`), and on success the
 * id and name of the record the answer carries; a failure adds `error`. Every
 * value passes `auditableFields`: secrets redacted by one rule (`isSecretName`),
 * and the whole bounded (FIELDS_BUDGET), so the log, capped at MAX_AUDIT_LOGS
 * entries, keeps the state file bounded.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { matchRoute } from './operation-table';
import { REDACTED } from '../api/schemas/audit';
import {
  actionOf,
  AUDITED_READS,
  auditRouteOf,
  DEFAULT_ANSWER_FIELDS,
  identify,
  READ_ONLY_OPERATIONS,
} from './areas/audit/actions';
import type { MockEnv, Principal } from './auth';
import { ApiFailure } from './errors';
import type { MockDb, StoredUser } from './store/db';

export type AuditStatus = 'intent' | 'success' | 'failure';

/** Reference `model.audit-log`, as kept. */
export interface StoredAuditLog {
  id: number;
  created_at: string;
  actor_id: string;
  actor_name: string;
  actor_email: string;
  action: string;
  fields: Record<string, unknown>;
  request_id: string;
  source_ip_address: string;
  commit_id: string;
  status: AuditStatus;
}

/** What this part of the mock keeps in the state (one part of DbState, store/db.ts). */
export interface AuditState {
  auditLogs: StoredAuditLog[];
}

/**
 * The most entries kept: beyond it the oldest go. 5,000 entries are about
 * 2 MB of state file with typical fields, at most about 13 MB (every entry's
 * fields at FIELDS_BUDGET).
 */
export const MAX_AUDIT_LOGS = 5000;
/** Characters of text one entry's fields may hold (keys and values); the rest is cut and `fields_truncated` set. */
export const FIELDS_BUDGET = 2048;
/** Longest text value kept whole in fields. */
export const FIELD_TEXT_MAX = 256;
/** Most items of a list, and keys of an object, kept in fields. */
const FIELD_ITEMS_MAX = 20;
/** Deepest nesting kept in fields. */
const FIELD_DEPTH_MAX = 4;
const COUNTER = 'audit-log';

// ---------------------------------------------------------------------------
// Redaction and bounds
// ---------------------------------------------------------------------------

/** Words that make a field secret wherever they appear in its name. */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'passphrase',
  'secret',
  'otp',
  'totp',
  'hmac',
  'signature',
  'credential',
  'salt',
  'private',
  'jwt',
  'cookie',
]);

/** The words of a field name: split at `_`, `-`, `.`, spaces and camelCase, lower case, a plural's `s` dropped. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((w) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w));
}

/** Words that make a name ending in `key` a key that opens something (`api_key`, `signing_key`), not a name (`feature_key`). */
const KEY_WORDS = new Set(['api', 'access', 'auth', 'signing', 'encryption', 'token', 'ssh', 'master']);

/**
 * The one redaction rule: a field is secret when a word of its name is a
 * secret word (password, secret, otp, totp, hmac, signature, credential,
 * salt, private, jwt, cookie, …), or its name ends in `token`
 * (`session_token`), or in `key` after a word saying it opens something
 * (`api_key`, `signing_key`; `private_key`, `hmac_key` by their first word).
 * `key` alone, `feature_key` are names (a configuration parameter's, a flag's),
 * and `token_name`, `token_id` name a token without being one.
 */
export function isSecretName(name: string): boolean {
  const words = wordsOf(name);
  const last = words[words.length - 1];
  const before = words[words.length - 2];
  return (
    words.some((w) => SECRET_WORDS.has(w)) ||
    last === 'token' ||
    (last === 'key' && before !== undefined && KEY_WORDS.has(before))
  );
}

/**
 * `value` with every secret replaced by REDACTED: a secret-named field's value,
 * whatever it is, except `true`/`false` and null, which say whether, not what
 * (`needs_password_reset`, `totp_activated`).
 */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = isSecretName(k) && v !== null && typeof v !== 'boolean' ? REDACTED : redactSecrets(v);
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Fields as an entry keeps them: secrets redacted, then bounded (text cut, lists and depth limited, FIELDS_BUDGET in all). */
export function auditableFields(fields: Record<string, unknown>): Record<string, unknown> {
  let budget = FIELDS_BUDGET;
  let cut = false;
  const text = (s: string) => {
    const keep = Math.max(0, Math.min(s.length, FIELD_TEXT_MAX, budget));
    budget -= keep;
    if (keep < s.length) {
      cut = true;
      return `${s.slice(0, keep)}… (${s.length} characters)`;
    }
    return s;
  };
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return text(v);
    if (v === null || v === undefined || typeof v === 'boolean' || typeof v === 'number') {
      budget -= 5;
      return v ?? null;
    }
    if (typeof v !== 'object' || depth >= FIELD_DEPTH_MAX) {
      cut = true;
      return '…';
    }
    if (Array.isArray(v)) {
      if (v.length > FIELD_ITEMS_MAX) cut = true;
      const out: unknown[] = [];
      for (const item of v.slice(0, FIELD_ITEMS_MAX)) {
        if (budget <= 0) {
          cut = true;
          break;
        }
        out.push(walk(item, depth + 1));
      }
      return out;
    }
    return object(v as Record<string, unknown>, depth);
  };
  const object = (o: Record<string, unknown>, depth: number) => {
    const out: Record<string, unknown> = {};
    const entries = Object.entries(o).filter(([, v]) => v !== undefined);
    if (entries.length > FIELD_ITEMS_MAX) cut = true;
    for (const [k, v] of entries.slice(0, FIELD_ITEMS_MAX)) {
      if (budget <= 0) {
        cut = true;
        break;
      }
      budget -= Math.min(k.length, FIELD_TEXT_MAX);
      out[k.slice(0, FIELD_TEXT_MAX)] = walk(v, depth + 1);
    }
    return out;
  };
  const out = object(redactSecrets(fields) as Record<string, unknown>, 0);
  if (cut) out.fields_truncated = true;
  return out;
}

// ---------------------------------------------------------------------------
// Writing entries
// ---------------------------------------------------------------------------

/** Who an entry is about: reference `actor_id`, `actor_name` (principal name), `actor_email`. */
export interface Actor {
  actor_id: string;
  actor_name: string;
  actor_email: string;
}

/** No signed-in actor: a sign-in before it is known who, as upstream writes it (empty). */
export const NO_ACTOR: Actor = { actor_id: '', actor_name: '', actor_email: '' };

export function userActor(user: StoredUser): Actor {
  return { actor_id: user.id, actor_name: user.principal_name, actor_email: user.email_address ?? '' };
}

/** A collection client acting with its own token: its id and name, no e-mail (upstream's identity of a client). */
export function clientActor(db: MockDb, clientId: string): Actor {
  const client = (db.state.collectionClients ?? []).find((k) => k.id === clientId);
  return { actor_id: clientId, actor_name: client?.name ?? '', actor_email: '' };
}

export function principalActor(db: MockDb, principal: Principal | undefined): Actor {
  if (!principal) return NO_ACTOR;
  return principal.kind === 'user' ? userActor(principal.user) : clientActor(db, principal.clientId);
}

/**
 * The client's address as the socket gives it (an IPv4-mapped IPv6 address as
 * IPv4), never X-Forwarded-For, which any client can write; '' when the
 * request came without a socket (in-process tests).
 */
export function sourceAddress(env: unknown): string {
  const raw = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
  if (!raw) return '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw);
  return mapped ? mapped[1]! : raw;
}

interface RequestFacts {
  request_id: string;
  source_ip_address: string;
}

function factsOf(c: Context): RequestFacts {
  return { request_id: (c.get('requestId') as string | undefined) ?? '', source_ip_address: sourceAddress(c.env) };
}

export interface NewAuditLog extends Actor, RequestFacts {
  action: string;
  fields: Record<string, unknown>;
  commit_id: string;
  status: AuditStatus;
  /** Now, unless given (the seed). */
  created_at?: string;
}

/** Appends one entry (fields made auditable), dropping the oldest beyond MAX_AUDIT_LOGS. */
export function appendAuditLog(db: MockDb, entry: NewAuditLog): StoredAuditLog {
  const logs = (db.state.auditLogs ??= []);
  // The counter, or past the last entry (a state file from before the log had no counter).
  const id = Math.max(db.state.counters[COUNTER] ?? 0, logs[logs.length - 1]?.id ?? 0) + 1;
  db.state.counters[COUNTER] = id;
  const stored: StoredAuditLog = {
    id,
    created_at: entry.created_at ?? new Date().toISOString(),
    actor_id: entry.actor_id,
    actor_name: entry.actor_name,
    actor_email: entry.actor_email,
    action: entry.action,
    fields: auditableFields(entry.fields),
    request_id: entry.request_id,
    source_ip_address: entry.source_ip_address,
    commit_id: entry.commit_id,
    status: entry.status,
  };
  logs.push(stored);
  if (logs.length > MAX_AUDIT_LOGS) logs.splice(0, logs.length - MAX_AUDIT_LOGS);
  db.changed();
  return stored;
}

/** The message a client got for `error`: an ApiFailure's sentences, else the server's generic one. */
export function errorMessageOf(error: unknown): string {
  return error instanceof ApiFailure ? error.message : 'The server failed to handle this request.';
}

/**
 * A change made outside a signed-in request (an account an SSO provider
 * creates at sign-in): its intent and its success at once, one commit.
 */
export function recordChange(c: Context, db: MockDb, action: string, actor: Actor, fields: Record<string, unknown>): void {
  const base = { ...actor, ...factsOf(c), action, fields, commit_id: crypto.randomUUID() };
  appendAuditLog(db, { ...base, status: 'intent' });
  appendAuditLog(db, { ...base, status: 'success' });
}

/**
 * A request refused for lack of permission (upstream's permission middleware):
 * one UnauthorizedAccessAttempt `failure` with the endpoint and why.
 */
export function recordUnauthorizedAttempt(c: Context, db: MockDb, actor: Actor, message: string): void {
  appendAuditLog(db, {
    ...actor,
    ...factsOf(c),
    action: 'UnauthorizedAccessAttempt',
    fields: { endpoint: `${c.req.method} ${c.req.path}`, error: message },
    commit_id: crypto.randomUUID(),
    status: 'failure',
  });
}

export interface ChangeAudit {
  succeed(): void;
  /** `message`: what the client was told. */
  fail(message: string): void;
}

/**
 * A change a handler audits itself, because only it knows the request is a
 * change (a Cypher query that mutates the graph): the intent now, then the
 * outcome once, under one commit.
 */
export function auditChange(c: Context<MockEnv>, db: MockDb, action: string, fields: Record<string, unknown>): ChangeAudit {
  const base = { ...principalActor(db, c.get('principal')), ...factsOf(c), action, commit_id: crypto.randomUUID() };
  appendAuditLog(db, { ...base, fields, status: 'intent' });
  let done = false;
  const outcome = (status: 'success' | 'failure', extra: Record<string, unknown>) => {
    if (done) return;
    done = true;
    appendAuditLog(db, { ...base, fields: { ...fields, ...extra }, status });
  };
  return { succeed: () => outcome('success', {}), fail: (message) => outcome('failure', { error: message }) };
}

export interface SignInAudit {
  succeed(user: StoredUser): void;
  /** `user`: the account whose name was tried, when there is one (upstream names it even when the password was wrong). */
  fail(user: StoredUser | undefined, error: unknown): void;
}

/**
 * A sign-in attempt (LoginAttempt): the intent now, with no actor (nobody is
 * signed in yet), then the outcome once, under the same commit. `fields`:
 * `username` as tried and `auth_type` (secret, saml, oidc), plus the provider
 * for SSO; a failure adds `error`.
 */
export function auditSignIn(c: Context, db: MockDb, fields: Record<string, unknown>): SignInAudit {
  const base = { ...factsOf(c), action: 'LoginAttempt', commit_id: crypto.randomUUID() };
  appendAuditLog(db, { ...NO_ACTOR, ...base, fields, status: 'intent' });
  let ended = false;
  const end = (actor: Actor, status: AuditStatus, extra: Record<string, unknown>) => {
    if (ended) return;
    ended = true;
    appendAuditLog(db, { ...actor, ...base, fields: { ...fields, ...extra }, status });
  };
  return {
    succeed: (user) => end(userActor(user), 'success', {}),
    fail: (user, error) =>
      end(user ? userActor(user) : NO_ACTOR, 'failure', {
        error: typeof error === 'string' ? error : errorMessageOf(error),
      }),
  };
}

// ---------------------------------------------------------------------------
// The middleware
// ---------------------------------------------------------------------------

const PENDING = 'audit';

/** A change being recorded: its intent entry (whose fields fill in as the request is read) and what it knows so far. */
interface PendingChange {
  db: MockDb;
  intent: StoredAuditLog;
  /** Path ids, the records they name, the operation's own fields. */
  base: Record<string, unknown>;
  body: Record<string, unknown>;
  extra: Record<string, unknown>;
}

function fieldsOf(p: PendingChange): Record<string, unknown> {
  return { ...p.body, ...p.base, ...p.extra };
}

function refreshIntent(p: PendingChange): void {
  p.intent.fields = auditableFields(fieldsOf(p));
  p.db.changed();
}

const pendingOf = (c: Context) => c.get(PENDING as never) as PendingChange | undefined;

/**
 * The JSON body of the request, as parsed (readJson calls this before the
 * body's schema is checked, so a refused body is recorded too): its fields
 * join the change's.
 */
export function noteRequestBody(c: Context, body: unknown): void {
  const p = pendingOf(c);
  if (!p) return;
  p.body = isPlainObject(body) ? { ...body } : { body };
  refreshIntent(p);
}

/**
 * Adds fields to the change this request is making, for a handler whose
 * request says too little by itself (a multipart form): `auditFields(c, {...})`.
 * A no-op outside an audited change.
 */
export function auditFields(c: Context, fields: Record<string, unknown>): void {
  const p = pendingOf(c);
  if (!p) return;
  p.extra = { ...p.extra, ...fields };
  refreshIntent(p);
}

const JSON_TYPE = /^application\/json\b/i;

/** A nullable wrapper of an answer (`{"string": "x", "valid": true}`) as its value (null when not valid). */
function plainValue(value: unknown): unknown {
  if (!isPlainObject(value) || typeof value.valid !== 'boolean' || Object.keys(value).length !== 2) return value;
  const inner = Object.entries(value).find(([k]) => k !== 'valid');
  return value.valid && inner ? inner[1] : null;
}

/** The identifying fields of a successful answer's `data`. */
async function answerFields(res: Response, keys: readonly string[]): Promise<Record<string, unknown>> {
  if (!JSON_TYPE.test(res.headers.get('Content-Type') ?? '')) return {};
  try {
    const data = ((await res.clone().json()) as { data?: unknown }).data;
    if (!isPlainObject(data)) return {};
    return Object.fromEntries(keys.filter((k) => data[k] !== undefined).map((k) => [k, plainValue(data[k])]));
  } catch {
    return {};
  }
}

/**
 * The sentences of the error body the client got, but for what a parser quotes
 * back of a malformed body (JSON.parse cites the text, which may hold a
 * password): that stays with the client.
 */
async function answerError(c: Context): Promise<string> {
  let messages: string[] = [];
  if (c.error instanceof ApiFailure) messages = c.error.errors.map((e) => e.message);
  else {
    try {
      const body = (await c.res.clone().json()) as { errors?: { message?: unknown }[] };
      messages = (body.errors ?? []).map((e) => e.message).filter((m): m is string => typeof m === 'string');
    } catch {
      /* not an error body */
    }
  }
  if (messages.length === 0) return `The request failed with status ${c.res.status}.`;
  return messages.map((m) => m.replace(/^(The body is not valid JSON):[\s\S]*$/, '$1.')).join('; ');
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Records every changing request (and audited read) that passed access control (register it
 * right after `accessControl`): the intent before the operation runs, the
 * outcome after it (status 400 or more: failure, with the client's error
 * message). A body refused at the door (400, 413, 415) is recorded as a
 * failure too: a person asking "who tried this?" finds it.
 */
export function auditTrail(db: MockDb): MiddlewareHandler<MockEnv> {
  return async (c, next) => {
    const matched = matchRoute(c.req.method, c.req.path);
    const operation = matched && `${matched.op.method} ${matched.op.path}`;
    if (READS.has(c.req.method) && !(operation && AUDITED_READS.includes(operation))) return next();
    const principal = c.get('principal') as Principal | undefined;
    if (!matched || !principal || matched.op.access.kind === 'public') return next();
    if (READ_ONLY_OPERATIONS.includes(operation!)) return next();
    const route = auditRouteOf(matched.op.method, matched.op.path);
    const type = c.req.header('Content-Type');
    const base = {
      ...matched.params,
      ...identify(db.state, matched.params),
      ...route.fields,
      ...(type && !JSON_TYPE.test(type) ? { content_type: type.split(';')[0]!.trim() } : {}),
    };
    const actor = principalActor(db, principal);
    const intent = appendAuditLog(db, {
      ...actor,
      ...factsOf(c),
      action: actionOf(route, db.state, matched.params),
      fields: base,
      commit_id: crypto.randomUUID(),
      status: 'intent',
    });
    const pending: PendingChange = { db, intent, base, body: {}, extra: {} };
    c.set(PENDING as never, pending as never);
    await next();
    const failed = c.res.status >= 400;
    const outcome = failed ? { error: await answerError(c) } : await answerFields(c.res, route.answer ?? DEFAULT_ANSWER_FIELDS);
    appendAuditLog(db, {
      ...actor,
      ...factsOf(c),
      action: intent.action,
      fields: { ...fieldsOf(pending), ...outcome },
      commit_id: intent.commit_id,
      status: failed ? 'failure' : 'success',
    });
  };
}
