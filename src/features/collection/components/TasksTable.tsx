import {
  Box,
  LinearProgress,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useTasks } from '../api/list-tasks';
import { formatUtc } from '../format';
import type { TableParams } from '../table-params';
import { SortHeader } from './SortHeader';
import { StatusChip } from './StatusChip';
import { TablePager } from './TablePager';

/** A page of collection tasks (newest first): who ran them, why, their status and times. */
export function TasksTable({
  table,
  label,
  eventId,
  clientId,
  emptyText,
  showClient = true,
}: {
  table: TableParams;
  label: string;
  eventId?: number;
  clientId?: string;
  emptyText: string;
  showClient?: boolean;
}) {
  const tasks = useTasks({ skip: table.page * table.size, limit: table.size, sortBy: table.sort, eventId, clientId });
  if (tasks.isPending) return <LoadingState label={`Loading ${label.toLowerCase()}…`} />;
  if (tasks.isError)
    return (
      <ErrorState error={tasks.error} title={`Could not load the ${label.toLowerCase()}`} onRetry={() => void tasks.refetch()} />
    );
  if (tasks.data.count === 0) return <EmptyState title={`No ${label.toLowerCase()}`}>{emptyText}</EmptyState>;
  return (
    <Paper>
      {tasks.isPlaceholderData ? <LinearProgress aria-label={`Loading ${label.toLowerCase()}`} /> : <Box sx={{ height: 4 }} />}
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              <SortHeader table={table} column="id">
                Task
              </SortHeader>
              {showClient && <TableCell>Client</TableCell>}
              <TableCell>Started by</TableCell>
              <SortHeader table={table} column="status">
                Status
              </SortHeader>
              <SortHeader table={table} column="start_time">
                Started
              </SortHeader>
              <SortHeader table={table} column="end_time">
                Ended
              </SortHeader>
            </TableRow>
          </TableHead>
          <TableBody>
            {tasks.data.data.map((t) => (
              <TableRow key={t.id} hover>
                <TableCell>
                  <Link component={RouterLink} to={`/tasks/${t.id}`}>
                    Task {t.id}
                  </Link>
                </TableCell>
                {showClient && <TableCell>{t.client_name}</TableCell>}
                <TableCell>
                  {t.event_id !== null ? (
                    <Link component={RouterLink} to={`/events/${t.event_id}`}>
                      {t.event_title ?? `Event ${t.event_id}`}
                    </Link>
                  ) : (
                    <Typography variant="body2">Run collection now</Typography>
                  )}
                </TableCell>
                <TableCell>
                  <StatusChip status={t.status} />
                </TableCell>
                <TableCell>{formatUtc(t.start_time, 'Not started')}</TableCell>
                <TableCell>{formatUtc(t.end_time, '—')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager table={table} count={tasks.data.count} label={label.toLowerCase()} />
    </Paper>
  );
}
