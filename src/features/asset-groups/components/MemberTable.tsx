import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import FirstPageIcon from '@mui/icons-material/FirstPage';
import KeyboardArrowLeftIcon from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import LastPageIcon from '@mui/icons-material/LastPage';
import {
  Box,
  Button,
  Divider,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { memo, useCallback, useMemo, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { AssetGroupMember, MemberFilterColumn, MemberSortableColumn } from '../../../api/schemas/asset-groups';
import { EmptyState, ErrorState } from '../../../components/states';
import { useAssetGroupMembers } from '../api/list-asset-group-members';
import {
  COLUMN_LABELS,
  PAGE_SIZES,
  hasFilters,
  memberTableSearch,
  pageCount,
  parseMemberTableState,
  toggleSort,
  type MemberFilterValue,
  type MemberSort,
  type MemberTableState,
  type PageSize,
} from '../member-table-state';
import { useSearchState } from '../use-search-state';
import { MemberFilters } from './MemberFilters';
import { SortBar } from './SortBar';

const fmt = (n: number) => n.toLocaleString('en-US');

/** Read by screen readers, not shown. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** The console page of a member's entity, where there is one. */
export function entityPath(member: Pick<AssetGroupMember, 'primary_kind' | 'object_id'>): string | null {
  if (member.primary_kind === 'User') return `/entities/users/${encodeURIComponent(member.object_id)}`;
  if (member.primary_kind === 'Computer') return `/entities/computers/${encodeURIComponent(member.object_id)}`;
  return null;
}

interface Column {
  id: MemberSortableColumn | 'kinds' | 'custom_member';
  sortable: boolean;
  width?: number | string;
}

/** Every field of API document 2.6, name first. */
const COLUMNS: Column[] = [
  { id: 'name', sortable: true },
  { id: 'object_id', sortable: true },
  { id: 'primary_kind', sortable: true },
  { id: 'kinds', sortable: false },
  { id: 'environment_kind', sortable: true },
  { id: 'environment_id', sortable: true },
  { id: 'custom_member', sortable: false },
  { id: 'asset_group_id', sortable: true },
];

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.8rem' } as const;
/** Long identifiers stay on one line, cut with an ellipsis; the whole value is in the cell's text and title. */
const clipped = { maxWidth: 170, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/**
 * One member. Plain table elements styled by the body's one class (see
 * `bodySx`): a page of 100 rows renders in a fraction of the time MUI's
 * per-cell components take, which is what "next page" waits for.
 */
const MemberRow = memo(function MemberRow({ member, onOpen }: { member: AssetGroupMember; onOpen: (path: string) => void }) {
  const path = entityPath(member);
  return (
    <tr
      className={path ? 'linked' : undefined}
      onClick={
        path
          ? (e: MouseEvent) => {
              // The name link navigates by itself; a drag to select text is not a click on the row.
              if ((e.target as HTMLElement).closest('a') || window.getSelection()?.toString()) return;
              onOpen(path);
            }
          : undefined
      }
    >
      <th scope="row" className="nowrap">
        {path ? <RouterLink to={path}>{member.name}</RouterLink> : member.name}
      </th>
      <td className="id" title={member.object_id}>
        {member.object_id}
      </td>
      <td className="nowrap">{member.primary_kind}</td>
      <td className="nowrap">
        {member.kinds.map((k) => (
          <span key={k} className="kind">
            {k}
          </span>
        ))}
      </td>
      <td className="nowrap">{member.environment_kind}</td>
      <td className="id" title={member.environment_id}>
        {member.environment_id}
      </td>
      <td className="center">
        {member.custom_member ? (
          <CheckCircleIcon color="success" fontSize="small" titleAccess="Yes" sx={{ verticalAlign: 'middle' }} />
        ) : (
          <span className="sr-only">No</span>
        )}
      </td>
      <td className="right">{member.asset_group_id}</td>
    </tr>
  );
});

/** Styles of the member rows: MUI's small table cells, hover, link and chip looks, from the theme. */
const bodySx = {
  '& > tr > td, & > tr > th': {
    typography: 'body2',
    textAlign: 'left',
    fontWeight: 400,
    px: 2,
    py: '6px',
    borderBottom: 1,
    borderColor: 'divider',
    verticalAlign: 'middle',
  },
  '& > tr:hover': { bgcolor: 'action.hover' },
  '& > tr.linked': { cursor: 'pointer' },
  '& .nowrap': { whiteSpace: 'nowrap' },
  '& .id': { ...mono, ...clipped },
  '& .center': { textAlign: 'center' },
  '& .right': { textAlign: 'right' },
  '& a': { color: 'primary.main', textDecoration: 'none', '&:hover, &:focus-visible': { textDecoration: 'underline' } },
  '& .kind': {
    display: 'inline-block',
    px: 1,
    mr: 0.5,
    lineHeight: '22px',
    fontSize: '0.8125rem',
    border: 1,
    borderColor: 'divider',
    borderRadius: '11px',
  },
  '& .sr-only': visuallyHidden,
} as const;

function HeaderCell({
  column,
  sorts,
  onSort,
}: {
  column: Column;
  sorts: MemberSort[];
  onSort: (column: MemberSortableColumn, additive: boolean) => void;
}) {
  // MUI activates the header from the keyboard with a synthetic click that carries no modifier keys:
  // remember Shift from the key event, so Shift+Enter (or Shift+Space) adds a further sort as shift-click does.
  const shiftFromKey = useRef(false);
  const label = COLUMN_LABELS[column.id];
  const align = column.id === 'asset_group_id' ? 'right' : column.id === 'custom_member' ? 'center' : 'left';
  if (!column.sortable) {
    return (
      <TableCell align={align} sx={{ whiteSpace: 'nowrap' }}>
        {label}
      </TableCell>
    );
  }
  const id = column.id as MemberSortableColumn;
  const at = sorts.findIndex((s) => s.column === id);
  const sort = at === -1 ? null : sorts[at]!;
  return (
    <TableCell
      align={align}
      sx={{ whiteSpace: 'nowrap' }}
      aria-sort={at === 0 ? (sort!.descending ? 'descending' : 'ascending') : undefined}
    >
      <TableSortLabel
        active={!!sort}
        direction={sort?.descending ? 'desc' : 'asc'}
        onKeyDown={(e: KeyboardEvent) => (shiftFromKey.current = e.shiftKey)}
        onKeyUp={(e: KeyboardEvent) => (shiftFromKey.current = e.shiftKey)}
        onClick={(e) => {
          onSort(id, e.shiftKey || shiftFromKey.current);
          shiftFromKey.current = false;
        }}
        title="Sort by this column; shift-click (or Shift+Enter) to add it as a further sort"
      >
        {label}
        {sort && sorts.length > 1 && (
          <Box component="span" aria-hidden sx={{ ml: 0.5, fontSize: '0.7rem', color: 'text.secondary' }}>
            {at + 1}
          </Box>
        )}
        {sort && (
          <Box component="span" sx={visuallyHidden}>
            , sorted {sort.descending ? 'descending' : 'ascending'}
            {sorts.length > 1 ? ` (sort ${at + 1} of ${sorts.length})` : ''}
          </Box>
        )}
      </TableSortLabel>
    </TableCell>
  );
}

function Pagination({
  count,
  page,
  size,
  onPage,
  onSize,
}: {
  /** Null while the first answer loads. */
  count: number | null;
  page: number;
  size: PageSize;
  /** Called with the target page, worked out from the page in the URL at that moment (quick clicks add up). */
  onPage: (target: (current: number) => number) => void;
  onSize: (size: PageSize) => void;
}) {
  const pages = count === null ? 1 : pageCount(count, size);
  const from = (page - 1) * size + 1;
  const to = count === null ? 0 : Math.min(count, page * size);
  const range =
    count === null
      ? 'Loading…'
      : count === 0
        ? 'No members'
        : from > count
          ? `None of ${fmt(count)}`
          : `${fmt(from)}–${fmt(to)} of ${fmt(count)}`;
  const button = (label: string, target: (current: number) => number, disabled: boolean, icon: React.ReactNode) => (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} disabled={disabled || count === null} onClick={() => onPage(target)}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={2}
      component="nav"
      aria-label="Member pages"
      sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', px: 2, py: 1 }}
    >
      <TextField
        select
        size="small"
        label="Rows per page"
        value={size}
        onChange={(e) => onSize(Number(e.target.value) as PageSize)}
        slotProps={{ select: { native: true } }}
        sx={{ width: 120 }}
      >
        {PAGE_SIZES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </TextField>
      <Typography variant="body2" role="status" aria-live="polite">
        {range}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Page {fmt(page)} of {fmt(pages)}
      </Typography>
      <Box>
        {button('First page', () => 1, page <= 1, <FirstPageIcon />)}
        {button('Previous page', (p) => Math.max(1, Math.min(p - 1, pages)), page <= 1, <KeyboardArrowLeftIcon />)}
        {button('Next page', (p) => Math.min(p + 1, pages), page >= pages, <KeyboardArrowRightIcon />)}
        {button('Last page', () => pages, page === pages, <LastPageIcon />)}
      </Box>
    </Stack>
  );
}

/**
 * The members of one group: server-side paging, multi-sort and filters, all
 * held in the URL. The rows on screen stay while the next view loads.
 */
export function MemberTable({ groupId, groupName, memberCount }: { groupId: number; groupName: string; memberCount: number }) {
  const [params, setParams] = useSearchState();
  const state = useMemo(() => parseMemberTableState(params), [params]);
  const navigate = useNavigate();
  const members = useAssetGroupMembers(groupId, state);

  /** Changes the table state in the URL (a history entry each, so Back undoes it). */
  const update = useCallback(
    (change: (s: MemberTableState) => Partial<MemberTableState>) =>
      setParams((prev) => {
        const current = parseMemberTableState(prev);
        return memberTableSearch({ ...current, ...change(current) }, prev);
      }),
    [setParams],
  );
  const onSort = useCallback(
    (column: MemberSortableColumn, additive: boolean) =>
      update((s) => ({ sorts: toggleSort(s.sorts, column, additive), page: 1 })),
    [update],
  );
  const onFilter = useCallback(
    (column: MemberFilterColumn, filter: MemberFilterValue | null) =>
      update((s) => {
        const filters = { ...s.filters };
        if (filter) filters[column] = filter;
        else delete filters[column];
        return { filters, page: 1 };
      }),
    [update],
  );
  const clearFilters = useCallback(() => update(() => ({ filters: {}, page: 1 })), [update]);
  const onOpen = useCallback((path: string) => navigate(path), [navigate]);

  const data = members.data;
  const rows = data?.data.members ?? [];
  const count = data?.count ?? 0;
  const pages = pageCount(count, state.size);
  const filtered = hasFilters(state);
  const settled = !!data && !members.isPlaceholderData;

  let body: React.ReactNode;
  if (members.isError) {
    body = <ErrorState error={members.error} title="Could not load the members" onRetry={() => void members.refetch()} />;
  } else if (!data) {
    body = (
      <Box role="status" sx={{ py: 6, textAlign: 'center' }}>
        <Typography color="text.secondary">Loading members…</Typography>
      </Box>
    );
  } else if (settled && count === 0) {
    body = filtered ? (
      <EmptyState title="No members match these filters" action={<Button onClick={clearFilters}>Clear filters</Button>}>
        {memberCount > 0 ? `The group has ${fmt(memberCount)} members; none matches every filter.` : undefined}
      </EmptyState>
    ) : (
      <EmptyState title="This group has no members">Its selectors select no objects yet.</EmptyState>
    );
  } else if (settled && rows.length === 0 && state.page > pages) {
    body = (
      <EmptyState
        title={`There is no page ${fmt(state.page)}`}
        action={<Button onClick={() => update(() => ({ page: pages }))}>Go to the last page ({fmt(pages)})</Button>}
      >
        {`${fmt(count)} members fill ${fmt(pages)} ${pages === 1 ? 'page' : 'pages'} of ${state.size}.`}
      </EmptyState>
    );
  }

  return (
    <Paper component="section" aria-labelledby="members-heading">
      <Stack spacing={2} sx={{ p: 2 }}>
        <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="h2" id="members-heading">
            Members
          </Typography>
          <Typography color="text.secondary">
            {filtered && data ? `${fmt(count)} of ${fmt(memberCount)} match the filters` : `${fmt(memberCount)} in all`}
          </Typography>
        </Stack>
        {(memberCount > 0 || filtered || state.sorts.length > 0) && (
          <>
            <MemberFilters filters={state.filters} onChange={onFilter} onClear={clearFilters} />
            <SortBar sorts={state.sorts} onChange={(change) => update((s) => ({ sorts: change(s.sorts), page: 1 }))} />
          </>
        )}
      </Stack>
      <Divider />
      <Box sx={{ height: 4 }}>{members.isFetching && <LinearProgress aria-label="Loading members" />}</Box>
      {body ? (
        <Box sx={{ p: 2 }}>{body}</Box>
      ) : (
        // Positioned, so the visually hidden texts inside stay within its scroll area.
        <TableContainer sx={{ position: 'relative' }}>
          <Table
            size="small"
            aria-label={`Members of ${groupName}`}
            aria-busy={members.isFetching}
            sx={{ opacity: members.isPlaceholderData ? 0.7 : 1, transition: 'opacity 120ms' }}
          >
            <TableHead>
              <TableRow>
                {COLUMNS.map((c) => (
                  <HeaderCell key={c.id} column={c} sorts={state.sorts} onSort={onSort} />
                ))}
              </TableRow>
            </TableHead>
            <TableBody sx={bodySx}>
              {rows.map((m) => (
                <MemberRow key={m.object_id} member={m} onOpen={onOpen} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Divider />
      <Pagination
        count={data ? count : null}
        page={state.page}
        size={state.size}
        onPage={(target) => update((s) => ({ page: target(s.page) }))}
        onSize={(size) => update((s) => ({ size, page: Math.floor(((s.page - 1) * s.size) / size) + 1 }))}
      />
    </Paper>
  );
}
