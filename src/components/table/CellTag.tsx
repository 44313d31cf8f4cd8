import type { ReactNode } from 'react';

export type TagTone = 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';

/**
 * A small chip in a table cell (a status, a role, a count): a plain `<span>` whose look (MUI's small
 * Chip, filled or outlined, in the theme's colours) comes from the table's one style sheet
 * (table-styles.ts), so a page of rows with several tags each renders no styled component per tag.
 * Only inside DataTable; elsewhere use MUI's Chip.
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
    <span className={`tag ${variant} ${tone}`} title={title}>
      {label}
    </span>
  );
}
