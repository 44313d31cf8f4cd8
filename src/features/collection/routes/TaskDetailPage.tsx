import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TaskView } from '@/api/schemas/collection';
import { useIsEnterprise } from '@/api/version';
import { DetailFrame } from '@/components/DetailFrame';
import { PageHeader } from '@/components/PageHeader';
import { ErrorState } from '@/components/states';
import { numericId, useRouteId } from '@/lib/route-id';
import { TASK_REFRESH_MS, useTask } from '@/features/collection/api/get-task';
import { EnterpriseNotice } from '@/features/collection/components/EnterpriseNotice';
import { StatusChip } from '@/features/collection/components/StatusChip';
import { DomainResults, MockClientControls, TaskFacts } from '@/features/collection/components/task-sections';
import { isJobFinished, statusLabel } from '@/features/collection/status';

const LIST = { label: 'Clients', to: '/clients' };

export default function TaskDetailPage() {
  const id = useRouteId('taskId', numericId);
  const enterprise = useIsEnterprise();
  const task = useTask(id.ok ? id.id : 0, { enabled: enterprise !== false && id.ok });
  return (
    <DetailFrame
      list={LIST}
      noun="task"
      title={id.ok ? `Task ${id.id}` : 'Task'}
      id={id}
      query={task}
      enterpriseOnly={<EnterpriseNotice feature="Collection tasks" />}
    >
      {(t) => <TaskDetail task={t} query={task} />}
    </DetailFrame>
  );
}

/** The task, refreshed until it ends: a failed refresh says so above what was last read. */
function TaskDetail({ task: t, query: task }: { task: TaskView; query: UseQueryResult<TaskView> }) {
  const title = `Task ${t.id}`;
  const finished = isJobFinished(t.status);
  return (
    <>
      <PageHeader title={title} crumbs={[LIST, { label: title }]} description={`${t.client_name} · ${statusLabel(t.status)}`} />
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
        <TaskFacts task={t} />
        <Grid size={12} component="section" aria-labelledby="task-results">
          {/* A heading over the table's own frame (a frame inside a frame would take width the counts need). */}
          <Typography id="task-results" variant="h2" sx={{ mt: 1, mb: 1 }}>
            Domain results
          </Typography>
          <DomainResults task={t} />
        </Grid>
      </Grid>
    </>
  );
}
