import { tokenOps } from '../../../api/operations/tokens';
import { ZERO_TIME } from '../../../api/schemas/wire-format';
import { TOKEN_HMAC_METHOD } from '../../../api/schemas/tokens';
import { confirmAccountAccess } from '../../access';
import type { MockArea } from '../../area';
import { currentUser } from '../../auth';
import { forbidden, notFound } from '../../errors';
import { defineList, text, time } from '../../list';
import { server } from '../../serve';
import { API_TOKENS_OFF, apiTokensEnabled, newTokenKey } from '../../signature';
import type { MockDb } from '../../store/db';
import { findUser } from '../users/rules';
import { seedTokens } from './seed';
import { NEVER_ACCESSED, toAuthTokenRecord, type StoredAuthToken } from './store';

/**
 * GET /api/v2/tokens (reference ListAuthTokens): filters and sort columns as
 * the reference lists them. `key` filters the key as listed (always empty),
 * never the secret; `client_id` (a collection client's token upstream) is
 * missing on every user's token and sorts last.
 */
export const TOKENS_LIST = defineList<StoredAuthToken>()({
  query: tokenOps.listAuthTokens.query,
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
  defaultSort: [{ column: 'created_at', descending: false }],
  tieBreak: [{ column: 'id', descending: false }],
});

/** 403 naming the parameter when API tokens are switched off (upstream: "API key creation is disabled"). */
function refuseWhenOff(db: MockDb): void {
  if (!apiTokensEnabled(db)) throw forbidden(API_TOKENS_OFF);
}

/**
 * API tokens (reference ListAuthTokens, CreateAuthToken, DeleteAuthToken).
 * Who may call what is their declarations' `account` rule: your own tokens
 * need auth.ManageSelf and auth.CreateToken, anyone else's auth.ManageUsers
 * too. A token's key is answered once, when it is created; it signs requests
 * (src/mock-server/signature.ts). Tokens go when their owner is deleted.
 */
export const tokensArea: MockArea = {
  name: 'tokens',
  // Seeded users own the tokens; with API tokens off it turns the seeded auth.api_tokens parameter off.
  seedsAfter: ['users', 'config'],
  seed: (state, config) => seedTokens(state, config),
  routes(app, { db }) {
    const route = server(app, db);

    route(tokenOps.listAuthTokens, (c, { query: req }) => {
      const me = currentUser(c).id.toLowerCase();
      // Your own tokens unless the query names whose (the access table checked that you may).
      const filters = req.filters.some((f) => f.column === 'user_id')
        ? req.filters
        : [...req.filters, { column: 'user_id' as const, predicate: 'eq' as const, value: me }];
      const tokens = TOKENS_LIST.select(db.state.authTokens, { ...req, filters });
      return c.json({ data: { tokens: tokens.map((t) => toAuthTokenRecord(t)) } });
    });

    route(
      tokenOps.createAuthToken,
      (c, { body }) => {
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
        return c.json({ data: toAuthTokenRecord(token, { withKey: true }) });
      },
      { guard: () => refuseWhenOff(db) },
    );

    route(tokenOps.deleteAuthToken, (c, { params }) => {
      const id = params.token_id.toLowerCase();
      const token = db.state.authTokens.find((t) => t.id === id);
      if (!token) throw notFound('token_id', `No API token has id ${id}. It may have been deleted already.`);
      // Your own token, or anyone's with auth.ManageUsers.
      confirmAccountAccess(c, token.user_id);
      db.state.authTokens = db.state.authTokens.filter((t) => t.id !== id);
      return c.body(null, 200);
    });
  },
};
