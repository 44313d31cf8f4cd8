import { useLayoutEffect, useState, type RefObject } from 'react';

/** True while the element is wider than its box (the table scrolls sideways). */
export function useOverflowing(ref: RefObject<HTMLElement | null>): boolean {
  const [over, setOver] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    // Checked when the observer reports (after layout, and at once for a new observer): checking here,
    // in the commit, would force a layout of the whole page on every render of the table.
    const check = () => setOver(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  });
  return over;
}
