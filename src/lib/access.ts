import { missingPermission, type OperationSpec } from '@/api/operation';
import type { HasRoles, PermissionName } from '@/shared/permissions';
import { useSelf } from '@/api/self';

/** An operation's declaration (src/api/operations/), as far as who may call it goes. */
export type Operation = Pick<OperationSpec, 'access'>;

/** True when `user` may call `op` (`self`: on their own account, for account operations). */
export function mayCallOperation(user: HasRoles | null | undefined, op: Operation, self = true): boolean {
  return op.access.kind !== 'client' && missingPermission(user, op.access, self) === null;
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
export function useAccess(op: Operation, { self = true }: { self?: boolean } = {}): AccessState {
  const { data } = useSelf();
  if (!data || op.access.kind === 'client') return { allowed: false, missing: null };
  const missing = missingPermission(data, op.access, self);
  return { allowed: missing === null, missing };
}
