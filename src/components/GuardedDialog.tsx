import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from 'react';

interface GuardContext {
  /** Closes the dialog, asking first when it holds unsaved input. */
  requestClose: () => void;
  /** A part of the dialog says whether it holds unsaved input. */
  report: (part: string, unsaved: boolean) => void;
}

const Guard = createContext<GuardContext | null>(null);

/**
 * Tells the dialog around the caller (a GuardedDialog) whether this part holds
 * input that closing would lose (a half-filled picker, picked people). A part
 * outside any GuardedDialog reports to nobody.
 */
export function useUnsavedInput(unsaved: boolean): void {
  const guard = useContext(Guard);
  const part = useId();
  const report = guard?.report;
  useEffect(() => {
    if (!report) return;
    report(part, unsaved);
    return () => report(part, false);
  }, [report, part, unsaved]);
}

/** The enclosing GuardedDialog's close, for a Cancel or Close button: it asks first when input would be lost. */
export function useDialogClose(): () => void {
  const guard = useContext(Guard);
  if (!guard) throw new Error('useDialogClose is for buttons inside a GuardedDialog');
  return guard.requestClose;
}

/**
 * The console's dialog: typed or picked work is never dropped silently.
 * Closing it (Escape, a click beside it, or a Cancel/Close button wired with
 * useDialogClose) while it holds unsaved input (`unsaved`, or any part inside
 * that reports it with useUnsavedInput) asks first: "Discard changes?", with
 * Keep editing as the default. A dialog with nothing unsaved closes at once;
 * while `pending` (a request runs) it does not close at all.
 */
export function GuardedDialog({
  unsaved = false,
  pending = false,
  onClose,
  children,
  ...dialog
}: Omit<DialogProps, 'onClose' | 'open'> & {
  open?: boolean;
  unsaved?: boolean;
  pending?: boolean;
  onClose: () => void;
}) {
  const open = dialog.open ?? true;
  const [confirming, setConfirming] = useState(false);
  const [unsavedParts, setUnsavedParts] = useState<ReadonlySet<string>>(new Set());
  const hasUnsaved = unsaved || unsavedParts.size > 0;
  // The latest state, for a close requested from a handler made on an earlier render.
  const latest = useRef({ hasUnsaved, pending, onClose });
  useEffect(() => {
    latest.current = { hasUnsaved, pending, onClose };
  });
  const requestClose = useCallback(() => {
    const now = latest.current;
    if (now.pending) return;
    if (now.hasUnsaved) setConfirming(true);
    else now.onClose();
  }, []);
  const report = useCallback((part: string, partUnsaved: boolean) => {
    setUnsavedParts((parts) => {
      if (parts.has(part) === partUnsaved) return parts;
      const next = new Set(parts);
      if (partUnsaved) next.add(part);
      else next.delete(part);
      return next;
    });
  }, []);
  const guard = useMemo(() => ({ requestClose, report }), [requestClose, report]);
  return (
    <Guard.Provider value={guard}>
      <Dialog {...dialog} open={open} onClose={pending ? undefined : requestClose}>
        {children}
      </Dialog>
      <DiscardDialog
        open={open && confirming}
        onKeep={() => setConfirming(false)}
        onDiscard={() => {
          setConfirming(false);
          onClose();
        }}
      />
    </Guard.Provider>
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
      // The safe choice has the focus once the question is shown (the dialog's own focus trap may hold it until
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
        <DialogContentText id={textId}>
          What you typed or picked in this dialog has not been saved and will be lost.
        </DialogContentText>
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

/** A Cancel or Close button that closes the enclosing GuardedDialog, asking first when input would be lost. */
export function DialogCloseButton({ children = 'Cancel', disabled }: { children?: string; disabled?: boolean }) {
  const close = useDialogClose();
  return (
    <Button onClick={close} disabled={disabled}>
      {children}
    </Button>
  );
}
