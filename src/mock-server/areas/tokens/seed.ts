/**
 * Seeded API tokens: a few for seeded accounts, so the tokens pages have
 * something to show. Ids, names and times come from a fixed seed. The keys
 * of the non-administrator tokens do too (the mock's seeded passwords are
 * public as well); the administrator's token's key is derived from the
 * session-token secret (random per start unless MOCK_JWT_SECRET is set), so
 * the seed stays the same for one configuration but no key that acts as an
 * administrator is ever published.
 */
import { createHmac } from 'node:crypto';
import { ConfigKey } from '../../../api/schemas/config';
import { TOKEN_HMAC_METHOD } from '../../../api/schemas/tokens';
import type { MockConfig } from '../../config';
import { Rng, seedTime } from '../../seed/random';
import type { DbState } from '../../store/db';
import { NEVER_ACCESSED, type StoredAuthToken } from './store';

const SEEDED_TOKENS: {
  principal: string;
  name: string;
  createdDaysAgo: number;
  lastAccessDaysAgo: number | null;
  secretKey?: boolean;
}[] = [
  { principal: 'admin', name: 'SIEM export', createdDaysAgo: 120, lastAccessDaysAgo: 0.2, secretKey: true },
  { principal: 'poweruser', name: 'CI pipeline', createdDaysAgo: 60, lastAccessDaysAgo: 1.5 },
  { principal: 'poweruser', name: 'Old laptop script', createdDaysAgo: 200, lastAccessDaysAgo: null },
  { principal: 'reader', name: 'Weekly report', createdDaysAgo: 30, lastAccessDaysAgo: 6 },
];

export function seedTokens(state: DbState, config: Pick<MockConfig, 'apiTokensEnabled' | 'jwtSecret'>): void {
  const rng = new Rng(20261114);
  state.authTokens = [];
  // MOCK_API_TOKENS=0: the parameter starts off (the config area seeded it on), and, as upstream at start, no tokens.
  const enabled = config.apiTokensEnabled ?? process.env.MOCK_API_TOKENS !== '0';
  if (!enabled) {
    const param = state.configParameters.find((p) => p.key === ConfigKey.ApiTokens);
    if (param) param.value = { ...param.value, enabled: false };
    return;
  }
  for (const spec of SEEDED_TOKENS) {
    const id = rng.uuid();
    const bytes = Buffer.from(Array.from({ length: 32 }, () => rng.int(0, 255)));
    const user = state.users.find((u) => u.principal_name === spec.principal);
    if (!user) continue;
    const created = seedTime(-spec.createdDaysAgo);
    const token: StoredAuthToken = {
      id,
      user_id: user.id.toLowerCase(),
      name: spec.name,
      key: spec.secretKey
        ? createHmac('sha256', config.jwtSecret).update(`seeded API token ${id}`).digest('base64')
        : bytes.toString('base64'),
      hmac_method: TOKEN_HMAC_METHOD,
      last_access: spec.lastAccessDaysAgo === null ? NEVER_ACCESSED : seedTime(-spec.lastAccessDaysAgo),
      created_by: user.id.toLowerCase(),
      created_at: created,
      updated_at: created,
      deleted_at: null,
    };
    state.authTokens.push(token);
  }
}
