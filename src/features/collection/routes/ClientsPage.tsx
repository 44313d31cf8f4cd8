import PlayIcon from '@mui/icons-material/PlayArrowOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  LinearProgress,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { describeError } from '../../../api/errors';
import { can, Permission } from '../../../api/permissions';
import type { Client } from '../../../api/schemas/collection';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useSelf } from '../../auth/api/get-self';
import { useIsEnterprise } from '../../auth/api/get-version';
import { useTask } from '../api/get-task';
import { currentTaskOf, useClients } from '../api/list-clients';
import { EnterpriseNotice, needsEnterprise } from '../components/EnterpriseNotice';
import { RunCollectionDialog } from '../components/RunCollectionDialog';
import { SortHeader } from '../components/SortHeader';
import { StatusChip } from '../components/StatusChip';
import { TablePager } from '../components/TablePager';
import { TasksTable } from '../components/TasksTable';
import { formatRelative, formatUtc } from '../format';
import { isJobFinished } from '../status';
import { useTableParams } from '../table-params';
import { visuallyHidden } from '../a11y';

const TITLE = 'Clients';

/** The task started from this page (its id in the URL), with its live status. */
function CreatedTask({ id, onDismiss }: { id: number; onDismiss: () => void }) {
  const task = useTask(id);
  if (task.isPending) return null;
  if (task.isError) {
    return (
      <Alert severity="error" onClose={onDismiss} sx={{ mb: 2 }}>
        Task {id} could not be read: {describeError(task.error)}
      </Alert>
    );
  }
  const t = task.data;
  const finished = isJobFinished(t.status);
  return (
    <Alert
      severity={finished ? (t.status === 2 ? 'success' : 'warning') : 'info'}
      // Status changes are news, not alarms: announced politely.
      role="status"
      onClose={onDismiss}
      sx={{ mb: 2 }}
      aria-label={`Task ${t.id}`}
      action={
        <Button component={RouterLink} to={`/tasks/${t.id}`} color="inherit" size="small">
          View task
        </Button>
      }
    >
      <AlertTitle>
        Task {t.id} on {t.client_name}
      </AlertTitle>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2">Status:</Typography>
        <StatusChip status={t.status} />
        <Typography variant="body2">{t.status_message}</Typography>
      </Stack>
      {!finished && (
        <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
          The status refreshes on its own until the task ends.
        </Typography>
      )}
    </Alert>
  );
}

function CurrentTaskCell({ client }: { client: Client }) {
  const task = currentTaskOf(client);
  if (!task) {
    return (
      <Typography variant="body2" color="text.secondary">
        Idle
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Link component={RouterLink} to={`/tasks/${task.id}`} sx={{ whiteSpace: 'nowrap' }}>
        Task {task.id}
      </Link>
      <StatusChip status={task.status} />
    </Stack>
  );
}

export default function ClientsPage() {
  const enterprise = useIsEnterprise();
  const self = useSelf();
  const canRun = can(self.data, Permission.ClientsTasking);
  const table = useTableParams({ sort: 'name' });
  const tasksTable = useTableParams({ sort: '-id', prefix: 'tasks' });
  const [params, setParams] = useSearchParams();
  // Only data, status and isPlaceholderData are read: a background refresh that brings the same data renders nothing.
  const clients = useClients(
    { skip: table.page * table.size, limit: table.size, sortBy: table.sort },
    { enabled: enterprise !== false },
  );
  const [runOn, setRunOn] = useState<Client | null>(null);
  const createdId = Number(params.get('task'));

  useEffect(() => {
    document.title = `${TITLE} · Admin Console`;
  }, []);

  const setCreated = (id: number | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id === null) next.delete('task');
      else next.set('task', String(id));
      return next;
    });

  const header = <PageHeader title={TITLE} description="Collection clients, what they are doing, and the tasks they ran." />;

  if (needsEnterprise(enterprise, clients.error)) {
    return (
      <>
        {header}
        <EnterpriseNotice feature="Collection clients" />
      </>
    );
  }

  let body;
  if (clients.isPending) body = <LoadingState label="Loading clients…" />;
  else if (clients.isError)
    body = <ErrorState error={clients.error} title="Could not load the clients" onRetry={() => void clients.refetch()} />;
  else if (clients.data.count === 0)
    body = (
      <EmptyState title="No collection clients">
        Install a collector (SharpHound or AzureHound) and register it with this server; it appears here.
      </EmptyState>
    );
  else
    body = (
      <Paper>
        {clients.isPlaceholderData ? <LinearProgress aria-label="Loading clients" /> : <Box sx={{ height: 4 }} />}
        <TableContainer>
          <Table size="small" aria-label="Clients">
            <TableHead>
              <TableRow>
                <SortHeader table={table} column="name">
                  Name
                </SortHeader>
                <SortHeader table={table} column="hostname">
                  Host
                </SortHeader>
                <SortHeader table={table} column="last_checkin">
                  Last check-in
                </SortHeader>
                <TableCell>Current task</TableCell>
                <SortHeader table={table} column="completed_job_count" align="right">
                  Completed tasks
                </SortHeader>
                {canRun && (
                  <TableCell align="right">
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {clients.data.data.map((c) => (
                <TableRow key={c.id} hover aria-label={c.name}>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {c.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {c.type === 'azurehound' ? 'AzureHound' : c.type === 'sharphound' ? 'SharpHound' : 'OpenHound'} {c.version}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2">{c.hostname}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {c.ip_address}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Tooltip title={formatUtc(c.last_checkin)} describeChild>
                      {/* Focusable, so the exact time shows from the keyboard too. */}
                      <Typography variant="body2" component="span" tabIndex={0}>
                        {formatRelative(c.last_checkin)}
                      </Typography>
                    </Tooltip>
                  </TableCell>
                  <TableCell>
                    <CurrentTaskCell client={c} />
                  </TableCell>
                  <TableCell align="right">{c.completed_task_count ?? c.completed_job_count}</TableCell>
                  {canRun && (
                    <TableCell align="right">
                      <Button
                        size="small"
                        variant="outlined"
                        startIcon={<PlayIcon />}
                        onClick={() => setRunOn(c)}
                        aria-label={`Run collection now on ${c.name}`}
                        sx={{ whiteSpace: 'nowrap' }}
                      >
                        Run collection now
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePager table={table} count={clients.data.count} label="clients" />
      </Paper>
    );

  return (
    <>
      {header}
      {Number.isInteger(createdId) && createdId > 0 && <CreatedTask id={createdId} onDismiss={() => setCreated(null)} />}
      {body}
      {clients.isSuccess && clients.data.count > 0 && (
        <Box component="section" aria-labelledby="recent-tasks" sx={{ mt: 4 }}>
          <Typography id="recent-tasks" variant="h2" sx={{ mb: 1 }}>
            Recent tasks
          </Typography>
          <TasksTable table={tasksTable} label="Recent tasks" emptyText="No client has run a collection yet." />
        </Box>
      )}
      <RunCollectionDialog
        client={runOn}
        onClose={() => setRunOn(null)}
        onCreated={(task) => {
          setRunOn(null);
          setCreated(task.id);
        }}
      />
    </>
  );
}
