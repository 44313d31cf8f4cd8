import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import type { AuditLog } from '@/api/schemas/audit';
import { Breakable, DataTable, type Column, type QueryStatus, type RowDetails } from '@/components/table';
import { KnownLabel } from '@/components/KnownLabel';
import { DateTime } from '@/components/time';
import { formatDateTime } from '@/shared/format';
import { actionLabel, actionWords, auditStatusLabel } from '@/features/audit/actions';
import { EntryDetails } from '@/features/audit/components/EntryDetails';
import type { KnownUser } from '@/features/audit/links';

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.75rem' } as const;

/** Where an action's name may wrap: between its words (UpdateSAML|Identity|Provider). */
const CAMEL_CASE = /(?<=[a-z])(?=[A-Z])/;

const STATUS_COLORS: Record<string, 'success' | 'error' | 'default'> = { success: 'success', failure: 'error' };

/** A status as a chip: success green, failure red, intent plain; an unknown one outlined, as it came, marked unknown. */
export function AuditStatusChip({ status }: { status: string }) {
  const color = STATUS_COLORS[status] ?? 'default';
  return (
    <KnownLabel
      label={auditStatusLabel(status)}
      chip={{ size: 'small', color, variant: color === 'default' ? 'outlined' : 'filled' }}
    />
  );
}

/** An action's raw name, wrapping between its words. */
function RawAction({ action }: { action: string }) {
  return (
    <Box component="span" sx={{ ...MONO, overflowWrap: 'anywhere' }}>
      <Breakable text={action} after={CAMEL_CASE} />
    </Box>
  );
}

const actorOf = (l: AuditLog) => l.actor_name || l.actor_email;

/**
 * The columns, with the API's sort names as ids. They drop by priority on narrow screens (the source
 * address first); on a phone each row is a card. Every value is in the opened row as well.
 */
const COLUMNS: readonly Column<AuditLog>[] = [
  { id: 'created_at', header: 'Time', sortable: true, nowrap: true, cell: (l) => <DateTime value={l.created_at} /> },
  {
    id: 'actor_name',
    header: 'Actor',
    sortable: true,
    cell: (l) =>
      actorOf(l) || (
        <Typography variant="body2" color="text.secondary" component="span">
          Unknown
        </Typography>
      ),
    // The address under the name, wrapping after its "@" and dots rather than widening the column.
    secondary: (l) => (l.actor_name && l.actor_email ? <Breakable text={l.actor_email} /> : null),
  },
  {
    id: 'action',
    header: 'Action',
    sortable: true,
    // Its words with its raw name under them ("Update user" / UpdateUser); an unknown action as it came, marked unknown.
    cell: (l) => <KnownLabel label={actionLabel(l.action)} />,
    secondary: (l) => (actionWords(l.action) ? <RawAction action={l.action} /> : null),
  },
  { id: 'status', header: 'Status', sortable: true, cell: (l) => <AuditStatusChip status={l.status} /> },
  {
    id: 'source',
    header: 'Source address',
    sortable: true,
    mono: true,
    hideBelow: 'md',
    cell: (l) => l.source_ip_address || '—',
  },
];

/** The opening button's name: the entry as its row reads ("Details of Update user by Ada Admin, 22 Nov 2026, 17:16 UTC"). */
function detailsLabel(l: AuditLog): string {
  return `Details of ${actionWords(l.action) ?? l.action} by ${actorOf(l) || 'an unknown actor'}, ${formatDateTime(l.created_at)}`;
}

/**
 * The audit log's table: the shared DataTable in server mode, with rows that open in place to show an
 * entry's fields, ids and links (EntryDetails). Its TableProvider gives the page's controller, whose filters
 * include the date range, so the empty state's Clear filters clears the dates too.
 */
export function AuditTable({
  query,
  page,
  errorTitle = 'Could not load the audit log',
  knownUser,
}: {
  query: QueryStatus;
  page: { rows: readonly AuditLog[]; count: number } | undefined;
  errorTitle?: string;
  /** Whether an id is a user the console can open (links only to those). */
  knownUser?: KnownUser;
}) {
  const details = useMemo<RowDetails<AuditLog>>(
    () => ({ render: (l) => <EntryDetails log={l} knownUser={knownUser} />, label: detailsLabel }),
    [knownUser],
  );
  return (
    <DataTable
      label="Audit log"
      noun="audit entries"
      mode="server"
      page={page}
      columns={COLUMNS}
      query={query}
      rowKey={(l) => l.id}
      details={details}
      errorTitle={errorTitle}
      loadingLabel="Loading the audit log…"
      empty={{
        title: 'No audit entries yet',
        text: 'Changes made through the API and sign-in attempts are recorded here.',
      }}
      filteredEmptyText="Widen the date range or clear the filters."
    />
  );
}
