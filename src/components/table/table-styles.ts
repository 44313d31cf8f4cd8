import { alpha, type Theme } from '@mui/material/styles';
import { useStyleSheet } from '../plain';
import { visuallyHidden } from '../visually-hidden';
import type { TagTone } from './CellTag';

/** Material's "more vert" icon (the ⋮ of MUI's MoreVert), for the row menu button. */
const MORE_VERT =
  'M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2';
/** The icon as a mask the button paints in its text colour: no `<svg>` and `<path>` in each of a page's rows. */
const MORE_VERT_MASK = `url("data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${MORE_VERT}"/></svg>`,
)}") center / contain no-repeat`;

const TONES: Exclude<TagTone, 'default'>[] = ['primary', 'secondary', 'success', 'warning', 'error', 'info'];
const MONO = 'font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:0.8rem';
/** The console's one visually-hidden rule (visually-hidden.ts), as CSS declarations: for the header row on phones. */
const VISUALLY_HIDDEN = Object.entries(visuallyHidden)
  .map(([property, value]) => `${property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value}`)
  .join(';');

/**
 * The style sheet of every DataTable (`table.dtable`): plain rows, fast to render; columns that drop by
 * priority (`hide-<breakpoint>`); cards on phones; tags (CellTag: MUI's small Chip) and row menu buttons
 * (RowMenuButton: MUI's small IconButton). Both colour schemes, because every colour is a theme CSS
 * variable. Written into the document once, the first time a table mounts, like the plain controls'
 * sheet: as an `sx` object, emotion turned these 53 rules into CSS on each page's first render, and MUI
 * worked the object out again on every render of a table.
 *
 * What some rules are for: the actions column (`.actions`) stays at the right edge while the rest scrolls
 * under it; in forced colours (Windows contrast themes) the row menu's icon is painted in the button text
 * colour, as backgrounds are replaced; on a phone each row is a card whose lines read left to right, numbers
 * too, each value beside its column's name (`data-label`), a long name with no break in it (an e-mail,
 * DOMAIN CONTROLLERS@CORP.ACME.LOCAL) wrapping rather than leaving the card, and a row that opens (`expandable`)
 * has its button at the card's top right corner and its details in a block under it.
 */
