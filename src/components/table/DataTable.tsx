import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../states';
import type { Column, RowMatchers } from './columns';
import { cellAttributes, DataRow } from './DataRow';
import { SummaryRow } from './SummaryRow';
import { useTableContext } from './table-context';
import { shownRows, useClientRows } from './table-count';
import { tableSx } from './table-styles';
import { TableHeader } from './TableHeader';
import { TablePager } from './TablePager';
import { pageCount } from './url-state';
import { useOverflowing } from './use-overflowing';

/** The parts of a TanStack query result a table reads. */
export interface QueryStatus {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPlaceholderData?: boolean;
  refetch: () => unknown;
}

/**
 * The query of a client-mode table over rows the page already has (part of another answer it read and
 * shows the state of): nothing loading, no error of its own, nothing to refetch.
 */
export const SETTLED_QUERY: QueryStatus = {
  isPending: false,
  isError: false,
  error: null,
  isFetching: false,
  refetch: () => undefined,
};

/**
 * Rows that open in place: a button at the start of each row (aria-expanded, named by `label`) shows
 * `render(row)` in a full-width row under it. Several rows may be open at once; each stays open until
 * its button closes it.
 */
export interface RowDetails<Row> {
  render: (row: Row) => ReactNode;
  /** The button's accessible name, naming its row ("Details of Update user by Ada Admin, 22 Nov 2026, 17:16 UTC"). */
  label: (row: Row) => string;
  /** The buttons' column header, read by screen readers only (default "Details"). */
  header?: string;
}

interface CommonProps<Row> {
  /** The table's accessible name ("Users", "Members of Owned"). */
  label: string;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
  query: QueryStatus;
  /** Plural noun for the pager and states ("users"). */
  noun: string;
  /** The pager's landmark name (default "<label> pages"). */
  pagerLabel?: string;
  /**
   * False for a short, fixed list that never pages (a summary card's latest five, in client mode): no pager,
   * every row given is shown. Default true.
   */
  pager?: boolean;
  /** What an empty list says, and what to do about it. */
  empty: { title: string; text?: ReactNode; action?: ReactNode };
  /** What a filtered-out list says (default: "No <noun> match these filters", with Clear filters). */
  filteredEmptyText?: ReactNode;
  errorTitle?: string;
  loadingLabel?: string;
  /** Rows that open a page: a click anywhere on the row (not on its controls), and a link in the row header. */
  rowHref?: (row: Row) => string | null;
  /**
   * The row's accessible name (`aria-label` of the row), when its cells read as a long run of text: a
   * name to find it by ("SharpHound HQ", "Upload job 12"). Default: the row is named by its cells.
   */
  rowLabel?: (row: Row) => string;
  /** The row the page shows now (its details beside the table): marked, and `aria-current` for assistive tech. */
  rowCurrent?: (row: Row) => boolean;
  /** The row's actions (buttons, a menu): a column pinned to the right edge, never cut. */
  actions?: (row: Row) => ReactNode;
  /** Rows that open in place to show more (see RowDetails). Without it there is no extra column. */
  details?: RowDetails<Row>;
  actionsHeader?: string;
  /** Shown above the table inside the frame (filters, a note). */
  toolbar?: ReactNode;
  /**
   * A last row under the rows of every page, in bold (totals): its cells by column id, laid out and
   * hidden with their columns (the row header's cell names it, e.g. "Total").
   */
  summaryRow?: Readonly<Record<string, ReactNode>>;
  /**
   * The list reads itself again on its own (polling while something runs): those background reads show
   * no progress bar, so it does not flash every few seconds. A new page, sort or filter still does.
   */
  quietRefresh?: boolean;
}

export type DataTableProps<Row> = CommonProps<Row> &
  (
    | {
        /** Sorts, filters and pages `rows` here, with the same URL state. */
        mode: 'client';
        rows: readonly Row[] | undefined;
        /** Filters that are no column's own (a search box over several fields). */
        matchers?: RowMatchers<Row>;
      }
    | {
        /**
         * The page's query got skip, limit, sort_by and the filters (`table.query`). `count` is the total; an
         * answer without one (an operation whose answer does not carry it) pages on by what it holds.
         */
        mode: 'server';
        page: { rows: readonly Row[]; count?: number | undefined } | undefined;
      }
  );

