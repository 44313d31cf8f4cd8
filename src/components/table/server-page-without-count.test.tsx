import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { DataTable, TableProvider, useTableState, type Column, type QueryStatus, type TableSpec } from '.';

/**
 * A server table whose answer carries no total (`count`): an operation whose answer the reference gives
 * without one. The page's rows show, and the pager goes on by what each page holds.
 */
interface Row {
  id: number;
}
const COLUMNS: Column<Row>[] = [{ id: 'id', header: 'Id', rowHeader: true, cell: (r) => `Row ${r.id}` }];
const SPEC: TableSpec = { sortable: [], defaultPageSize: 10 };
const ok: QueryStatus = { isPending: false, isError: false, error: null, isFetching: false, refetch: () => undefined };
/** 23 rows on the server, answered a page at a time without a count. */
const ALL = Array.from({ length: 23 }, (_, i) => ({ id: i + 1 }));

function Rows() {
  const table = useTableState(SPEC);
  const { skip, limit } = table.query as { skip: number; limit: number };
  return (
    <TableProvider table={table}>
      <DataTable
        label="Rows"
        noun="rows"
        mode="server"
        columns={COLUMNS}
        query={ok}
        page={{ rows: ALL.slice(skip, skip + limit) }}
        rowKey={(r) => r.id}
        empty={{ title: 'No rows' }}
      />
    </TableProvider>
  );
}

describe('DataTable (server mode, an answer without a count)', () => {
  it('says a full page may have more, offers the next page but no last one, and counts the last page exactly', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Rows />, { path: '/rows', routePath: '/rows' });
    const pager = screen.getByRole('navigation', { name: 'Rows pages' });
    const range = () => within(pager).getByRole('status');
    expect(range()).toHaveTextContent('1–10 of more than 10');
    expect(pager).toHaveTextContent('Page 1');
    expect(pager).not.toHaveTextContent(/Page 1 of/);
    expect(within(pager).getByRole('button', { name: 'Last page' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    // A short page is the last: now the total is known.
    await waitFor(() => expect(range()).toHaveTextContent('21–23 of 23'));
    expect(pager).toHaveTextContent('Page 3 of 3');
    expect(within(pager).getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(within(screen.getByRole('table', { name: 'Rows' })).getAllByRole('rowheader')).toHaveLength(3);
  });
});
