import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { collectionOps } from '@/api/operations/collection';
import { useAccess } from '@/lib/access';
import { numericId, useRouteId } from '@/lib/route-id';
import { COLLECTION_FLAG_LABELS, COLLECTION_TYPE_FLAGS, type ScheduledEvent } from '@/api/schemas/collection';
import { DetailFrame } from '@/components/DetailFrame';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import { Section } from '@/components/detail-section';
import { useTableState, TableProvider } from '@/components/table';
import { useIsEnterprise } from '@/api/version';
import { useEvent } from '@/features/collection/api/get-event';
import { useClientNames } from '@/features/collection/api/list-clients';
import { DeleteEventDialog } from '@/features/collection/components/DeleteEventDialog';
import { EnterpriseNotice } from '@/features/collection/components/EnterpriseNotice';
import { EventSchedule, EventTargets, FlagList } from '@/features/collection/components/event-facts';
import { EventFormDialog } from '@/features/collection/components/EventFormDialog';
import { TASKS_TABLE_SPEC, TasksTable } from '@/features/collection/components/TasksTable';
import { inWords, plural, pluralWord } from '@/shared/words';

const LIST = { label: 'Scheduled events', to: '/events' };

export default function EventDetailPage() {
  const id = useRouteId('eventId', numericId);
  const enterprise = useIsEnterprise();
  const event = useEvent(id.ok ? id.id : 0, { enabled: enterprise !== false && id.ok });
  // Asked for beside the event (the page's description names its client), not once the event is in.
  useClientNames({ enabled: enterprise !== false });
  return (
    <DetailFrame
      list={LIST}
      noun="scheduled event"
      title={id.ok ? `Event ${id.id}` : 'Event'}
      id={id}
      query={event}
      enterpriseOnly={<EnterpriseNotice feature="Scheduled events" />}
    >
      {(e) => <EventDetail event={e} />}
    </DetailFrame>
  );
}

function EventDetail({ event: e }: { event: ScheduledEvent }) {
  const navigate = useNavigate();
  const { notify } = useNotice();
  const remove = useAccess(collectionOps.deleteClientEvent);
  const canDelete = remove.allowed;
  const change = useAccess(collectionOps.updateClientEvent);
  const [editing, setEditing] = useState(false);
  const names = useClientNames();
  const tasksTable = useTableState(TASKS_TABLE_SPEC);
  const [confirming, setConfirming] = useState(false);
  const title = `Event ${e.id}`;
  const clientName = names.data?.get(e.client_id);
  const missing = [...e.ous, ...e.domains].filter((o) => o.exists === false);
  // The labels the chips and switches use ("AD structure", "DC registry"), as they are.
  const collects = COLLECTION_TYPE_FLAGS.filter((f) => e[f]).map((f) => COLLECTION_FLAG_LABELS[f]);

  return (
    <>
      <PageHeader
        title={title}
        crumbs={[LIST, { label: title }]}
        description={`${clientName ?? 'A client'} collects: ${collects.length > 0 ? inWords(collects) : 'nothing'}.`}
        actions={
          change.allowed || canDelete ? (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
              {change.allowed && (
                <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                  Edit event
                </Button>
              )}
              {canDelete && (
                <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
                  Delete event
                </Button>
              )}
            </Stack>
          ) : undefined
        }
      />
      <RestrictedNote
        missing={change.missing ?? remove.missing}
        canDo="You can look at this scheduled event"
        cannot="change or delete it"
      />
      {missing.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {plural(missing.length, 'OU or domain', 'OUs and domains')} this event names no longer{' '}
          {pluralWord(missing.length, 'exists', 'exist')} in the directory: {missing.map((o) => o.name || o.objectid).join(', ')}.
          Collection skips them.
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <EventSchedule event={e} clientName={clientName} />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Section title="Collections" plain>
            <FlagList event={e} />
          </Section>
        </Grid>
        <Grid size={12}>
          <EventTargets event={e} />
        </Grid>
        <Grid size={12}>
          <Typography variant="h2" sx={{ mt: 1, mb: 1 }}>
            Jobs of this event
          </Typography>
          <TableProvider table={tasksTable}>
            <TasksTable
              label="Jobs of this event"
              eventId={e.id}
              showClient={false}
              emptyText="This event has not run yet; its jobs appear here when it does."
            />
          </TableProvider>
        </Grid>
      </Grid>
      <EventFormDialog
        open={editing}
        event={e}
        onClose={() => setEditing(false)}
        onSaved={(_saved, message) => {
          setEditing(false);
          notify(message);
        }}
      />
      <DeleteEventDialog
        event={confirming ? e : null}
        clientName={clientName}
        onClose={() => setConfirming(false)}
        onDeleted={(message) => {
          notify(message);
          navigate('/events');
        }}
      />
    </>
  );
}