/**
 * The console's one table. A page declares its columns once and hands over
 * its query; the table keeps page, page size, sorts and filters in the URL
 * (useTableState, given by the nearest TableProvider), and shows loading (rows kept while the next page loads),
 * empty, filtered-empty and error states inside its frame. It is never wider
 * than its frame: secondary columns drop by priority (`hideBelow`), the
 * actions column is pinned, rows become cards on phones, and when it still
 * scrolls sideways it says so.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const {
    label,
    columns,
    rowKey,
    query,
    noun,
    empty,
    rowHref,
    rowCurrent,
    rowLabel,
    actions,
    actionsHeader = 'Actions',
    details,
    toolbar,
    summaryRow,
    quietRefresh = false,
    errorTitle = `Could not load the ${noun}`,
    loadingLabel = `Loading ${noun}…`,
  } = props;
  const table = useTableContext();
  const navigate = useNavigate();
  const onOpen = useMemo(() => (path: string) => void navigate(path), [navigate]);
  // What React Router's Link does on a click, once for the table rather than a Link (and its hooks) per row:
  // a plain click opens the page in the app; a modified or middle click is the browser's (a new tab, a window).
  const onLinkClick = useCallback(
    (e: MouseEvent<HTMLAnchorElement>) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
      e.preventDefault();
      void navigate(e.currentTarget.getAttribute('href')!);
    },
    [navigate],
  );
  const cells = useMemo(() => cellAttributes(columns), [columns]);
  const { state } = table;
  const scrollRef = useRef<HTMLDivElement>(null);
  const overflowing = useOverflowing(scrollRef);
  const detailsIdPrefix = useId();
  const [opened, setOpened] = useState<ReadonlySet<string | number>>(() => new Set());
  const toggleDetails = useCallback(
    (key: string | number) =>
      setOpened((prev) => {
        const next = new Set(prev);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      }),
    [],
  );
  const span = columns.length + (details ? 1 : 0) + (actions ? 1 : 0);

  const matched = useClientRows(
    props.mode === 'client' ? props.rows : undefined,
    columns,
    state,
    props.mode === 'client' ? props.matchers : undefined,
  );
  const { rows, count, exact } = shownRows(
    props.mode === 'client' ? { mode: 'client', matched, paged: props.pager !== false } : { mode: 'server', page: props.page },
    state,
  );
  const settled = rows !== undefined && !query.isPlaceholderData;
  const busy = query.isFetching && (!quietRefresh || !!query.isPlaceholderData);
  const pages = count === null ? 1 : pageCount(count, state.pageSize);
  // A page past the end (after a delete, or an old link) moves to the last one.
  const beyond = settled && count !== null && count > 0 && state.page > pages;
  const { setPage } = table;
  useEffect(() => {
    if (beyond) setPage(pages, { replace: true });
  }, [beyond, pages, setPage]);

  let body: ReactNode = null;
  if (rows === undefined) {
    body = query.isError ? (
      <ErrorState error={query.error} title={errorTitle} onRetry={() => void query.refetch()} />
    ) : (
      <LoadingState label={loadingLabel} />
    );
  } else if (settled && count === 0) {
    body = table.hasFilters ? (
      <EmptyState title={`No ${noun} match these filters`} action={<Button onClick={table.clearFilters}>Clear filters</Button>}>
        {props.filteredEmptyText ?? 'Try other words or clear the filters.'}
      </EmptyState>
    ) : (
      <EmptyState title={empty.title} action={empty.action}>
        {empty.text}
      </EmptyState>
    );
  }

  return (
    <Paper variant="outlined" sx={{ minWidth: 0 }}>
      {toolbar && <Box sx={{ p: 2, pb: 0 }}>{toolbar}</Box>}
      <Box sx={{ height: 4 }}>{busy && rows !== undefined && <LinearProgress aria-label={loadingLabel} />}</Box>
      {rows !== undefined && query.isError && (
        // A refresh failed: say so above the rows still shown.
        <Box sx={{ px: 2 }}>
          <ErrorState error={query.error} title={errorTitle} onRetry={() => void query.refetch()} />
        </Box>
      )}
      {body ? (
        <Box sx={{ p: 2 }}>{body}</Box>
      ) : (
        <>
          <Box
            ref={scrollRef}
            // Focusable when it scrolls, so keyboard users can scroll it too.
            tabIndex={overflowing ? 0 : undefined}
            role={overflowing ? 'region' : undefined}
            aria-label={overflowing ? `${label} (scrolls sideways)` : undefined}
            sx={{ overflowX: 'auto', position: 'relative' }}
          >
            <Table
              size="small"
              aria-label={label}
              aria-busy={busy}
              sx={tableSx}
              style={{ opacity: query.isPlaceholderData ? 0.7 : 1, transition: 'opacity 120ms' }}
            >
              <TableHeader
                columns={columns}
                sorts={state.sorts}
                onSort={table.toggleSort}
                detailsHeader={details ? (details.header ?? 'Details') : undefined}
                actionsHeader={actions ? actionsHeader : undefined}
              />
              <TableBody>
                {rows!.map((row) => {
                  const key = rowKey(row);
                  return (
                    <DataRow
                      key={key}
                      row={row}
                      columns={columns}
                      href={rowHref ? rowHref(row) : null}
                      label={rowLabel?.(row)}
                      current={rowCurrent?.(row) ?? false}
                      actions={actions}
                      cells={cells}
                      onOpen={onOpen}
                      onLinkClick={onLinkClick}
                      {...(details && {
                        details: details.render,
                        detailsLabel: details.label(row),
                        open: opened.has(key),
                        detailsId: `${detailsIdPrefix}details-${String(key).replace(/\s/g, '_')}`,
                        span,
                        rowId: key,
                        onToggle: toggleDetails,
                      })}
                    />
                  );
                })}
                {summaryRow && rows!.length > 0 && (
                  <SummaryRow columns={columns} cells={cells} values={summaryRow} details={!!details} actions={!!actions} />
                )}
              </TableBody>
            </Table>
          </Box>
          {overflowing && (
            <Typography variant="caption" color="textSecondary" component="p" sx={{ px: 2, pt: 0.5 }}>
              Scroll sideways for more columns.
            </Typography>
          )}
        </>
      )}
      {props.pager !== false && (count === null || count > 0) && rows !== undefined && (
        <TablePager count={count} exact={exact} label={props.pagerLabel ?? `${label} pages`} noun={noun} />
      )}
    </Paper>
  );
}
