import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { collectionOps } from '@/api/operations/collection';
import { useAccess } from '@/lib/access';
import type { ScheduledEvent } from '@/api/schemas/collection';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import { DataTable, useTableState, type Column, type TableSpec, TableProvider } from '@/components/table';
import { DateTime } from '@/components/time';
import { formatRelative } from '@/shared/format';
import { useIsEnterprise } from '@/api/version';
import { useClientNames } from '@/features/collection/api/list-clients';
import { useEvents } from '@/features/collection/api/list-events';
import { CollectionFlagChips } from '@/features/collection/components/CollectionFlagChips';
import { DeleteEventDialog } from '@/features/collection/components/DeleteEventDialog';
import { EventFormDialog } from '@/features/collection/components/EventFormDialog';
import { EnterpriseNotice, needsEnterprise } from '@/features/collection/components/EnterpriseNotice';
import { describeSchedule, type ScheduleDescription } from '@/shared/schedule';

const TITLE = 'Scheduled events';

function ScheduleCell({ schedule }: { schedule: ScheduleDescription }) {
  return schedule.text ? (
    <Typography variant="body2">{schedule.text}</Typography>
  ) : (
    <Typography variant="body2" color="error">
      {schedule.error}
    </Typography>
  );
}

function NextRunCell({ next }: { next: Date | null }) {
  if (!next)
    return (
      <Typography variant="body2" color="text.secondary">
        No further runs
      </Typography>
    );
  return (
    <>
      <Typography variant="body2">
        <DateTime value={next} />
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {formatRelative(next)}
      </Typography>
    </>
  );
}

/** The events table's URL state: sorted by next run unless the person picks another order. */
const SPEC: TableSpec = {
  sortable: ['id', 'next_scheduled_at'],
  defaultSort: [{ column: 'next_scheduled_at', descending: false }],
};

export default function EventsPage() {
  const enterprise = useIsEnterprise();
  const remove = useAccess(collectionOps.deleteClientEvent);
  const canDelete = remove.allowed;
  const create = useAccess(collectionOps.createClientSchedule);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const table = useTableState(SPEC);
  const events = useEvents(table.query, { enabled: enterprise !== false });
  const names = useClientNames({ enabled: enterprise !== false });
  const [toDelete, setToDelete] = useState<ScheduledEvent | null>(null);
  // Rules in words and their next runs, once per page of data.
  const schedules = useMemo(
    () => new Map((events.data?.data ?? []).map((e) => [e.id, describeSchedule(e.rrule)])),
    [events.data],
  );
  const { notify } = useNotice();

  const columns = useMemo((): Column<ScheduledEvent>[] => {
    const schedule = (e: ScheduledEvent) => schedules.get(e.id) ?? describeSchedule(e.rrule);
    return [
      { id: 'id', header: 'Event', sortable: true, rowHeader: true, nowrap: true, cell: (e) => `Event ${e.id}` },
      {
        id: 'client',
        header: 'Client',
        cell: (e) =>
          names.data?.get(e.client_id) ?? (
            <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
              {e.client_id}
            </Typography>
          ),
      },
      { id: 'schedule', header: 'Schedule', cell: (e) => <ScheduleCell schedule={schedule(e)} /> },
      {
        id: 'next_scheduled_at',
        header: 'Next run',
        sortable: true,
        nowrap: true,
        cell: (e) => <NextRunCell next={schedule(e).next} />,
      },
      { id: 'collects', header: 'Collects', hideBelow: 'lg', cell: (e) => <CollectionFlagChips flags={e} /> },
    ];
  }, [schedules, names.data]);

  const scheduleButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      Schedule collection
    </Button>
  );
  const offerCreate = create.allowed && !needsEnterprise(enterprise, events.error);
  const header = (
    <PageHeader
      title={TITLE}
      description="Recurring collections the clients run, with their rules in UTC."
      actions={offerCreate ? scheduleButton : undefined}
    />
  );

  if (needsEnterprise(enterprise, events.error)) {
    return (
      <>
        {header}
        <EnterpriseNotice feature="Scheduled events" />
      </>
    );
  }

  return (
    <TableProvider table={table}>
      {header}
      <RestrictedNote
        missing={create.missing ?? remove.missing}
        canDo="You can look at scheduled events"
        cannot="schedule, change or delete them"
      />
      <DataTable
        label="Scheduled events"
        noun="scheduled events"
        mode="server"
        columns={columns}
        query={events}
        page={events.data ? { rows: events.data.data, count: events.data.count } : undefined}
        rowKey={(e) => e.id}
        rowHref={(e) => `/events/${e.id}`}
        empty={{
          title: 'No scheduled events',
          text: 'No collection runs on a schedule. To collect once, use Run collection now on the Clients page.',
          action: offerCreate ? (
            scheduleButton
          ) : (
            <Button component={RouterLink} to="/clients" variant="outlined">
              Go to Clients
            </Button>
          ),
        }}
        actions={
          canDelete
            ? (e) => (
                <Tooltip title={`Delete event ${e.id}`}>
                  <IconButton aria-label={`Delete event ${e.id}`} onClick={() => setToDelete(e)}>
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              )
            : undefined
        }
      />
      <DeleteEventDialog
        event={toDelete}
        clientName={toDelete ? names.data?.get(toDelete.client_id) : undefined}
        onClose={() => setToDelete(null)}
        onDeleted={notify}
      />
      <EventFormDialog
        open={creating}
        event={null}
        onClose={() => setCreating(false)}
        onSaved={(saved, message) => {
          setCreating(false);
          notify(message);
          navigate(`/events/${saved.id}`);
        }}
      />
    </TableProvider>
  );
}
