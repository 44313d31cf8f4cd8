import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import OffIcon from '@mui/icons-material/CancelOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  Grid,
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
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { can, Permission } from '../../../api/permissions';
import {
  COLLECTION_FLAG_LABELS,
  COLLECTION_FLAGS,
  COLLECTION_TYPE_FLAGS,
  type ScheduledEvent,
} from '../../../api/schemas/collection';
import { CopyButton } from '../../../components/CopyButton';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorState, LoadingState } from '../../../components/states';
import { useSelf } from '../../auth/api/get-self';
import { useIsEnterprise } from '../../auth/api/get-version';
import { useEvent } from '../api/get-event';
import { useClientNames } from '../api/list-clients';
import { DeleteEventDialog } from '../components/DeleteEventDialog';
import { DetailList } from '../components/DetailList';
import { EnterpriseNotice } from '../components/EnterpriseNotice';
import { TasksTable } from '../components/TasksTable';
import { formatRelative, formatUtc } from '../format';
import { describeSchedule, upcomingRuns } from '../schedule';
import { useTableParams } from '../table-params';

function ExistsChip({ exists }: { exists: boolean | null | undefined }) {
  if (exists === false) return <Chip size="small" color="warning" label="No longer exists" />;
  if (exists === true) return <Chip size="small" variant="outlined" label="Exists" />;
  return <Chip size="small" variant="outlined" label="Unknown" />;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

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
  const self = useSelf();
  const navigate = useNavigate();
  const canDelete = can(self.data, Permission.ClientsManage);
  const event = useEvent(id, { enabled: enterprise !== false && Number.isInteger(id) });
  const names = useClientNames({ enabled: enterprise !== false });
  const tasksTable = useTableParams({ sort: '-id', prefix: 'tasks' });
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
  const collects = COLLECTION_TYPE_FLAGS.filter((f) => e[f]).map((f) => COLLECTION_FLAG_LABELS[f].toLowerCase());

  return (
    <>
      <PageHeader
        title={title}
        crumbs={crumbs}
        description={`${clientName ?? 'A client'} collects ${collects.length > 0 ? collects.join(', ') : 'nothing'}.`}
        actions={
          canDelete ? (
            <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
              Delete event
            </Button>
          ) : undefined
        }
      />
      {missing.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {missing.length === 1 ? '1 OU or domain' : `${missing.length} OUs and domains`} this event names no longer{' '}
          {missing.length === 1 ? 'exists' : 'exist'} in the directory: {missing.map((o) => o.name || o.objectid).join(', ')}.
          Collection skips them.
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Section title="Schedule">
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
                              {formatUtc(d)}
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
          <Section title="Collections">
            <FlagList event={e} />
          </Section>
        </Grid>
        <Grid size={12}>
          <Section title="OUs">
            {e.ous.length === 0 ? (
              <Typography color="text.secondary">This event names no OUs; it collects whole domains.</Typography>
            ) : (
              <TableContainer>
                <Table size="small" aria-label="OUs">
                  <TableHead>
                    <TableRow>
                      <TableCell>Name</TableCell>
                      <TableCell>Distinguished name</TableCell>
                      <TableCell>Object id</TableCell>
                      <TableCell>In the directory</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {e.ous.map((o) => (
                      <TableRow key={o.objectid}>
                        <TableCell>{o.name || '—'}</TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{o.distinguishedname || '—'}</TableCell>
                        <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>{o.objectid}</TableCell>
                        <TableCell>
                          <ExistsChip exists={o.exists} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Section>
        </Grid>
        <Grid size={12}>
          <Section title="Domains">
            {e.domains.length === 0 ? (
              <Typography color="text.secondary">This event names no domains; the client collects its own domain.</Typography>
            ) : (
              <TableContainer>
                <Table size="small" aria-label="Domains">
                  <TableHead>
                    <TableRow>
                      <TableCell>Name</TableCell>
                      <TableCell>Type</TableCell>
                      <TableCell>Object id</TableCell>
                      <TableCell>In the directory</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {e.domains.map((d) => (
                      <TableRow key={d.objectid}>
                        <TableCell>{d.name || '—'}</TableCell>
                        <TableCell>{d.type || '—'}</TableCell>
                        <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>{d.objectid}</TableCell>
                        <TableCell>
                          <ExistsChip exists={d.exists} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
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
      <DeleteEventDialog
        event={confirming ? e : null}
        clientName={clientName}
        onClose={() => setConfirming(false)}
        onDeleted={(message) => navigate('/events', { state: { notice: message } })}
      />
    </>
  );
}
