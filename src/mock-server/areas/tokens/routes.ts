import { uuidField, ZERO_TIME } from '../../../api/schemas/common';
import { createAuthTokenBody, TOKEN_HMAC_METHOD, TOKENS_SORTABLE_COLUMNS, tokensListQuery } from '../../../api/schemas/tokens';
import { confirmAccountAccess } from '../../access';
import type { MockArea } from '../../area';
import { currentUser } from '../../auth';
import { forbidden, notFound } from '../../errors';
import { defineList, pickParams, text, time } from '../../list';
import { API_TOKENS_OFF, apiTokensEnabled, newTokenKey } from '../../signature';
import type { MockDb } from '../../store/db';
import { readJson, readParam } from '../../validate';
import { findUser } from '../users/rules';
import { seedTokens } from './seed';
import { NEVER_ACCESSED, toAuthTokenRecord, type StoredAuthToken } from './store';

const TOKEN_FILTER_COLUMNS = [
  'user_id',
  'id',
  'name',
  'key',
  'hmac_method',
  'last_access',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;

/**
 * GET /api/v2/tokens (reference ListAuthTokens): filters and sort columns as
 * the reference lists them. `key` filters the key as listed (always empty),
 * never the secret; `client_id` (a collection client's token upstream) is
 * missing on every user's token and sorts last.
 */
export const TOKENS_LIST = defineList<StoredAuthToken>()({
  columns: {
    user_id: text((t) => t.user_id),
    client_id: text(() => null),
    id: text((t) => t.id),
    name: text((t) => t.name),
    key: text(() => ''),
    hmac_method: text((t) => t.hmac_method),
    last_access: time((t) => t.last_access),
    created_at: time((t) => t.created_at),
    updated_at: time((t) => t.updated_at),
    deleted_at: time((t) => t.deleted_at ?? ZERO_TIME),
  },
  sortBy: TOKENS_SORTABLE_COLUMNS,
  filters: pickParams(tokensListQuery.shape, TOKEN_FILTER_COLUMNS),
  defaultSort: [{ column: 'created_at', descending: false }],
  tieBreak: [{ column: 'id', descending: false }],
  unknown: (name) => `API tokens cannot be filtered by "${name}"; filterable columns are ${TOKEN_FILTER_COLUMNS.join(', ')}.`,
});

export const tokenIdParam = uuidField('Token ID');

/** 403 naming the parameter when API tokens are switched off (upstream: "API key creation is disabled"). */
function refuseWhenOff(db: MockDb): void {
  if (!apiTokensEnabled(db)) throw forbidden(API_TOKENS_OFF);
}

/**
 * API tokens (reference ListAuthTokens, CreateAuthToken, DeleteAuthToken).
 * Who may call what is the access table's `account` rule: your own tokens
 * need auth.ManageSelf and auth.CreateToken, anyone else's auth.ManageUsers
 * too. A token's key is answered once, when it is created; it signs requests
 * (src/mock-server/signature.ts). Tokens go when their owner is deleted.
 */
export const tokensArea: MockArea = {
  name: 'tokens',
  seed: (state, config) => seedTokens(state, config),
  routes(app, { db }) {
    app.get('/api/v2/tokens', (c) => {
      const req = TOKENS_LIST.parse(c);
      const me = currentUser(c).id.toLowerCase();
      // Your own tokens unless the query names whose (the access table checked that you may).
      const filters = req.filters.some((f) => f.column === 'user_id')
        ? req.filters
        : [...req.filters, { column: 'user_id' as const, predicate: 'eq' as const, value: me }];
      const tokens = TOKENS_LIST.select(db.state.authTokens, { ...req, filters });
      return c.json({ data: { tokens: tokens.map((t) => toAuthTokenRecord(t)) } });
    });

    app.post('/api/v2/tokens', async (c) => {
      refuseWhenOff(db);
      const body = await readJson(c, createAuthTokenBody);
      const actor = currentUser(c);
      const ownerId = (body.user_id ?? actor.id).toLowerCase();
      // The account rule with the account the body names: someone else's needs auth.ManageUsers.
      confirmAccountAccess(c, ownerId);
      refuseWhenOff(db);
      const owner = findUser(db.state, ownerId);
      const now = new Date().toISOString();
      const token: StoredAuthToken = {
        id: crypto.randomUUID(),
        user_id: owner.id.toLowerCase(),
        name: body.token_name,
        key: newTokenKey(),
        hmac_method: TOKEN_HMAC_METHOD,
        last_access: NEVER_ACCESSED,
        created_by: actor.id.toLowerCase(),
        created_at: now,
        updated_at: now,
        deleted_at: null,
      };
      db.state.authTokens.push(token);
      db.changed();
      return c.json({ data: toAuthTokenRecord(token, { withKey: true }) });
    });

    app.delete('/api/v2/tokens/:token_id', (c) => {
      const id = readParam(c, 'token_id', tokenIdParam).toLowerCase();
      const token = db.state.authTokens.find((t) => t.id === id);
      if (!token) throw notFound('token_id', `No API token has id ${id}. It may have been deleted already.`);
      // Your own token, or anyone's with auth.ManageUsers.
      confirmAccountAccess(c, token.user_id);
      db.state.authTokens = db.state.authTokens.filter((t) => t.id !== id);
      db.changed();
      return c.body(null, 200);
    });
  },
};
