import { pluralWord } from '@/shared/words';
import { formatCount } from '@/shared/count';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { parseISO } from 'date-fns';
import { lazy, Suspense, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { userName } from '@/lib/user-name';
import { jobStatusLabel } from '@/api/schemas/common';
import { labelText } from '@/shared/value-labels';
import { roleNameLabel } from '@/shared/permissions';
import { ssoProviderTypeLabel } from '@/api/schemas/sso';
import { KnownLabel } from '@/components/KnownLabel';
import { useSelf } from '@/api/self';
import { useAccess } from '@/lib/access';
import { useVersion } from '@/api/version';
import { useCompleteness } from '@/api/completeness';
import {
  adDomainsByName,
  dailyPoints,
  lastDaysWindow,
  useAvailableDomains,
  useDataQualityHistory,
  useLatestDataQualityPoint,
} from '@/api/domains';
import { completenessColor, completenessFigures } from '@/lib/completeness';
import { PageHeader } from '@/components/PageHeader';
import { DateTime } from '@/components/Time';
import { Breakable, DataTable, useTableState, type Column, type TableSpec } from '@/components/table';
import type { FileUploadJob } from '@/api/schemas/file-upload';
import { useAssetGroupsSummary } from '@/features/home/api/count-asset-groups';
import { useSsoProviders } from '@/api/sso-providers';
import { useUsers } from '@/api/users';
import { summarizeSsoProviders, summarizeUsers } from '@/features/home/summaries';
import { RECENT_UPLOADS, useRecentUploads } from '@/features/home/api/recent-uploads';
import { BigNumber, SummaryCard } from '@/features/home/components/SummaryCard';

// The chart library loads with this component only, after the card shows its figures.
const CompletenessTrend = lazy(() => import('@/features/home/components/CompletenessTrend'));

/** The latest uploads: a short list that never pages or sorts (its table state, `uploads.*`, stays at its defaults). */
const UPLOADS_SPEC: TableSpec = { prefix: 'uploads', sortable: [] };
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

/**
 * The signed-in user and role, collection completeness, counts of users,
 * asset groups and SSO providers, and the latest file uploads. Every card is
 * its own query, so they load in parallel and fail on their own.
 */
export default function HomePage() {
  const self = useSelf();
  const version = useVersion();
  // Only the cards the person may read (by the access table) are shown and fetched.
  const may = {
    completeness: useAccess('GET', '/api/v2/completeness').allowed,
    users: useAccess('GET', '/api/v2/app-users').allowed,
    assetGroups: useAccess('GET', '/api/v2/asset-groups').allowed,
    domains: useAccess('GET', '/api/v2/available-domains').allowed,
  };
  const completeness = useCompleteness({ enabled: may.completeness });
  const trend = useCompletenessTrend(may.completeness && may.domains);
  // No domain in the graph: nothing was collected yet, or the database was cleared (the trend's list, read once).
  const domains = useAvailableDomains({ enabled: may.completeness && may.domains });
  const databaseEmpty = domains.data?.length === 0;
  const users = useUsers({ select: summarizeUsers, enabled: may.users });
  const assetGroups = useAssetGroupsSummary({ enabled: may.assetGroups });
  const sso = useSsoProviders({ select: summarizeSsoProviders });
  const uploads = useRecentUploads();
  const uploadsTable = useTableState(UPLOADS_SPEC);

  return (
    <>
      <PageHeader title="Home" description={self.data ? `Welcome, ${userName(self.data)}.` : undefined} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper component="section" aria-labelledby="home-account" sx={{ p: 2, height: '100%' }}>
            <Typography variant="h2" id="home-account" sx={{ fontSize: '1.1rem', mb: 1 }}>
              Your account
            </Typography>
            {self.data ? (
              <Stack spacing={0.5}>
                <Typography>
                  Signed in as <strong>{userName(self.data)}</strong> ({self.data.principal_name})
                </Typography>
                <Typography>
                  Roles: {self.data.roles.map((r) => labelText(roleNameLabel(r.name))).join(', ') || 'none'}
                </Typography>
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
        </Grid>

        {may.completeness && (
          <Grid size={{ xs: 12, md: 6 }}>
            <SummaryCard
              title="Collection completeness"
              link={
                may.domains ? { to: '/data-quality', label: 'View data quality' } : { to: '/entities', label: 'Look up entities' }
              }
              more={may.domains ? { to: '/entities', label: 'Look up entities' } : undefined}
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
          </Grid>
        )}

        {may.users && (
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <SummaryCard title="Users" link={{ to: '/users', label: 'View users' }} query={users}>
              {users.data && (
                <BigNumber
                  value={users.data.total}
                  label={pluralWord(users.data.total, 'user')}
                  detail={users.data.disabled > 0 ? `${users.data.disabled} disabled` : 'none disabled'}
                />
              )}
            </SummaryCard>
          </Grid>
        )}
        {may.assetGroups && (
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <SummaryCard title="Asset groups" link={{ to: '/asset-groups', label: 'View asset groups' }} query={assetGroups}>
              {assetGroups.data && (
                <BigNumber
                  value={assetGroups.data.total}
                  label={pluralWord(assetGroups.data.total, 'asset group')}
                  detail={`${formatCount(assetGroups.data.members)} members in all`}
                />
              )}
            </SummaryCard>
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SummaryCard title="SSO providers" link={{ to: '/sso-providers', label: 'View SSO providers' }} query={sso}>
            {sso.data && (
              <BigNumber
                value={sso.data.total}
                label={pluralWord(sso.data.total, 'SSO provider')}
                detail={
                  Object.entries(sso.data.byType)
                    .sort()
                    .map(([t, n]) => `${n} ${labelText(ssoProviderTypeLabel(t))}`)
                    .join(' · ') || 'none configured'
                }
              />
            )}
          </SummaryCard>
        </Grid>

        <Grid size={12}>
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
                    table={uploadsTable}
                    query={uploads}
                    rows={uploads.data.data}
                    rowKey={(job) => job.id}
                    empty={{ title: 'No upload jobs on record' }}
                  />
                </>
              ))}
          </SummaryCard>
        </Grid>
      </Grid>
    </>
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

/**
 * 30 days of session and local-group completeness of the first AD domain by name, up to its newest
 * data-quality point (today's on a server that analyzes daily; an older one still draws its last month),
 * for the completeness card; null until there are two days to draw, and for people who may not read
 * domains (nothing is requested for them).
 */
function useCompletenessTrend(enabled: boolean) {
  const domains = useAvailableDomains({ enabled });
  const domain = domains.data ? (adDomainsByName(domains.data)[0] ?? null) : null;
  const latest = useLatestDataQualityPoint(domain?.id ?? null, { enabled });
  const newest = latest.data?.created_at ?? null;
  const timeWindow = useMemo(() => (newest ? lastDaysWindow(30, parseISO(newest).getTime()) : null), [newest]);
  const history = useDataQualityHistory(domain?.id ?? null, timeWindow, { enabled });
  const points = useMemo(() => dailyPoints(history.data?.points ?? []), [history.data]);
  return enabled && domain && timeWindow && points.length >= 2 ? { points, window: timeWindow, domainName: domain.name } : null;
}
