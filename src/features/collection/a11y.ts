import type { SxProps, Theme } from '@mui/material/styles';

/** Hidden from sight, still read by screen readers (a column header of icon buttons, for example). */
export const visuallyHidden: SxProps<Theme> = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
