import {
  Box,
  Button,
  Grid,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect } from 'react';
import { can, Permission } from '../../../api/permissions';
import { SAVED_QUERY_SCOPES, type SavedQueryScope } from '../../../api/schemas/saved-queries';
import { PageHeader } from '../../../components/PageHeader';
import { useTypedText } from '../../../components/use-typed-text';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useSelf } from '../../auth/api/get-self';
import { formatDate } from '../../entities/format-property';
import { PAGE_SIZES, sortDirection, usePagedUrlState } from '../../entities/table-state';
import { useSavedQueries } from '../api/list-saved-queries';
import { useSharingUsers } from '../api/list-users';
import { SharingPanel } from '../components/SharingPanel';
import { userLabel } from '../user-names';

const SORTABLE = ['name', 'updated_at', 'created_at'] as const;
const SCOPE_LABELS: Record<SavedQueryScope, string> = {
  all: 'All I can see',
  owned: 'Mine',
  shared: 'Shared with me',
  public: 'Public',
};
const ROW_SCOPE: Record<string, string> = { owned: 'Yours', shared: 'Shared with you', public: 'Public' };

/** Saved queries (paged, by scope, searchable) and, for the chosen one, whom it is shared with. */
export default function SavedQueriesPage() {
  const table = usePagedUrlState(SORTABLE);
  const scopeRaw = table.params.get('scope');
  const scope: SavedQueryScope = (SAVED_QUERY_SCOPES as readonly string[]).includes(scopeRaw ?? '')
    ? (scopeRaw as SavedQueryScope)
    : 'all';
  const search = table.params.get('q')?.trim() ?? '';
  const selectedRaw = Number(table.params.get('query'));
  const selectedId = Number.isInteger(selectedRaw) && selectedRaw > 0 ? selectedRaw : null;
  const list = useSavedQueries({
    skip: table.page * table.size,
    limit: table.size,
    scope,
    sortBy: table.sort ?? undefined,
    name: search || undefined,
  });
  const users = useSharingUsers();
  const self = useSelf();
  const canWrite = can(self.data, Permission.SavedQueriesWrite);

  // The search box is typed into freely and written to the URL after a pause. A change of the URL made
  // elsewhere (back button, Clear the search) replaces what is in the box; the box's own earlier writes
  // coming back do not, so typing on while the URL catches up loses nothing.
  const { text: typed, setText: setTyped, wrote } = useTypedText(search);
  const { update } = table;
  useEffect(() => {
    const wanted = typed.trim();
    if (wanted === search) return;
    const t = setTimeout(() => {
      wrote(wanted);
      update({ q: wanted || null, page: null });
    }, 300);
    return () => clearTimeout(t);
  }, [typed, search, update, wrote]);

  const page = list.data;
  const lastPage = page ? Math.max(0, Math.ceil(page.count / table.size) - 1) : 0;
  const selected = page?.data.find((q) => q.id === selectedId);

  return (
    <>
      <PageHeader title="Saved queries" description="Saved graph queries you can see, and whom each of yours is shared with." />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          label="Scope"
          value={scope}
          onChange={(e) => table.update({ scope: e.target.value === 'all' ? null : e.target.value, page: null })}
          sx={{ minWidth: 200 }}
        >
          {SAVED_QUERY_SCOPES.map((s) => (
            <MenuItem key={s} value={s}>
              {SCOPE_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Search by name"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          type="search"
          sx={{ minWidth: 260 }}
        />
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, xl: selectedId ? 7 : 12 }} sx={{ minWidth: 0 }}>
          {list.isPending ? (
            <LoadingState label="Loading the saved queries…" />
          ) : list.isError && !page ? (
            <ErrorState error={list.error} title="Could not load the saved queries" onRetry={() => void list.refetch()} />
          ) : page!.count === 0 ? (
            <EmptyState
              title={search ? `No saved query matches “${search}”` : 'No saved queries'}
              action={
                search ? <Button onClick={() => table.update({ q: null, page: null })}>Clear the search</Button> : undefined
              }
            >
              {search ? 'Try another name or scope.' : `There are no queries in the scope “${SCOPE_LABELS[scope]}”.`}
            </EmptyState>
          ) : page!.data.length === 0 ? (
            <EmptyState
              title="Nothing on this page"
              action={<Button onClick={() => table.setPage(lastPage)}>Go to the last page</Button>}
            >
              Page {table.page + 1} is past the end of the list.
            </EmptyState>
          ) : (
            <Paper>
              {list.isError && (
                <ErrorState error={list.error} title="Could not refresh the list" onRetry={() => void list.refetch()} />
              )}
              <Typography variant="body2" sx={{ px: 2, pt: 2 }} aria-live="polite">
                {page!.count} {page!.count === 1 ? 'query' : 'queries'}
              </Typography>
              <Box sx={{ height: 4 }}>{list.isFetching && <LinearProgress aria-label="Loading the page" />}</Box>
              <TableContainer>
                <Table size="small" aria-label="Saved queries">
                  <TableHead>
                    <TableRow>
                      <SortableHeader column="name" label="Name" sort={table.sort} onSort={table.toggleSort} />
                      <TableCell>Owner</TableCell>
                      <TableCell>Scope</TableCell>
                      <SortableHeader column="updated_at" label="Updated" sort={table.sort} onSort={table.toggleSort} />
                      <TableCell>
                        <Box component="span" sx={visuallyHidden}>
                          Actions
                        </Box>
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {page!.data.map((q) => {
                      const isSelected = q.id === selectedId;
                      return (
                        <TableRow key={q.id} selected={isSelected} hover>
                          <TableCell sx={{ maxWidth: 420, minWidth: 200 }}>
                            <Typography variant="body2" sx={{ fontWeight: 500 }}>
                              {q.name}
                            </Typography>
                            <Typography
                              variant="caption"
                              color="text.secondary"
                              title={q.query}
                              sx={{
                                fontFamily: 'monospace',
                                display: 'block',
                                overflow: 'hidden',
                                textOverflow: 'ellipsis',
                                whiteSpace: 'nowrap',
                              }}
                            >
                              {q.query}
                            </Typography>
                          </TableCell>
                          <TableCell>{q.user_id === self.data?.id ? 'You' : userLabel(users.data, q.user_id).name}</TableCell>
                          <TableCell>{q.scope ? (ROW_SCOPE[q.scope] ?? q.scope) : '—'}</TableCell>
                          <TableCell>
                            <time dateTime={q.updated_at}>{formatDate(Date.parse(q.updated_at))}</time>
                          </TableCell>
                          <TableCell align="right">
                            <Button
                              size="small"
                              variant={isSelected ? 'contained' : 'outlined'}
                              aria-label={`Sharing of ${q.name}`}
                              aria-pressed={isSelected}
                              onClick={() => table.update({ query: isSelected ? null : String(q.id) })}
                            >
                              Sharing
                            </Button>
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
              <TablePagination
                component="div"
                count={page!.count}
                page={Math.min(table.page, lastPage)}
                rowsPerPage={table.size}
                rowsPerPageOptions={[...PAGE_SIZES]}
                onPageChange={(_, p) => table.setPage(p)}
                onRowsPerPageChange={(e) => table.setSize(Number(e.target.value))}
                sx={{ '.MuiTablePagination-toolbar': { flexWrap: 'wrap' } }}
              />
            </Paper>
          )}
        </Grid>
        {selectedId && (
          <Grid size={{ xs: 12, xl: 5 }} sx={{ minWidth: 0 }}>
            <SharingPanel key={selectedId} queryId={selectedId} query={selected} selfId={self.data?.id} canWrite={canWrite} />
          </Grid>
        )}
      </Grid>
    </>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function SortableHeader({
  column,
  label,
  sort,
  onSort,
}: {
  column: string;
  label: string;
  sort: string | null;
  onSort: (c: string) => void;
}) {
  const dir = sortDirection(sort, column);
  return (
    <TableCell sortDirection={dir}>
      <TableSortLabel active={dir !== false} direction={dir || 'asc'} onClick={() => onSort(column)}>
        {label}
      </TableSortLabel>
    </TableCell>
  );
}
