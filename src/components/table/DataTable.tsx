import ExpandMoreIcon from '@mui/icons-material/KeyboardArrowDown';
import ExpandLessIcon from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../states';
import { visuallyHidden } from '../visually-hidden';
import { filterAndSort, type Column, type RowMatchers } from './columns';
import { tableSx } from './table-styles';
import { TablePager } from './TablePager';
import type { TableController } from './use-table-state';
import { pageCount, type Sort, type TableState } from './url-state';

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
  table: TableController;
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
 * What a page of a server answer without a total says of it: a short page is the last one (the rows before it
 * and its own); a full one may have more after it, so one more row is counted and "next" stays open.
 */
export function countWithoutTotal(rowsOnPage: number, { page, pageSize }: Pick<TableState, 'page' | 'pageSize'>): number {
  const seen = (page - 1) * pageSize + rowsOnPage;
  return rowsOnPage < pageSize ? seen : seen + 1;
}

/** Client mode: the rows matching the table's filters, in its order (memoised; for a page that shows the count). */
export function useClientRows<Row>(
  rows: readonly Row[] | undefined,
  columns: readonly Column<Row>[],
  state: Pick<TableState, 'sorts' | 'filters'>,
  matchers?: RowMatchers<Row>,
): Row[] | undefined {
  return useMemo(
    () => (rows ? filterAndSort(rows, columns, state, matchers) : undefined),
    // `state` is rebuilt from the URL on every render; what matters is what it says.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, columns, JSON.stringify(state.sorts), JSON.stringify(state.filters), matchers],
  );
}

/** A column's body cells' attributes: where they hide, how they align (tableSx), their width. */
interface CellAttributes {
  className: string | undefined;
  style: CSSProperties | undefined;
}

/** Worked out once per set of columns, not for every cell of every row. */
function cellAttributes<Row>(columns: readonly Column<Row>[]): CellAttributes[] {
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

interface RowProps<Row> {
  row: Row;
  columns: readonly Column<Row>[];
  href: string | null;
  label?: string;
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
const DataRow = memo(function DataRow<Row>(props: RowProps<Row>) {
  const { row, columns, cells, href, label, actions, onOpen, onLinkClick, details, open = false } = props;
  const classes = [href ? 'linked' : '', details ? 'expandable' : '', open ? 'open' : ''].filter(Boolean).join(' ');
  const main = (
    <tr
      className={classes || undefined}
      aria-label={label}
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

/** True while the element is wider than its box (the table scrolls sideways). */
function useOverflowing(ref: React.RefObject<HTMLElement | null>): boolean {
  const [over, setOver] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    // Checked when the observer reports (after layout, and at once for a new observer): checking here,
    // in the commit, would force a layout of the whole page on every render of the table.
    const check = () => setOver(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  });
  return over;
}

/**
 * The console's one table. A page declares its columns once and hands over
 * its query; the table keeps page, page size, sorts and filters in the URL
 * (useTableState), and shows loading (rows kept while the next page loads),
 * empty, filtered-empty and error states inside its frame. It is never wider
 * than its frame: secondary columns drop by priority (`hideBelow`), the
 * actions column is pinned, rows become cards on phones, and when it still
 * scrolls sideways it says so.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const {
    label,
    columns,
    table,
    rowKey,
    query,
    noun,
    empty,
    rowHref,
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
  let rows: readonly Row[] | undefined;
  let count: number | null;
  /** Whether `count` is the total; false for a server answer without one (then at least this many). */
  let exact = true;
  if (props.mode === 'client') {
    count = matched ? matched.length : null;
    rows = props.pager === false ? matched : matched?.slice((state.page - 1) * state.pageSize, state.page * state.pageSize);
  } else {
    rows = props.page?.rows;
    count = props.page ? (props.page.count ?? countWithoutTotal(props.page.rows.length, state)) : null;
    exact = props.page?.count !== undefined || (rows !== undefined && rows.length < state.pageSize);
  }
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
              <TableHead>
                <TableRow>
                  {details && (
                    <TableCell className="expander">
                      <span style={visuallyHidden}>{details.header ?? 'Details'}</span>
                    </TableCell>
                  )}
                  {columns.map((c) =>
                    c.sortable ? (
                      <SortableHeader key={c.id} column={c} sorts={state.sorts} onSort={table.toggleSort} />
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
                  {actions && (
                    <TableCell className="actions">
                      <span style={visuallyHidden}>{actionsHeader}</span>
                    </TableCell>
                  )}
                </TableRow>
              </TableHead>
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
                  <tr className="summary">
                    {details && <td className="expander" />}
                    {columns.map((c, i) => {
                      const content = summaryRow[c.id];
                      const label = content === undefined || content === null ? undefined : c.header;
                      const body = <div className="v">{content}</div>;
                      return c.rowHeader ? (
                        <th key={c.id} scope="row" {...cells[i]}>
                          {body}
                        </th>
                      ) : (
                        <td key={c.id} {...cells[i]} data-label={label}>
                          {body}
                        </td>
                      );
                    })}
                    {actions && <td className="actions" />}
                  </tr>
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
        <TablePager table={table} count={count} exact={exact} label={props.pagerLabel ?? `${label} pages`} noun={noun} />
      )}
    </Paper>
  );
}
