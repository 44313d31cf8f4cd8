import type { MockConfig } from '../../config';
import { DIGEST_METHOD, hashSecret } from '../../secrets';
import type { DbState, StoredSecret } from '../../store/db';
import { makeSeedUser } from '../../seed/core';
import { Rng, seedTime } from '../../seed/random';

/**
 * scrypt is slow on purpose (tens of milliseconds a hash), so the seeded users
 * who share the seed password share one salted hash, computed once per process.
 * Passwords set later get their own salt.
 */
const seedHashes = new Map<string, { digest: string; salt: string }>();
function seedHash(password: string) {
  let hash = seedHashes.get(password);
  if (!hash) {
    hash = hashSecret(password, 'seeded-users-area');
    seedHashes.set(password, hash);
  }
  return hash;
}

function seedSecret(state: DbState, password: string, created: string, needsReset: boolean): StoredSecret {
  return {
    id: (state.counters['auth-secret'] = (state.counters['auth-secret'] ?? 0) + 1),
    digest_method: DIGEST_METHOD,
    ...seedHash(password),
    expires_at: needsReset ? '0001-01-01T00:00:00Z' : seedTime(90),
    needs_password_reset: needsReset,
    created_at: created,
    updated_at: created,
    deleted_at: null,
  };
}

/**
 * Environments the seeded access lists point at: three AD domains (by SID)
 * and two Azure tenants (by tenant id).
 */
export const SEED_ENVIRONMENTS = [
  'S-1-5-21-4107638521-1930581446-2864410937',
  'S-1-5-21-2697957641-2271029196-387917394',
  'S-1-5-21-909015691-3030120388-2582151266',
  '6c12b0b0-b2cc-4a73-8252-0b94bfca2145',
  'b3a1c9d2-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
] as const;

const FIRST_NAMES = [
  'Amara',
  'Bruno',
  'Chen',
  'Dalia',
  'Elias',
  'Farah',
  'Gustav',
  'Hana',
  'Ivan',
  'Jonas',
  'Keiko',
  'Luca',
  'Maya',
  'Nikolai',
  'Olga',
  'Priya',
  'Quentin',
  'Rosa',
  'Sven',
  'Tariq',
  'Uma',
  'Viktor',
  'Wen',
  'Ximena',
  'Yusuf',
  'Zoe',
  'Anders',
  'Beatriz',
  'Cyrus',
  'Dana',
];
const LAST_NAMES = [
  'Okafor',
  'Lindqvist',
  'Moreau',
  'Haddad',
  'Novak',
  'Takahashi',
  'Silva',
  'Kowalski',
  'Fischer',
  'Nguyen',
  'Petrov',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Varga',
  'Walsh',
  'Yilmaz',
  'Zhang',
  'Andersen',
  'Bianchi',
];

/** How many users of each role the area adds to the four core accounts. */
const ROLE_PLAN: readonly [role: string, count: number][] = [
  ['Administrator', 4],
  ['Power User', 8],
  ['User', 28],
  ['Read-Only', 12],
  ['Upload-Only', 8],
];

/** Number of users the users area seeds (on top of the four core accounts). */
export const SEEDED_EXTRA_USERS = ROLE_PLAN.reduce((n, [, c]) => n + c, 0);

/**
 * Adds {@link SEEDED_EXTRA_USERS} users across every role: some disabled, some
 * with MFA active (and one with enrolment pending), some linked to the SSO
 * providers already in the state (SSO users have no password), some with an
 * environment access list (never Administrators or Power Users), some that
 * must choose a new password, some that never signed in and two service
 * accounts without names or email.
 */
export function seedUsers(state: DbState, config: Pick<MockConfig, 'password'>): void {
  const rng = new Rng(20261102);
  const providers = state.ssoProviders.filter((p) => p.deleted_at === null).map((p) => p.id);
  const taken = new Set(state.users.map((u) => u.principal_name.toLowerCase()));
  let n = 0;
  for (const [roleName, count] of ROLE_PLAN) {
    for (let i = 0; i < count; i++, n++) {
      const service = roleName === 'Upload-Only' && i < 2;
      const first = service ? null : FIRST_NAMES[n % FIRST_NAMES.length]!;
      const last = service ? null : LAST_NAMES[(n * 7 + 3) % LAST_NAMES.length]!;
      let principal = service ? `svc-collector-${String(i + 1).padStart(2, '0')}` : `${first}.${last}`.toLowerCase();
      for (let k = 2; taken.has(principal); k++) principal = `${principal.replace(/\d+$/, '')}${k}`;
      taken.add(principal);

      // Every 7th user signs in through an SSO provider (when the SSO area seeded any).
      const sso = providers.length > 0 && n % 7 === 3 ? providers[n % providers.length]! : null;
      const restricted = roleName === 'Administrator' || roleName === 'Power User';
      const environmentIds =
        !restricted && n % 4 === 1 ? SEED_ENVIRONMENTS.filter((_, idx) => (n + idx) % 3 === 0).slice(0, 1 + (n % 3)) : [];
      const user = makeSeedUser(state, rng, {
        principal,
        first,
        last,
        email: service && i === 1 ? null : `${principal}@${n % 5 === 4 ? 'corp.example.org' : 'example.com'}`,
        roleName,
        password: null,
        daysAgo: rng.int(0, 60) + rng.next(),
        disabled: n % 9 === 5,
        ssoProviderId: sso,
        environmentIds,
        mfaSecret: sso === null && n % 6 === 2 ? rng.base32(32) : null,
      });
      if (sso === null) user.secret = seedSecret(state, config.password, user.created_at, n % 13 === 11);
      if (n % 11 === 10) user.last_login = '0001-01-01T00:00:00Z';
      // One user has started MFA enrolment but not activated it.
      if (n === 25 && user.secret && !user.mfa) user.mfa = { secret: rng.base32(32), activated: false };
      state.users.push(user);
    }
  }
}
