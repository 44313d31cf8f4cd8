import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type PaperProps } from '@mui/material/Paper';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useFocusFallback } from './focus-fallback';
import type { FormSubmit } from './form/use-form-submit';

/**
 * A dialog around a form: a fixed title, the form's message for errors that
 * belong to no field (fixed too, so it is seen whatever was scrolled), the
 * fields (they alone scroll), and fixed Cancel and submit buttons; the submit
 * shows progress. `submit` comes from useFormSubmit.
 *
 * Work is not thrown away: closing (Escape, a click beside the dialog, Cancel)
 * a form with changes asks first ("Discard changes?"); an unchanged form
 * closes at once. Closing is blocked while a submit runs. The fields keep what
 * was typed when a submit fails.
 */
export function FormDialog({
  open,
  title,
  submitLabel,
  submit,
  onClose,
  children,
  maxWidth = 'sm',
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  submit: Pick<FormSubmit, 'onSubmit' | 'formError' | 'pending' | 'dirty'>;
  onClose: () => void;
  children: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
}) {
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  useFocusFallback(open);
  const { onSubmit, formError, pending, dirty } = submit;
  const requestClose = () => {
    if (pending) return;
    if (dirty) setConfirming(true);
    else onClose();
  };
  // The Paper is the <form>, so the title and buttons stay put while the content scrolls (scroll="paper").
  const paper = { component: 'form', noValidate: true, onSubmit } as PaperProps;
  return (
    <>
      <Dialog
        open={open}
        onClose={pending ? undefined : requestClose}
        aria-labelledby={titleId}
        maxWidth={maxWidth}
        fullWidth
        scroll="paper"
        slotProps={{ paper }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        {formError && (
          <Box sx={{ px: 3, pb: 2 }}>
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          </Box>
        )}
        <DialogContent dividers>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={requestClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Dialog>
      <DiscardDialog
        open={open && confirming}
        onKeep={() => setConfirming(false)}
        onDiscard={() => {
          setConfirming(false);
          onClose();
        }}
      />
    </>
  );
}

/** "Discard changes?": Keep editing (the default, also Escape) or Discard. */
function DiscardDialog({ open, onKeep, onDiscard }: { open: boolean; onKeep: () => void; onDiscard: () => void }) {
  const titleId = useId();
  const textId = useId();
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onKeep}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      // The safe choice has the focus once the question is shown (the form's own focus trap may hold it until
      // then), unless the person already moved within the question (a Tab to Discard stays where it went).
      slotProps={{
        transition: {
          onEntered: (node: HTMLElement) => {
            if (!node.contains(document.activeElement)) keep.current?.focus();
          },
        },
      }}
    >
      <DialogTitle id={titleId}>Discard changes?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>What you changed in this form has not been saved and will be lost.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button ref={keep} onClick={onKeep} autoFocus>
          Keep editing
        </Button>
        <Button onClick={onDiscard} color="error" variant="contained">
          Discard
        </Button>
      </DialogActions>
    </Dialog>
  );
}
