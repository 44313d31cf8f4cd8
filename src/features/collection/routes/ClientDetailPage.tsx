import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { isHttpStatus } from '@/api/errors';
import { labelText } from '@/api/labels';
import { clientTypeLabel, isKnownClientType, type Client, type TaskView } from '@/api/schemas/collection';
import { KnownLabel } from '@/components/KnownLabel';
import { nextRun } from '@/api/schedule';
import { useIsEnterprise } from '@/api/version';
import { CopyableText } from '@/components/CopyButton';
import { DetailList, None, Section } from '@/components/DetailSection';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import { ErrorState, LoadingState } from '@/components/states';
import { DataTable, SETTLED_QUERY, useTableState, type Column, type TableSpec } from '@/components/table';
import { DateTime, RelativeTime } from '@/components/Time';
import { useAccess } from '@/lib/access';
import { useClient } from '@/features/collection/api/get-client';
import { currentTaskOf } from '@/features/collection/api/list-clients';
import { useCompletedTasks } from '@/features/collection/api/list-completed-tasks';
import { EditClientDialog } from '@/features/collection/components/ClientFormDialog';
import { RegenerateTokenDialog } from '@/features/collection/components/ClientTokenDialogs';
import { CollectionFlagChips } from '@/features/collection/components/CollectionFlagChips';
import { DeleteClientDialog, eventWords } from '@/features/collection/components/DeleteClientDialog';
import { EnterpriseNotice } from '@/features/collection/components/EnterpriseNotice';
import { RunCollectionDialog } from '@/features/collection/components/RunCollectionDialog';
import { StatusChip } from '@/features/collection/components/StatusChip';
import { RunCollectionButton } from '@/features/collection/components/RunCollectionButton';
import { StartedBy } from '@/features/collection/components/StartedBy';

type ClientEvent = Client['events'][number];

const EVENTS_SPEC: TableSpec = { sortable: ['id', 'next'], defaultPageSize: 10, prefix: 'events' };

const EVENT_COLUMNS: Column<ClientEvent>[] = [
  { id: 'id', header: 'Schedule', sortable: true, rowHeader: true, sortValue: (e) => e.id, cell: eventWords },
  {
    id: 'next',
    header: 'Next run',
    sortable: true,
    nowrap: true,
    sortValue: (e) => nextRun(e.rrule)?.getTime() ?? null,
    cell: (e) => <DateTime value={nextRun(e.rrule)} fallback="No further runs" />,
  },
  { id: 'collects', header: 'Collects', hideBelow: 'md', cell: (e) => <CollectionFlagChips flags={e} /> },
];

/** The completed tasks' URL state (`completed.page`, …): newest first, ten a page. */
const COMPLETED_SPEC: TableSpec = {
  sortable: ['id', 'start_time', 'end_time'],
  defaultSort: [{ column: 'id', descending: true }],
  defaultPageSize: 10,
  prefix: 'completed',
};

const count = new Intl.NumberFormat('en-US');

/** "2 of 3 domains collected". */
function domainSummary(t: TaskView): string {
  const ok = t.domain_results.filter((r) => r.success).length;
  const all = t.domain_results.length;
  return all === 0 ? 'No domain results' : `${ok} of ${all} ${all === 1 ? 'domain' : 'domains'} collected`;
}

const TASK_COLUMNS: Column<TaskView>[] = [
  { id: 'id', header: 'Task', sortable: true, rowHeader: true, nowrap: true, cell: (t) => `Task ${t.id}` },
  {
    id: 'started_by',
    header: 'Started by',
    hideBelow: 'lg',
    cell: (t) => <StartedBy task={t} />,
  },
  { id: 'status', header: 'Result', cell: (t) => <StatusChip status={t.status} /> },
  { id: 'domains', header: 'Domains', hideBelow: 'md', cell: domainSummary },
  {
    id: 'start_time',
    header: 'Started',
    sortable: true,
    nowrap: true,
    hideBelow: 'sm',
    cell: (t) => <DateTime value={t.start_time} />,
  },
  { id: 'end_time', header: 'Ended', sortable: true, nowrap: true, cell: (t) => <DateTime value={t.end_time} /> },
];

