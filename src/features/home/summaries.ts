import type { SsoProvider } from '@/api/schemas/sso';
import type { User } from '@/api/schemas/users';

export interface UsersSummary {
  total: number;
  disabled: number;
}

/** The home page's projection of the users list: how many, how many disabled (deleted ones left out). */
export function summarizeUsers(users: User[]): UsersSummary {
  const live = users.filter((u) => !u.deleted_at.valid);
  return { total: live.length, disabled: live.filter((u) => u.is_disabled).length };
}

export interface SsoSummary {
  total: number;
  byType: Record<string, number>;
}

/** The home page's projection of the SSO providers list: how many, of which type. */
export function summarizeSsoProviders(providers: SsoProvider[]): SsoSummary {
  const byType: Record<string, number> = {};
  for (const p of providers) byType[p.type] = (byType[p.type] ?? 0) + 1;
  return { total: providers.length, byType };
}
