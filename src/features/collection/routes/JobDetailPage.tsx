import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { TaskView } from '@/api/schemas/collection';
import { useIsEnterprise } from '@/api/version';
import { DetailFrame } from '@/components/DetailFrame';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { ErrorState } from '@/components/states';
import { numericId, useRouteId } from '@/lib/route-id';
import { TASK_REFRESH_MS, useTask } from '@/features/collection/api/get-task';
import { CancelJobButton, CancelJobDialog } from '@/features/collection/components/CancelJob';
import { EnterpriseNotice } from '@/features/collection/components/EnterpriseNotice';
import { JobLog } from '@/features/collection/components/JobLog';
import { StatusChip } from '@/features/collection/components/StatusChip';
import { DomainResults, MockClientControls, TaskFacts } from '@/features/collection/components/task-sections';
import { isJobFinished, statusLabel } from '@/features/collection/status';

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

/** The job, refreshed until it ends: a failed refresh says so above what was last read. */
function JobDetail({ job: t, query: job }: { job: TaskView; query: UseQueryResult<TaskView> }) {
  const title = `Job ${t.id}`;
  const finished = isJobFinished(t.status);
  const { notify } = useNotice();
  const [canceling, setCanceling] = useState(false);
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[LIST, { label: title }]}
        description={`${t.client_name} · ${statusLabel(t.status)}`}
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
            {!finished && (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
                Refreshes every {TASK_REFRESH_MS / 1000} seconds until the job ends.
              </Typography>
            )}
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
          <JobLog job={t} />
        </Grid>
      </Grid>
      <CancelJobDialog job={canceling ? t : null} onClose={() => setCanceling(false)} onCanceled={(message) => notify(message)} />
    </>
  );
}
