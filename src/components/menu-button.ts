import { useState, type KeyboardEvent, type MouseEvent } from 'react';

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

/**
 * A menu button's state and wiring: where its menu is anchored (null while closed), whether the menu is
 * mounted, `close`, and the props to spread on the button (`aria-*`, click, the arrow keys). The menu mounts
 * (closed) when the pointer or focus first comes to the button, and stays: a page's first render has none
 * of its menus (a table's rows, the top bar's), and a menu opens as it always did, already mounted, with its
 * transition. Render the menu only while `mounted`.
 */
export function useMenuButton(menuId: string) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [mounted, setMounted] = useState(false);
  const prepare = () => setMounted(true);
  const open = (el: HTMLElement) => {
    setMounted(true);
    setAnchor(el);
  };
  const button = {
    'aria-haspopup': 'menu',
    'aria-controls': anchor ? menuId : undefined,
    'aria-expanded': anchor ? 'true' : undefined,
    onClick: (e: MouseEvent<HTMLElement>) => open(e.currentTarget),
    onKeyDown: openMenuOnArrowKeys(open),
    onPointerEnter: prepare,
    onFocus: prepare,
  } as const;
  return { anchor, mounted, close: () => setAnchor(null), button };
}
