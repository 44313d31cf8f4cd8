import Box from '@mui/material/Box';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { CONFIRMATION_WORD } from '@/features/database/clear-form';

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
  return (
    <ConfirmDialog
      open={open}
      title="Delete this data?"
      confirmLabel="Delete data"
      pending={pending}
      typeToConfirm={CONFIRMATION_WORD}
      wide
      onConfirm={onConfirm}
      onClose={onClose}
      onExited={onExited}
    >
      <Box component="ul" sx={{ mt: 0, pl: 3 }}>
        {consequences.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      This cannot be undone: the data comes back only by collecting and ingesting it again. Afterwards the service analyzes what
      is left.
    </ConfirmDialog>
  );
}
