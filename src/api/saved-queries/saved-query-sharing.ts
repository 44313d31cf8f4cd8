import { Permission as P, permissionsOf, type HasRoles } from '../../shared/permissions';

/**
 * Who may remove people from a saved query's sharing (savedQueryOps.deleteSavedQueryPermissions: a rule of
 * the operation itself, beyond its access): its owner anyone, an administrator (auth.ManageUsers) anyone,
 * anyone else only themself. The console offers the removal by it; the mock refuses by it.
 */
export function mayUnshare(
  user: (HasRoles & { id: string }) | null | undefined,
  ownerId: string,
  userIds: readonly string[],
): boolean {
  if (!user) return false;
  return user.id === ownerId || permissionsOf(user).has(P.AuthManageUsers) || userIds.every((id) => id === user.id);
}
