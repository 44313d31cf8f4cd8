import { TablePagination } from '@mui/material';
import { PAGE_SIZES, type TableParams } from '../table-params';

/** Paging controls of a table whose state lives in the URL. */
export function TablePager({ table, count, label }: { table: TableParams; count: number; label: string }) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={count > 0 && table.page * table.size >= count ? Math.max(0, Math.ceil(count / table.size) - 1) : table.page}
      rowsPerPage={table.size}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onPageChange={(_e, page) => table.setPage(page)}
      onRowsPerPageChange={(e) => table.setSize(Number(e.target.value))}
      labelRowsPerPage="Rows per page:"
      slotProps={{
        actions: {
          previousButton: { 'aria-label': `Previous page of ${label}` },
          nextButton: { 'aria-label': `Next page of ${label}` },
        },
      }}
    />
  );
}
