import Box from '@mui/material/Box';
import AcceptIcon from '@mui/icons-material/TaskAltOutlined';
import StopAcceptingIcon from '@mui/icons-material/UndoOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { describeError } from '@/api/errors';
import { attackPathOps } from '@/api/operations/attack-paths';
import { useNotice } from '@/components/notice';
import { RestrictedNote } from '@/components/RestrictedNote';
import { Breakable, DataTable, TableProvider, useTableState, type Column, type TableSpec } from '@/components/table';
import { DateTime } from '@/components/time';
import { useAccess } from '@/lib/access';
import { timeOf } from '@/shared/format';
import { useDomainDetailsPage, useRiskAcceptance, type DomainFinding } from '@/features/attack-paths/api/attack-paths';
import { AcceptRiskDialog, type AcceptTarget } from './AcceptRiskDialog';
import { findingName, principalsOf } from './principals';
import { percent, SeverityTag } from './severity';

/** Most severe first (severity in its order, critical to low), the largest shares first on their first click. */
const SPEC: TableSpec = {
  sortable: ['Severity', 'ExposurePercentage', 'ImpactPercentage', 'accepted_until'],
  defaultSort: [{ column: 'Severity', descending: false }],
  descendingFirst: ['ExposurePercentage', 'ImpactPercentage', 'accepted_until'],
};

function AcceptedUntil({ f }: { f: DomainFinding }) {
  if (!f.Accepted) return <>—</>;
  return timeOf(f.AcceptedUntil) === null ? <>No expiry</> : <DateTime value={f.AcceptedUntil} />;
}

function principalColumn(id: string, header: string, which: 'from' | 'to', rowHeader: boolean): Column<DomainFinding> {
  return {
    id,
    header,
    rowHeader,
    cell: (f) => {
      const p = principalsOf(f)[which];
      return p ? <Breakable text={p.name} /> : '—';
    },
    secondary: (f) => principalsOf(f)[which]?.kind,
  };
}

const shares = (withExposure: boolean, withAccepted: boolean): Column<DomainFinding>[] => [
  ...(withExposure
    ? [
        {
          id: 'ExposurePercentage',
          header: 'Exposure',
          align: 'right' as const,
          sortable: true,
          nowrap: true,
          cell: (f: DomainFinding) => percent('ExposurePercentage' in f ? f.ExposurePercentage : null),
        },
      ]
    : []),
  {
    id: 'ImpactPercentage',
    header: 'Impact',
    align: 'right',
    sortable: true,
    nowrap: true,
    cell: (f) => percent(f.ImpactPercentage),
  },
  { id: 'Severity', header: 'Severity', sortable: true, nowrap: true, cell: (f) => <SeverityTag severity={f.Severity} /> },
  // Only accepted findings have an expiry: the column shows with them.
  ...(withAccepted
    ? [{ id: 'accepted_until', header: 'Accepted until', sortable: true, cell: (f: DomainFinding) => <AcceptedUntil f={f} /> }]
    : []),
];

const columnsOf = (relationship: boolean, withAccepted: boolean): Column<DomainFinding>[] =>
  relationship
    ? [
        principalColumn('from', 'From principal', 'from', true),
        principalColumn('to', 'To principal', 'to', false),
        ...shares(true, withAccepted),
      ]
    : [principalColumn('principal', 'Principal', 'to', true), ...shares(false, withAccepted)];

/**
 * The principals of one finding type in an environment, a page at a time from the server, sortable, with the
 * accepted ones hidden unless asked for. A row links to its path; people who may manage risks accept a
 * finding's risk, or stop accepting it, from its row.
 */
export function PrincipalsTable({
  domainId,
  finding,
  zoneId,
  kind,
  typeTitle,
  showAccepted,
  onShowAccepted,
  rowHref,
  selected,
}: {
  domainId: string;
  finding: string;
  zoneId: number | undefined;
  kind: 'relationship' | 'list';
  typeTitle: string;
  showAccepted: boolean;
  onShowAccepted: (show: boolean) => void;
  rowHref: (f: DomainFinding) => string;
  /** The finding whose path the page shows: its row is marked. */
  selected: number | null;
}) {
  const table = useTableState(SPEC);
  const details = useDomainDetailsPage(domainId, {
    finding,
    zoneId,
    accepted: showAccepted ? undefined : false,
    table: table.query,
  });
  const manage = useAccess(attackPathOps.updateAttackPathRisk);
  const stop = useRiskAcceptance();
  const { notify } = useNotice();
  const [accepting, setAccepting] = useState<AcceptTarget | null>(null);
  const rows = details.data?.data as readonly DomainFinding[] | undefined;
  // The answer's own shape wins over the documentation's word once rows are there.
  const relationship = rows && rows.length > 0 ? 'FromPrincipal' in rows[0]! : kind === 'relationship';
  const columns = useMemo(() => columnsOf(relationship, showAccepted), [relationship, showAccepted]);

  const actions = useMemo(() => {
    if (!manage.allowed) return undefined;
    const Actions = (f: DomainFinding) => {
      const name = findingName(f);
      return f.Accepted ? (
        <Tooltip title="Stop accepting">
          <span>
            <IconButton
              aria-label={`Stop accepting ${name}`}
              disabled={stop.isPending && stop.variables?.id === f.id}
              onClick={() =>
                stop.mutate(
                  { id: f.id, accepted: false },
                  {
                    onSuccess: () => notify(`No longer accepting the risk of ${name}`),
                    onError: (error) =>
                      notify({ message: `Could not stop accepting ${name}: ${describeError(error)}`, severity: 'error' }),
                  },
                )
              }
            >
              <StopAcceptingIcon />
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Tooltip title="Accept risk">
          <IconButton aria-label={`Accept risk of ${name}`} onClick={() => setAccepting({ id: f.id, name })}>
            <AcceptIcon />
          </IconButton>
        </Tooltip>
      );
    };
    return Actions;
  }, [manage.allowed, stop, notify]);

  return (
    <TableProvider table={table}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h3" component="h3">
          Principals
        </Typography>
        <FormControlLabel
          control={<Switch checked={showAccepted} onChange={(_, on) => onShowAccepted(on)} />}
          label="Show accepted"
        />
      </Box>
      <RestrictedNote missing={manage.missing} canDo="You can look at the findings" cannot="accept their risk" />
      <DataTable
        label={`Principals of ${typeTitle}`}
        noun="findings"
        mode="server"
        columns={columns}
        query={details}
        page={rows ? { rows, count: details.data?.count } : undefined}
        rowKey={(f) => f.id}
        rowHref={rowHref}
        rowCurrent={(f) => f.id === selected}
        rowLabel={findingName}
        actions={actions}
        empty={{
          title: showAccepted ? 'No findings of this type' : 'No open findings of this type',
          text: showAccepted ? undefined : 'Every finding of this type is accepted. Turn on Show accepted to see them.',
        }}
      />
      <AcceptRiskDialog
        target={accepting}
        onClose={() => setAccepting(null)}
        onAccepted={(message) => {
          setAccepting(null);
          notify(message);
        }}
      />
    </TableProvider>
  );
}
