import type { ButtonHTMLAttributes } from 'react';

/**
 * The ⋮ button that opens a row's menu: a plain `<button>` that looks like MUI's small IconButton, styled
 * by the table's one style sheet (table-styles.ts), so a page of rows renders no styled
 * component, ripple or tooltip per row. Its name (`aria-label`) says whose actions; `title` shows on hover.
 * Only inside DataTable.
 */
export function RowMenuButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className' | 'children'>) {
  return <button type="button" className="row-menu" title="Actions" {...props} />;
}
