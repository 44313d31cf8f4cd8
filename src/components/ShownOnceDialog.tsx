import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, type ReactNode } from 'react';
import { CopyButton } from './CopyButton';

/** One secret to copy: what it is ("Key") and its value. */
export interface Secret {
  label: string;
  value: string;
}

/** "Copy the key", "Copy the token ID": what a secret's copy button says. */
function copyLabel(label: string): string {
  return `Copy the ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
}

/**
 * A secret in a read-only field shown whole (wrapped, never clipped, in
 * monospace), with a copy button beside it; focusing it selects it all.
 */
export function ShownSecret({ label, value }: Secret) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        label={label}
        value={value}
        fullWidth
        multiline
        onFocus={(e) => e.target.select()}
        slotProps={{
          htmlInput: {
            readOnly: true,
            spellCheck: false,
            style: { fontFamily: 'monospace', wordBreak: 'break-all' },
          },
        }}
      />
      <CopyButton value={value} label={copyLabel(label)} />
    </Stack>
  );
}

/**
 * A secret shown once (a new token's id and key): a dialog that says so first,
 * then `intro`, the `secrets` (each whole, with a copy button) and `children`,
 * and closes only through "Done: I have copied the key" or Escape — a click
 * beside it does not close it, so the key is not lost by accident. The key
 * lives in the caller's props or state only (never the query cache, the URL
 * or storage), so closing forgets it.
 */
export function ShownOnceDialog({
  title,
  whoever,
  lost,
  intro,
  secrets,
  children,
  onClose,
}: {
  title: string;
  /** What whoever has the key can do ("call the API as the token's owner"). */
  whoever: string;
  /** What to do if it is lost ("Revoke this token and create a new one."). */
  lost: string;
  /** What the secrets are for, before them. */
  intro?: ReactNode;
  secrets: readonly Secret[];
  /** After the secrets (how to try them). */
  children?: ReactNode;
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
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Alert severity="warning">
            Copy the key now: it is not shown again. Whoever has it can {whoever}, so keep it secret. Lost it? {lost}
          </Alert>
          {intro}
          {secrets.map((s) => (
            <ShownSecret key={s.label} {...s} />
          ))}
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
