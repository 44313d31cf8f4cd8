import { Permission } from '../../../shared/permissions';
import { queryIdParam, savedQueryOps } from '../../../api/operations/saved-queries';
import { mayUnshare } from '../../../api/saved-queries/saved-query-sharing';
import { SAVED_QUERY_IMPORT_MAX_BYTES, type SavedQueryFields, type SavedQueryScope } from '../../../api/schemas/saved-queries';
import { auditFields } from '../../audit';
import { importTooLarge, readBodyLimited } from '../../body';
import type { MockArea } from '../../area';
import { currentUser, rolesWithPermissions, userPermissions } from '../../auth';
import { badRequest, forbidden, notFound } from '../../errors';
import { defineList, number, text, time } from '../../list';
import { commit, server } from '../../serve';
import type { DbState, MockDb, StoredUser } from '../../store/db';
import { baseOf } from '../../store/records';
import { readParam } from '../../validate';
import {
  attachment,
  importKindOf,
  queryFileName,
  queryFileText,
  readImport,
  unsupportedImportType,
  zipQueries,
} from './transfer';
import { seedSavedQueries } from './seed';
import type { StoredSavedQuery } from './store';
import { pluralWord } from '../../../shared/words';

/** A query with its scope for the caller (owned, shared or public). */
interface QueryRow {
  query: StoredSavedQuery;
  scope: 'owned' | 'shared' | 'public';
}

/** ListSavedQueries: paged (10 by default, at most MAX_LIMIT; more is capped), scope, sort_by, filters; ties by id. */
export const QUERIES_LIST = defineList<QueryRow>()({
  query: savedQueryOps.listSavedQueries.query,
  columns: {
    id: number((r) => r.query.id),
    name: text((r) => r.query.name),
    query: text((r) => r.query.query),
    user_id: text((r) => r.query.user_id),
    created_at: time((r) => r.query.created_at),
    updated_at: time((r) => r.query.updated_at),
  },
  tieBreak: [{ column: 'id', descending: false }],
});

function scopeOf(q: StoredSavedQuery, userId: string): 'owned' | 'shared' | 'public' | null {
  if (q.user_id === userId) return 'owned';
  if (q.shared_to.includes(userId)) return 'shared';
  if (q.public) return 'public';
  return null;
}

function toRecord(q: StoredSavedQuery, scope?: string) {
  return {
    id: q.id,
    ...baseOf(q),
    user_id: q.user_id,
    name: q.name,
    query: q.query,
    description: q.description,
    ...(scope ? { scope } : {}),
  };
}

/** The path's query id, read before the body (a query someone cannot see or change is refused first). */
const pathId = (c: Parameters<typeof currentUser>[0]) => readParam(c, 'saved_query_id', queryIdParam);

function findQuery(state: DbState, id: number): StoredSavedQuery {
  const q = state.savedQueries.find((s) => s.id === id && s.deleted_at === null);
  if (!q) throw notFound('saved_query_id', `No saved query has id ${id}.`);
  return q;
}

/** A query `user` may see (owner, shared with them, or public); any other is a 404, so its existence is not told. */
function findVisible(state: DbState, id: number, user: StoredUser): StoredSavedQuery {
  const q = state.savedQueries.find((s) => s.id === id && s.deleted_at === null);
  if (!q || scopeOf(q, user.id) === null) throw notFound('saved_query_id', `No saved query you can see has id ${id}.`);
  return q;
}

/** A query `user` owns: one they may only see is a 403 saying who may `act`. */
function findOwned(state: DbState, id: number, user: StoredUser, act: string): StoredSavedQuery {
  const q = findVisible(state, id, user);
  if (q.user_id !== user.id) throw forbidden(`Only the owner of this query can ${act} it.`);
  return q;
}

/**
 * A name the owner already gave another of their queries (exact, as upstream's unique (user_id, name)): 400 name.
 * `file`: the ZIP entry an imported query came from, named in the answer.
 */
