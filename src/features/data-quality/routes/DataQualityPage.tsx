import { plural } from '@/shared/words';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  adDomainsByName,
  dailyPoints,
  lastDaysWindow,
  useAvailableDomains,
  useDataQualityHistory,
  useLatestDataQualityPoint,
  utcDay,
} from '@/api/domains';
import { PageHeader } from '@/components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { useSearchState } from '@/components/table/use-search-state';
import { formatDay } from '@/shared/format';
import { DataQualityTable } from '@/features/data-quality/components/DataQualityTable';
import { DomainPicker } from '@/features/data-quality/components/DomainPicker';
import { RangePicker } from '@/features/data-quality/components/RangePicker';
import { parseRange, rangeLabel, windowOf, writeRange, type DateRange } from '@/features/data-quality/range';
import { chartSpecs } from '@/features/data-quality/series';

// The chart library loads with this component only, after the page shows (see docs/console.md, "Data quality").
const DataQualityCharts = lazy(() => import('@/features/data-quality/components/DataQualityCharts'));

const TITLE = 'Data quality';
type View = 'charts' | 'table';

/**
 * One AD domain's data quality over time: what each analysis counted (users, groups, computers, ACLs,
 * sessions, …) and how complete session and local-group collection was, as charts and as a table. The
 * domain (`domain`, its id), the range (`range`, or `from` and `to`) and the view (`view=table`) are in
 * the URL, so a link opens the same view.
 */
export default function DataQualityPage() {
  const [params, update] = useSearchState();
  const domains = useAvailableDomains();
  const adDomains = useMemo(() => adDomainsByName(domains.data ?? []), [domains.data]);
  const wantedId = params.get('domain');
  const domain = wantedId === null ? (adDomains[0] ?? null) : (adDomains.find((d) => d.id === wantedId) ?? null);
  const unknownId = domains.isSuccess && wantedId !== null && domain === null ? wantedId : null;

  const parsed = parseRange(params);
  const rangeKey =
    params.get('from') !== null || params.get('to') !== null ? `${params.get('from')}..${params.get('to')}` : 'preset';
  // The window of a preset ends today: recomputed when the range changes, not on every render.
  const timeWindow = useMemo(() => (parsed.ok ? windowOf(parsed.range) : null), [JSON.stringify(parsed)]); // eslint-disable-line react-hooks/exhaustive-deps
  const history = useDataQualityHistory(domain?.id ?? null, timeWindow);
  const points = useMemo(() => dailyPoints(history.data?.points ?? []), [history.data]);
  const specs = useMemo(() => chartSpecs(points), [points]);
  const view: View = params.get('view') === 'table' ? 'table' : 'charts';
  // An empty range: where the domain's history ends, to offer the days up to it.
  const latest = useLatestDataQualityPoint(domain?.id ?? null, { enabled: history.isSuccess && points.length === 0 });
  const latestDay = latest.data ? utcDay(latest.data.created_at) : null;

  const setParam = (name: string, value: string | null) =>
    update((p) => {
      const next = new URLSearchParams(p);
      if (value === null) next.delete(name);
      else next.set(name, value);
      return next;
    });
  const setRange = (range: DateRange) => update((p) => writeRange(p, range));

  const header = (
    <PageHeader
      title={TITLE}
      description="What each analysis of a domain counted, and how complete session and local-group collection was, day by day."
    />
  );

  if (domains.isPending) {
    return (
      <>
        {header}
        <LoadingState label="Loading domains…" />
      </>
    );
  }
  if (domains.isError) {
    return (
      <>
        {header}
        <ErrorState error={domains.error} title="Could not load the domains" onRetry={() => void domains.refetch()} />
      </>
    );
  }
  if (adDomains.length === 0) {
    return (
      <>
        {header}
        <EmptyState
          title="No domains have been collected yet"
          action={
            <Link component={RouterLink} to="/file-ingest">
              Go to File ingest
            </Link>
          }
        >
          {domains.data.length > 0
            ? 'Data quality is kept per Active Directory domain, and none has been collected. Upload collected files to add one.'
            : 'Upload collected files, and analysis adds each domain and its data quality here.'}
        </EmptyState>
      </>
    );
  }

  const panelId = 'data-quality-panel';
  let body;
  if (unknownId !== null || !domain) {
    body = null;
  } else if (!parsed.ok || !timeWindow) {
    body = (
      <Alert severity="info" sx={{ mt: 2 }}>
        Correct the custom range above to show data.
      </Alert>
    );
  } else if (history.isPending) {
    body = <LoadingState label={`Loading data quality of ${domain.name}…`} />;
  } else if (history.isError) {
    body = <ErrorState error={history.error} title="Could not load the data quality" onRetry={() => void history.refetch()} />;
  } else if (points.length === 0) {
    body = (
      <EmptyState
        title="No data-quality points in this range"
        action={
          latestDay ? (
            <Button
              onClick={() =>
                setRange({ kind: 'custom', from: utcDay(lastDaysWindow(30, Date.parse(latestDay)).start), to: latestDay })
              }
            >
              Show the 30 days up to {formatDay(latestDay)}
            </Button>
          ) : undefined
        }
      >
        {latest.isPending
          ? `Each completed analysis adds one, and none of ${domain.name} falls in this range (${rangeLabel(parsed.range, formatDay)}).`
          : latestDay
            ? `Each completed analysis adds one, and none of ${domain.name} falls in this range (${rangeLabel(parsed.range, formatDay)}). Its latest is from ${formatDay(latestDay)}.`
            : `${domain.name} has no data-quality points yet: each completed analysis adds one.`}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
          <Tabs value={view} onChange={(_, v: View) => setParam('view', v === 'table' ? 'table' : null)} aria-label="View">
            <Tab label="Charts" value="charts" id="dq-tab-charts" aria-controls={panelId} />
            <Tab label="Table" value="table" id="dq-tab-table" aria-controls={panelId} />
          </Tabs>
        </Box>
        <Box role="tabpanel" id={panelId} aria-labelledby={`dq-tab-${view}`}>
          {view === 'table' ? (
            <DataQualityTable points={points} domainName={domain.name} />
          ) : (
            <Suspense fallback={<LoadingState label="Loading the charts…" />}>
              <DataQualityCharts specs={specs} points={points} window={timeWindow} />
            </Suspense>
          )}
        </Box>
      </>
    );
  }

  return (
    <>
      {header}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <DomainPicker
            domains={adDomains}
            value={domain}
            onChange={(d) => setParam('domain', d.id)}
            error={unknownId !== null ? 'Not a known domain: choose one' : undefined}
          />
          <RangePicker key={rangeKey} parsed={parsed} onChange={setRange} />
        </Stack>
      </Paper>
      {unknownId !== null && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          No available domain has the ID “{unknownId}”: it may have been cleared from the database, or the link is mistyped.
          Choose one of the {adDomains.length} domains above.
        </Alert>
      )}
      {domain && parsed.ok && points.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
          {domain.name}: {rangeLabel(parsed.range, formatDay)}, {plural(points.length, 'day')} with an analysis (the last analysis
          of each day).
        </Typography>
      )}
      {body}
    </>
  );
}
