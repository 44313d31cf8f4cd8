/**
 * The data-quality charts. The only module of this page that imports the chart library: the page loads it
 * with React.lazy, so its controls and the table view never wait for it, and no other page downloads it.
 */
import { formatCount, formatDay } from '@/shared/format';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import type { AdDataQualityStat } from '@/api/schemas/data-quality';
import { METRIC_LABELS, metricValue, type ChartSpec } from '@/features/data-quality/series';

const count = (v: number | null) => (v === null ? '—' : formatCount(v));
const percent = (v: number | null) => (v === null ? '—' : `${v.toFixed(1)}%`);

export default function DataQualityCharts({
  specs,
  points,
}: {
  specs: readonly ChartSpec[];
  points: readonly (AdDataQualityStat & { day: string })[];
}) {
  const days = points.map((p) => new Date(`${p.day}T00:00:00Z`));
  let group = '';
  return (
    <Grid container spacing={2}>
      {specs.map((spec) => {
        const heading = spec.group.title !== group ? spec.group.title : null;
        group = spec.group.title;
        const isPercent = spec.group.unit === 'percent';
        const format = isPercent ? percent : count;
        return (
          <Grid key={spec.id} size={{ xs: 12, lg: 6 }}>
            <Paper variant="outlined" component="section" aria-labelledby={`chart-${spec.id}`} sx={{ p: 2, height: '100%' }}>
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
                    xAxis={[
                      {
                        scaleType: 'utc',
                        data: days,
                        valueFormatter: (d: Date, ctx) =>
                          ctx.location === 'tick' ? formatDay(d).replace(/ \d{4}$/, '') : formatDay(d),
                      },
                    ]}
                    yAxis={[
                      isPercent
                        ? { min: 0, max: 100, valueFormatter: (v: number) => `${v}%`, width: 48 }
                        : { min: 0, valueFormatter: (v: number) => formatCount(v), width: 56 },
                    ]}
                    series={spec.metrics.map((m) => ({
                      id: m,
                      label: METRIC_LABELS[m],
                      data: points.map((p) => metricValue(p, m)),
                      showMark: points.length <= 31,
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
