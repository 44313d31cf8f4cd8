/**
 * Where an audit entry's actor and object have a page in the console. Only routes the console has are
 * linked: a user (/users/:id), an asset group (/asset-groups/:id), a scheduled event (/events/:id), and the
 * list pages of SSO providers (a provider's own page is addressed by its SAML record, which entries do not
 * carry), clients, saved queries, configuration, feature flags and file ingest. A user the console does
 * not know (deleted since, or a collection client acting with its token) is not linked; an object the
 * entry deleted is linked to its list only.
 *
 * Entries name their objects by the path's ids (`user_id`, `asset_group_id`, …), the names the mock
 * records beside them (`principal_name`, `asset_group_name`, …) and, for a creation, the new record's `id`.
 */
import type { AuditLog } from '@/api/schemas/audit';

export interface EntryLink {
  /** The link's text ("User amara.tanaka"). */
  label: string;
  to: string;
}

/** Whether an id is a user of this server: true or false when the users list says, undefined when it is not known. */
export type KnownUser = (id: string) => boolean | undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** A user id worth linking: a UUID other than the nil one (a sign-in of an unknown name has none) that is not known to be someone else. */
function linkableUser(id: unknown, known?: KnownUser): id is string {
  return typeof id === 'string' && UUID.test(id) && id !== NIL_UUID && known?.(id) !== false;
}

/** The actor's page, when the actor is a user of this server. */
export function actorLink(log: Pick<AuditLog, 'actor_id' | 'actor_name' | 'actor_email'>, known?: KnownUser): EntryLink | null {
  if (!linkableUser(log.actor_id, known)) return null;
  return { label: `User ${log.actor_name || log.actor_email || log.actor_id}`, to: `/users/${log.actor_id}` };
}

/** A field's value as an id: a positive whole number or a non-empty string (a nullable wrapper unwrapped). */
function idOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return String(value);
  if (typeof value === 'string' && /^[\w-]+$/.test(value.trim()) && value.trim() !== '0') return value.trim();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    if (o.valid === false) return null;
    for (const k of ['int32', 'int64', 'uuid', 'string']) if (k in o) return idOf(o[k]);
  }
  return null;
}

function pick(fields: Record<string, unknown>, ...keys: string[]): string | null {
  for (const k of keys) {
    const id = idOf(fields[k]);
    if (id !== null) return id;
  }
  return null;
}

function textOf(fields: Record<string, unknown>, ...keys: string[]): string | null {
  for (const k of keys) {
    const v = fields[k];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return null;
}

const list = (label: string, to: string): EntryLink => ({ label, to });

/** The object the entry is about, where the console has a page for it (or its list). */
export function objectLinks(log: Pick<AuditLog, 'action' | 'fields'>, known?: KnownUser): EntryLink[] {
  const fields = log.fields ?? {};
  const action = log.action;
  const deleted = action.startsWith('Delete');

  if (/^(Create|Update|Delete)User$|AuthSecret|AuthToken/.test(action)) {
    const userId = pick(fields, 'user_id') ?? (action === 'CreateUser' ? pick(fields, 'id') : null);
    if (action !== 'DeleteUser' && linkableUser(userId, known))
      return [{ label: `User ${textOf(fields, 'principal_name') ?? userId}`, to: `/users/${userId}` }];
    return [list('Users', '/users')];
  }
  if (/IdentityProvider/.test(action)) return [list('SSO providers', '/sso-providers')];
  if (/AssetGroup/.test(action)) {
    const group = pick(fields, 'asset_group_id') ?? (action === 'CreateAssetGroup' ? pick(fields, 'id') : null);
    if (group && action !== 'DeleteAssetGroup')
      return [{ label: `Asset group ${textOf(fields, 'asset_group_name', 'name') ?? group}`, to: `/asset-groups/${group}` }];
    return [list('Asset groups', '/asset-groups')];
  }
  if (/ScheduledEvent/.test(action)) {
    const event = deleted ? null : (pick(fields, 'event_id') ?? (action.startsWith('Create') ? pick(fields, 'id') : null));
    return [event ? { label: `Scheduled event ${event}`, to: `/events/${event}` } : list('Scheduled events', '/events')];
  }
  if (/SavedQuery/.test(action)) return [list('Saved queries', '/saved-queries')];
  if (action === 'UpdateParameter') return [list('Configuration', '/configuration')];
  if (action === 'ToggleEarlyAccessFeatureFlag') return [list('Feature flags', '/feature-flags')];
  if (/CustomNode/.test(action)) return [list('Node kinds', '/node-kinds')];
  if (/Client/.test(action)) return [list('Clients', '/clients')];
  if (/FileUpload|UploadFile/.test(action)) return [list('File ingest', '/file-ingest')];
  return [];
}
