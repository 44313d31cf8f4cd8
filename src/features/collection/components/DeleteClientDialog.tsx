import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Client } from '@/api/schemas/collection';
import { describeSchedule } from '@/shared/schedule';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useDeleteClient } from '@/features/collection/api/manage-client';
import { plural, pluralWord } from '@/shared/words';
import { formatCount } from '@/shared/count';

/** "Event 3: Every day at 02:00 UTC". */
export function eventWords(event: Client['events'][number]): string {
  return `Event ${event.id}: ${describeSchedule(event.rrule).text ?? event.rrule}`;
}

/**
 * Asks before deleting a collection client and says what goes with it: its scheduled events (how many
 * and which), every task it ran with their results, and its token. Mount it for one client at a time.
 */
export function DeleteClientDialog({
  client,
  onClose,
  onDeleted,
}: {
  client: Client;
  onClose: () => void;
  onDeleted: (message: string) => void;
}) {
  const remove = useDeleteClient();
  const events = client.events;
  const tasks = client.completed_task_count ?? client.completed_job_count;
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open
      wide
      title={`Delete ${client.name}?`}
      confirmLabel="Delete client"
      pending={remove.isPending}
      error={remove.error}
      onClose={close}
      onConfirm={() =>
        remove.mutate(client.id, {
          onSuccess: () => {
            const with_ = events.length > 0 ? `, with ${plural(events.length, 'scheduled event')}` : '';
            onDeleted(`The client ${client.name} was deleted${with_}.`);
            remove.reset();
            onClose();
          },
        })
      }
    >
      <Typography component="span" sx={{ display: 'block' }}>
        {events.length === 0
          ? 'It has no scheduled events.'
          : `Its ${pluralWord(events.length, 'scheduled event goes', `${formatCount(events.length)} scheduled events go`)} with it:`}
      </Typography>
      {events.length > 0 && (
        <Box component="ul" sx={{ my: 1, pl: 3 }}>
          {events.map((e) => (
            <Typography component="li" key={e.id}>
              {eventWords(e)}
            </Typography>
          ))}
        </Box>
      )}
      <Typography component="span" sx={{ display: 'block', mt: 1 }}>
        So do its jobs ({tasks} completed) with their results, and its token: the collector can no longer report. It cannot be
        undone.
      </Typography>
    </ConfirmDialog>
  );
}
