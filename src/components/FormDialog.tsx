import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useEffect, useId, useRef, type FormEventHandler, type ReactNode } from 'react';
import { useFocusFallback } from './focus-fallback';

/**
 * A dialog around a form: title, fields, a message for errors that belong to
 * no field, Cancel and a submit button that shows progress. The fields keep
 * what was typed when a submit fails; closing is blocked while it runs.
 */
export function FormDialog({
  open,
  title,
  submitLabel,
  pending = false,
  formError,
  onSubmit,
  onClose,
  children,
  maxWidth = 'sm',
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  pending?: boolean;
  formError?: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
}) {
  const titleId = useId();
  useFocusFallback(open);
  // The message sits above the fields: bring it into view, or a failure after scrolling down to Save goes unseen.
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (formError) errorRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [formError]);
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError && (
              <Alert ref={errorRef} severity="error" role="alert">
                {formError}
              </Alert>
            )}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
