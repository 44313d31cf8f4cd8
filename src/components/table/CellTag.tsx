import Chip from '@mui/material/Chip';
import type { ReactNode } from 'react';

export type TagTone = 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';

/** A small chip in a table cell (a status, a role, a count): MUI's small Chip, filled or outlined. */
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
  return <Chip size="small" label={label} color={tone} variant={variant} title={title} />;
}
