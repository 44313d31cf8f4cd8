import type { CSSObject, Theme } from '@mui/material/styles';
import type { TagTone } from './CellTag';

const TONES: readonly Exclude<TagTone, 'default'>[] = ['primary', 'secondary', 'success', 'warning', 'error', 'info'];

/**
 * The console-wide look of CellTag (`.ui-tag`: MUI's small chip's size, colours and contrast) and RowMenuButton
 * (`.ui-row-menu`: a small round icon button), as global CSS written once in the theme rather than styled per
 * element: a table page renders a hundred of them. The focus ring is the theme's one ring for every control.
 */
export function tagStyles(theme: Theme): Record<string, CSSObject> {
  const palette = (theme.vars ?? theme).palette;
  return {
    '.ui-tag': {
      display: 'inline-flex',
      alignItems: 'center',
      boxSizing: 'border-box',
      maxWidth: '100%',
      height: 24,
      padding: '0 8px',
      borderRadius: 12,
      fontFamily: theme.typography.fontFamily,
      fontSize: theme.typography.pxToRem(13),
      lineHeight: 1,
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      verticalAlign: 'middle',
    },
    '.ui-tag-filled.ui-tag-default': { backgroundColor: palette.action.selected, color: palette.text.primary },
    '.ui-tag-outlined': { padding: '0 7px', border: '1px solid', backgroundColor: 'transparent' },
    '.ui-tag-outlined.ui-tag-default': { borderColor: palette.Chip.defaultBorder, color: palette.text.primary },
    ...Object.fromEntries(
      TONES.flatMap((tone) => [
        [`.ui-tag-filled.ui-tag-${tone}`, { backgroundColor: palette[tone].main, color: palette[tone].contrastText }],
        [`.ui-tag-outlined.ui-tag-${tone}`, { borderColor: theme.alpha(palette[tone].main, 0.7), color: palette[tone].main }],
      ]),
    ),
    '.ui-row-menu': {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: 30,
      height: 30,
      padding: 0,
      border: 0,
      borderRadius: '50%',
      backgroundColor: 'transparent',
      color: palette.action.active,
      cursor: 'pointer',
      verticalAlign: 'middle',
      '& svg': { width: 20, height: 20, fill: 'currentColor' },
      '&:hover': { backgroundColor: palette.action.hover },
      '&:disabled': { color: palette.action.disabled, cursor: 'default', backgroundColor: 'transparent' },
    },
  };
}
