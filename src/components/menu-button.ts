import type { KeyboardEvent } from 'react';

/**
 * Key handler for a button that opens a menu: ArrowDown and ArrowUp open it
 * too, as Enter and Space do (the WAI-ARIA menu button pattern). The menu
 * then focuses its first item.
 */
export function openMenuOnArrowKeys(open: (anchor: HTMLElement) => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open(event.currentTarget);
    }
  };
}
