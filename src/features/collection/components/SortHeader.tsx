import { TableCell, TableSortLabel } from '@mui/material';
import type { ReactNode } from 'react';
import type { TableParams } from '../table-params';

/** A column header that sorts by `column` (ascending first, then descending), with the sort in the URL. */
export function SortHeader({
  table,
  column,
  children,
  align,
}: {
  table: TableParams;
  column: string;
  children: ReactNode;
  align?: 'right';
}) {
  const active = table.sort === column || table.sort === `-${column}`;
  const descending = table.sort === `-${column}`;
  return (
    <TableCell align={align} sortDirection={active ? (descending ? 'desc' : 'asc') : false}>
      <TableSortLabel
        active={active}
        direction={descending ? 'desc' : 'asc'}
        onClick={() => table.setSort(active && !descending ? `-${column}` : column)}
      >
        {children}
      </TableSortLabel>
    </TableCell>
  );
}
