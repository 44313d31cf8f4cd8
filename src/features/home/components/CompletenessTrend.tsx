/**
 * The completeness card's chart of 30 days up to the newest data-quality point. The home page loads it with React.lazy, so the chart
 * library never delays the home page (or joins its chunk): the card shows its figures first.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import type { AdDataQualityStat } from '@/api/schemas/data-quality';
import { formatDay } from '@/shared/format';

const pct = (share: number) => Math.round(share * 1000) / 10;

export default function CompletenessTrend({
  points,
  domainName,
}: {
  points: readonly (AdDataQualityStat & { day: string })[];
  domainName: string;
}) {
  const days = points.map((p) => new Date(`${p.day}T00:00:00Z`));
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
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          xAxis={[
            {
              scaleType: 'utc',
              data: days,
              tickNumber: 3,
              valueFormatter: (d: Date, ctx) => (ctx.location === 'tick' ? formatDay(d).replace(/ \d{4}$/, '') : formatDay(d)),
            },
          ]}
          yAxis={[{ min: 0, max: 100, tickNumber: 3, width: 48, valueFormatter: (v: number) => `${v}%` }]}
          series={[
            {
              id: 'sessions',
              label: 'Sessions collected',
              data: points.map((p) => pct(p.session_completeness)),
              showMark: false,
              valueFormatter: (v) => (v === null ? '—' : `${v.toFixed(1)}%`),
            },
            {
              id: 'local-admins',
              label: 'Local admins collected',
              data: points.map((p) => pct(p.local_group_completeness)),
              showMark: false,
              valueFormatter: (v) => (v === null ? '—' : `${v.toFixed(1)}%`),
            },
          ]}
        />
      </Box>
    </Box>
  );
}
