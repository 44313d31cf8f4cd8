import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import OffIcon from '@mui/icons-material/CancelOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useAccess } from '@/lib/access';
import {
  COLLECTION_FLAG_LABELS,
  COLLECTION_FLAGS,
  COLLECTION_TYPE_FLAGS,
  type DomainDetails,
  type OuDetails,
  type ScheduledEvent,
} from '@/api/schemas/collection';
import { CopyButton } from '@/components/CopyButton';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import { Breakable, DataTable, SETTLED_QUERY, useTableState, type Column, type TableSpec } from '@/components/table';
import { ErrorState, LoadingState } from '@/components/states';
import { DateTime } from '@/components/Time';
import { formatRelative } from '@/shared/format';
import { useIsEnterprise } from '@/api/version';
import { useEvent } from '@/features/collection/api/get-event';
import { useClientNames } from '@/features/collection/api/list-clients';
import { DeleteEventDialog } from '@/features/collection/components/DeleteEventDialog';
import { DetailList, Section } from '@/components/DetailSection';
import { EnterpriseNotice } from '@/features/collection/components/EnterpriseNotice';
import { EventFormDialog } from '@/features/collection/components/EventFormDialog';
import { TASKS_TABLE_SPEC, TasksTable } from '@/features/collection/components/TasksTable';
import { describeSchedule, upcomingRuns } from '@/shared/schedule';
import { inWords, plural, pluralWord } from '@/shared/words';

function ExistsChip({ exists }: { exists: boolean | null | undefined }) {
  if (exists === false) return <Chip size="small" color="warning" label="No longer exists" />;
  if (exists === true) return <Chip size="small" variant="outlined" label="Exists" />;
  return <Chip size="small" variant="outlined" label="Unknown" />;
}

/** Identifiers and directory names, in full (these tables have room for them). */
function Code({ children }: { children: React.ReactNode }) {
  return (
    <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>
      {children}
    </Box>
  );
}

/** A distinguished name wraps after its commas ("OU=Servers,DC=corp,…"). */
const AFTER_COMMAS = /(?<=,)/;

/** Missing first when sorted by it: what needs attention. */
const existsOrder = (exists: boolean | null | undefined) => (exists === false ? 0 : exists === true ? 2 : 1);

/** The event's OUs and domains: two small tables of the page, each with its own URL state (`ous.…`, `domains.…`). */
const OUS_SPEC: TableSpec = { sortable: ['name', 'distinguishedname', 'exists'], defaultPageSize: 10, prefix: 'ous' };
const DOMAINS_SPEC: TableSpec = { sortable: ['name', 'type', 'exists'], defaultPageSize: 10, prefix: 'domains' };

const OU_COLUMNS: Column<OuDetails>[] = [
  { id: 'name', header: 'Name', sortable: true, rowHeader: true, sortValue: (o) => o.name, cell: (o) => o.name || '—' },
  {
    id: 'distinguishedname',
    header: 'Distinguished name',
    sortable: true,
    hideBelow: 'md',
    sortValue: (o) => o.distinguishedname,
    cell: (o) =>
      o.distinguishedname ? (
        <Code>
          <Breakable text={o.distinguishedname} after={AFTER_COMMAS} />
        </Code>
      ) : (
        '—'
      ),
  },
  { id: 'objectid', header: 'Object id', nowrap: true, hideBelow: 'lg', cell: (o) => <Code>{o.objectid}</Code> },
  {
    id: 'exists',
    header: 'In the directory',
    sortable: true,
    nowrap: true,
    sortValue: (o) => existsOrder(o.exists),
    cell: (o) => <ExistsChip exists={o.exists} />,
  },
];

const DOMAIN_COLUMNS: Column<DomainDetails>[] = [
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    rowHeader: true,
    nowrap: true,
    sortValue: (d) => d.name,
    cell: (d) => d.name || '—',
  },
  { id: 'type', header: 'Type', sortable: true, hideBelow: 'md', sortValue: (d) => d.type, cell: (d) => d.type || '—' },
  { id: 'objectid', header: 'Object id', nowrap: true, hideBelow: 'lg', cell: (d) => <Code>{d.objectid}</Code> },
  {
    id: 'exists',
    header: 'In the directory',
    sortable: true,
    nowrap: true,
    sortValue: (d) => existsOrder(d.exists),
    cell: (d) => <ExistsChip exists={d.exists} />,
  },
];

