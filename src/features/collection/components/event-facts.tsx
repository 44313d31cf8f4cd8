import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import OffIcon from '@mui/icons-material/CancelOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  COLLECTION_FLAG_LABELS,
  COLLECTION_FLAGS,
  type DomainDetails,
  type OuDetails,
  type ScheduledEvent,
} from '@/api/schemas/collection';
import { CopyButton } from '@/components/CopyButton';
import { DetailList, Section } from '@/components/detail-section';
import {
  Breakable,
  DataTable,
  SETTLED_QUERY,
  useTableState,
  type Column,
  type TableSpec,
  TableProvider,
} from '@/components/table';
import { DateTime } from '@/components/time';
import { formatRelative } from '@/shared/format';
import { describeSchedule, upcomingRuns } from '@/shared/schedule';

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

/** Which collections the event makes, each on or off. */
export function FlagList({ event }: { event: ScheduledEvent }) {
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

/** When the event runs: its rule in words, its next runs, the rule itself, and its client. */
export function EventSchedule({ event: e, clientName }: { event: ScheduledEvent; clientName: string | undefined }) {
  const schedule = describeSchedule(e.rrule);
  const upcoming = upcomingRuns(e.rrule, 3);
  return (
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
  );
}

/** The OUs and domains the event collects, each a small table with its own URL state (`ous.…`, `domains.…`). */
export function EventTargets({ event: e }: { event: ScheduledEvent }) {
  const ousTable = useTableState(OUS_SPEC);
  const domainsTable = useTableState(DOMAINS_SPEC);
  return (
    <>
      <Grid size={12}>
        <Section title="OUs" plain>
          {e.ous.length === 0 ? (
            <Typography color="text.secondary">This event names no OUs; it collects whole domains.</Typography>
          ) : (
            <TableProvider table={ousTable}>
              <DataTable
                label="OUs"
                noun="OUs"
                mode="client"
                rows={e.ous}
                columns={OU_COLUMNS}
                query={SETTLED_QUERY}
                rowKey={(o) => o.objectid}
                empty={{ title: 'No OUs' }}
              />
            </TableProvider>
          )}
        </Section>
      </Grid>
      <Grid size={12}>
        <Section title="Domains" plain>
          {e.domains.length === 0 ? (
            <Typography color="text.secondary">This event names no domains; the client collects its own domain.</Typography>
          ) : (
            <TableProvider table={domainsTable}>
              <DataTable
                label="Domains"
                noun="domains"
                mode="client"
                rows={e.domains}
                columns={DOMAIN_COLUMNS}
                query={SETTLED_QUERY}
                rowKey={(d) => d.objectid}
                empty={{ title: 'No domains' }}
              />
            </TableProvider>
          )}
        </Section>
      </Grid>
    </>
  );
}
