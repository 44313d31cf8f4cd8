import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import {
  DataTable,
  TableProvider,
  TableSearch,
  useTableState,
  type Column,
  type DataTableProps,
  type QueryStatus,
  type RowDetails,
  type TableSpec,
} from '.';
import { FILTER_DEBOUNCE_MS } from './table-filters';

interface Person {
  id: number;
  name: string;
  city: string | null;
}

const PEOPLE: Person[] = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  name: `Person ${String(i + 1).padStart(2, '0')}`,
  city: i % 3 === 0 ? null : i % 3 === 1 ? 'Oslo' : 'Lima',
}));

const COLUMNS: Column<Person>[] = [
  { id: 'name', header: 'Name', rowHeader: true, sortable: true, sortValue: (p) => p.name, cell: (p) => p.name },
  { id: 'city', header: 'City', sortable: true, sortValue: (p) => p.city, cell: (p) => p.city ?? '—' },
];

const SPEC: TableSpec = {
  sortable: ['name', 'city'],
  filters: { q: { predicates: ['~eq'] }, city: { predicates: ['eq'] } },
  defaultPageSize: 10,
};

const ok: QueryStatus = { isPending: false, isError: false, error: null, isFetching: false, refetch: () => undefined };

/** `rows={null}`: not loaded yet. */
function People({ rows = PEOPLE, query = ok }: { rows?: Person[] | null; query?: QueryStatus }) {
  const table = useTableState(SPEC);
  return (
    <TableProvider table={table}>
      <TableSearch label="Search people" />
      <DataTable
        label="People"
        noun="people"
        mode="client"
        rows={rows ?? undefined}
        columns={COLUMNS}
        query={query}
        rowKey={(p) => p.id}
        rowHref={(p) => `/people/${p.id}`}
        matchers={{ q: (p, f) => p.name.toLowerCase().includes(f.value.toLowerCase()) }}
        empty={{ title: 'Nobody yet' }}
      />
    </TableProvider>
  );
}

const names = () =>
  within(screen.getByRole('table', { name: 'People' }))
    .getAllByRole('rowheader')
    .map((c) => c.textContent);

