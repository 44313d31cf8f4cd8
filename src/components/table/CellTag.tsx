import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

export type TagTone = 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';

/**
 * A small chip in a table cell (a status, a role, a count): a plain `<span>` whose look (MUI's small
 * Chip, filled or outlined, in the theme's colours) comes from the table's one style sheet
 * ({@link cellTagStyles}), so a page of rows with several tags each renders no styled component per tag.
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

const TONES: Exclude<TagTone, 'default'>[] = ['primary', 'secondary', 'success', 'warning', 'error', 'info'];

/** The tags' rules, part of the table's style sheet: the same sizes and colours as MUI's small Chip. */
export function cellTagStyles(theme: Theme): Record<string, object> {
  const palette = (theme.vars ?? theme).palette;
  const rules: Record<string, object> = {
    '& .tag': {
      display: 'inline-flex',
      alignItems: 'center',
      maxWidth: '100%',
      height: 24,
      px: 1,
      boxSizing: 'border-box',
      borderRadius: 12,
      fontFamily: theme.typography.fontFamily,
      fontSize: theme.typography.pxToRem(13),
      lineHeight: 1.5,
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      verticalAlign: 'middle',
      color: palette.text.primary,
      backgroundColor: palette.action.selected,
    },
    '& .tag.outlined': {
      px: '7px',
      backgroundColor: 'transparent',
      border: `1px solid ${theme.vars ? theme.vars.palette.Chip.defaultBorder : theme.palette.grey[400]}`,
    },
  };
  for (const tone of TONES) {
    rules[`& .tag.filled.${tone}`] = { backgroundColor: palette[tone].main, color: palette[tone].contrastText };
    rules[`& .tag.outlined.${tone}`] = { color: palette[tone].main, borderColor: theme.alpha(palette[tone].main, 0.7) };
  }
  return rules;
}
