import Typography from '@mui/material/Typography';
import type { AttackPathFinding, FindingStatus, Severity } from '@/api/schemas/attack-paths';
import { Breakable, CellTag, type Column, type TagTone } from '@/components/table';
import { DateTime } from '@/components/time';

export const SEVERITY_LABELS: Readonly<Record<Severity, string>> = {
  critical: 'Critical',
  high: 'High',
  moderate: 'Moderate',
  low: 'Low',
};

const SEVERITY_TONES: Readonly<Record<Severity, TagTone>> = {
  critical: 'error',
  high: 'warning',
  moderate: 'info',
  low: 'default',
};

export const STATUS_LABELS: Readonly<Record<FindingStatus, string>> = {
  active: 'Active',
  accepted: 'Accepted',
  remediated: 'Remediated',
  deprecated: 'Deprecated',
  orphaned: 'Orphaned',
};

const STATUS_TONES: Readonly<Record<FindingStatus, TagTone>> = {
  active: 'primary',
  accepted: 'secondary',
  remediated: 'success',
  deprecated: 'default',
  orphaned: 'default',
};

const KIND_LABELS: Readonly<Record<AttackPathFinding['finding_type'], string>> = {
  relationship: 'Relationship',
  list: 'List',
};

/** A principal's name wraps after its "@" only ("SERVER ADMINS@" / "CORP.ACME.LOCAL"). */
const AFTER_AT = /(?<=@)/;

/** A principal's name, or a dash for a side the finding has none on (a hygiene finding's source). */
function principalName(name: string) {
  return name ? <Breakable text={name} after={AFTER_AT} /> : <span aria-label="None">—</span>;
}

function muted(text: string) {
  return text ? (
    <Typography variant="caption" color="text.secondary">
      {text}
    </Typography>
  ) : null;
}

/** Upstream's columns of the findings table; each sorts by its API column. */
export const FINDINGS_COLUMNS: readonly Column<AttackPathFinding>[] = [
  {
    id: 'severity',
    header: 'Severity',
    sortable: true,
    nowrap: true,
    cell: (f) => <CellTag label={SEVERITY_LABELS[f.severity]} tone={SEVERITY_TONES[f.severity]} />,
  },
  {
    id: 'title',
    header: 'Finding',
    sortable: true,
    rowHeader: true,
    cell: (f) => f.title,
    secondary: (f) => (f.title !== f.finding ? f.finding : null),
  },
  { id: 'finding_type', header: 'Type', sortable: true, hideBelow: 'xl', cell: (f) => KIND_LABELS[f.finding_type] },
  { id: 'platform', header: 'Platform', sortable: true, hideBelow: 'xl', cell: (f) => f.platform },
  {
    id: 'environment_name',
    header: 'Environment',
    sortable: true,
    hideBelow: 'md',
    nowrap: true,
    cell: (f) => f.environment_name,
  },
  { id: 'zone_name', header: 'Zone', sortable: true, hideBelow: 'xl', cell: (f) => f.zone_name },
  {
    id: 'source_principal_name',
    header: 'Source principal',
    sortable: true,
    cell: (f) => principalName(f.source_principal_name),
    secondary: (f) => muted(f.source_principal_kind),
  },
  {
    id: 'target_principal_name',
    header: 'Target principal',
    sortable: true,
    cell: (f) => principalName(f.target_principal_name),
    secondary: (f) => muted(f.target_principal_kind),
  },
  {
    id: 'status',
    header: 'Status',
    sortable: true,
    nowrap: true,
    cell: (f) => <CellTag label={STATUS_LABELS[f.status]} tone={STATUS_TONES[f.status]} variant="outlined" />,
  },
  {
    id: 'first_seen',
    header: 'First seen',
    sortable: true,
    hideBelow: 'xl',
    nowrap: true,
    cell: (f) => <DateTime value={f.first_seen} day />,
  },
  {
    id: 'last_seen',
    header: 'Last seen',
    sortable: true,
    hideBelow: 'md',
    nowrap: true,
    cell: (f) => <DateTime value={f.last_seen} day />,
  },
];
