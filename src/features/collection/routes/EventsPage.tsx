import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { can, Permission } from '../../../api/permissions';
import type { ScheduledEvent } from '../../../api/schemas/collection';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useSelf } from '../../auth/api/get-self';
import { useIsEnterprise } from '../../auth/api/get-version';
import { useClientNames } from '../api/list-clients';
import { useEvents } from '../api/list-events';
import { CollectionFlagChips } from '../components/CollectionFlagChips';
import { DeleteEventDialog } from '../components/DeleteEventDialog';
import { EnterpriseNotice, needsEnterprise } from '../components/EnterpriseNotice';
import { SortHeader } from '../components/SortHeader';
import { TablePager } from '../components/TablePager';
import { formatRelative, formatUtc } from '../format';
import { describeSchedule, type ScheduleDescription } from '../schedule';
import { useTableParams } from '../table-params';
import { visuallyHidden } from '../a11y';

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
      <Typography variant="body2">{formatUtc(next)}</Typography>
      <Typography variant="caption" color="text.secondary">
        {formatRelative(next)}
      </Typography>
    </>
  );
}

export default function EventsPage() {
  const enterprise = useIsEnterprise();
  const self = useSelf();
  const canDelete = can(self.data, Permission.ClientsManage);
  const table = useTableParams({ sort: 'next_scheduled_at' });
  const events = useEvents(
    { skip: table.page * table.size, limit: table.size, sortBy: table.sort },
    { enabled: enterprise !== false },
  );
  const names = useClientNames({ enabled: enterprise !== false });
  const [toDelete, setToDelete] = useState<ScheduledEvent | null>(null);
  // Rules in words and their next runs, once per page of data.
  const schedules = useMemo(
    () => new Map((events.data?.data ?? []).map((e) => [e.id, describeSchedule(e.rrule)])),
    [events.data],
  );
  const location = useLocation();
  const navigate = useNavigate();
  // A message handed over by the event page after a delete.
  const [notice, setNotice] = useState<string | null>(() => (location.state as { notice?: string } | null)?.notice ?? null);

  useEffect(() => {
    document.title = `${TITLE} · Admin Console`;
  }, []);

  useEffect(() => {
    if ((location.state as { notice?: string } | null)?.notice)
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate]);

  const header = <PageHeader title={TITLE} description="Recurring collections the clients run, with their rules in UTC." />;

  if (needsEnterprise(enterprise, events.error)) {
    return (
      <>
        {header}
        <EnterpriseNotice feature="Scheduled events" />
      </>
    );
  }

  let body;
  if (events.isPending) body = <LoadingState label="Loading scheduled events…" />;
  else if (events.isError)
    body = <ErrorState error={events.error} title="Could not load the scheduled events" onRetry={() => void events.refetch()} />;
  else if (events.data.count === 0)
    body = (
      <EmptyState
        title="No scheduled events"
        action={
          <Button component={RouterLink} to="/clients" variant="outlined">
            Go to Clients
          </Button>
        }
      >
        No collection runs on a schedule. To collect once, use Run collection now on the Clients page.
      </EmptyState>
    );
  else
    body = (
      <Paper>
        {events.isPlaceholderData ? <LinearProgress aria-label="Loading scheduled events" /> : <Box sx={{ height: 4 }} />}
        <TableContainer>
          <Table aria-label="Scheduled events" size="small">
            <TableHead>
              <TableRow>
                <SortHeader table={table} column="id">
                  Event
                </SortHeader>
                <TableCell>Client</TableCell>
                <TableCell>Schedule</TableCell>
                <SortHeader table={table} column="next_scheduled_at">
                  Next run
                </SortHeader>
                <TableCell>Collects</TableCell>
                {canDelete && (
                  <TableCell align="right">
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {events.data.data.map((e) => (
                <TableRow key={e.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`/events/${e.id}`}>
                      Event {e.id}
                    </Link>
                  </TableCell>
                  <TableCell>
                    {names.data?.get(e.client_id) ?? (
                      <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                        {e.client_id}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <ScheduleCell schedule={schedules.get(e.id) ?? describeSchedule(e.rrule)} />
                  </TableCell>
                  <TableCell>
                    <NextRunCell next={(schedules.get(e.id) ?? describeSchedule(e.rrule)).next} />
                  </TableCell>
                  <TableCell>
                    <CollectionFlagChips flags={e} />
                  </TableCell>
                  {canDelete && (
                    <TableCell align="right">
                      <Tooltip title={`Delete event ${e.id}`}>
                        <IconButton aria-label={`Delete event ${e.id}`} onClick={() => setToDelete(e)}>
                          <DeleteIcon />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePager table={table} count={events.data.count} label="scheduled events" />
      </Paper>
    );

  return (
    <>
      {header}
      {notice && (
        <Alert severity="success" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      {body}
      <DeleteEventDialog
        event={toDelete}
        clientName={toDelete ? names.data?.get(toDelete.client_id) : undefined}
        onClose={() => setToDelete(null)}
        onDeleted={setNotice}
      />
    </>
  );
}
