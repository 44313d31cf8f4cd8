import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type PaperProps } from '@mui/material/Paper';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { describeError } from '@/api/errors';
import { useFocusFallback } from './focus-fallback';

/**
 * Asks before a destructive action and says what will be lost. Stays open
 * with the server's message if the action fails. With `typeToConfirm`, the
 * person must type that word (exactly; spaces around it do not count) before
 * anything is sent; mount the dialog anew for each confirmation (a `key`) so
 * nothing typed the last time is kept.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  dismissLabel = 'Cancel',
  destructive = true,
  pending = false,
  error,
  typeToConfirm,
  wide = false,
  onConfirm,
  onClose,
  onExited,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that backs out ("Cancel"); worded otherwise where the action itself is a cancel. */
  dismissLabel?: string;
  destructive?: boolean;
  pending?: boolean;
  error?: unknown;
  typeToConfirm?: string;
  /** A wider dialog, for a list of consequences. */
  wide?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Once the dialog has closed and given the focus back to its opener. */
  onExited?: () => void;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  useFocusFallback(open);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React events cross portals: a form this dialog is rendered inside must not see its submit.
    event.stopPropagation();
    if (pending) return;
    if (typeToConfirm !== undefined && typed.trim() !== typeToConfirm) {
      setTypedError(`Type ${typeToConfirm}, in capital letters, to confirm.`);
      input.current?.focus();
      return;
    }
    onConfirm();
  };
  const paper = { component: 'form', noValidate: true, onSubmit: submit } as PaperProps;
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth={wide ? 'sm' : 'xs'}
      fullWidth
      slotProps={{ paper, transition: { onExited } }}
    >
      {/* A long word (a name, a relationship kind) wraps rather than runs out of the dialog. */}
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId} component="div" sx={{ overflowWrap: 'anywhere' }}>
          {children}
        </DialogContentText>
        {typeToConfirm !== undefined && (
          <TextField
            inputRef={input}
            autoFocus
            fullWidth
            margin="normal"
            label={`Type ${typeToConfirm} to confirm`}
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              if (typedError) setTypedError(null);
            }}
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
            error={typedError !== null}
            helperText={typedError ?? `The word ${typeToConfirm}, in capital letters.`}
            disabled={pending}
          />
        )}
        {error ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {describeError(error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {dismissLabel}
        </Button>
        <Button type="submit" variant="contained" color={destructive ? 'error' : 'primary'} loading={pending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
