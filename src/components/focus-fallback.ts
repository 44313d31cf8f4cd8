import { useEffect } from 'react';

const focusMain = () => document.getElementById('main')?.focus({ preventScroll: true });

/**
 * Watches the control MUI gave focus back to until focus moves on: if the control leaves the page (its
 * row disappears once the list reloads after the dialog's change), focus would fall to the page body.
 */
function rescueWhenRemoved(control: Element): void {
  const stop = () => {
    observer.disconnect();
    document.removeEventListener('focusin', stop, true);
  };
  const observer = new MutationObserver(() => {
    if (control.isConnected) return;
    stop();
    if (document.activeElement === null || document.activeElement === document.body) focusMain();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('focusin', stop, true);
}

/**
 * When a dialog closes, MUI gives focus back to the control that opened it. If
 * that control is gone (its row was deleted, or the page changed), or goes once
 * the page shows the dialog's change, focus would fall to the page body and the
 * next Tab would start again from the top of the page: move it to the main
 * content instead, without scrolling.
 */
export function useFocusFallback(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    return () => {
      setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body) focusMain();
        else rescueWhenRemoved(active);
      });
    };
  }, [open]);
}
