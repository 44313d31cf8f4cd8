import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import {
  adDomainsByName,
  dailyPoints,
  useAvailableDomains,
  useDataQualityHistory,
  useLatestDataQualityPoint,
  utcDay,
} from '@/api/domains';
import { PageHeader } from '@/components/PageHeader';
import { ErrorState, LoadingState } from '@/components/states';
import { useSearchState } from '@/components/table/use-search-state';
import {
  HistoryViews,
  NoDomains,
  NoPointsInRange,
  RangeSummary,
  UnknownDomainAlert,
  type View,
} from '@/features/data-quality/components/data-quality-views';
import { DomainPicker } from '@/features/data-quality/components/DomainPicker';
import { DataQualityRangePicker } from '@/features/data-quality/components/DataQualityRangePicker';
import { parseRange, windowOf, writeRange, type DateRange } from '@/features/data-quality/range';
import { chartSpecs } from '@/features/data-quality/series';

const TITLE = 'Data quality';

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
        <NoDomains anyDomain={domains.data.length > 0} />
      </>
    );
  }

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
      <NoPointsInRange
        domainName={domain.name}
        range={parsed.range}
        latestPending={latest.isPending}
        latestDay={latestDay}
        onRange={setRange}
      />
    );
  } else {
    body = (
      <HistoryViews
        view={view}
        onView={(v) => setParam('view', v === 'table' ? 'table' : null)}
        points={points}
        specs={specs}
        timeWindow={timeWindow}
        domainName={domain.name}
      />
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
          <DataQualityRangePicker key={rangeKey} parsed={parsed} onChange={setRange} />
        </Stack>
      </Paper>
      {unknownId !== null && <UnknownDomainAlert id={unknownId} domainCount={adDomains.length} />}
      {domain && parsed.ok && points.length > 0 && (
        <RangeSummary domainName={domain.name} range={parsed.range} days={points.length} />
      )}
      {body}
    </>
  );
}