/** A finished task's results, domain by domain, opened in place. */
function TaskResults({ task }: { task: TaskView }) {
  return (
    <Stack spacing={1}>
      {task.domain_results.length === 0 && (
        <Typography color="text.secondary">The client reported no per-domain results.</Typography>
      )}
      {task.domain_results.map((r) => (
        <Box key={r.id}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{r.domain_name}</Typography>
            <Chip size="small" color={r.success ? 'success' : 'error'} label={r.success ? 'Succeeded' : 'Failed'} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {r.success
              ? `${count.format(r.user_count)} users, ${count.format(r.group_count)} groups, ${count.format(r.computer_count)} computers, ${count.format(r.gpo_count)} GPOs, ${count.format(r.ou_count)} OUs`
              : r.message}
          </Typography>
        </Box>
      ))}
      <Link component={RouterLink} to={`/tasks/${task.id}`}>
        All of task {task.id}
      </Link>
    </Stack>
  );
}

function Status({ client }: { client: Client }) {
  const task = currentTaskOf(client);
  if (!task) return <Typography>Idle</Typography>;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography>Working on</Typography>
      <Link component={RouterLink} to={`/tasks/${task.id}`}>
        task {task.id}
      </Link>
      <StatusChip status={task.status} />
    </Stack>
  );
}

const NEVER = '0001-01-01';
const text = (value: string) => (value ? value : <None text="Not reported yet" />);

