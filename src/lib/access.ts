import { accessOf, type Method } from '@/shared/route-access';
import { missingPermission, type Access, type OperationSpec } from '@/api/operation';
import type { HasRoles } from '@/shared/permissions';
import type { PermissionName } from '@/shared/permissions';
import { useSelf } from '@/api/self';

/** An operation: its declaration (src/api/operations/), or, where not yet converted, its method and path. */
export type Operation = Pick<OperationSpec, 'access'> | readonly [Method, string];

/** The access rule of an operation. */
export function accessOfOperation(op: Operation): Access {
  return 'access' in op ? op.access : accessOf(op[0], op[1]);
}

/** True when `user` may call `op` (`self`: on their own account, for account operations). */
export function mayCallOperation(user: HasRoles | null | undefined, op: Operation, self = true): boolean {
  const access = accessOfOperation(op);
  return access.kind !== 'client' && missingPermission(user, access, self) === null;
}

export interface AccessState {
  /** The signed-in person may call the operation. False while their account is loading. */
  allowed: boolean;
  /** The permission they lack, for RestrictedNote; null when allowed or still loading. */
  missing: PermissionName | null;
}

/**
 * Whether the signed-in person may call `op`, by its declaration, which the service checks too.
 * `self: false` for an account operation on someone else's account (auth.ManageUsers instead of auth.ManageSelf).
 */
export function useAccess(op: Pick<OperationSpec, 'access'>, options?: { self?: boolean }): AccessState;
export function useAccess(method: Method, path: string, options?: { self?: boolean }): AccessState;
export function useAccess(
  first: Pick<OperationSpec, 'access'> | Method,
  second?: string | { self?: boolean },
  third?: { self?: boolean },
): AccessState {
  const { data } = useSelf();
  const access = typeof first === 'string' ? accessOf(first, second as string) : first.access;
  const self = (typeof first === 'string' ? third : (second as { self?: boolean } | undefined))?.self ?? true;
  if (!data) return { allowed: false, missing: null };
  if (access.kind === 'client') return { allowed: false, missing: null };
  const missing = missingPermission(data, access, self);
  return { allowed: missing === null, missing };
}
