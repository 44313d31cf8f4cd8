import type { SxProps, Theme } from '@mui/material/styles';
import { visuallyHidden } from '../visually-hidden';

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.8rem' };

/**
 * The look and layout of every DataTable (MUI's Table and TableHead; its body rows plain elements with
 * TableCell's look; Chip and IconButton inside), as one `sx`:
 * columns that drop by priority (`hide-<breakpoint>`); the actions column (`.actions`) that stays at the right
 * edge while the rest scrolls under it; and on a phone, rows as cards whose lines read left to right, numbers
 * too, each value beside its column's name (`data-label`), a long name with no break in it (an e-mail,
 * DOMAIN CONTROLLERS@CORP.ACME.LOCAL) wrapping rather than leaving the card, and a row that opens
 * (`expandable`) with its button at the card's top right corner and its details in a block under it.
 * The classes a cell's content may use: `muted`, `after`, `tags`, `clip`, `secondary` (DataTable's), `mono`.
 */
export const tableSx: SxProps<Theme> = (theme) => {
  const phone = theme.breakpoints.down('sm');
  const up = theme.breakpoints.up;
  const palette = (theme.vars ?? theme).palette;
  return {
    '& thead th': { whiteSpace: 'nowrap', py: 1 },
    // Body cells are plain elements with TableCell's look (small size): the theme's body2, its row line.
    '& tbody > tr > td, & tbody > tr > th': {
      ...theme.typography.body2,
      color: 'text.primary',
      textAlign: 'left',
      verticalAlign: 'middle',
      px: 2,
      py: '6px',
      borderBottom: `1px solid ${palette.TableCell.border}`,
    },
    '& tbody > tr:hover': { bgcolor: 'action.hover' },
    '& tbody > tr > .right': { textAlign: 'right' },
    '& tbody > tr > .center': { textAlign: 'center' },
    '& .sort-rank': { ml: 0.5, fontSize: '0.7rem', color: 'text.secondary' },
    '& .expander': { width: 48, px: 0.5, py: 0 },
    '& tr.open > *': { borderBottomColor: 'transparent' },
    '& tr.details > td': { bgcolor: 'action.hover', py: 1 },
    '& tr.summary > *': { fontWeight: 600 },
    '& tr.linked': { cursor: 'pointer' },
    // Over each cell's own background, so the pinned actions cell (opaque, for what scrolls under it) shows it too.
    '& tbody > tr.current > *': {
      backgroundImage: (t: Theme) => `linear-gradient(${t.palette.action.selected}, ${t.palette.action.selected})`,
    },
    '& tbody > tr.current > :first-child': { boxShadow: (t: Theme) => `inset 3px 0 0 ${t.palette.primary.main}` },
    '& .nowrap': { whiteSpace: 'nowrap' },
    '& .muted': { color: 'text.secondary' },
    '& .after': { ml: 1 },
    '& .tags': { display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 },
    '& .clip': {
      display: 'block',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      overflowWrap: 'anywhere',
      [up('sm')]: { maxWidth: 240, whiteSpace: 'nowrap' },
    },
    '& .secondary': { ...theme.typography.caption, color: 'text.secondary' },
    '& .mono': MONO,
    '& .mono > .v': { maxWidth: 220, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
    '& a': { color: 'primary.main', textDecoration: 'none' },
    '& a:hover, & a:focus-visible': { textDecoration: 'underline' },
    '& .actions': {
      position: 'sticky',
      right: 0,
      bgcolor: 'background.paper',
      whiteSpace: 'nowrap',
      boxShadow: `-6px 0 6px -6px ${theme.alpha(palette.text.primary, 0.3)}`,
      textAlign: 'right',
      py: 0,
    },
    '& .hide-sm': { display: 'none', [up('sm')]: { display: 'table-cell' } },
    ...Object.fromEntries(
      (['md', 'lg', 'xl'] as const).map((bp) => [
        `& .hide-${bp}`,
        { [up('sm')]: { display: 'none' }, [up(bp)]: { display: 'table-cell' } },
      ]),
    ),
    [phone]: {
      // Cards in a block: the table's own width no longer follows its widest content (a long id cut in the
      // middle counts at its full width there), so every card is as wide as the page.
      display: 'block',
      '& tbody': { display: 'block' },
      '& thead': visuallyHidden,
      '& tbody > tr': { display: 'block', borderBottom: 1, borderColor: 'divider', py: 1 },
      '& tbody > tr > td, & tbody > tr > th': {
        display: 'flex',
        gap: 1.5,
        alignItems: 'baseline',
        border: 0,
        py: '2px',
        minWidth: 0,
        textAlign: 'left',
      },
      '& tbody > tr > [data-label]::before': {
        content: 'attr(data-label)',
        fontFamily: theme.typography.fontFamily,
        flex: '0 0 38%',
        color: 'text.secondary',
        fontSize: '0.75rem',
        fontWeight: 500,
      },
      '& tbody > tr > .right, & tbody > tr > .center': { textAlign: 'left' },
      '& tbody > tr > * > .v': { flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' },
      '& .nowrap': { whiteSpace: 'normal' },
      '& .mono > .v': { maxWidth: 'none', whiteSpace: 'normal', overflowWrap: 'anywhere' },
      '& .actions': { position: 'static', boxShadow: 'none', justifyContent: 'flex-end', bgcolor: 'transparent' },
      '& tr.expandable': { position: 'relative', pr: 6 },
      '& tr > td.expander': { position: 'absolute', top: 4, right: 4, width: 'auto' },
      '& tr.open': { borderBottom: 0 },
      '& tr.details': { py: 0 },
      '& tr.details > td': { display: 'block', py: 1 },
    },
  };
};
