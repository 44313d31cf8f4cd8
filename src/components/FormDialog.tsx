import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type PaperProps } from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, type ReactNode } from 'react';
import { useFocusFallback } from './focus-fallback';
import type { FormSubmit } from './form/use-form-submit';
import { DialogCloseButton, GuardedDialog } from './GuardedDialog';

/**
 * A dialog around a form: a fixed title, the form's message for errors that
 * belong to no field (fixed too, so it is seen whatever was scrolled), the
 * fields (they alone scroll), and fixed Cancel and submit buttons; the submit
 * shows progress. `submit` comes from useFormSubmit.
 *
 * Work is not thrown away (GuardedDialog): closing (Escape, a click beside the
 * dialog, Cancel) a form with changes asks first ("Discard changes?"); an
 * unchanged form closes at once. Closing is blocked while a submit runs. The
 * fields keep what was typed when a submit fails.
 */
export function FormDialog({
  open,
  title,
  submitLabel,
  submit,
  onClose,
  children,
  maxWidth = 'sm',
  fullScreenOnPhone = false,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  submit: Pick<FormSubmit, 'onSubmit' | 'formError' | 'pending' | 'dirty'>;
  onClose: () => void;
  children: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /** A long form (an editor, a preview): on a phone it takes the whole window rather than a narrow card over the page. */
  fullScreenOnPhone?: boolean;
}) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  useFocusFallback(open);
  const { onSubmit, formError, pending, dirty } = submit;
  // The Paper is the <form>, so the title and buttons stay put while the content scrolls (scroll="paper").
  const paper = { component: 'form', noValidate: true, onSubmit } as PaperProps;
  return (
    <GuardedDialog
      open={open}
      unsaved={dirty}
      pending={pending}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={fullScreenOnPhone && phone}
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
        <DialogCloseButton disabled={pending} />
        <Button type="submit" variant="contained" loading={pending}>
          {submitLabel}
        </Button>
      </DialogActions>
    </GuardedDialog>
  );
}
