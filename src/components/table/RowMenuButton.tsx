import type { Theme } from '@mui/material/styles';
import type { ButtonHTMLAttributes } from 'react';

/** Material's "more vert" icon (the ⋮ of MUI's MoreVert). */
const MORE_VERT =
  'M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2';
/** The icon as a mask the button paints in its text colour: no `<svg>` and `<path>` in each of a page's rows. */
const MORE_VERT_MASK = `url("data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${MORE_VERT}"/></svg>`,
)}") center / contain no-repeat`;

/**
 * The ⋮ button that opens a row's menu: a plain `<button>` that looks like MUI's small IconButton, styled
 * by the table's one style sheet ({@link rowMenuButtonStyles}), so a page of rows renders no styled
 * component, ripple or tooltip per row. Its name (`aria-label`) says whose actions; `title` shows on hover.
 * Only inside DataTable.
 */
export function RowMenuButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className' | 'children'>) {
  return <button type="button" className="row-menu" title="Actions" {...props} />;
}

/** The button's rules, part of the table's style sheet: MUI's small IconButton. */
export function rowMenuButtonStyles(theme: Theme): Record<string, object> {
  const palette = (theme.vars ?? theme).palette;
  return {
    '& .row-menu': {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: 30,
      height: 30,
      p: 0,
      m: 0,
      border: 0,
      borderRadius: '50%',
      background: 'transparent',
      color: palette.action.active,
      cursor: 'pointer',
      verticalAlign: 'middle',
      '&:hover, &[aria-expanded="true"]': { backgroundColor: palette.action.hover },
      '&::before': { content: '""', width: 20, height: 20, backgroundColor: 'currentColor', mask: MORE_VERT_MASK },
      // Forced colours (Windows contrast themes) replace backgrounds: paint the icon in the button text colour.
      '@media (forced-colors: active)': { '&::before': { forcedColorAdjust: 'none', backgroundColor: 'ButtonText' } },
    },
  };
}
