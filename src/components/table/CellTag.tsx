import type { ReactNode } from 'react';

export type TagTone = 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';

/**
 * A small tag in a table cell or a panel's heading (a status, a role, a count), filled or outlined: a plain
 * `<span>` styled once for the whole console (tagStyles, in the theme's global styles), so a page of rows with
 * several tags each costs no styling work per tag.
 */
export function CellTag({
  label,
  tone = 'default',
  variant = 'filled',
  title,
}: {
  label: ReactNode;
  tone?: TagTone;
  variant?: 'filled' | 'outlined';
  title?: string;
}) {
  return (
    <span className={`ui-tag ui-tag-${variant} ui-tag-${tone}`} title={title}>
      {label}
    </span>
  );
}
