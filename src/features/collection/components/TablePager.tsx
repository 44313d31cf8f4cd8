import { TablePagination } from '@mui/material';
import { useEffect } from 'react';
import { PAGE_SIZES, type TableParams } from '../table-params';

/** Paging controls of a table whose state lives in the URL. A page past the end (after a delete, or an old link) moves to the last one. */
export function TablePager({ table, count, label }: { table: TableParams; count: number; label: string }) {
  const last = Math.max(0, Math.ceil(count / table.size) - 1);
  const beyond = count > 0 && table.page > last;
  const { setPage } = table;

  useEffect(() => {
    if (beyond) setPage(last);
  }, [beyond, last, setPage]);

  return (
    <TablePagination
      component="div"
      count={count}
      page={beyond ? last : table.page}
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
