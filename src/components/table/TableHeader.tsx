import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useRef, type KeyboardEvent } from 'react';
import { visuallyHidden } from '../visually-hidden';
import type { Column } from './columns';
import type { Sort } from './url-state';

/** A sortable header: click sorts by this column, shift-click or Shift+Enter adds it as a further sort. */
function SortableHeader({
  column,
  sorts,
  onSort,
}: {
  column: Pick<Column<unknown>, 'id' | 'header' | 'align' | 'hideBelow' | 'width'>;
  sorts: readonly Sort[];
  onSort: (column: string, additive: boolean) => void;
}) {
  // MUI activates the header from the keyboard with a synthetic click that carries no modifier keys:
  // remember Shift from the key event, so Shift+Enter (or Shift+Space) adds a further sort as shift-click does.
  const shiftFromKey = useRef(false);
  const at = sorts.findIndex((s) => s.column === column.id);
  const sort = at === -1 ? null : sorts[at]!;
  return (
    <TableCell
      className={column.hideBelow ? `hide-${column.hideBelow}` : undefined}
      align={column.align}
      style={column.width === undefined ? undefined : { width: column.width }}
      aria-sort={at === 0 ? (sort!.descending ? 'descending' : 'ascending') : undefined}
    >
      <TableSortLabel
        active={!!sort}
        direction={sort?.descending ? 'desc' : 'asc'}
        onKeyDown={(e: KeyboardEvent) => (shiftFromKey.current = e.shiftKey)}
        onKeyUp={(e: KeyboardEvent) => (shiftFromKey.current = e.shiftKey)}
        onClick={(e) => {
          onSort(column.id, e.shiftKey || shiftFromKey.current);
          shiftFromKey.current = false;
        }}
        title="Sort by this column; shift-click (or Shift+Enter) to add it as a further sort"
      >
        {column.header}
        {sort && sorts.length > 1 && (
          <span aria-hidden className="sort-rank">
            {at + 1}
          </span>
        )}
        {sort && (
          <span style={visuallyHidden}>
            , sorted {sort.descending ? 'descending' : 'ascending'}
            {sorts.length > 1 ? ` (sort ${at + 1} of ${sorts.length})` : ''}
          </span>
        )}
      </TableSortLabel>
    </TableCell>
  );
}

/**
 * The table's header row: the details buttons' column (named for screen readers), the columns (sortable
 * ones sort on a click), the actions column.
 */
export function TableHeader<Row>({
  columns,
  sorts,
  onSort,
  detailsHeader,
  actionsHeader,
}: {
  columns: readonly Column<Row>[];
  sorts: readonly Sort[];
  onSort: (column: string, additive: boolean) => void;
  /** The details buttons' column header; none without rows that open in place. */
  detailsHeader?: string;
  /** The actions column's header; none without actions. */
  actionsHeader?: string;
}) {
  return (
    <TableHead>
      <TableRow>
        {detailsHeader !== undefined && (
          <TableCell className="expander">
            <span style={visuallyHidden}>{detailsHeader}</span>
          </TableCell>
        )}
        {columns.map((c) =>
          c.sortable ? (
            <SortableHeader key={c.id} column={c} sorts={sorts} onSort={onSort} />
          ) : (
            <TableCell
              key={c.id}
              className={c.hideBelow ? `hide-${c.hideBelow}` : undefined}
              align={c.align}
              style={c.width === undefined ? undefined : { width: c.width }}
            >
              {c.header}
            </TableCell>
          ),
        )}
        {actionsHeader !== undefined && (
          <TableCell className="actions">
            <span style={visuallyHidden}>{actionsHeader}</span>
          </TableCell>
        )}
      </TableRow>
    </TableHead>
  );
}
