import type { ButtonHTMLAttributes } from 'react';

/**
 * The ⋮ button that opens a row's menu: a plain `<button>` styled once for the whole console (tagStyles, in the
 * theme's global styles), as a page of rows has one each. Its name (`aria-label`) says whose actions; `title`
 * shows on hover.
 */
export function RowMenuButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'type'>) {
  return (
    <button type="button" className="ui-row-menu" title="Actions" {...props}>
      <svg viewBox="0 0 24 24" aria-hidden focusable="false">
        <circle cx="12" cy="5.5" r="2" />
        <circle cx="12" cy="12" r="2" />
        <circle cx="12" cy="18.5" r="2" />
      </svg>
    </button>
  );
}
