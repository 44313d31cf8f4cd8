import {
  Alert,
  Button,
  Chip,
  Grid,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { DomainResult, TaskView } from '../../../api/schemas/collection';
import { CopyButton } from '../../../components/CopyButton';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorState, LoadingState } from '../../../components/states';
import { useIsEnterprise } from '../../auth/api/get-version';
import { useEndJobAsClient, useOnMockService } from '../api/end-job-as-client';
import { TASK_REFRESH_MS, useTask } from '../api/get-task';
import { CollectionFlagChips } from '../components/CollectionFlagChips';
import { DetailList } from '../components/DetailList';
import { describeError } from '../../../api/errors';
import { EnterpriseNotice } from '../components/EnterpriseNotice';
import { StatusChip } from '../components/StatusChip';
import { formatUtc } from '../format';
import { isJobFinished, statusLabel } from '../status';

/** The per-domain counts of API document 2.9, in the order a person reads them. */
const COUNTS: [keyof DomainResult, string][] = [
  ['user_count', 'Users'],
  ['group_count', 'Groups'],
  ['computer_count', 'Computers'],
  ['gpo_count', 'GPOs'],
  ['ou_count', 'OUs'],
  ['container_count', 'Containers'],
  ['aiaca_count', 'AIA CAs'],
  ['rootca_count', 'Root CAs'],
  ['enterpriseca_count', 'Enterprise CAs'],
  ['ntauthstore_count', 'NTAuth stores'],
  ['certtemplate_count', 'Cert templates'],
  ['deleted_count', 'Deleted'],
];

const number = new Intl.NumberFormat('en');

