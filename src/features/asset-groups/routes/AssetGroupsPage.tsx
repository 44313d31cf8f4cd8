import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { can, Permission } from '../../../api/permissions';
import { ASSET_GROUP_SORTABLE_COLUMNS, type AssetGroupSortableColumn } from '../../../api/schemas/asset-groups';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useSelf } from '../../auth/api/get-self';
import { assetGroupsQueryOptions, type AssetGroupListSort } from '../api/list-asset-groups';
import { CreateAssetGroupDialog } from '../components/AssetGroupDialogs';
import { useSearchState } from '../use-search-state';

const LABELS: Record<AssetGroupSortableColumn, string> = { name: 'Name', tag: 'Tag', member_count: 'Members' };

/** `?sort=name` / `?sort=-member_count`: the list's one sort, in the URL. */
function parseSort(raw: string | null): AssetGroupListSort | null {
  if (!raw) return null;
  const descending = raw.startsWith('-');
  const column = (descending ? raw.slice(1) : raw) as AssetGroupSortableColumn;
  return ASSET_GROUP_SORTABLE_COLUMNS.includes(column) ? { column, descending } : null;
}

export interface AssetGroupsNotice {
  notice?: string;
}

export default function AssetGroupsPage() {
  const [params, setParams] = useSearchState();
  const sort = parseSort(params.get('sort'));
  const groups = useQuery({ ...assetGroupsQueryOptions(sort), placeholderData: keepPreviousData });
  const self = useSelf();
  const canWrite = can(self.data, Permission.GraphDbWrite);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const notice = (location.state as AssetGroupsNotice | null)?.notice;

  /** A click sorts by the column (largest member counts first), a second click reverses it. */
  const onSort = (column: AssetGroupSortableColumn) =>
    setParams((prev) => {
      const current = parseSort(prev.get('sort'));
      const descending = current?.column === column ? !current.descending : column === 'member_count';
      const next = new URLSearchParams(prev);
      next.set('sort', `${descending ? '-' : ''}${column}`);
      return next;
    });
  const header = (column: AssetGroupSortableColumn, align: 'left' | 'right' = 'left') => (
    <TableCell align={align} aria-sort={sort?.column === column ? (sort.descending ? 'descending' : 'ascending') : undefined}>
      <TableSortLabel
        active={sort?.column === column}
        direction={sort?.column === column && sort.descending ? 'desc' : 'asc'}
        onClick={() => onSort(column)}
      >
        {LABELS[column]}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <>
      <PageHeader
        title="Asset groups"
        description="Groups of directory objects tagged for analysis. System groups are defined by the service."
        actions={
          canWrite ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Create group
            </Button>
          ) : undefined
        }
      />
      {notice && (
        <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={() => navigate('.', { replace: true, state: null })}>
          {notice}
        </Alert>
      )}
      {groups.isPending ? (
        <LoadingState label="Loading asset groups…" />
      ) : groups.isError ? (
        <ErrorState error={groups.error} title="Could not load the asset groups" onRetry={() => void groups.refetch()} />
      ) : groups.data.length === 0 ? (
        <EmptyState
          title="No asset groups yet"
          action={canWrite ? <Button onClick={() => setCreating(true)}>Create group</Button> : undefined}
        >
          Asset groups collect directory objects under a tag.
        </EmptyState>
      ) : (
        <Paper>
          <Box sx={{ height: 4 }}>{groups.isFetching && <LinearProgress aria-label="Loading asset groups" />}</Box>
          <TableContainer>
            <Table aria-label="Asset groups">
              <TableHead>
                <TableRow>
                  {header('name')}
                  {header('tag')}
                  <TableCell>System group</TableCell>
                  {header('member_count', 'right')}
                </TableRow>
              </TableHead>
              <TableBody>
                {groups.data.map((g) => (
                  <TableRow key={g.id} hover>
                    <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                      <Link component={RouterLink} to={`/asset-groups/${g.id}`} underline="hover">
                        {g.name}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <Box component="code" sx={{ fontSize: '0.85rem' }}>
                        {g.tag}
                      </Box>
                    </TableCell>
                    <TableCell>
                      {g.system_group ? <Chip size="small" color="primary" variant="outlined" label="System" /> : 'No'}
                    </TableCell>
                    <TableCell align="right">{g.member_count.toLocaleString('en-US')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      {creating && (
        <CreateAssetGroupDialog
          onClose={() => setCreating(false)}
          onCreated={(group) =>
            navigate(`/asset-groups/${group.id}`, { state: { notice: `Asset group "${group.name}" was created.` } })
          }
        />
      )}
    </>
  );
}
