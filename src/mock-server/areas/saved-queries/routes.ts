import { Permission } from '../../../api/permissions';
import { intPathParam, stringFilterParam } from '../../../api/schemas/common';
import { revokeSavedQueryPermissionsBody, savedQueryScope } from '../../../api/schemas/saved-queries';
import { confirmAccess } from '../../access';
import type { MockArea } from '../../area';
import { mayUnshare } from '../../../api/access';
import { currentUser, rolesWithPermissions, userPermissions } from '../../auth';
import { badRequest, forbidden, notFound } from '../../errors';
import { defineList, number, text, time } from '../../list';
import type { DbState } from '../../store/db';
import { baseOf } from '../../store/records';
import { readJson, readParam } from '../../validate';
import { seedSavedQueries } from './seed';
import type { StoredSavedQuery } from './store';

/** A query with its scope for the caller (owned, shared or public). */
interface QueryRow {
  query: StoredSavedQuery;
  scope: 'owned' | 'shared' | 'public';
}

/** ListSavedQueries: paged (10 by default, at most MAX_LIMIT; more is capped), scope, sort_by, filters; ties by id. */
const QUERIES_LIST = defineList<QueryRow>()({
  columns: {
    id: number((r) => r.query.id),
    name: text((r) => r.query.name),
    query: text((r) => r.query.query),
    user_id: text((r) => r.query.user_id),
    created_at: time((r) => r.query.created_at),
    updated_at: time((r) => r.query.updated_at),
  },
  paging: { defaultLimit: 10, overMax: 'cap' },
  params: { scope: savedQueryScope.optional() },
  sortBy: ['id', 'name', 'query', 'user_id', 'created_at', 'updated_at'],
  filters: { name: stringFilterParam('name'), query: stringFilterParam('query'), user_id: stringFilterParam('user_id') },
  tieBreak: [{ column: 'id', descending: false }],
  unknown: (name, known) => `"${name}" is not a parameter of this list; use ${known.join(', ')}.`,
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

const queryIdParam = intPathParam('saved_query_id');

function findQuery(state: DbState, id: number): StoredSavedQuery {
  const q = state.savedQueries.find((s) => s.id === id && s.deleted_at === null);
  if (!q) throw notFound('saved_query_id', `No saved query has id ${id}.`);
  return q;
}

/**
 * GET /api/v2/saved-queries (paged, scope), GET and DELETE
 * /api/v2/saved-queries/{id}/permissions.
 */
export const savedQueriesArea: MockArea = {
  name: 'saved-queries',
  seed: seedSavedQueries,
  routes(app, { db }) {
    app.get('/api/v2/saved-queries', (c) => {
      const user = currentUser(c);
      const req = QUERIES_LIST.parse(c);
      const scope = req.params.scope ?? 'owned';
      const rows: QueryRow[] = [];
      for (const query of db.state.savedQueries) {
        const s = query.deleted_at === null ? scopeOf(query, user.id) : null;
        if (s !== null && (scope === 'all' || s === scope)) rows.push({ query, scope: s });
      }
      return c.json(QUERIES_LIST.page(QUERIES_LIST.select(rows, req), req, (r) => toRecord(r.query, r.scope)));
    });

    app.get('/api/v2/saved-queries/:saved_query_id/permissions', (c) => {
      const user = currentUser(c);
      const query = findQuery(db.state, readParam(c, 'saved_query_id', queryIdParam));
      const isAdmin = userPermissions(db, user).has(Permission.AuthManageUsers);
      if (query.user_id !== user.id && !isAdmin) {
        throw forbidden('Only the owner of this query (or an administrator) can see whom it is shared with.');
      }
      return c.json({ data: { shared_to_user_ids: query.shared_to, query_id: query.id, public: query.public } });
    });

    // As upstream: the owner may unshare anyone, an administrator anyone, a recipient themself (mayUnshare).
    app.delete('/api/v2/saved-queries/:saved_query_id/permissions', async (c) => {
      const id = readParam(c, 'saved_query_id', queryIdParam);
      findQuery(db.state, id);
      const body = await readJson(c, revokeSavedQueryPermissionsBody);
      confirmAccess(c);
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
          `This query is not shared with ${notShared.length === 1 ? 'user' : 'users'} ${notShared.join(', ')}.`,
        );
      }
      const revoke = new Set(body.user_ids);
      query.shared_to = query.shared_to.filter((id) => !revoke.has(id));
      query.updated_at = new Date().toISOString();
      db.changed();
      return c.body(null, 204);
    });
  },
};
