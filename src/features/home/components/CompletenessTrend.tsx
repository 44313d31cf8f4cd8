/**
 * The completeness card's chart of 30 days up to the newest data-quality point. The home page loads it with React.lazy, so the chart
 * library never delays the home page (or joins its chunk): the card shows its figures first.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { daysOf, pointsByDay, type TimeWindow } from '@/api/domains';
import type { AdDataQualityStat } from '@/api/schemas/data-quality';
import { formatDay } from '@/shared/format';
import { chartDay, DAY_AXIS_END_MARGIN, dayLabel, dayTicks } from '@/lib/chart-days';
import { completenessColor } from '@/lib/completeness';

const pct = (share: number) => Math.round(share * 1000) / 10;
const percentText = (v: number | null) => (v === null ? 'no analysis' : `${v.toFixed(1)}%`);

const SERIES = [
  { id: 'sessions', label: 'Sessions collected', value: (p: AdDataQualityStat) => pct(p.session_completeness) },
  { id: 'local-admins', label: 'Local admins collected', value: (p: AdDataQualityStat) => pct(p.local_group_completeness) },
] as const;

export default function CompletenessTrend({
  points,
  window,
  domainName,
}: {
  points: readonly (AdDataQualityStat & { day: string })[];
  /** The days drawn: a day without an analysis is a gap in the lines. */
  window: TimeWindow;
  domainName: string;
}) {
  const theme = useTheme();
  const palette = (theme.vars ?? theme).palette;
  const byDay = pointsByDay(points, window);
  const days = daysOf(window).map(chartDay);
  const span = `30 days to ${formatDay(days[days.length - 1] ?? new Date())}`;
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {domainName}, {span}
      </Typography>
      <Box
        role="img"
        aria-label={`Chart of sessions and local admins collected in ${domainName} over the ${span}; the numbers are on the Data quality page.`}
        sx={{ height: 180 }}
      >
        <LineChart
          skipAnimation
          slotProps={{ legend: { position: { vertical: 'top', horizontal: 'start' } } }}
          margin={{ top: 8, right: DAY_AXIS_END_MARGIN, bottom: 0, left: 0 }}
          xAxis={[{ scaleType: 'utc', data: days, tickInterval: dayTicks(days), valueFormatter: dayLabel }]}
          yAxis={[{ min: 0, max: 100, tickNumber: 3, width: 48, valueFormatter: (v: number) => `${v}%` }]}
          series={SERIES.map((s) => ({
            id: s.id,
            label: s.label,
            color: palette[completenessColor(s.label) ?? 'primary'].main,
            data: byDay.map((p) => (p ? s.value(p) : null)),
            connectNulls: false,
            // A day alone between gaps has no line to either side: its mark shows it.
            showMark: ({ index }: { index: number }) => byDay[index - 1] == null && byDay[index + 1] == null,
            valueFormatter: percentText,
          }))}
        />
      </Box>
    </Box>
  );
}