function refuseDuplicateName(state: DbState, ownerId: string, name: string, except?: number, file?: string): void {
  const same = state.savedQueries.find(
    (q) => q.deleted_at === null && q.user_id === ownerId && q.name === name && q.id !== except,
  );
  if (!same) return;
  if (file === undefined) throw badRequest('name', `You already have a saved query named "${name}". Choose another name.`);
  throw badRequest(
    file,
    `You already have a saved query named "${name}" (in ${file}). Rename it in the file, or rename or delete yours.`,
  );
}

/** The queries `userId` sees in `scope` (all: their own, those shared with them and public ones), oldest first. */
function queriesInScope(state: DbState, userId: string, scope: SavedQueryScope): QueryRow[] {
  const rows: QueryRow[] = [];
  for (const query of state.savedQueries) {
    const s = query.deleted_at === null ? scopeOf(query, userId) : null;
    if (s !== null && (scope === 'all' || s === scope)) rows.push({ query, scope: s });
  }
  return rows;
}

/** The next query id: past the counter and every stored id (a state whose counter is behind cannot clash). */
function nextQueryId(db: MockDb): number {
  const id = Math.max(db.nextId('saved-query'), ...db.state.savedQueries.map((q) => q.id + 1));
  db.state.counters['saved-query'] = id;
  return id;
}

