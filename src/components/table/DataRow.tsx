import ExpandMoreIcon from '@mui/icons-material/KeyboardArrowDown';
import ExpandLessIcon from '@mui/icons-material/KeyboardArrowUp';
import IconButton from '@mui/material/IconButton';
import { memo, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import type { Column } from './columns';

/** A column's body cells' attributes: where they hide, how they align (tableSx), their width. */
export interface CellAttributes {
  className: string | undefined;
  style: CSSProperties | undefined;
}

/** Worked out once per set of columns, not for every cell of every row. */
export function cellAttributes<Row>(columns: readonly Column<Row>[]): CellAttributes[] {
  return columns.map((c) => ({
    className:
      [
        c.hideBelow ? `hide-${c.hideBelow}` : '',
        c.nowrap ? 'nowrap' : '',
        c.mono ? 'mono' : '',
        c.align === 'right' || c.align === 'center' ? c.align : '',
      ]
        .filter(Boolean)
        .join(' ') || undefined,
    style: c.width === undefined ? undefined : { width: c.width },
  }));
}

interface RowProps<Row> {
  row: Row;
  columns: readonly Column<Row>[];
  href: string | null;
  label?: string;
  /** The row the page shows now (see DataTable's rowCurrent). */
  current?: boolean;
  actions?: (row: Row) => ReactNode;
  /** The columns' cell attributes (cellAttributes), in column order. */
  cells: readonly CellAttributes[];
  onOpen: (path: string) => void;
  /** A click on the row header's link: opens the row's page in the app (see DataTable's onLinkClick). */
  onLinkClick: (e: MouseEvent<HTMLAnchorElement>) => void;
  /**
   * Rows that open in place: what shows, the button's name, whether open, the details' element id, the
   * columns the details span, the toggle (given the row's key). Flat, so an unchanged row skips rendering.
   */
  details?: (row: Row) => ReactNode;
  detailsLabel?: string;
  open?: boolean;
  detailsId?: string;
  span?: number;
  rowId?: string | number;
  onToggle?: (key: string | number) => void;
}

/**
 * One row of the table, of plain `<tr>`, `<td>` and `<th>` styled by the table's `sx` (tableSx): a page of
 * 100 rows renders in a fraction of the time a TableRow and TableCell per row and cell take. Unchanged rows
 * skip rendering.
 */
export const DataRow = memo(function DataRow<Row>(props: RowProps<Row>) {
  const { row, columns, cells, href, label, current = false, actions, onOpen, onLinkClick, details, open = false } = props;
  const classes = [href ? 'linked' : '', details ? 'expandable' : '', open ? 'open' : '', current ? 'current' : '']
    .filter(Boolean)
    .join(' ');
  const main = (
    <tr
      className={classes || undefined}
      aria-label={label}
      aria-current={current || undefined}
      onClick={
        href
          ? (e: MouseEvent) => {
              // Links and controls act by themselves; a drag to select text is not a click on the row; nor is a
              // click in a menu or dialog the row opened (React carries their events up through the portal).
              if (!(e.currentTarget as HTMLElement).contains(e.target as Node)) return;
              if ((e.target as HTMLElement).closest('a, button, input, select, textarea, [role="menu"], [role="dialog"]')) return;
              if (window.getSelection()?.toString()) return;
              onOpen(href);
            }
          : undefined
      }
    >
      {details && (
        <td className="expander">
          <IconButton
            size="small"
            aria-label={props.detailsLabel}
            aria-expanded={open}
            aria-controls={open ? props.detailsId : undefined}
            onClick={() => props.onToggle?.(props.rowId!)}
          >
            {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
          </IconButton>
        </td>
      )}
      {columns.map((c, i) => {
        const content = c.cell(row);
        const linked =
          c.rowHeader && href ? (
            <a href={href} onClick={onLinkClick}>
              {content}
            </a>
          ) : (
            content
          );
        const second = c.secondary?.(row);
        // One wrapper, so on a phone the value is one flex item beside its label.
        const body = (
          <div className="v">
            {linked}
            {second != null && <div className="secondary">{second}</div>}
          </div>
        );
        const title = c.mono && typeof content === 'string' ? content : undefined;
        return c.rowHeader ? (
          <th key={c.id} scope="row" {...cells[i]} data-label={c.header} title={title}>
            {body}
          </th>
        ) : (
          <td key={c.id} {...cells[i]} data-label={c.header} title={title}>
            {body}
          </td>
        );
      })}
      {actions && <td className="actions">{actions(row)}</td>}
    </tr>
  );
  if (!details || !open) return main;
  return (
    <>
      {main}
      <tr className="details">
        <td colSpan={props.span} id={props.detailsId}>
          {details(row)}
        </td>
      </tr>
    </>
  );
}) as <Row>(props: RowProps<Row>) => ReactNode;
