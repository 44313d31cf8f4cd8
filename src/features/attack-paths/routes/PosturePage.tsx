import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { daysOf, lastDaysWindow, useAvailableDomains } from '@/api/domains';
import { useTags } from '@/api/privilege-zone-tags';
import type { DomainSelector } from '@/api/schemas/data-quality';
import { TagType } from '@/api/schemas/privilege-zones';
import { PageHeader } from '@/components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { useSearchState } from '@/components/table/use-search-state';
import { compareText } from '@/shared/compare-text';
import { formatDay } from '@/shared/format';
import { inWords } from '@/shared/words';
import { useFindingTrends, usePostureHistories, usePostureHistory } from '@/features/attack-paths/api/attack-paths';
import { AttackPathsNotice, useNeedsEnterprise } from '@/features/attack-paths/components/AttackPathsNotice';
import { FigureSection } from '@/features/attack-paths/components/posture/FigureSection';
import {
  EnvironmentPicker,
  PostureRangePicker,
  ScalePicker,
  ZonePicker,
} from '@/features/attack-paths/components/posture/posture-filters';
import {
  postureRangeLabel,
  postureWindow,
  readPostureRange,
  thirtyDaysUpTo,
  writePostureRange,
  type PostureRange,
} from '@/features/attack-paths/components/posture/posture-range';
import { POSTURE_FIGURES, withZone } from '@/features/attack-paths/components/posture/posture-series';
import { TrendsSummary } from '@/features/attack-paths/components/posture/TrendsSummary';

const TITLE = 'Posture';
const FIGURE_TYPES = POSTURE_FIGURES.map((f) => f.type);
/** How far back the page looks for the newest figure when a range holds none (the history the server keeps). */
const HISTORY_DAYS = 400;

/** The environments posture is kept for: AD domains and Azure tenants, by name. */
function postureEnvironments(domains: readonly DomainSelector[]): DomainSelector[] {
  return domains
    .filter((d) => ['active-directory', 'azure'].includes(d.type.toLowerCase()))
    .sort((a, b) => compareText(a.name, b.name));
}

/**
 * The posture of the chosen environments and zone over a window: the findings at its start and end by
 * type, and one chart per posture figure with its figures as a table. The environments (`environment`,
 * repeated; all when absent, none when empty), the zone (`zone`, Tier Zero when absent), the range
 * (`range`, or `after` and `before`) and the scale (`scale=log`) are in the URL, so a link reopens the view.
 */