describe('DataTable (client mode)', () => {
  it('pages, sorts and multi-sorts with the state in the URL; paging and sorting add history entries', async () => {
    const { router } = renderWithProviders(<People />, { path: '/people', routePath: '/people' });
    expect(names()).toHaveLength(10);
    expect(names()[0]).toBe('Person 01');
    expect(screen.getByText('1–10 of 30')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(router.state.historyAction).toBe('PUSH');
    expect(names()[0]).toBe('Person 11');

    fireEvent.click(screen.getByRole('button', { name: /City/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort_by=city'));
    // Empty values last; ties keep their order.
    expect(names()[0]).toBe('Person 03');
    fireEvent.click(screen.getByRole('button', { name: /Name/ }), { shiftKey: true });
    await waitFor(() => expect(router.state.location.search).toBe('?sort_by=city&sort_by=name'));
    fireEvent.click(screen.getByRole('button', { name: /Name/ }), { shiftKey: true });
    await waitFor(() => expect(router.state.location.search).toBe('?sort_by=city&sort_by=-name'));
    expect(names()[0]).toBe('Person 30');
    expect(screen.getByRole('columnheader', { name: /City/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('merges two writes made in the same tick', async () => {
    const { router } = renderWithProviders(<People />, { path: '/people', routePath: '/people' });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
      fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    });
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
  });

  it('filters from the search box after a pause, replacing the history entry, and keeps what is typed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { router } = renderWithProviders(<People />, { path: '/people?page=2', routePath: '/people' });
      const box = screen.getByRole('textbox', { name: 'Search people' });
      fireEvent.change(box, { target: { value: 'person 2' } });
      await act(() => vi.advanceTimersByTimeAsync(FILTER_DEBOUNCE_MS + 50));
      await waitFor(() => expect(router.state.location.search).toBe('?q=~eq:person+2'));
      expect(router.state.historyAction).toBe('REPLACE');
      expect(box).toHaveValue('person 2');
      expect(names()).toEqual(Array.from({ length: 10 }, (_, i) => `Person ${20 + i}`));
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when nothing matches and clears the filters', async () => {
    const { router } = renderWithProviders(<People />, { path: '/people?q=~eq:nobody', routePath: '/people' });
    expect(await screen.findByText('No people match these filters')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(names()).toHaveLength(10);
  });

  it('moves a page past the end to the last page', async () => {
    const { router } = renderWithProviders(<People />, {
      path: '/people?page=9&sort_by=-name&page_size=25',
      routePath: '/people',
    });
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&page_size=25&sort_by=-name'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(names()).toHaveLength(5);
    expect(names()[0]).toBe('Person 05');
  });

  it('shows the empty, loading and error states inside its frame', () => {
    const refetch = vi.fn();
    const at = { path: '/people', routePath: '/people' };
    const empty = renderWithProviders(<People rows={[]} />, at);
    expect(screen.getByText('Nobody yet')).toBeInTheDocument();
    empty.unmount();
    const loading = renderWithProviders(<People rows={null} query={{ ...ok, isPending: true, isFetching: true }} />, at);
    expect(screen.getByRole('status')).toHaveTextContent('Loading people…');
    loading.unmount();
    renderWithProviders(<People rows={null} query={{ ...ok, isError: true, error: new Error('boom'), refetch }} />, at);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the people');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalled();
  });

  it('links rows: the row header is a link and a click on the row opens it', async () => {
    const { router } = renderWithProviders(<People />, {
      path: '/people',
      routePath: '/people',
      extraRoutes: [{ path: '/people/:id', element: <p>Person page</p> }],
    });
    expect(screen.getByRole('link', { name: 'Person 01' })).toHaveAttribute('href', '/people/1');
    fireEvent.click(screen.getAllByText('Oslo')[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/people/2'));
  });

  it('opens a row header link in the app on a plain click, and leaves a modified or middle click to the browser', async () => {
    const { router } = renderWithProviders(<People />, {
      path: '/people',
      routePath: '/people',
      extraRoutes: [{ path: '/people/:id', element: <p>Person page</p> }],
    });
    const link = screen.getByRole('link', { name: 'Person 03' });
    for (const modified of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      // Not handled by the table: the browser's own default (a new tab or window) stays.
      expect(fireEvent.click(link, modified)).toBe(true);
      expect(router.state.location.pathname).toBe('/people');
    }
    expect(fireEvent.click(link)).toBe(false); // the browser's page load is replaced by the app's navigation
    await waitFor(() => expect(router.state.location.pathname).toBe('/people/3'));
    expect(screen.getByText('Person page')).toBeInTheDocument();
  });
});

/** The first three people in one page, with the options under test. */
function ThreePeople(props: Pick<DataTableProps<Person>, 'rowLabel' | 'rowCurrent' | 'summaryRow' | 'details'>) {
  const table = useTableState(SPEC);
  return (
    <TableProvider table={table}>
      <DataTable
        label="People"
        noun="people"
        mode="client"
        rows={PEOPLE.slice(0, 3)}
        columns={COLUMNS}
        query={ok}
        rowKey={(p) => p.id}
        empty={{ title: 'Nobody yet' }}
        {...props}
      />
    </TableProvider>
  );
}

describe('DataTable (row names and a summary row)', () => {
  it('names each row as asked, and ends the rows with the summary in the columns’ places', () => {
    renderWithProviders(<ThreePeople rowLabel={(p) => `${p.name} row`} summaryRow={{ name: 'Total', city: '2 cities' }} />, {
      path: '/people',
      routePath: '/people',
    });
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getByRole('row', { name: 'Person 01 row' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    const last = rows[rows.length - 1]!;
    expect(within(last).getByRole('rowheader')).toHaveTextContent('Total');
    expect(within(last).getByRole('cell')).toHaveTextContent('2 cities');
    // Not a row of data: the pager counts the three people.
    expect(screen.getByText('1–3 of 3')).toBeInTheDocument();
  });

  it('marks the current row, and only it, with aria-current', () => {
    renderWithProviders(<ThreePeople rowLabel={(p) => p.name} rowCurrent={(p) => p.name === 'Person 02'} />, {
      path: '/people',
      routePath: '/people',
    });
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getByRole('row', { name: 'Person 02' })).toHaveAttribute('aria-current', 'true');
    expect(within(table).getByRole('row', { name: 'Person 01' })).not.toHaveAttribute('aria-current');
    expect(within(table).getByRole('row', { name: 'Person 03' })).not.toHaveAttribute('aria-current');
  });
});

describe('DataTable (rows that open in place)', () => {
  const details: RowDetails<Person> = {
    render: (p) => <p>{`${p.name} lives in ${p.city ?? 'no city'}`}</p>,
    label: (p) => `Details of ${p.name}`,
  };
  const Openable = ({ details: on = true }: { details?: boolean }) => (
    <ThreePeople details={on ? details : undefined} summaryRow={{ name: 'Total' }} />
  );
  const at = { path: '/people', routePath: '/people' };
  const table = () => screen.getByRole('table', { name: 'People' });

  it('has no button and no extra column without `details`', () => {
    renderWithProviders(<Openable details={false} />, at);
    expect(within(table()).getAllByRole('columnheader')).toHaveLength(2);
    expect(within(table()).queryAllByRole('button', { name: /Details/ })).toHaveLength(0);
    const first = within(table()).getAllByRole('row')[1]!;
    expect(first.children).toHaveLength(2);
  });

  it('opens a row under it spanning every column, named and wired by aria, and keeps several open at once', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Openable />, at);
    // A first column for the buttons, named for screen readers; the summary row keeps its cells in place.
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Details', 'Name', 'City']);
    const rows = within(table()).getAllByRole('row');
    expect(within(rows[rows.length - 1]!).getByRole('rowheader')).toHaveTextContent('Total');

    const first = within(table()).getByRole('button', { name: 'Details of Person 01' });
    const second = within(table()).getByRole('button', { name: 'Details of Person 02' });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(first).not.toHaveAttribute('aria-controls');
    expect(screen.queryByText('Person 01 lives in no city')).not.toBeInTheDocument();

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(first.getAttribute('aria-controls')!)!;
    expect(panel).toHaveTextContent('Person 01 lives in no city');
    expect(panel.tagName).toBe('TD');
    expect(panel).toHaveAttribute('colspan', '3');
    // The details row comes right under its row.
    expect(first.closest('tr')!.nextElementSibling).toBe(panel.parentElement);

    await user.click(second);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Person 02 lives in Oslo')).toBeInTheDocument();
    expect(second.getAttribute('aria-controls')).not.toBe(first.getAttribute('aria-controls'));

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Person 01 lives in no city')).not.toBeInTheDocument();
    expect(screen.getByText('Person 02 lives in Oslo')).toBeInTheDocument();
  });

  it('opens and closes from the keyboard (Enter and Space)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Openable />, at);
    const button = within(table()).getByRole('button', { name: 'Details of Person 03' });
    // Reached with Tab after the two sort headers.
    for (let i = 0; i < 3; i++) await user.tab();
    expect(within(table()).getByRole('button', { name: 'Details of Person 01' })).toHaveFocus();
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Person 03 lives in Lima')).toBeInTheDocument();
    await user.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Person 03 lives in Lima')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});
