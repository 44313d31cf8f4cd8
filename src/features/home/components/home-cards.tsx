import { pluralWord } from '@/shared/words';
import { formatCount } from '@/shared/count';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { userName } from '@/lib/user-name';
import { jobStatusLabel } from '@/api/schemas/wire-format';
import { labelText } from '@/shared/value-labels';
import { roleNameLabel } from '@/shared/permissions';
import { ssoProviderTypeLabel } from '@/api/schemas/sso';
import { KnownLabel } from '@/components/KnownLabel';
import type { useSelf } from '@/api/self';
import type { useVersion } from '@/api/version';
import type { useCompleteness } from '@/api/completeness';
import { completenessColor, completenessFigures } from '@/lib/completeness';
import { DateTime } from '@/components/time';
import { Breakable, DataTable, type Column, type TableSpec } from '@/components/table';
import type { FileUploadJob } from '@/api/schemas/file-upload';
import type { useAssetGroupsSummary } from '@/features/home/api/count-asset-groups';
import type { useCompletenessTrend } from '@/features/home/completeness-trend';
import type { SsoSummary, UsersSummary } from '@/features/home/summaries';
import { RECENT_UPLOADS, type useRecentUploads } from '@/features/home/api/recent-uploads';
import { BigNumber, SummaryCard } from './SummaryCard';

// The chart library loads with this component only, after the card shows its figures.
const CompletenessTrend = lazy(() => import('@/features/home/components/CompletenessTrend'));

/** The latest uploads: a short list that never pages or sorts (its table state, `uploads.*`, stays at its defaults). */
export const UPLOADS_SPEC: TableSpec = { prefix: 'uploads', sortable: [] };
const UPLOAD_COLUMNS: Column<FileUploadJob>[] = [
  { id: 'id', header: 'Job', rowHeader: true, nowrap: true, cell: (job) => `#${job.id}` },
  { id: 'start_time', header: 'Started', nowrap: true, cell: (job) => <DateTime value={job.start_time} /> },
  {
    id: 'status',
    header: 'Status',
    cell: (job) => (
      <span title={job.status_message}>
        <KnownLabel label={jobStatusLabel(job.status)} />
      </span>
    ),
  },
  {
    id: 'files',
    header: 'Files',
    align: 'right',
    nowrap: true,
    cell: (job) => `${job.total_files}${job.failed_files > 0 ? ` (${job.failed_files} failed)` : ''}`,
  },
  {
    id: 'user',
    header: 'Uploaded by',
    hideBelow: 'lg',
    cell: (job) => (job.user_email_address ? <Breakable text={job.user_email_address} /> : '—'),
  },
];

