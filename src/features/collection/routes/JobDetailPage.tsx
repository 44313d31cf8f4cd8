import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '@/api/query-keys';
import type { TaskView } from '@/api/schemas/collection';
import { useIsEnterprise } from '@/api/version';
import { DetailFrame } from '@/components/DetailFrame';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { ErrorState } from '@/components/states';
import { DateTime, RelativeTime } from '@/components/time';
import { numericId, useRouteId } from '@/lib/route-id';
import { useTask } from '@/features/collection/api/get-task';
import { CancelJobButton, CancelJobDialog } from '@/features/collection/components/cancel-job';
import { EnterpriseNotice } from '@/features/collection/components/EnterpriseNotice';
import { JobLog } from '@/features/collection/components/JobLog';
import { StatusChip } from '@/features/collection/components/StatusChip';
import { DomainResults, MockClientControls, TaskFacts } from '@/features/collection/components/job-facts';
import { jobProgress, stalledAdvice, type JobProgress } from '@/features/collection/job-progress';
import { statusLabel } from '@/features/collection/status';

const LIST = { label: 'Clients', to: '/clients' };

export default function JobDetailPage() {
  const id = useRouteId('jobId', numericId);
  const enterprise = useIsEnterprise();
  const job = useTask(id.ok ? id.id : 0, { enabled: enterprise !== false && id.ok });
  return (
    <DetailFrame
      list={LIST}
      noun="job"
      title={id.ok ? `Job ${id.id}` : 'Job'}
      id={id}
      query={job}
      enterpriseOnly={<EnterpriseNotice feature="Collection jobs" />}
    >
      {(t) => <JobDetail job={t} query={job} />}
    </DetailFrame>
  );
}

/**
 * The job, refreshed until it ends, less often once it goes quiet, and only on request once it looks
 * stalled (job-progress.ts): a failed refresh says so above what was last read.
 */
function JobDetail({ job: t, query: job }: { job: TaskView; query: UseQueryResult<TaskView> }) {
  const title = `Job ${t.id}`;
  const progress = jobProgress(t, job.dataUpdatedAt);
  const { notify } = useNotice();
  const [canceling, setCanceling] = useState(false);
  const queryClient = useQueryClient();
  // The job and its log, read again now.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.tasks.detail(t.id) });
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[LIST, { label: title }]}
        description={`${t.client_name} · ${statusLabel(t.status)}${progress.pace === 'stalled' ? ' · looks stalled' : ''}`}
        actions={<CancelJobButton job={t} onClick={() => setCanceling(true)} />}
      />
      {job.isError && <ErrorState error={job.error} title="Could not refresh the job" onRetry={() => void job.refetch()} />}
      <Grid container spacing={2}>
        <Grid size={12}>
          <Paper component="section" aria-label="Status" sx={{ p: 2 }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }} aria-live="polite">
              <StatusChip status={t.status} size="medium" />
              <Typography>{t.status_message || statusLabel(t.status)}</Typography>
            </Stack>
            {progress.pace === 'stalled' && <StalledNote job={t} since={progress.lastChange} />}
            <RefreshLine progress={progress} readAt={job.dataUpdatedAt} refreshing={job.isFetching} onRefresh={refresh} />
          </Paper>
        </Grid>
        <MockClientControls task={t} />
        <TaskFacts task={t} />
        <Grid size={12} component="section" aria-labelledby="job-results">
          {/* A heading over the table's own frame (a frame inside a frame would take width the counts need). */}
          <Typography id="job-results" variant="h2" sx={{ mt: 1, mb: 1 }}>
            Domain results
          </Typography>
          <DomainResults task={t} />
        </Grid>
        <Grid size={12}>
          <JobLog job={t} progress={progress} />
        </Grid>
      </Grid>
      <CancelJobDialog job={canceling ? t : null} onClose={() => setCanceling(false)} onCanceled={(message) => notify(message)} />
    </>
  );
}

/** A job that has not changed for long: since when, what it waits on, and what to do. */
function StalledNote({ job, since }: { job: TaskView; since: string | null }) {
  const { waiting, todo } = stalledAdvice(job);
  return (
    <Alert severity="warning" sx={{ mt: 1.5 }}>
      <AlertTitle>This job looks stalled</AlertTitle>
      No change since <DateTime value={since} /> (<RelativeTime value={since} />
      ): {waiting}. {todo}
    </Alert>
  );
}

/** "00:41:07 UTC": when the page last read the job, to the second (a refresh that found nothing new still moves it). */
function readTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(11, 19)} UTC`;
}

/** How the page keeps the job fresh, and a way to read it again once it no longer does so often. */
function RefreshLine({
  progress,
  readAt,
  refreshing,
  onRefresh,
}: {
  progress: JobProgress;
  readAt: number;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  if (progress.pace === 'finished') return null;
  const every = progress.refreshMs === false ? null : `${progress.refreshMs / 1000} seconds`;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {progress.pace === 'active' && `Refreshes every ${every} until the job ends.`}
        {progress.pace === 'quiet' && (
          <>
            Last change <RelativeTime value={progress.lastChange} />: refreshes every {every} until the job ends.
          </>
        )}
        {progress.pace === 'stalled' && `No longer refreshed on its own; last read at ${readTime(readAt)}.`}
      </Typography>
      {progress.pace !== 'active' && (
        <Button size="small" variant="outlined" onClick={onRefresh} loading={refreshing}>
          Refresh
        </Button>
      )}
    </Stack>
  );
}
