import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from './PageHeader';
import { howToGet, PERMISSION_WORDS, type PermissionName } from '@/shared/permissions';

/** The permission itself, after what a person can act on: for whoever sets up a server's own roles. */
function PermissionDetail({ permission }: { permission: PermissionName }) {
  const words = PERMISSION_WORDS[permission];
  return (
    <Typography variant="caption" component="p" sx={{ mt: 0.5, opacity: 0.85 }}>
      Permission needed: {permission}
      {words ? ` (${words.charAt(0).toLowerCase()}${words.slice(1)})` : ''}.
    </Typography>
  );
}

/**
 * The one way a page says why its actions are missing: what the person can do, what they cannot, which
 * roles can and who can give them one, then the permission itself as a detail. Shows nothing while
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
      {canDo}, but your role cannot {cannot}. {howToGet(missing)}
      {children ? <> {children}</> : null}
      <PermissionDetail permission={missing} />
    </Alert>
  );
}

/**
 * In place of a page the person may not open (reached by a link or by typing
 * the address): its title, which roles can open it and who can give them one.
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
        Your role cannot open this page. {howToGet(permission)}
        <PermissionDetail permission={permission} />
      </Alert>
    </>
  );
}