function FlagList({ event }: { event: ScheduledEvent }) {
  return (
    <Stack component="ul" spacing={0.75} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {COLLECTION_FLAGS.map((f) => (
        <Stack component="li" key={f} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {event[f] ? (
            <CheckIcon fontSize="small" color="success" aria-hidden />
          ) : (
            <OffIcon fontSize="small" color="disabled" aria-hidden />
          )}
          <Typography variant="body2" sx={{ flexGrow: 1 }}>
            {COLLECTION_FLAG_LABELS[f]}
          </Typography>
          <Typography
            variant="body2"
            color={event[f] ? 'text.primary' : 'text.secondary'}
            sx={{ fontWeight: event[f] ? 600 : 400 }}
          >
            {event[f] ? 'On' : 'Off'}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

export default function EventDetailPage() {
  const { eventId = '' } = useParams();
  const id = /^\d+$/.test(eventId) ? Number(eventId) : NaN;
  const enterprise = useIsEnterprise();
  const navigate = useNavigate();
  const { notify } = useNotice();
  const remove = useAccess('DELETE', '/api/v2/events/{event_id}');
  const canDelete = remove.allowed;
  const change = useAccess('PUT', '/api/v2/events/{event_id}');
  const [editing, setEditing] = useState(false);
  const event = useEvent(id, { enabled: enterprise !== false && Number.isInteger(id) });
  const names = useClientNames({ enabled: enterprise !== false });
  const tasksTable = useTableState(TASKS_TABLE_SPEC);
  const ousTable = useTableState(OUS_SPEC);
  const domainsTable = useTableState(DOMAINS_SPEC);
  const [confirming, setConfirming] = useState(false);
  const title = Number.isInteger(id) ? `Event ${id}` : 'Event';

  useEffect(() => {
    document.title = `${title} · Scheduled events · Admin Console`;
  }, [title]);

  const crumbs = [{ label: 'Scheduled events', to: '/events' }, { label: title }];

  if (enterprise === false) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <EnterpriseNotice feature="Scheduled events" />
      </>
    );
  }
  if (!Number.isInteger(id)) {
    return (
      <>
        <PageHeader title="Event not found" crumbs={crumbs} />
        <Alert severity="error">“{eventId}” is not an event number.</Alert>
      </>
    );
  }
  if (event.isPending) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <LoadingState label="Loading the event…" />
      </>
    );
  }
  if (event.isError) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <ErrorState error={event.error} title="Could not load the event" onRetry={() => void event.refetch()} />
      </>
    );
  }

  const e = event.data;
  const schedule = describeSchedule(e.rrule);
  const upcoming = upcomingRuns(e.rrule, 3);
  const clientName = names.data?.get(e.client_id);
  const missing = [...e.ous, ...e.domains].filter((o) => o.exists === false);
  // The labels the chips and switches use ("AD structure", "DC registry"), as they are.
  const collects = COLLECTION_TYPE_FLAGS.filter((f) => e[f]).map((f) => COLLECTION_FLAG_LABELS[f]);

  return (
    <>
      <PageHeader
        title={title}
        crumbs={crumbs}
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
          <Section title="Schedule" plain>
            <DetailList
              items={[
                {
                  label: 'Runs',
                  value: schedule.text ? (
                    <Typography sx={{ fontWeight: 600 }}>{schedule.text}</Typography>
                  ) : (
                    <Typography color="error">{schedule.error}</Typography>
                  ),
                },
                {
                  label: 'Next runs',
                  value:
                    upcoming.length > 0 ? (
                      <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
                        {upcoming.map((d, i) => (
                          <li key={d.toISOString()}>
                            <Typography variant="body2">
                              <DateTime value={d} />
                              {i === 0 && (
                                <Typography component="span" variant="body2" color="text.secondary">
                                  {' '}
                                  ({formatRelative(d)})
                                </Typography>
                              )}
                            </Typography>
                          </li>
                        ))}
                      </Box>
                    ) : (
                      'No further runs'
                    ),
                },
                {
                  label: 'Rule',
                  value: (
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                      <Box
                        component="pre"
                        sx={{
                          m: 0,
                          fontFamily: 'monospace',
                          fontSize: '0.8rem',
                          whiteSpace: 'pre-wrap',
                          overflowWrap: 'anywhere',
                        }}
                      >
                        {e.rrule}
                      </Box>
                      <CopyButton value={e.rrule} label="Copy the rule" />
                    </Stack>
                  ),
                },
                { label: 'Client', value: clientName ?? e.client_id },
                {
                  label: 'Client id',
                  value: (
                    <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                      {e.client_id}
                    </Typography>
                  ),
                },
              ]}
            />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Section title="Collections" plain>
            <FlagList event={e} />
          </Section>
        </Grid>
        <Grid size={12}>
          <Section title="OUs" plain>
            {e.ous.length === 0 ? (
              <Typography color="text.secondary">This event names no OUs; it collects whole domains.</Typography>
            ) : (
              <DataTable
                label="OUs"
                noun="OUs"
                mode="client"
                rows={e.ous}
                columns={OU_COLUMNS}
                table={ousTable}
                query={SETTLED_QUERY}
                rowKey={(o) => o.objectid}
                empty={{ title: 'No OUs' }}
              />
            )}
          </Section>
        </Grid>
        <Grid size={12}>
          <Section title="Domains" plain>
            {e.domains.length === 0 ? (
              <Typography color="text.secondary">This event names no domains; the client collects its own domain.</Typography>
            ) : (
              <DataTable
                label="Domains"
                noun="domains"
                mode="client"
                rows={e.domains}
                columns={DOMAIN_COLUMNS}
                table={domainsTable}
                query={SETTLED_QUERY}
                rowKey={(d) => d.objectid}
                empty={{ title: 'No domains' }}
              />
            )}
          </Section>
        </Grid>
        <Grid size={12}>
          <Typography variant="h2" sx={{ mt: 1, mb: 1 }}>
            Tasks of this event
          </Typography>
          <TasksTable
            table={tasksTable}
            label="Tasks of this event"
            eventId={e.id}
            showClient={false}
            emptyText="This event has not run yet; its tasks appear here when it does."
          />
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