function IdList({ ids, empty }: { ids: string[]; empty: string }) {
  if (ids.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  return (
    <Stack component="ul" spacing={0.25} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {ids.map((id) => (
        <Typography component="li" variant="body2" key={id} sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>
          {id}
        </Typography>
      ))}
    </Stack>
  );
}

function DomainResults({ task }: { task: TaskView }) {
  if (task.domain_results.length === 0) {
    return (
      <Typography color="text.secondary">
        {isJobFinished(task.status)
          ? 'The client reported no per-domain results for this task.'
          : 'The client reports per-domain results when the task ends.'}
      </Typography>
    );
  }
  const totals = COUNTS.map(([key]) => task.domain_results.reduce((sum, r) => sum + (r[key] as number), 0));
  return (
    <TableContainer>
      <Table size="small" aria-label="Domain results">
        <TableHead>
          <TableRow>
            <TableCell>Domain</TableCell>
            <TableCell>Result</TableCell>
            {COUNTS.map(([key, label]) => (
              <TableCell key={key} align="right">
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {task.domain_results.map((r) => (
            <TableRow key={r.id}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {r.domain_name}
              </TableCell>
              <TableCell sx={{ minWidth: 200 }}>
                <Chip size="small" color={r.success ? 'success' : 'error'} label={r.success ? 'Succeeded' : 'Failed'} />
                {r.message && (
                  <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
                    {r.message}
                  </Typography>
                )}
              </TableCell>
              {COUNTS.map(([key]) => (
                <TableCell key={key} align="right">
                  {number.format(r[key] as number)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {task.domain_results.length > 1 && (
            <TableRow>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                Total
              </TableCell>
              <TableCell />
              {totals.map((t, i) => (
                <TableCell key={COUNTS[i]![0]} align="right" sx={{ fontWeight: 600 }}>
                  {number.format(t)}
                </TableCell>
              ))}
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * On the mock service only: act as the task's collection client and end its
 * current task (POST /api/v2/jobs/end with the client's own token).
 */
function MockClientControls({ task }: { task: TaskView }) {
  const onMock = useOnMockService();
  const end = useEndJobAsClient();
  if (!onMock || (isJobFinished(task.status) && !end.data)) return null;
  return (
    <Grid size={12}>
      <Paper component="section" aria-label="Mock service" sx={{ p: 2, borderStyle: 'dashed' }}>
        <Typography variant="h3" component="h2" gutterBottom>
          Mock service
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Collection clients report the end of their task themselves, with their own token. On the mock service you can act as{' '}
          {task.client_name} and end its current task.
        </Typography>
        {end.isError && (
          <Alert severity="error" sx={{ mb: 1.5 }}>
            {describeError(end.error)}
          </Alert>
        )}
        {end.data && (
          <Alert severity="success" sx={{ mb: 1.5 }}>
            {end.data.id === task.id ? 'This task' : `Task ${end.data.id}, the client’s current task,`} ended as{' '}
            {task.client_name} reported it.
          </Alert>
        )}
        {!isJobFinished(task.status) && (
          <Button variant="outlined" loading={end.isPending} onClick={() => end.mutate(task.client_id)}>
            End the current task as {task.client_name}
          </Button>
        )}
      </Paper>
    </Grid>
  );
}

export default function TaskDetailPage() {
  const { taskId = '' } = useParams();
  const id = /^\d+$/.test(taskId) ? Number(taskId) : NaN;
  const enterprise = useIsEnterprise();
  const task = useTask(id, { enabled: enterprise !== false && Number.isInteger(id) });
  const title = Number.isInteger(id) ? `Task ${id}` : 'Task';

  useEffect(() => {
    document.title = `${title} · Clients · Admin Console`;
  }, [title]);

  const crumbs = [{ label: 'Clients', to: '/clients' }, { label: title }];
  if (enterprise === false) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <EnterpriseNotice feature="Collection tasks" />
      </>
    );
  }
  if (!Number.isInteger(id)) {
    return (
      <>
        <PageHeader title="Task not found" crumbs={crumbs} />
        <Alert severity="error">“{taskId}” is not a task number.</Alert>
      </>
    );
  }
  if (task.isPending) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <LoadingState label="Loading the task…" />
      </>
    );
  }
  if (task.isError && !task.data) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <ErrorState error={task.error} title="Could not load the task" onRetry={() => void task.refetch()} />
      </>
    );
  }

  const t = task.data!;
  const finished = isJobFinished(t.status);
  return (
    <>
      <PageHeader title={title} crumbs={crumbs} description={`${t.client_name} · ${statusLabel(t.status)}`} />
      {task.isError && <ErrorState error={task.error} title="Could not refresh the task" onRetry={() => void task.refetch()} />}
      <Grid container spacing={2}>
        <Grid size={12}>
          <Paper component="section" aria-label="Status" sx={{ p: 2 }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }} aria-live="polite">
              <StatusChip status={t.status} size="medium" />
              <Typography>{t.status_message || statusLabel(t.status)}</Typography>
            </Stack>
            {!finished && (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
                Refreshes every {TASK_REFRESH_MS / 1000} seconds until the task ends.
              </Typography>
            )}
          </Paper>
        </Grid>
        <MockClientControls task={t} />
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper component="section" aria-labelledby="task-details" sx={{ p: 2, height: '100%' }}>
            <Typography id="task-details" variant="h2" gutterBottom>
              Details
            </Typography>
            <DetailList
              items={[
                { label: 'Client', value: t.client_name },
                {
                  label: 'Started by',
                  value:
                    t.event_id !== null ? (
                      <Link component={RouterLink} to={`/events/${t.event_id}`}>
                        {t.event_title ?? `Event ${t.event_id}`} (event {t.event_id})
                      </Link>
                    ) : (
                      'Run collection now'
                    ),
                },
                ...(t.created_at ? [{ label: 'Created', value: formatUtc(t.created_at) }] : []),
                ...(t.execution_time ? [{ label: 'Due', value: formatUtc(t.execution_time) }] : []),
                { label: 'Started', value: formatUtc(t.start_time, 'Not started yet') },
                { label: 'Ended', value: formatUtc(t.end_time, finished ? '—' : 'Not ended yet') },
                { label: 'Last ingest', value: formatUtc(t.last_ingest, 'Nothing ingested yet') },
                { label: 'Domain controller', value: t.domain_controller ?? 'Chosen by the client' },
                {
                  label: 'Log file',
                  value: t.log_path ? (
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography variant="body2" sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>
                        {t.log_path}
                      </Typography>
                      <CopyButton value={t.log_path} label="Copy the log path" />
                    </Stack>
                  ) : (
                    'None yet'
                  ),
                },
              ]}
            />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper component="section" aria-labelledby="task-scope" sx={{ p: 2, height: '100%' }}>
            <Typography id="task-scope" variant="h2" gutterBottom>
              What it collects
            </Typography>
            <DetailList
              items={[
                { label: 'Collections', value: <CollectionFlagChips flags={{ ...t, all_trusted_domains: false }} /> },
                { label: 'All trusted domains', value: t.all_trusted_domains ? 'Yes' : 'No' },
                { label: 'OUs', value: <IdList ids={t.ous} empty="All" /> },
                { label: 'Domains', value: <IdList ids={t.domains} empty="The client’s own domain" /> },
              ]}
            />
          </Paper>
        </Grid>
        <Grid size={12}>
          <Paper component="section" aria-labelledby="task-results" sx={{ p: 2 }}>
            <Typography id="task-results" variant="h2" gutterBottom>
              Domain results
            </Typography>
            <DomainResults task={t} />
          </Paper>
        </Grid>
      </Grid>
    </>
  );
}
