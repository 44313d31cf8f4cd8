/**
 * The data-quality charts. The only module of this page that imports the chart library: the page loads it
 * with React.lazy, so its controls and the table view never wait for it, and no other page downloads it.
 */
import { formatCount } from '@/shared/count';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { daysOf, pointsByDay, type TimeWindow } from '@/api/domains';
import type { AdDataQualityStat } from '@/api/schemas/data-quality';
import { chartDay, DAY_AXIS_END_MARGIN, dayLabel, dayTicks } from '@/lib/chart-days';
import { completenessColor } from '@/lib/completeness';
import { METRIC_LABELS, metricValue, type ChartSpec } from '@/features/data-quality/series';

const count = (v: number | null) => (v === null ? 'no analysis' : formatCount(v));
const percent = (v: number | null) => (v === null ? 'no analysis' : `${v.toFixed(1)}%`);

export default function DataQualityCharts({
  specs,
  points,
  window,
}: {
  specs: readonly ChartSpec[];
  points: readonly (AdDataQualityStat & { day: string })[];
  /** The days drawn: a day without an analysis is a gap in the lines. */
  window: TimeWindow;
}) {
  const theme = useTheme();
  const palette = (theme.vars ?? theme).palette;
  const byDay = pointsByDay(points, window);
  const days = daysOf(window).map(chartDay);
  const ticks = dayTicks(days);
  let group = '';
  return (
    <Grid container spacing={2}>
      {specs.map((spec) => {
        const heading = spec.group.title !== group ? spec.group.title : null;
        group = spec.group.title;
        const isPercent = spec.group.unit === 'percent';
        const format = isPercent ? percent : count;
        return (
          // A chart of nothing but zeros is a sentence in a small card, not a chart's worth of space.
          <Grid key={spec.id} size={spec.allZero ? { xs: 12, sm: 6, lg: 3 } : { xs: 12, lg: 6 }}>
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby={`chart-${spec.id}`}
              sx={{ p: 2, height: spec.allZero ? undefined : '100%' }}
            >
              {heading && (
                <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.5 }}>
                  {heading}
                </Typography>
              )}
              <Typography variant="h3" id={`chart-${spec.id}`} sx={{ fontSize: '1rem', fontWeight: 600 }}>
                {spec.title}
                {isPercent ? ' (%)' : ''}
              </Typography>
              {spec.allZero ? (
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  None counted: 0 on every day of this range.
                </Typography>
              ) : (
                // One image to assistive technology, named by what it draws; the Table view has its numbers.
                <Box
                  role="img"
                  aria-label={`${spec.title} per day (a chart; the numbers are in the Table view)`}
                  sx={{ height: 260 }}
                >
                  <LineChart
                    skipAnimation
                    margin={{ right: DAY_AXIS_END_MARGIN }}
                    xAxis={[{ scaleType: 'utc', data: days, tickInterval: ticks, valueFormatter: dayLabel }]}
                    yAxis={[
                      isPercent
                        ? { min: 0, max: 100, valueFormatter: (v: number) => `${v}%`, width: 48 }
                        : { min: 0, valueFormatter: (v: number) => formatCount(v), width: 56 },
                    ]}
                    series={spec.metrics.map((m) => ({
                      id: m,
                      label: METRIC_LABELS[m],
                      color: isPercent ? palette[completenessColor(METRIC_LABELS[m]) ?? 'primary'].main : undefined,
                      data: byDay.map((p) => (p ? metricValue(p, m) : null)),
                      connectNulls: false,
                      // Marks on short ranges; on long ones only where a day alone between gaps has no line.
                      showMark: ({ index }: { index: number }) =>
                        days.length <= 31 || (byDay[index - 1] == null && byDay[index + 1] == null),
                      valueFormatter: format,
                    }))}
                    grid={{ horizontal: true }}
                    slotProps={{ legend: { position: { vertical: 'top', horizontal: 'start' } } }}
                  />
                </Box>
              )}
            </Paper>
          </Grid>
        );
      })}
    </Grid>
  );
}
