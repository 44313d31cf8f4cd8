import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { describeError } from '@/api/errors';
import { clientTypeLabel, type Client } from '@/api/schemas/collection';
import { KnownLabel } from '@/components/KnownLabel';
import { Breakable, DataTable, TableSearch, type Column, type TableSpec } from '@/components/table';
import { RelativeTime } from '@/components/time';
import { useTask } from '@/features/collection/api/get-task';
import { currentTaskOf, type useClients } from '@/features/collection/api/list-clients';
import { isJobFinished } from '@/features/collection/status';
import { StatusChip } from './StatusChip';
import { TasksTable } from './TasksTable';

/** The task started from this page (its id in the URL), with its live status. */
export function CreatedTask({ id, onDismiss }: { id: number; onDismiss: () => void }) {
  const task = useTask(id);
  if (task.isPending) return null;
  if (task.isError) {
    return (
      <Alert severity="error" onClose={onDismiss} sx={{ mb: 2 }}>
        Job {id} could not be read: {describeError(task.error)}
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
      aria-label={`Job ${t.id}`}
      action={
        <Button component={RouterLink} to={`/jobs/${t.id}`} color="inherit" size="small">
          View job
        </Button>
      }
    >
      <AlertTitle>
        Job {t.id} on {t.client_name}
      </AlertTitle>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2">Status:</Typography>
        <StatusChip status={t.status} />
        <Typography variant="body2">{t.status_message}</Typography>
      </Stack>
      {!finished && (
        <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
          The status refreshes on its own until the job ends.
        </Typography>
      )}
    </Alert>
  );
}

/** In place of the run button: why a client of a type this console does not know cannot be run from here. */
export function UnknownTypeNote({ client }: { client: Client }) {
  return (
    <Tooltip title={`This console does not know what ${client.type || 'untyped'} clients collect, so it cannot run them`}>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        Cannot run from here
      </Typography>
    </Tooltip>
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
    <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Link component={RouterLink} to={`/jobs/${task.id}`} sx={{ whiteSpace: 'nowrap' }}>
        Job {task.id}
      </Link>
      <StatusChip status={task.status} />
    </Stack>
  );
}

/** The clients table's URL state: by name unless the person sorts otherwise; a name search (`name=~eq:hq`). */
export const CLIENTS_SPEC: TableSpec = {
  sortable: ['name', 'hostname', 'last_checkin', 'completed_job_count'],
  filters: { name: { predicates: ['~eq'] } },
  defaultSort: [{ column: 'name', descending: false }],
};

const COLUMNS: Column<Client>[] = [
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    rowHeader: true,
    cell: (c) => (
      <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
        {c.name}
      </Typography>
    ),
    // Outside the row's link, so the link is named by the client's name alone.
    secondary: (c) => (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        <KnownLabel label={clientTypeLabel(c.type)} />
        {c.version && ` ${c.version}`}
      </Box>
    ),
  },
  {
    id: 'hostname',
    header: 'Host',
    sortable: true,
    hideBelow: 'lg',
    cell: (c) => (
      <>
        {/* One line; on a phone card, where it cannot scroll, a long name breaks after a dot. */}
        <Typography
          variant="body2"
          sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' }, overflowWrap: { xs: 'anywhere', sm: 'normal' } }}
        >
          <Breakable text={c.hostname} />
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {c.ip_address}
        </Typography>
      </>
    ),
  },
  {
    id: 'last_checkin',
    header: 'Last check-in',
    sortable: true,
    nowrap: true,
    hideBelow: 'md',
    cell: (c) => (
      <Typography variant="body2" component="span">
        <RelativeTime value={c.last_checkin} fallback="Never" focusable />
      </Typography>
    ),
  },
  { id: 'current_task', header: 'Current job', cell: (c) => <CurrentTaskCell client={c} /> },
  {
    id: 'completed_job_count',
    header: 'Completed jobs',
    sortable: true,
    align: 'right',
    // The least needed: the task history below lists them.
    hideBelow: 'xl',
    cell: (c) => c.completed_task_count ?? c.completed_job_count,
  },
];

/** The clients, searchable by name, each row opening the client's page; `actions` ends each row (a run button). */
export function ClientsTable({
  clients,
  actions,
}: {
  clients: ReturnType<typeof useClients>;
  actions?: (c: Client) => ReactNode;
}) {
  return (
    <DataTable
      label="Clients"
      noun="clients"
      mode="server"
      columns={COLUMNS}
      query={clients}
      page={clients.data ? { rows: clients.data.data, count: clients.data.count } : undefined}
      rowKey={(c) => c.id}
      rowLabel={(c) => c.name}
      rowHref={(c) => `/clients/${c.id}`}
      quietRefresh
      toolbar={<TableSearch column="name" label="Search clients" placeholder="Client name" />}
      empty={{
        title: 'No collection clients',
        text: 'Register a client for each collector (SharpHound or AzureHound), then configure the collector with its token.',
      }}
      actions={actions}
    />
  );
}

/** The latest tasks of every client. */
export function RecentTasks() {
  return (
    <Box component="section" aria-labelledby="recent-jobs" sx={{ mt: 4 }}>
      <Typography id="recent-jobs" variant="h2" sx={{ mb: 1 }}>
        Recent jobs
      </Typography>
      <TasksTable label="Recent jobs" emptyText="No client has run a collection yet." />
    </Box>
  );
}
