import {
  Box,
  Button,
  Chip,
  LinearProgress,
  Link,
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
  Typography,
} from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { isHttpStatus } from '../../../api/errors';
import { CopyButton } from '../../../components/CopyButton';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useComputerControllers } from '../api/get-computer-controllers';
import { InvalidObjectId } from '../components/InvalidObjectId';
import { checkObjectId, entityPath } from '../object-id';
import { PAGE_SIZES, sortDirection, usePagedUrlState } from '../table-state';

const SORTABLE = ['name', 'objectID', 'label'] as const;
const COLUMNS: { id: (typeof SORTABLE)[number]; label: string }[] = [
  { id: 'name', label: 'Name' },
  { id: 'objectID', label: 'Object ID' },
  { id: 'label', label: 'Label' },
];

/** The principals that control a computer, in a server-paged, sortable table whose state is in the URL. */
export default function ComputerControllersPage() {
  const raw = useParams().objectId ?? '';
  const check = checkObjectId(raw);
  const objectId = check.ok ? check.value : raw;
  const table = usePagedUrlState(SORTABLE);
  const query = useComputerControllers(
    objectId,
    { skip: table.page * table.size, limit: table.size, sortBy: table.sort ?? undefined },
    check.ok,
  );
  const crumbs = [{ label: 'Entity look-up', to: '/entities' }, { label: 'Computer controllers' }];
  const header = (
    <PageHeader
      title="Computer controllers"
      crumbs={crumbs}
      description={
        <Stack component="span" direction="row" sx={{ alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
          <span>Principals with control of</span>
          <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {objectId}
          </Box>
          {check.ok && <CopyButton value={objectId} label="Copy the computer's object id" />}
        </Stack>
      }
    />
  );

  if (!check.ok) {
    return (
      <>
        {header}
        <InvalidObjectId message={check.message} kind="computer" raw={raw} />
      </>
    );
  }
  if (query.isPending) {
    return (
      <>
        {header}
        <LoadingState label="Loading the controllers…" />
      </>
    );
  }
  if (query.isError && !query.data) {
    return (
      <>
        {header}
        {isHttpStatus(query.error, 404) ? (
          <ErrorState error={query.error} title="No such computer">
            <Box sx={{ mt: 1 }}>
              <Button
                component={RouterLink}
                to={`/entities?kind=computer&id=${encodeURIComponent(objectId)}`}
                size="small"
                color="inherit"
                variant="outlined"
              >
                Look up another id
              </Button>
            </Box>
          </ErrorState>
        ) : (
          <ErrorState error={query.error} title="Could not load the controllers" onRetry={() => void query.refetch()} />
        )}
      </>
    );
  }

  const page = query.data!;
  const lastPage = Math.max(0, Math.ceil(page.count / table.size) - 1);
  return (
    <>
      {header}
      {query.isError && <ErrorState error={query.error} title="Could not load this page" onRetry={() => void query.refetch()} />}
      {page.count === 0 ? (
        <EmptyState title="No controllers">No user, group or computer has control of this computer.</EmptyState>
      ) : page.data.length === 0 ? (
        <EmptyState
          title="Nothing on this page"
          action={
            <Button variant="outlined" onClick={() => table.setPage(lastPage)}>
              Go to the last page
            </Button>
          }
        >
          The list has {page.count} {page.count === 1 ? 'entry' : 'entries'}; page {table.page + 1} is past its end.
        </EmptyState>
      ) : (
        <Paper>
          <Typography variant="body2" sx={{ px: 2, pt: 2 }} aria-live="polite">
            {page.count} {page.count === 1 ? 'controller' : 'controllers'}
          </Typography>
          <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress aria-label="Loading the page" />}</Box>
          <TableContainer>
            <Table size="small" aria-label="Controllers">
              <TableHead>
                <TableRow>
                  {COLUMNS.map((c) => {
                    const dir = sortDirection(table.sort, c.id);
                    return (
                      <TableCell key={c.id} sortDirection={dir}>
                        <TableSortLabel active={dir !== false} direction={dir || 'asc'} onClick={() => table.toggleSort(c.id)}>
                          {c.label}
                        </TableSortLabel>
                      </TableCell>
                    );
                  })}
                  <TableCell>Kinds</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {page.data.map((entry) => {
                  const to = entityPath(entry.label, entry.objectID);
                  return (
                    <TableRow key={entry.objectID} hover>
                      <TableCell sx={{ minWidth: 200 }}>
                        {to ? (
                          <Link component={RouterLink} to={to}>
                            {entry.name}
                          </Link>
                        ) : (
                          entry.name
                        )}
                      </TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', fontSize: 13, whiteSpace: 'nowrap' }}>{entry.objectID}</TableCell>
                      <TableCell>{entry.label}</TableCell>
                      <TableCell>
                        <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                          {entry.kinds.map((k) => (
                            <Chip key={k} label={k} size="small" variant="outlined" />
                          ))}
                        </Stack>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={page.count}
            page={Math.min(table.page, lastPage)}
            rowsPerPage={table.size}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(_, p) => table.setPage(p)}
            onRowsPerPageChange={(e) => table.setSize(Number(e.target.value))}
            sx={{ '.MuiTablePagination-toolbar': { flexWrap: 'wrap' } }}
          />
        </Paper>
      )}
    </>
  );
}
