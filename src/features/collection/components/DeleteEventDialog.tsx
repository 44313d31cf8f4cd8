import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import type { ScheduledEvent } from '@/api/schemas/collection';
import { useDeleteEvent } from '@/features/collection/api/delete-event';
import { useTasks } from '@/features/collection/api/list-tasks';
import { describeSchedule } from '@/shared/schedule';
import { plural } from '@/shared/words';

/**
 * Asks before deleting a scheduled event and says what goes with it: the
 * schedule and every task it scheduled, with their results.
 */
export function DeleteEventDialog({
  event,
  clientName,
  onClose,
  onDeleted,
}: {
  event: ScheduledEvent | null;
  clientName: string | undefined;
  onClose: () => void;
  onDeleted: (message: string) => void;
}) {
  const remove = useDeleteEvent();
  const tasks = useTasks({ skip: 0, limit: 1, event_id: `eq:${event?.id ?? 0}` }, { enabled: event !== null });
  const count = event && tasks.data ? (tasks.data.count ?? null) : null;
  const taskWords =
    count === null
      ? 'every collection job it scheduled'
      : count === 0
        ? 'no jobs (it has not scheduled any)'
        : `the ${plural(count, 'collection job')} it scheduled`;
  const words = event ? (describeSchedule(event.rrule).text ?? event.rrule) : '';

  const close = () => {
    remove.reset();
    onClose();
  };

  return (
    <ConfirmDialog
      open={event !== null}
      title={event ? `Delete event ${event.id}?` : 'Delete event'}
      confirmLabel="Delete event"
      pending={remove.isPending}
      error={remove.error}
      onClose={close}
      onConfirm={() => {
        if (!event) return;
        remove.mutate(event.id, {
          onSuccess: () => {
            onDeleted(`Event ${event.id} was deleted${count ? `, with ${plural(count, 'job')}` : ''}.`);
            remove.reset();
            onClose();
          },
        });
      }}
    >
      <Typography component="span" sx={{ display: 'block' }}>
        {clientName ?? 'Its client'} will stop collecting on the schedule “{words}”.
      </Typography>
      <Typography component="span" sx={{ display: 'block', mt: 1 }}>
        This also deletes {taskWords}, with their results. It cannot be undone.
      </Typography>
    </ConfirmDialog>
  );
}
