import { Alert } from '@mui/material';
import { ROLE_PERMISSIONS, type PermissionName } from '@/api/permissions';
import { inWords } from '@/api/words';

/** The seeded roles that grant `permission`, in words ("the Administrator or Power User role"). */
export function rolesGranting(permission: PermissionName): string {
  const names = Object.entries(ROLE_PERMISSIONS)
    .filter(([, r]) => r.permissions.includes(permission))
    .map(([name]) => name);
  if (names.length === 0) return 'a role that grants it';
  const list = inWords(names, 'or');
  return `the ${list} role${names.length === 1 ? '' : 's'}`;
}

/**
 * The one way a page says why its actions are missing: what the person can do, what they cannot, the
 * permission it needs and which roles grant it (an administrator can give them one).
 */
export function RestrictedNote({
  permission,
  canDo = 'You can look',
  cannot,
  children,
}: {
  permission: PermissionName;
  /** What the person can still do ("You can look at users"). */
  canDo?: string;
  /** What they cannot ("change them"). */
  cannot: string;
  children?: React.ReactNode;
}) {
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {canDo}, but your role cannot {cannot}: that needs the {permission} permission ({rolesGranting(permission)}). An
      administrator can change your role.{children ? <> {children}</> : null}
    </Alert>
  );
}
