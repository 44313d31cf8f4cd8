import { accessOf, missingPermission, type Method } from '@/shared/route-access';
import type { PermissionName } from '@/shared/permissions';
import { useSelf } from '@/api/self';

/** An operation by method and the access table's path (src/shared/route-access.ts). */
export type Operation = readonly [Method, string];

export interface AccessState {
  /** The signed-in person may call the operation. False while their account is loading. */
  allowed: boolean;
  /** The permission they lack, for RestrictedNote; null when allowed or still loading. */
  missing: PermissionName | null;
}

/**
 * Whether the signed-in person may call `method path`, by the same table the
 * service checks (src/shared/route-access.ts). `self: false` for an account operation
 * on someone else's account (auth.ManageUsers instead of auth.ManageSelf).
 */
export function useAccess(method: Method, path: string, { self = true }: { self?: boolean } = {}): AccessState {
  const { data } = useSelf();
  const access = accessOf(method, path);
  if (!data) return { allowed: false, missing: null };
  if (access.kind === 'client') return { allowed: false, missing: null };
  const missing = missingPermission(data, access, self);
  return { allowed: missing === null, missing };
}
