import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, type ReactNode } from 'react';

/**
 * A secret shown once (a new token's key): a dialog that says so first, then
 * shows `children`, and closes only through "Done: I have copied the key" or
 * Escape — a click beside it does not close it, so the key is not lost by
 * accident. The key lives in the caller's props or state only (never the
 * query cache, the URL or storage), so closing forgets it.
 */
export function ShownOnceDialog({
  title,
  whoever,
  lost,
  children,
  onClose,
}: {
  title: string;
  /** What whoever has the key can do ("call the API as the token's owner"). */
  whoever: string;
  /** What to do if it is lost ("Revoke this token and create a new one."). */
  lost: string;
  children: ReactNode;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={(_, reason) => reason !== 'backdropClick' && onClose()}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      scroll="paper"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Alert severity="warning">
            Copy the key now: it is not shown again. Whoever has it can {whoever}, so keep it secret. Lost it? {lost}
          </Alert>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done: I have copied the key
        </Button>
      </DialogActions>
    </Dialog>
  );
}