/** Who is signed in, with which roles, on which server. */
export function AccountCard({ self, version }: { self: ReturnType<typeof useSelf>; version: ReturnType<typeof useVersion> }) {
  return (
    <Paper component="section" aria-labelledby="home-account" sx={{ p: 2, height: '100%' }}>
      <Typography variant="h2" id="home-account" sx={{ fontSize: '1.1rem', mb: 1 }}>
        Your account
      </Typography>
      {self.data ? (
        <Stack spacing={0.5}>
          <Typography>
            Signed in as <strong>{userName(self.data)}</strong> ({self.data.principal_name})
          </Typography>
          <Typography>Roles: {self.data.roles.map((r) => labelText(roleNameLabel(r.name))).join(', ') || 'none'}</Typography>
        </Stack>
      ) : (
        <Typography color="text.secondary">{self.isError ? 'Your account could not be read.' : 'Loading…'}</Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        Server:{' '}
        {version.data
          ? `${version.data.server_version} · ${version.data.product_edition ?? 'unknown'} edition · API ${version.data.API.current_version}`
          : version.isError
            ? 'the version could not be read.'
            : 'loading…'}
      </Typography>
    </Paper>
  );
}

/**
 * Collection completeness: a bar a figure and, when there are two days to draw, the trend of the first
 * AD domain; an empty database is said as such. `mayReadDomains` links to data quality.
 */
export function CompletenessCard({
  completeness,
  databaseEmpty,
  trend,
  mayReadDomains,
}: {
  completeness: ReturnType<typeof useCompleteness>;
  databaseEmpty: boolean;
  trend: ReturnType<typeof useCompletenessTrend>;
  mayReadDomains: boolean;
}) {
  return (
    <SummaryCard
      title="Collection completeness"
      link={mayReadDomains ? { to: '/data-quality', label: 'View data quality' } : { to: '/entities', label: 'Look up entities' }}
      more={mayReadDomains ? { to: '/entities', label: 'Look up entities' } : undefined}
      query={completeness}
    >
      {completeness.data && databaseEmpty ? (
        <EmptyDatabase />
      ) : completeness.data ? (
        <Stack spacing={1.5}>
          {completenessFigures(completeness.data).length === 0 ? (
            <Typography color="text.secondary">The server reported no completeness figures.</Typography>
          ) : (
            completenessFigures(completeness.data).map((f) => (
              <Box key={f.key}>
                <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                  <Typography variant="body2">{f.label}</Typography>
                  <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {f.percent.toFixed(0)}%
                  </Typography>
                </Stack>
                <LinearProgress
                  variant="determinate"
                  value={f.percent}
                  aria-label={f.label}
                  aria-valuetext={`${f.percent.toFixed(0)}%`}
                  sx={{ height: 8, borderRadius: 4 }}
                  color={completenessColor(f.label) ?? 'primary'}
                />
              </Box>
            ))
          )}
          <Typography variant="caption" color="text.secondary">
            Share of computers whose local groups and sessions have been collected.
          </Typography>
          {trend && (
            <Suspense fallback={<Skeleton variant="rounded" height={180} aria-hidden />}>
              <CompletenessTrend points={trend.points} window={trend.window} domainName={trend.domainName} />
            </Suspense>
          )}
        </Stack>
      ) : null}
    </SummaryCard>
  );
}

/** A card counting one thing: its big number, what it counts (`noun`), and a detail under it. */
function CountCard<T>({
  title,
  link,
  query,
  noun,
  count,
}: {
  title: string;
  link: { to: string; label: string };
  query: UseQueryResult<T>;
  noun: string;
  count: (data: T) => { value: number; detail: string };
}) {
  const figure = query.data === undefined ? null : count(query.data);
  return (
    <SummaryCard title={title} link={link} query={query}>
      {figure && <BigNumber value={figure.value} label={pluralWord(figure.value, noun)} detail={figure.detail} />}
    </SummaryCard>
  );
}

/** How many users there are, and how many of them are disabled. */
export function UsersCard({ users }: { users: UseQueryResult<UsersSummary> }) {
  const count = (u: UsersSummary) => ({ value: u.total, detail: u.disabled > 0 ? `${u.disabled} disabled` : 'none disabled' });
  return <CountCard title="Users" link={{ to: '/users', label: 'View users' }} query={users} noun="user" count={count} />;
}

/** How many asset groups there are, with their members in all. */
export function AssetGroupsCard({ assetGroups }: { assetGroups: ReturnType<typeof useAssetGroupsSummary> }) {
  return (
    <CountCard
      title="Asset groups"
      link={{ to: '/asset-groups', label: 'View asset groups' }}
      query={assetGroups}
      noun="asset group"
      count={(g) => ({ value: g.total, detail: `${formatCount(g.members)} members in all` })}
    />
  );
}

/** How many SSO providers there are, by type. */
export function SsoProvidersCard({ sso }: { sso: UseQueryResult<SsoSummary> }) {
  const byType = (s: SsoSummary) =>
    Object.entries(s.byType)
      .sort()
      .map(([t, n]) => `${n} ${labelText(ssoProviderTypeLabel(t))}`)
      .join(' · ') || 'none configured';
  return (
    <CountCard
      title="SSO providers"
      link={{ to: '/sso-providers', label: 'View SSO providers' }}
      query={sso}
      noun="SSO provider"
      count={(s) => ({ value: s.total, detail: byType(s) })}
    />
  );
}

/** The latest file upload jobs, in a short table that never pages or sorts. */
export function RecentUploadsCard({ uploads }: { uploads: ReturnType<typeof useRecentUploads> }) {
  return (
    <SummaryCard title="Recent file uploads" link={{ to: '/file-ingest', label: 'View file ingest' }} query={uploads}>
      {uploads.data &&
        (uploads.data.data.length === 0 ? (
          <Typography color="text.secondary">
            No upload jobs on record: no files have been uploaded, or the file ingest history was cleared.
          </Typography>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              The latest {Math.min(RECENT_UPLOADS, uploads.data.data.length)} of {uploads.data.count} upload jobs.
            </Typography>
            <DataTable
              label="Recent file uploads"
              noun="upload jobs"
              mode="client"
              pager={false}
              columns={UPLOAD_COLUMNS}
              query={uploads}
              rows={uploads.data.data}
              rowKey={(job) => job.id}
              empty={{ title: 'No upload jobs on record' }}
            />
          </>
        ))}
    </SummaryCard>
  );
}

/** The completeness card of a graph with no domain: an empty database, said calmly, with what fills it. */
function EmptyDatabase() {
  return (
    <Alert severity="info">
      <AlertTitle>The database is empty</AlertTitle>
      It holds no collected data: none has been uploaded yet, or the database was cleared. Collection completeness shows once
      collector files are uploaded and analyzed: upload them under{' '}
      <Link component={RouterLink} to="/file-ingest">
        File ingest
      </Link>
      , or let a collection client collect.
    </Alert>
  );
}
