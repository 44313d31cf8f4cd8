import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
  type PaperProps,
} from '@mui/material';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useFocusFallback } from '@/components/focus-fallback';
import { CONFIRMATION_WORD, confirmationMatches } from '@/features/database/clear-form';

/**
 * "Delete this data?": what will be lost, one sentence per choice, and a typed confirmation (the word
 * DELETE) before anything is sent. Mount it anew for each confirmation (a `key`), so nothing typed the
 * last time is kept.
 */
export function ConfirmClearDialog({
  open,
  consequences,
  pending,
  onConfirm,
  onClose,
  onExited,
}: {
  open: boolean;
  consequences: readonly string[];
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Once the dialog has closed and given the focus back to its opener. */
  onExited?: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  useFocusFallback(open);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!confirmationMatches(typed)) {
      setError(`Type ${CONFIRMATION_WORD}, in capital letters, to confirm.`);
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
      aria-describedby={textId}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper, transition: { onExited } }}
    >
      <DialogTitle id={titleId}>Delete this data?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} component="div">
          <Box component="ul" sx={{ mt: 0, pl: 3 }}>
            {consequences.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </Box>
          This cannot be undone: the data comes back only by collecting and ingesting it again. Afterwards the service analyses
          what is left.
        </DialogContentText>
        <TextField
          inputRef={input}
          autoFocus
          fullWidth
          margin="normal"
          label={`Type ${CONFIRMATION_WORD} to confirm`}
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            if (error) setError(null);
          }}
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
          error={error !== null}
          helperText={error ?? `The word ${CONFIRMATION_WORD}, in capital letters.`}
          disabled={pending}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" color="error" loading={pending}>
          Delete data
        </Button>
      </DialogActions>
    </Dialog>
  );
}
