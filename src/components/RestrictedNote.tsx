import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from './PageHeader';
import { rolesGranting, type PermissionName } from '@/shared/permissions';

/**
 * The one way a page says why its actions are missing: what the person can do, what they cannot, the
 * permission it needs and which roles grant it (an administrator can give them one). Shows nothing while
 * `missing` is null (allowed, or the account is still loading): pass `useAccess(...).missing`.
 */
export function RestrictedNote({
  missing,
  canDo = 'You can look',
  cannot,
  children,
}: {
  missing: PermissionName | null;
  /** What the person can still do ("You can look at users"). */
  canDo?: string;
  /** What they cannot ("change them"). */
  cannot: string;
  children?: React.ReactNode;
}) {
  if (!missing) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {canDo}, but your role cannot {cannot}: that needs the {missing} permission ({rolesGranting(missing)}). An administrator can
      change your role.{children ? <> {children}</> : null}
    </Alert>
  );
}

/**
 * In place of a page the person may not open (reached by a link or by typing
 * the address): its title, which permission is missing and who can grant it.
 */
export function RestrictedPage({ title, permission }: { title: string; permission: PermissionName }) {
  return (
    <>
      <PageHeader title={title} />
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to="/" color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }}>
            Go to Home
          </Button>
        }
      >
        Your role cannot open this page: it needs the {permission} permission ({rolesGranting(permission)}). An administrator can
        change your role.
      </Alert>
    </>
  );
}