/** Stores a new, private query of `ownerId` (the caller marks the state changed). */
function addQuery(db: MockDb, ownerId: string, fields: SavedQueryFields, now: string): StoredSavedQuery {
  const query: StoredSavedQuery = {
    id: nextQueryId(db),
    user_id: ownerId,
    name: fields.name,
    query: fields.query,
    description: fields.description,
    shared_to: [],
    public: false,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  db.state.savedQueries.push(query);
  return query;
}

const NO_UUID = { uuid: '00000000-0000-0000-0000-000000000000', valid: false };

/** Reference `model.saved-queries-permissions` rows for a share's answer (ids are not kept: no operation takes them). */
function permissionRows(db: MockDb, q: StoredSavedQuery, userIds: readonly string[] | null) {
  const now = new Date().toISOString();
  const row = (user: string | null) => ({
    id: db.nextId('saved-query-permission'),
    ...baseOf({ created_at: now, updated_at: now, deleted_at: null }),
    shared_to_user_id: user === null ? NO_UUID : { uuid: user, valid: true },
    query_id: q.id,
    public: user === null,
  });
  return userIds === null ? [row(null)] : userIds.map(row);
}

/**
 * Saved queries: list (paged, scope), create, get, update, delete (reference ListSavedQueries, CreateSavedQuery,
 * GetSavedQuery, UpdateSavedQuery, DeleteSavedQuery) and their sharing (GetSavedQueryPermissions,
 * ShareSavedQuery, DeleteSavedQueryPermissions). A query someone cannot see answers 404 to them; one they see but
 * do not own, 403 to a change.
 */
export const savedQueriesArea: MockArea = {
  name: 'saved-queries',
  // Seeded users own the queries and have them shared with them.
  seedsAfter: ['users'],
  seed: seedSavedQueries,
  routes(app, { db }) {
    const route = server(app, db);

    route(savedQueryOps.listSavedQueries, (c, { query: req }) => {
      const user = currentUser(c);
      const rows = queriesInScope(db.state, user.id, req.params.scope ?? 'owned');
      return c.json(QUERIES_LIST.page(QUERIES_LIST.select(rows, req), req, (r) => toRecord(r.query, r.scope)));
    });

    route(savedQueryOps.createSavedQuery, (c, { body }) => {
      const user = currentUser(c);
      refuseDuplicateName(db.state, user.id, body.name);
      const query = addQuery(db, user.id, body, new Date().toISOString());
      return c.json({ data: toRecord(query) }, 201);
    });

    /*
     * Import and export (registered before `/:saved_query_id`, which would take `export` and `import` for ids).
     * Export all: a ZIP (`exported_queries.zip`, as upstream) of the caller's queries in `scope`, which is required.
     */
    route(
      savedQueryOps.exportSavedQueries,
      (c, { query: { scope } }) => {
        const queries = queriesInScope(db.state, currentUser(c).id, scope).map((r) => r.query);
        auditFields(c, { exported: queries.length });
        return c.body(zipQueries(queries), 200, {
          'Content-Type': 'application/octet-stream',
          'Content-Disposition': attachment('exported_queries.zip'),
        });
      },
      // The scope as sent is audited, refused or not (the declaration's exportScopeParam refuses it).
      { guard: (c) => auditFields(c, { export_saved_queries_scope: c.req.query('scope') ?? '' }) },
    );

    // One query as `<name>.json`: for those who may read it (upstream's canUserAccessQuery); others 404.
    route(savedQueryOps.exportSavedQuery, (c, { params: { saved_query_id: id } }) => {
      const query = findVisible(db.state, id, currentUser(c));
      return c.body(queryFileText(query), 200, {
        'Content-Type': 'application/octet-stream',
        'Content-Disposition': attachment(queryFileName(query.name)),
      });
    });

    /*
     * One query (application/json) or a ZIP of them, saved as the caller's own (private) queries, all or none:
     * a malformed file or archive, a query without a name or text, or a name the caller already uses (or that two
     * files share) refuses the whole import. Answers upstream's sentence, "imported 3 queries".
     */
    route(savedQueryOps.importSavedQueries, async (c) => {
      const kind = importKindOf(c.req.header('Content-Type'));
      if (!kind) {
        await c.req.raw.body?.cancel().catch(() => undefined);
        throw unsupportedImportType(c.req.header('Content-Type'));
      }
      const bytes = await readBodyLimited(c, SAVED_QUERY_IMPORT_MAX_BYTES, () => importTooLarge());
      return commit(() => {
        const user = currentUser(c);
        if (bytes.byteLength === 0) throw badRequest('body', 'The body is empty: send a query file (JSON) or a ZIP of them.');
        const found = readImport(bytes, kind);
        auditFields(c, { query_names: found.map((f) => f.query.name) });
        for (const { query, file } of found)
          refuseDuplicateName(db.state, user.id, query.name, undefined, file === 'body' ? undefined : file);
        const now = new Date().toISOString();
        for (const { query } of found) addQuery(db, user.id, query, now);
        return c.json({ data: `imported ${found.length} queries` }, 201);
      });
    });

    // The owner, those it is shared with, and everyone when it is public (upstream's canUserAccessQuery); others 404.
    route(savedQueryOps.getSavedQuery, (c, { params: { saved_query_id: id } }) => {
      return c.json({ data: toRecord(findVisible(db.state, id, currentUser(c))) });
    });

    // The owner only: absent fields keep their value; a name already used by another of the owner's queries is a 400.
    route(
      savedQueryOps.updateSavedQuery,
      (c, { params: { saved_query_id: id }, body }) => {
        const user = currentUser(c);
        const query = findOwned(db.state, id, user, 'change');
        if (body.name !== undefined) refuseDuplicateName(db.state, user.id, body.name, query.id);
        const next = {
          name: body.name ?? query.name,
          query: body.query ?? query.query,
          description: body.description ?? query.description,
        };
        if (next.name !== query.name || next.query !== query.query || next.description !== query.description) {
          Object.assign(query, next, { updated_at: new Date().toISOString() });
        }
        return c.json({ data: toRecord(query) });
      },
      { guard: (c) => void findOwned(db.state, pathId(c), currentUser(c), 'change') },
    );

    // The owner only; its sharing goes with it.
    route(savedQueryOps.deleteSavedQuery, (c, { params: { saved_query_id: id } }) => {
      const query = findOwned(db.state, id, currentUser(c), 'delete');
      db.state.savedQueries = db.state.savedQueries.filter((q) => q !== query);
      return c.body(null, 204);
    });

    /*
     * As upstream's ShareSavedQueries: `public: true` makes it public (201 with the public row; 204 when it already
     * is), which replaces every share; `user_ids` shares it with them (201 with their rows; a public query must be
     * made private first); neither makes it private, removing the public flag and every share (204). The owner
     * does all three; an administrator may also make someone else's public query private.
     */
    route(
      savedQueryOps.shareSavedQuery,
      (c, { params: { saved_query_id: id }, body }) => {
        if (body.public && body.user_ids.length > 0) {
          throw badRequest(
            'public',
            'A query is either public or shared with chosen users: send public: true or user_ids, not both.',
          );
        }
        const user = currentUser(c);
        const query = findVisible(db.state, id, user);
        const owner = query.user_id === user.id;
        const now = new Date().toISOString();
        if (body.public) {
          if (!owner) throw forbidden('Only the owner of this query can make it public.');
          if (query.public) return c.body(null, 204);
          Object.assign(query, { public: true, shared_to: [], updated_at: now });
          return c.json({ data: permissionRows(db, query, null) }, 201);
        }
        if (body.user_ids.length === 0) {
          const isAdmin = userPermissions(db, user).has(Permission.AuthManageUsers);
          if (!owner && !(isAdmin && query.public)) {
            throw forbidden('Only the owner of this query (or an administrator, for a public query) can make it private.');
          }
          if (query.public || query.shared_to.length > 0) {
            Object.assign(query, { public: false, shared_to: [], updated_at: now });
          }
          return c.body(null, 204);
        }
        if (!owner) throw forbidden('Only the owner of this query can share it.');
        if (query.public) {
          throw badRequest(
            'user_ids',
            'This query is public, so everyone can already see it; make it private first to share it with chosen users.',
          );
        }
        const ids = [...new Set(body.user_ids.map((u) => u.toLowerCase()))];
        if (ids.includes(user.id.toLowerCase()))
          throw badRequest('user_ids', 'You cannot share a query with yourself: you own it.');
        const live = new Map(db.state.users.filter((u) => u.deleted_at === null).map((u) => [u.id.toLowerCase(), u.id]));
        const unknown = ids.filter((u) => !live.has(u));
        if (unknown.length > 0) {
          throw badRequest('user_ids', `No user has ${pluralWord(unknown.length, 'id')} ${unknown.join(', ')}.`);
        }
        const userIds = ids.map((u) => live.get(u)!);
        const added = userIds.filter((u) => !query.shared_to.includes(u));
        if (added.length > 0) {
          Object.assign(query, { shared_to: [...query.shared_to, ...added], updated_at: now });
        }
        return c.json({ data: permissionRows(db, query, userIds) }, 201);
      },
      { guard: (c) => void findVisible(db.state, pathId(c), currentUser(c)) },
    );

    route(savedQueryOps.getSavedQueryPermissions, (c, { params: { saved_query_id: id } }) => {
      const user = currentUser(c);
      const query = findQuery(db.state, id);
      const isAdmin = userPermissions(db, user).has(Permission.AuthManageUsers);
      if (query.user_id !== user.id && !isAdmin) {
        throw forbidden('Only the owner of this query (or an administrator) can see whom it is shared with.');
      }
      return c.json({ data: { shared_to_user_ids: query.shared_to, query_id: query.id, public: query.public } });
    });

    // As upstream: the owner may unshare anyone, an administrator anyone, a recipient themself (mayUnshare).
    route(
      savedQueryOps.deleteSavedQueryPermissions,
      (c, { params: { saved_query_id: id }, body }) => {
        const user = currentUser(c);
        const query = findQuery(db.state, id);
        if (!mayUnshare({ id: user.id, roles: rolesWithPermissions(db, user) }, query.user_id, body.user_ids)) {
          throw forbidden(
            'You can only remove yourself from a query shared with you; its owner or an administrator can remove others.',
          );
        }
        const notShared = body.user_ids.filter((id) => !query.shared_to.includes(id));
        if (notShared.length > 0) {
          throw badRequest(
            'user_ids',
            `This query is not shared with ${pluralWord(notShared.length, 'user')} ${notShared.join(', ')}.`,
          );
        }
        const revoke = new Set(body.user_ids);
        query.shared_to = query.shared_to.filter((id) => !revoke.has(id));
        query.updated_at = new Date().toISOString();
        return c.body(null, 204);
      },
      { guard: (c) => void findQuery(db.state, pathId(c)) },
    );
  },
};
