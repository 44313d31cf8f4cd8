import { ALL_PERMISSIONS, ROLE_PERMISSIONS } from '../../shared/permissions';
import { DIGEST_METHOD, hashSecret } from '../secrets';
import type { DbState, StoredUser } from '../store/db';
import { Rng, seedTime } from './random';

export const DEFAULT_PASSWORD = 'Correct-Horse-9';

/** The four documented sign-in accounts, by principal name, and their role. */
export const SEEDED_ACCOUNTS = [
  { principal: 'admin', role: 'Administrator', first: 'Ada', last: 'Admin' },
  { principal: 'poweruser', role: 'Power User', first: 'Pat', last: 'Power' },
  { principal: 'reader', role: 'Read-Only', first: 'Rita', last: 'Reader' },
  { principal: 'uploader', role: 'Upload-Only', first: 'Uli', last: 'Uploader' },
] as const;

/** Role ids as upstream numbers them. */
const ROLE_ORDER = ['Administrator', 'User', 'Read-Only', 'Upload-Only', 'Power User'];

export interface SeedOptions {
  password: string;
}

/** The empty state every area's seeder then fills. */
export function emptyState(): DbState {
  // The slices areas add to DbState (module augmentation) are filled by their seeders.
  return { schemaVersion: 1, counters: {}, permissions: [], roles: [], users: [], ssoProviders: [] } as unknown as DbState;
}

export function seedCore(state: DbState, options: SeedOptions): void {
  const created = seedTime(-300);
  state.permissions = ALL_PERMISSIONS.map((full, i) => {
    const [authority, name] = full.split('.') as [string, string];
    return { id: i + 1, authority, name, created_at: created, updated_at: created, deleted_at: null };
  });
  state.counters.permission = state.permissions.length;
  const idOf = new Map(state.permissions.map((p) => [`${p.authority}.${p.name}`, p.id]));
  state.roles = ROLE_ORDER.map((name, i) => ({
    id: i + 1,
    name,
    description: ROLE_PERMISSIONS[name]!.description,
    permission_ids: ROLE_PERMISSIONS[name]!.permissions.map((p) => idOf.get(p)!),
    created_at: created,
    updated_at: created,
    deleted_at: null,
  }));
  state.counters.role = state.roles.length;

  const rng = new Rng(20261101);
  for (const account of SEEDED_ACCOUNTS) {
    state.users.push(
      makeSeedUser(state, rng, {
        principal: account.principal,
        first: account.first,
        last: account.last,
        email: `${account.principal}@example.com`,
        roleName: account.role,
        password: options.password,
        daysAgo: 1,
      }),
    );
  }
}

export interface SeedUserSpec {
  principal: string;
  first: string | null;
  last: string | null;
  email: string | null;
  roleName: string;
  password: string | null;
  daysAgo: number;
  disabled?: boolean;
  ssoProviderId?: number | null;
  environmentIds?: string[];
  mfaSecret?: string | null;
  needsPasswordReset?: boolean;
}

/** A stored user for a seed, with a salted hash of its password (if any). */
export function makeSeedUser(state: DbState, rng: Rng, spec: SeedUserSpec): StoredUser {
  const created = seedTime(-200 + rng.int(0, 100));
  const role = state.roles.find((r) => r.name === spec.roleName);
  if (!role) throw new Error(`seed: no role ${spec.roleName}`);
  const salt = Array.from({ length: 16 }, () => rng.int(0, 255).toString(16).padStart(2, '0')).join('');
  const secretId = spec.password ? (state.counters['auth-secret'] = (state.counters['auth-secret'] ?? 0) + 1) : 0;
  return {
    id: rng.uuid(),
    principal_name: spec.principal,
    first_name: spec.first,
    last_name: spec.last,
    email_address: spec.email,
    role_ids: [role.id],
    sso_provider_id: spec.ssoProviderId ?? null,
    last_login: seedTime(-spec.daysAgo),
    is_disabled: spec.disabled ?? false,
    eula_accepted: true,
    all_environments: !(spec.environmentIds && spec.environmentIds.length > 0),
    environment_ids: spec.environmentIds ?? [],
    secret: spec.password
      ? {
          id: secretId,
          digest_method: DIGEST_METHOD,
          ...hashSecret(spec.password, salt),
          expires_at: seedTime(90),
          needs_password_reset: spec.needsPasswordReset ?? false,
          created_at: created,
          updated_at: created,
          deleted_at: null,
        }
      : null,
    mfa: spec.mfaSecret ? { secret: spec.mfaSecret, activated: true } : null,
    created_at: created,
    updated_at: created,
    deleted_at: null,
  };
}