export default function PosturePage() {
  const [params, update] = useSearchState();
  const domains = useAvailableDomains();
  const zones = useTags(TagType.Zone);

  const environments = useMemo(() => postureEnvironments(domains.data ?? []), [domains.data]);
  const wanted = params.getAll('environment');
  const picked = wanted.length === 0 ? environments : environments.filter((d) => wanted.includes(d.id));
  const unknownIds = domains.isSuccess ? wanted.filter((id) => id !== '' && !environments.some((d) => d.id === id)) : [];

  const sortedZones = useMemo(
    () => [...(zones.data ?? [])].sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity) || a.id - b.id),
    [zones.data],
  );
  const wantedZone = params.get('zone');
  const zone = wantedZone === null ? (sortedZones[0] ?? null) : (sortedZones.find((z) => String(z.id) === wantedZone) ?? null);
  const unknownZone = zones.isSuccess && wantedZone !== null && zone === null;

  const parsed = readPostureRange(params);
  const rangeKey = params.has('after') || params.has('before') ? `${params.get('after')}..${params.get('before')}` : 'preset';
  // A preset's window ends today: recomputed when the range changes, not on every render.
  const timeWindow = useMemo(() => (parsed.ok ? postureWindow(parsed.range) : null), [JSON.stringify(parsed)]); // eslint-disable-line react-hooks/exhaustive-deps
  const scale = params.get('scale') === 'log' ? 'log' : 'linear';

  const ready = timeWindow !== null && zone !== null && picked.length > 0;
  const w = {
    environments: picked.map((d) => d.id),
    zoneId: zone?.id,
    start: timeWindow?.start,
    end: timeWindow?.end,
  };
  const histories = usePostureHistories(FIGURE_TYPES, w, { enabled: ready });
  const trends = useFindingTrends(w, { enabled: ready });
  const needsEnterprise = useNeedsEnterprise(...histories.map((h) => h.error), trends.error);
  const allEmpty = histories.every((h) => h.isSuccess && h.data.data.length === 0);
  // A range with nothing in it: where these environments' history ends, to offer the days up to it.
  const latest = usePostureHistory('findings', { ...w, ...lastDaysWindow(HISTORY_DAYS) }, { enabled: ready && allEmpty });
  const latestDay = latest.data?.data.at(-1)?.date.slice(0, 10) ?? null;
  const days = useMemo(() => (timeWindow ? daysOf(timeWindow) : []), [timeWindow]);

  const change = (edit: (next: URLSearchParams) => void) =>
    update((p) => {
      const next = new URLSearchParams(p);
      edit(next);
      return next;
    });
  const setEnvironments = (chosen: DomainSelector[]) =>
    change((next) => {
      next.delete('environment');
      if (chosen.length === 0) next.set('environment', '');
      else if (chosen.length < environments.length) for (const d of chosen) next.append('environment', d.id);
    });
  const setZone = (id: number) =>
    change((next) => {
      if (id === sortedZones[0]?.id) next.delete('zone');
      else next.set('zone', String(id));
    });
  const setRange = (range: PostureRange) => update((p) => writePostureRange(p, range));
  const setScale = (s: 'linear' | 'log') =>
    change((next) => {
      if (s === 'log') next.set('scale', 'log');
      else next.delete('scale');
    });

  const header = (
    <PageHeader
      title={TITLE}
      description="How the findings into a zone, its exposure and its members changed over time, summed over the environments you pick."
    />
  );

  if (needsEnterprise) {
    return (
      <>
        {header}
        <AttackPathsNotice feature="Posture" />
      </>
    );
  }
  const setup = domains.isPending
    ? { loading: 'Loading environments…' }
    : domains.isError
      ? { error: domains.error, title: 'Could not load the environments', retry: () => void domains.refetch() }
      : zones.isPending
        ? { loading: 'Loading zones…' }
        : zones.isError
          ? { error: zones.error, title: 'Could not load the zones', retry: () => void zones.refetch() }
          : null;
  if (setup) {
    return (
      <>
        {header}
        {'loading' in setup ? (
          <LoadingState label={setup.loading} />
        ) : (
          <ErrorState error={setup.error} title={setup.title} onRetry={setup.retry} />
        )}
      </>
    );
  }
  if (environments.length === 0) {
    return (
      <>
        {header}
        <EmptyState
          title="No environments have been collected yet"
          action={
            <Link component={RouterLink} to="/file-ingest">
              Go to File ingest
            </Link>
          }
        >
          Posture is kept per AD domain and Azure tenant. Upload collected files, and each analysis adds its figures here.
        </EmptyState>
      </>
    );
  }

  const failed = [...histories, trends].find((q) => q.isError);
  const pending = ready && [...histories, trends].some((q) => q.isPending);
  const updating = ready && [...histories, trends].some((q) => q.isPlaceholderData && q.isFetching);
  const rangeText = parsed.ok ? postureRangeLabel(parsed.range) : '';
  const zoneName = zone?.name ?? 'the zone';

  let body;
  if (picked.length === 0) {
    body = (
      <EmptyState title="No environment chosen">
        Choose one or more environments above: their figures are summed (counts) or averaged (shares).
      </EmptyState>
    );
  } else if (zone === null) {
    body = null;
  } else if (!parsed.ok || !timeWindow) {
    body = (
      <Alert severity="info" sx={{ mt: 2 }}>
        Correct the custom range above to show the posture.
      </Alert>
    );
  } else if (failed) {
    body = (
      <ErrorState
        error={failed.error}
        title="Could not load the posture"
        onRetry={() => {
          for (const q of [...histories, trends]) if (q.isError) void q.refetch();
        }}
      />
    );
  } else if (pending) {
    body = <LoadingState label="Loading the posture…" />;
  } else if (allEmpty) {
    body = (
      <EmptyState
        title="No posture history in this range"
        action={
          latestDay ? (
            <Button onClick={() => setRange(thirtyDaysUpTo(latestDay))}>
              Show the 30 days up to {formatDay(`${latestDay}T00:00:00Z`)}
            </Button>
          ) : undefined
        }
      >
        No analysis of {inWords(picked.map((d) => d.name))} falls in this range: {rangeText}.
        {latest.isSuccess &&
          !latestDay &&
          ` These environments have no posture history for ${zoneName} yet: each analysis adds a day.`}
        {latestDay && ` The newest figures are from ${formatDay(`${latestDay}T00:00:00Z`)}.`}
      </EmptyState>
    );
  } else {
    body = (
      <>
        {trends.data && <TrendsSummary trends={trends.data} zoneName={zoneName} />}
        <Stack spacing={2}>
          {POSTURE_FIGURES.map((figure, i) => (
            <FigureSection
              key={figure.type}
              title={withZone(figure.title, zoneName)}
              description={withZone(figure.description, zoneName)}
              unit={figure.unit}
              points={histories[i]!.data?.data ?? []}
              days={days}
              scale={scale}
              rangeText={rangeText}
            />
          ))}
        </Stack>
      </>
    );
  }

  return (
    <>
      {header}
      <Paper variant="outlined" component="section" aria-label="Filters" sx={{ p: 2, mb: 2 }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          useFlexGap
          sx={{ alignItems: { md: 'flex-start' }, flexWrap: 'wrap' }}
        >
          <EnvironmentPicker environments={environments} value={picked} onChange={setEnvironments} />
          <ZonePicker
            zones={sortedZones}
            value={zone?.id ?? null}
            onChange={setZone}
            error={unknownZone ? `Zone: no zone has the ID “${wantedZone}”. Choose one.` : undefined}
          />
          <ScalePicker value={scale} onChange={setScale} />
        </Stack>
        <Stack sx={{ mt: 2 }}>
          <PostureRangePicker key={rangeKey} parsed={parsed} onChange={setRange} />
        </Stack>
      </Paper>
      {unknownIds.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          No available environment has the ID {inWords(unknownIds.map((id) => `“${id}”`))}: it may have been cleared, or the link
          is mistyped. {picked.length > 0 ? 'The figures are of the others.' : 'Choose environments above.'}
        </Alert>
      )}
      {ready && parsed.ok && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
          {zoneName} in {inWords(picked.map((d) => d.name))}: {rangeText}, one figure per day (the day’s last analysis).
        </Typography>
      )}
      {updating && <LinearProgress aria-label="Updating the figures" sx={{ mb: 1 }} />}
      {body}
    </>
  );
}
