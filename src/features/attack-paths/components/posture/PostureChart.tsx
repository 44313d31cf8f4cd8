/**
 * One posture figure drawn over its days. The only module of the Posture page that imports the chart
 * library: the page loads it with React.lazy, so the filters, the summary and the tables never wait for it.
 */
import Box from '@mui/material/Box';
import { LineChart } from '@mui/x-charts/LineChart';
import { chartDay, DAY_AXIS_END_MARGIN, dayLabel, dayTicks } from '@/lib/chart-days';
import { formatCount } from '@/shared/count';
import { formatValue, logScaleFor, logTicks, type FigureUnit } from '@/features/attack-paths/components/posture/posture-series';

export default function PostureChart({
  title,
  unit,
  days,
  values,
  scale,
}: {
  title: string;
  unit: FigureUnit;
  /** Every day of the window (`YYYY-MM-DD`), oldest first. */
  days: readonly string[];
  /** The value of each day, null where no analysis ran (a gap in the line). */
  values: readonly (number | null)[];
  scale: 'linear' | 'log';
}) {
  const x = days.map(chartDay);
  const log = scale === 'log' ? logScaleFor(values) : null;
  const tick = (v: number) => (unit === 'percent' ? `${v}%` : formatCount(v));
  const ticks = log ? logTicks(values, log) : [];
  const logAxis = { valueFormatter: tick, width: 56, tickInterval: ticks, min: ticks[0], max: ticks.at(-1) };
  const yAxis = log
    ? log.scaleType === 'log'
      ? { scaleType: 'log' as const, ...logAxis }
      : { scaleType: 'symlog' as const, constant: log.constant, ...logAxis }
    : { min: 0, valueFormatter: tick, width: 56 };
  return (
    // One image to assistive technology, named by what it draws; the table beside it has its numbers.
    <Box role="img" aria-label={`${title} per day (a chart; the table beside it holds the figures)`} sx={{ height: 240 }}>
      <LineChart
        skipAnimation
        hideLegend
        margin={{ right: DAY_AXIS_END_MARGIN }}
        xAxis={[{ scaleType: 'utc', data: x, tickInterval: dayTicks(x), valueFormatter: dayLabel }]}
        yAxis={[yAxis]}
        series={[
          {
            id: 'value',
            label: title,
            data: [...values],
            connectNulls: false,
            showMark: ({ index }: { index: number }) =>
              days.length <= 31 || (values[index - 1] == null && values[index + 1] == null),
            valueFormatter: (v: number | null) => (v === null ? 'no analysis' : formatValue(v, unit)),
          },
        ]}
        grid={{ horizontal: true }}
      />
    </Box>
  );
}
