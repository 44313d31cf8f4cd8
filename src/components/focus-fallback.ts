import { useEffect } from 'react';

/**
 * When a dialog closes, MUI gives focus back to the control that opened it. If
 * that control is gone (its row was deleted, or the page changed), focus would
 * fall to the page body and the next Tab would start again from the top of the
 * page: move it to the main content instead, without scrolling.
 */
export function useFocusFallback(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    return () => {
      setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body) document.getElementById('main')?.focus({ preventScroll: true });
      });
    };
  }, [open]);
}
