import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useRoles } from '@/api/roles';
import type { Role } from '@/api/schemas/roles';
import { ErrorState, LoadingState } from '@/components/states';

/** A form dialog's frame while what the form needs (the roles) loads, or why it could not. */
export function DialogPlaceholder({
  title,
  error,
  onRetry,
  onClose,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {error ? (
          <ErrorState error={error} title="Could not load the roles this form offers" onRetry={onRetry} />
        ) : (
          <LoadingState label="Loading roles…" />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A provider form once the roles it offers have loaded; the placeholder frame until then (or why not). */
export function WithRoles({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: (roles: Role[]) => ReactNode;
}) {
  const roles = useRoles();
  if (!roles.data)
    return <DialogPlaceholder title={title} error={roles.error} onRetry={() => void roles.refetch()} onClose={onClose} />;
  return <>{children(roles.data)}</>;
}