export function tableCss(theme: Theme): string {
  const v = (theme.vars ?? theme) as Theme['vars'] & Theme;
  const p = v.palette;
  const t = theme.typography;
  const s = theme.spacing;
  const type = (variant: 'body2' | 'caption') =>
    `font-family:${t[variant].fontFamily};font-weight:${t[variant].fontWeight};font-size:${t[variant].fontSize};line-height:${t[variant].lineHeight}`;
  const up = (bp: 'sm' | 'md' | 'lg' | 'xl') => `@media (min-width:${theme.breakpoints.values[bp]}px)`;
  const phone = `@media (max-width:${theme.breakpoints.values.sm - 0.05}px)`;
  const divider = `1px solid ${p.divider}`;
  const x = `padding-left:${s(2)};padding-right:${s(2)}`;
  const tags = TONES.map(
    (tone) =>
      `.dtable .tag.filled.${tone}{background-color:${p[tone].main};color:${p[tone].contrastText}}\n` +
      `.dtable .tag.outlined.${tone}{color:${p[tone].main};border-color:${theme.alpha(p[tone].main, 0.7)}}`,
  ).join('\n');
  // Hidden from sm up to the breakpoint; on phones rows are cards that show every column but `sm` ones.
  const hidden = (['md', 'lg', 'xl'] as const)
    .map((bp) => `${up('sm')}{.dtable .hide-${bp}{display:none}}\n${up(bp)}{.dtable .hide-${bp}{display:table-cell}}`)
    .join('\n');
  return `
.dtable{display:table;width:100%;border-collapse:collapse;border-spacing:0}
.dtable th,.dtable td{overflow-wrap:normal;word-break:normal}
.dtable>thead>tr>th{${type('body2')};line-height:${t.pxToRem(24)};font-weight:600;color:${p.text.primary};text-align:left;vertical-align:inherit;white-space:nowrap;${x};padding-top:${s(1)};padding-bottom:${s(1)};border-bottom:1px solid ${p.TableCell.border}}
.dtable .sort-rank{margin-left:${s(0.5)};font-size:0.7rem;color:${p.text.secondary}}
.dtable>tbody>tr>td,.dtable>tbody>tr>th{${type('body2')};text-align:left;${x};padding-top:6px;padding-bottom:6px;border-bottom:${divider};vertical-align:middle}
.dtable>tbody>tr:hover{background-color:${p.action.hover}}
.dtable .expander{width:48px;padding:0 4px !important}
.dtable>tbody>tr.open>*{border-bottom-color:transparent}
.dtable>tbody>tr.details>td{background-color:${p.action.hover};${x};padding-top:${s(1)};padding-bottom:${s(1)}}
.dtable>tbody>tr.summary>*{font-weight:600}
.dtable>tbody>tr.linked{cursor:pointer}
.dtable .nowrap{white-space:nowrap}
.dtable .muted{color:${p.text.secondary}}
.dtable .after{margin-left:${s(1)}}
.dtable .tags{display:inline-flex;flex-wrap:wrap;gap:${s(0.5)}}
.dtable .clip{display:block;overflow:hidden;text-overflow:ellipsis;overflow-wrap:anywhere}
${up('sm')}{.dtable .clip{max-width:240px;white-space:nowrap}}
.dtable .secondary{${type('caption')};color:${p.text.secondary}}
.dtable .mono{${MONO}}
.dtable .mono>.v{max-width:220px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.dtable .center{text-align:center !important}
.dtable .right{text-align:right !important}
.dtable a{color:${p.primary.main};text-decoration:none}
.dtable a:hover,.dtable a:focus-visible{text-decoration:underline}
.dtable .actions{position:sticky;right:0;background-color:${p.background.paper};white-space:nowrap;box-shadow:-6px 0 6px -6px ${alpha(theme.palette.text.primary, 0.3)};text-align:right !important;padding-top:0 !important;padding-bottom:0 !important}
.dtable .tag{display:inline-flex;align-items:center;max-width:100%;height:24px;padding-left:${s(1)};padding-right:${s(1)};box-sizing:border-box;border-radius:12px;font-family:${t.fontFamily};font-size:${t.pxToRem(13)};line-height:1.5;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;vertical-align:middle;color:${p.text.primary};background-color:${p.action.selected}}
.dtable .tag.outlined{padding-left:7px;padding-right:7px;background-color:transparent;border:1px solid ${p.Chip.defaultBorder}}
${tags}
.dtable .row-menu{display:inline-flex;align-items:center;justify-content:center;width:30px;height:30px;padding:0;margin:0;border:0;border-radius:50%;background:transparent;color:${p.action.active};cursor:pointer;vertical-align:middle}
.dtable .row-menu:hover,.dtable .row-menu[aria-expanded="true"]{background-color:${p.action.hover}}
.dtable .row-menu::before{content:"";width:20px;height:20px;background-color:currentColor;mask:${MORE_VERT_MASK}}
@media (forced-colors:active){.dtable .row-menu::before{forced-color-adjust:none;background-color:ButtonText}}
.dtable .hide-sm{display:none}
${up('sm')}{.dtable .hide-sm{display:table-cell}}
${hidden}
${phone}{
.dtable>thead{${VISUALLY_HIDDEN}}
.dtable>tbody>tr{display:block;border-bottom:${divider};padding-top:${s(1)};padding-bottom:${s(1)}}
.dtable>tbody>tr>td,.dtable>tbody>tr>th{display:flex;gap:${s(1.5)};align-items:baseline;border:0;padding-top:2px;padding-bottom:2px;min-width:0;text-align:left !important}
.dtable>tbody>tr>[data-label]::before{content:attr(data-label);font-family:${t.fontFamily};flex:0 0 38%;color:${p.text.secondary};font-size:0.75rem;font-weight:500}
.dtable>tbody>tr>*>.v{flex:1 1 auto;min-width:0;overflow-wrap:anywhere}
.dtable .nowrap{white-space:normal}
.dtable .right,.dtable .center{text-align:left !important}
.dtable .mono>.v{max-width:none;white-space:normal;overflow-wrap:anywhere}
.dtable .actions{position:static;box-shadow:none;justify-content:flex-end;background-color:transparent}
.dtable>tbody>tr.expandable{position:relative;padding-right:${s(6)}}
.dtable>tbody>tr>td.expander{position:absolute;top:4px;right:4px;width:auto}
.dtable>tbody>tr.open{border-bottom:0}
.dtable>tbody>tr.details{padding-top:0;padding-bottom:0}
.dtable>tbody>tr.details>td{display:block;${x};padding-top:${s(1)};padding-bottom:${s(1)}}
}
`;
}

/** Puts {@link tableCss} in the document the first time a table mounts there. */
export function useTableCss(): void {
  useStyleSheet('table', tableCss);
}
