import { StartedBy } from './StartedBy';
import { plural } from '@/shared/words';
import { formatCount } from '@/shared/count';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { clientTypeLabel, type Client, type TaskView } from '@/api/schemas/collection';
import { nextRun } from '@/shared/schedule';
import { CopyableText } from '@/components/CopyButton';
import { DetailList, None, Section } from '@/components/detail-section';
import { KnownLabel } from '@/components/KnownLabel';
import { DataTable, SETTLED_QUERY, useTableState, type Column, type TableSpec, TableProvider } from '@/components/table';
import { DateTime, RelativeTime } from '@/components/time';
import { currentTaskOf } from '@/features/collection/api/list-clients';
import { useCompletedJobs } from '@/features/collection/api/list-completed-jobs';
import { CollectionFlagChips } from './CollectionFlagChips';
import { eventWords } from './DeleteClientDialog';
import { StatusChip } from './StatusChip';

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

/** "2 of 3 domains collected". */
function domainSummary(t: TaskView): string {
  const ok = t.domain_results.filter((r) => r.success).length;
  const all = t.domain_results.length;
  return all === 0 ? 'No domain results' : `${ok} of ${plural(all, 'domain')} collected`;
}

const TASK_COLUMNS: Column<TaskView>[] = [
  { id: 'id', header: 'Job', sortable: true, rowHeader: true, nowrap: true, cell: (t) => `Job ${t.id}` },
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
              ? `${formatCount(r.user_count)} users, ${formatCount(r.group_count)} groups, ${formatCount(r.computer_count)} computers, ${formatCount(r.gpo_count)} GPOs, ${formatCount(r.ou_count)} OUs`
              : r.message}
          </Typography>
        </Box>
      ))}
      <Link component={RouterLink} to={`/jobs/${task.id}`}>
        All of job {task.id}
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
      <Link component={RouterLink} to={`/jobs/${task.id}`}>
        job {task.id}
      </Link>
      <StatusChip status={task.status} />
    </Stack>
  );
}

/** A client that never checked in has this last check-in. */
export const NEVER = '0001-01-01';
const text = (value: string) => (value ? value : <None text="Not reported yet" />);

/** A client's status (what it works on, when it last checked in) and its collector (type, host, …). */
export function ClientFacts({ client: c }: { client: Client }) {
  const checkedIn = !c.last_checkin.startsWith(NEVER);
  const type = clientTypeLabel(c.type);
  return (
    <>
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
              { label: 'Completed jobs', value: formatCount(c.completed_task_count ?? c.completed_job_count) },
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
    </>
  );
}

/** The client's scheduled events, a small table with its own URL state (`events.…`). */
export function ClientEvents({ client: c }: { client: Client }) {
  const eventsTable = useTableState(EVENTS_SPEC);
  return (
    <Grid size={12}>
      <Section title="Scheduled events" plain>
        {c.events.length === 0 ? (
          <Typography color="text.secondary">
            {c.name} collects only when someone runs a collection: it has no scheduled events.
          </Typography>
        ) : (
          <TableProvider table={eventsTable}>
            <DataTable
              label={`Scheduled events of ${c.name}`}
              noun="events"
              mode="client"
              rows={c.events}
              columns={EVENT_COLUMNS}
              query={SETTLED_QUERY}
              rowKey={(e) => e.id}
              rowHref={(e) => `/events/${e.id}`}
              empty={{ title: 'No scheduled events' }}
            />
          </TableProvider>
        )}
      </Section>
    </Grid>
  );
}

/** The client's completed tasks, newest first, each opening its results in place (`completed.…`). */
export function CompletedTasks({ client: c }: { client: Client }) {
  const completedTable = useTableState(COMPLETED_SPEC);
  const completed = useCompletedJobs(c.id, completedTable.query);
  const details = useMemo(
    () => ({ render: (t: TaskView) => <TaskResults task={t} />, label: (t: TaskView) => `Results of job ${t.id}` }),
    [],
  );
  return (
    <Grid size={12}>
      <Typography variant="h2" sx={{ mt: 1, mb: 1 }}>
        Completed jobs
      </Typography>
      <TableProvider table={completedTable}>
        <DataTable
          label={`Completed jobs of ${c.name}`}
          noun="jobs"
          mode="server"
          columns={TASK_COLUMNS}
          query={completed}
          page={completed.data ? { rows: completed.data.data, count: completed.data.count } : undefined}
          rowKey={(t) => t.id}
          details={details}
          errorTitle="Could not load the completed jobs"
          loadingLabel="Loading the completed jobs…"
          empty={{ title: 'No completed jobs', text: `${c.name} has not finished a collection yet.` }}
        />
      </TableProvider>
    </Grid>
  );
}
