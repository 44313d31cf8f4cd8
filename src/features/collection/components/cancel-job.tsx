import CancelIcon from '@mui/icons-material/CancelOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { TaskView } from '@/api/schemas/collection';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { collectionOps } from '@/api/operations/collection';
import { useAccess } from '@/lib/access';
import { Permission, roleNamesGranting, type PermissionName } from '@/shared/permissions';
import { inWords } from '@/shared/words';
import { useCancelJob } from '@/features/collection/api/cancel-job';
import { isJobFinished, statusLabel } from '@/features/collection/status';

type CancelableJob = Pick<TaskView, 'id' | 'client_name' | 'status' | 'start_time'>;

/** Whether the person may cancel jobs (`collectionOps.cancelClientJob`), and the permission they miss if not. */
export function useCancelAccess() {
  return useAccess(collectionOps.cancelClientJob);
}

/**
 * Asks before canceling a waiting or running job, naming the job and its client, and says what becomes
 * of it. Stays open with the service's message if the cancel fails (the job ended meanwhile).
 */
export function CancelJobDialog({
  job,
  onClose,
  onCanceled,
}: {
  job: CancelableJob | null;
  onClose: () => void;
  onCanceled: (message: string) => void;
}) {
  const cancel = useCancelJob();
  const close = () => {
    cancel.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={job !== null}
      title={job ? `Cancel job ${job.id} on ${job.client_name}?` : 'Cancel job'}
      confirmLabel="Cancel job"
      dismissLabel="Keep job"
      pending={cancel.isPending}
      error={cancel.error}
      onClose={close}
      onConfirm={() => {
        if (!job) return;
        cancel.mutate(job.id, {
          onSuccess: () => {
            onCanceled(`Job ${job.id} on ${job.client_name} was canceled.`);
            close();
          },
        });
      }}
    >
      {job && (
        <Typography component="span" sx={{ display: 'block' }}>
          {job.start_time
            ? `${job.client_name} is running job ${job.id}: it stops, and what it collected so far is not ingested.`
            : `Job ${job.id} is waiting for ${job.client_name} to pick it up: it will not run.`}{' '}
          {job.client_name} moves on to its next waiting job. A canceled job cannot be resumed; run a new collection instead.
        </Typography>
      )}
    </ConfirmDialog>
  );
}

/** Which roles may cancel, and who gives them; the permission last, as a detail. */
function cancelNeeds(permission: PermissionName): string {
  const roles = roleNamesGranting(permission);
  const grantors = roleNamesGranting(Permission.AuthManageUsers);
  if (roles.length === 0) return `Canceling a job needs a role with the ${permission} permission.`;
  return `Canceling a job needs the ${inWords(roles, 'or')} role${grantors.length ? `, which someone with the ${inWords(grantors, 'or')} role can give you` : ''} (permission ${permission}).`;
}

/**
 * The job page's cancel button: enabled for a waiting or running job and a person who may cancel, else
 * disabled with the reason beside it.
 */
export function CancelJobButton({ job, onClick }: { job: CancelableJob; onClick: () => void }) {
  const access = useCancelAccess();
  const reasonId = useId();
  const finished = isJobFinished(job.status);
  const reason = finished
    ? `Job ${job.id} is ${statusLabel(job.status).toLowerCase()}: only a waiting or running job can be canceled.`
    : access.missing
      ? cancelNeeds(access.missing)
      : null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {reason && (
        <Typography id={reasonId} variant="body2" color="text.secondary" sx={{ maxWidth: 360 }}>
          {reason}
        </Typography>
      )}
      <Button
        variant="outlined"
        color="error"
        startIcon={<CancelIcon />}
        disabled={reason !== null || !access.allowed}
        aria-describedby={reason ? reasonId : undefined}
        onClick={onClick}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Cancel job
      </Button>
    </Stack>
  );
}
