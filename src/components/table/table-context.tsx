import { createContext, use, type ReactNode } from 'react';
import type { TableController } from './use-table-state';

const TableContext = createContext<TableController | null>(null);

/**
 * Gives one table's parts (its DataTable, pager, search box, filters, sort bar) the controller of
 * `useTableState`: set once around them, as react-admin's ListContextProvider is, so a page does not hand
 * the controller to every part. A page with two tables gives each its own provider.
 */
export function TableProvider({ table, children }: { table: TableController; children: ReactNode }) {
  return <TableContext value={table}>{children}</TableContext>;
}

/** The controller of the table this part belongs to (the nearest TableProvider). */
export function useTableContext(): TableController {
  const table = use(TableContext);
  if (!table) throw new Error('A table part is rendered outside a TableProvider');
  return table;
}
