import { plural } from '@/shared/words';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { lastDaysWindow, utcDay, type TimeWindow } from '@/api/domains';
import { EmptyState, LoadingState } from '@/components/states';
import { formatDay } from '@/shared/format';
import { DataQualityTable, type DailyPoint } from '@/features/data-quality/components/DataQualityTable';
import { rangeLabel, type DateRange } from '@/features/data-quality/range';
import type { ChartSpec } from '@/features/data-quality/series';

// The chart library loads with this component only, after the page shows (see docs/console.md, "Data quality").
const DataQualityCharts = lazy(() => import('@/features/data-quality/components/DataQualityCharts'));

export type View = 'charts' | 'table';

/** No AD domain to show: where domains come from. */
export function NoDomains({ anyDomain }: { anyDomain: boolean }) {
  return (
    <EmptyState
      title="No domains have been collected yet"
      action={
        <Link component={RouterLink} to="/file-ingest">
          Go to File ingest
        </Link>
      }
    >
      {anyDomain
        ? 'Data quality is kept per Active Directory domain, and none has been collected. Upload collected files to add one.'
        : 'Upload collected files, and analysis adds each domain and its data quality here.'}
    </EmptyState>
  );
}

/** The URL names a domain that is not (or no longer) available. */
export function UnknownDomainAlert({ id, domainCount }: { id: string; domainCount: number }) {
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      No available domain has the ID “{id}”: it may have been cleared from the database, or the link is mistyped. Choose one of
      the {domainCount} domains above.
    </Alert>
  );
}

/** What the charts and table show: the domain, the range and how many days have an analysis. */
export function RangeSummary({ domainName, range, days }: { domainName: string; range: DateRange; days: number }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
      {domainName}: {rangeLabel(range, formatDay)}, {plural(days, 'day')} with an analysis (the last analysis of each day).
    </Typography>
  );
}

/**
 * No point in the range: says where the domain's history ends (`latestDay`, null while unknown or when
 * there is none) and offers the 30 days up to it.
 */
export function NoPointsInRange({
  domainName,
  range,
  latestPending,
  latestDay,
  onRange,
}: {
  domainName: string;
  range: DateRange;
  latestPending: boolean;
  latestDay: string | null;
  onRange: (range: DateRange) => void;
}) {
  const inRange = `Each completed analysis adds one, and none of ${domainName} falls in this range (${rangeLabel(range, formatDay)}).`;
  return (
    <EmptyState
      title="No data-quality points in this range"
      action={
        latestDay ? (
          <Button
            onClick={() =>
              onRange({ kind: 'custom', from: utcDay(lastDaysWindow(30, Date.parse(latestDay)).start), to: latestDay })
            }
          >
            Show the 30 days up to {formatDay(latestDay)}
          </Button>
        ) : undefined
      }
    >
      {latestPending
        ? inRange
        : latestDay
          ? `${inRange} Its latest is from ${formatDay(latestDay)}.`
          : `${domainName} has no data-quality points yet: each completed analysis adds one.`}
    </EmptyState>
  );
}

/** The points as charts or as a table, one tab each. */
export function HistoryViews({
  view,
  onView,
  points,
  specs,
  timeWindow,
  domainName,
}: {
  view: View;
  onView: (view: View) => void;
  points: readonly DailyPoint[];
  specs: ChartSpec[];
  timeWindow: TimeWindow;
  domainName: string;
}) {
  const panelId = 'data-quality-panel';
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={view} onChange={(_, v: View) => onView(v)} aria-label="View">
          <Tab label="Charts" value="charts" id="dq-tab-charts" aria-controls={panelId} />
          <Tab label="Table" value="table" id="dq-tab-table" aria-controls={panelId} />
        </Tabs>
      </Box>
      <Box role="tabpanel" id={panelId} aria-labelledby={`dq-tab-${view}`}>
        {view === 'table' ? (
          <DataQualityTable points={points} domainName={domainName} />
        ) : (
          <Suspense fallback={<LoadingState label="Loading the charts…" />}>
            <DataQualityCharts specs={specs} points={points} window={timeWindow} />
          </Suspense>
        )}
      </Box>
    </>
  );
}