export default function ClientDetailPage() {
  const { clientId = '' } = useParams();
  const enterprise = useIsEnterprise();
  const navigate = useNavigate();
  const { notify } = useNotice();
  const edit = useAccess('PUT', '/api/v2/clients/{client_id}');
  const manage = edit.allowed;
  const run = useAccess('POST', '/api/v2/clients/{client_id}/tasks');
  const client = useClient(clientId, { enabled: enterprise !== false && clientId !== '' });
  const eventsTable = useTableState(EVENTS_SPEC);
  const completedTable = useTableState(COMPLETED_SPEC);
  const completed = useCompletedTasks(clientId, completedTable.query, { enabled: client.isSuccess });
  const [dialog, setDialog] = useState<'edit' | 'token' | 'delete' | 'run' | null>(null);
  const name = client.data?.name ?? 'Client';
  const close = () => setDialog(null);

  useEffect(() => {
    document.title = `${name} · Clients · Admin Console`;
  }, [name]);

  const details = useMemo(
    () => ({ render: (t: TaskView) => <TaskResults task={t} />, label: (t: TaskView) => `Results of task ${t.id}` }),
    [],
  );

  const crumbs = [{ label: 'Clients', to: '/clients' }, { label: name }];

  if (enterprise === false) {
    return (
      <>
        <PageHeader title={name} crumbs={crumbs} />
        <EnterpriseNotice feature="Collection clients" />
      </>
    );
  }
  if (client.isPending) {
    return (
      <>
        <PageHeader title={name} crumbs={crumbs} />
        <LoadingState label="Loading the client…" />
      </>
    );
  }
  if (client.isError) {
    const gone = isHttpStatus(client.error, 404);
    return (
      <>
        <PageHeader title={gone ? 'Client not found' : name} crumbs={crumbs} />
        {gone ? (
          <Alert severity="error">
            No collection client has the id “{clientId}”. It may have been deleted.{' '}
            <Link component={RouterLink} to="/clients">
              Back to the clients
            </Link>
          </Alert>
        ) : (
          <ErrorState error={client.error} title="Could not load the client" onRetry={() => void client.refetch()} />
        )}
      </>
    );
  }

  const c = client.data;
  const checkedIn = !c.last_checkin.startsWith(NEVER);
  const type = clientTypeLabel(c.type);
  const knownType = isKnownClientType(c.type);

  return (
    <>
      <PageHeader
        title={c.name}
        crumbs={crumbs}
        description={`${labelText(type)} collection client${c.version ? `, version ${c.version}` : ''}.`}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {run.allowed && knownType && <RunCollectionButton client={c} onClick={() => setDialog('run')} />}
            {manage && (
              <>
                <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setDialog('edit')}>
                  Edit
                </Button>
                <Button variant="outlined" startIcon={<KeyIcon />} onClick={() => setDialog('token')}>
                  Regenerate token
                </Button>
                <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setDialog('delete')}>
                  Delete
                </Button>
              </>
            )}
          </Stack>
        }
      />
      <RestrictedNote
        missing={edit.missing}
        canDo="You can look at this client"
        cannot="edit or delete it, or replace its token"
      />
      {!knownType && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This console does not know what {c.type ? `“${c.type}”` : 'untyped'} clients collect, so it offers no collection run for{' '}
          {c.name}; its name, token and deletion do not depend on the type and can be managed here.
        </Alert>
      )}
      {!checkedIn && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {c.name} has not checked in yet. Configure its collector with the token shown when it was registered (lost it?
          Regenerate the token); its host, address and version show here once it checks in.
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="Status" plain>
            <DetailList
              items={[
                { label: 'Status', value: <Status client={c} /> },
                {
                  label: 'Last check-in',
                  value: checkedIn ? (
                    <>
                      <DateTime value={c.last_checkin} />{' '}
                      <Typography component="span" color="text.secondary">
                        (<RelativeTime value={c.last_checkin} />)
                      </Typography>
                    </>
                  ) : (
                    <None text="Never" />
                  ),
                },
                { label: 'Completed tasks', value: count.format(c.completed_task_count ?? c.completed_job_count) },
              ]}
            />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="Collector" plain>
            <DetailList
              items={[
                { label: 'Type', value: <KnownLabel label={type} /> },
                { label: 'Host', value: text(c.hostname) },
                { label: 'Address', value: text(c.ip_address) },
                {
                  label: 'Domain controller',
                  value: c.domain_controller.valid && c.domain_controller.string ? c.domain_controller.string : <None />,
                },
                { label: 'Runs as', value: text(c.configured_user) },
                { label: 'Client ID', value: <CopyableText value={c.id} label="Copy the client ID" /> },
              ]}
            />
          </Section>
        </Grid>
        <Grid size={12}>
          <Section title="Scheduled events" plain>
            {c.events.length === 0 ? (
              <Typography color="text.secondary">
                {c.name} collects only when someone runs a collection: it has no scheduled events.
              </Typography>
            ) : (
              <DataTable
                label={`Scheduled events of ${c.name}`}
                noun="events"
                mode="client"
                rows={c.events}
                columns={EVENT_COLUMNS}
                table={eventsTable}
                query={SETTLED_QUERY}
                rowKey={(e) => e.id}
                rowHref={(e) => `/events/${e.id}`}
                empty={{ title: 'No scheduled events' }}
              />
            )}
          </Section>
        </Grid>
        <Grid size={12}>
          <Typography variant="h2" sx={{ mt: 1, mb: 1 }}>
            Completed tasks
          </Typography>
          <DataTable
            label={`Completed tasks of ${c.name}`}
            noun="tasks"
            mode="server"
            columns={TASK_COLUMNS}
            table={completedTable}
            query={completed}
            page={completed.data ? { rows: completed.data.data, count: completed.data.count } : undefined}
            rowKey={(t) => t.id}
            details={details}
            errorTitle="Could not load the completed tasks"
            loadingLabel="Loading the completed tasks…"
            empty={{ title: 'No completed tasks', text: `${c.name} has not finished a collection yet.` }}
          />
        </Grid>
      </Grid>
      {dialog === 'edit' && (
        <EditClientDialog
          client={c}
          onClose={close}
          onSaved={(saved) => {
            close();
            notify(`Saved ${saved.name}.`);
          }}
        />
      )}
      {dialog === 'token' && <RegenerateTokenDialog client={c} onClose={close} />}
      {dialog === 'delete' && (
        <DeleteClientDialog
          client={c}
          onClose={close}
          onDeleted={(message) => {
            notify(message);
            navigate('/clients');
          }}
        />
      )}
      <RunCollectionDialog
        client={dialog === 'run' ? c : null}
        onClose={close}
        onCreated={(task) => {
          close();
          navigate(`/tasks/${task.id}`);
        }}
      />
    </>
  );
}
