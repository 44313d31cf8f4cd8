import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useMemo } from 'react';
import { LoadingState } from '@/components/states';
import { formatDay } from '@/shared/format';
import { plural } from '@/shared/words';
import {
  figureRows,
  formatChange,
  formatValue,
  logScaleFor,
  rangeChange,
  type FigureUnit,
  type PosturePoint,
} from '@/features/attack-paths/components/posture/posture-series';

// The chart library loads with the charts only, after the page shows.
const PostureChart = lazy(() => import('@/features/attack-paths/components/posture/PostureChart'));

const dayOf = (day: string) => formatDay(`${day}T00:00:00Z`);

/** The change over the range in words: "From 75 on 4 Aug 2026 to 49 on 1 Nov 2026: −26 (−34.7%)". */
export function changeSentence(points: readonly PosturePoint[], unit: FigureUnit): string {
  const over = rangeChange(figureRows(points));
  if (!over) return 'No analysis in this range.';
  if (over.first.day === over.last.day) return `One day with an analysis: ${formatValue(over.last.value, unit)}.`;
  const relative =
    unit === 'count' && over.relative !== null && over.change !== 0
      ? ` (${over.relative > 0 ? '+' : '−'}${Math.abs(over.relative).toFixed(1)}%)`
      : '';
  return `From ${formatValue(over.first.value, unit)} on ${dayOf(over.first.day)} to ${formatValue(over.last.value, unit)} on ${dayOf(over.last.day)}: ${formatChange(over.change, unit)}${relative}.`;
}

/**
 * One posture figure: its heading and meaning, its chart, and beside it (below on narrow screens) the same
 * figures as a table with the change from day to day and over the range, the chart's text alternative.
 */
export function FigureSection({
  title,
  description,
  unit,
  points,
  days,
  scale,
  rangeText,
}: {
  title: string;
  description: string;
  unit: FigureUnit;
  points: readonly PosturePoint[];
  /** Every day of the window, oldest first. */
  days: readonly string[];
  scale: 'linear' | 'log';
  rangeText: string;
}) {
  const id = useId();
  const rows = useMemo(() => figureRows(points), [points]);
  const values = useMemo(() => {
    const byDay = new Map(rows.map((r) => [r.day, r.value]));
    return days.map((d) => byDay.get(d) ?? null);
  }, [rows, days]);
  const zeroDays = scale === 'log' ? logScaleFor(values).zeroDays : 0;
  const over = changeSentence(points, unit);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${id}-title`} sx={{ p: 2 }}>
      <Typography variant="h2" id={`${id}-title`} sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {description}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {over}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          No analysis of these environments falls in this range.
        </Typography>
      ) : (
        <Grid container spacing={2} sx={{ mt: 1 }}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <Suspense fallback={<LoadingState label="Loading the chart…" />}>
              <PostureChart title={title} unit={unit} days={days} values={values} scale={scale} />
            </Suspense>
            {zeroDays > 0 && (
              <Typography variant="caption" color="text.secondary" component="p">
                {plural(zeroDays, 'day')} at 0, which a logarithmic scale cannot draw: this chart uses a symmetric logarithmic
                scale, linear between 0 and 1.
              </Typography>
            )}
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Box
              role="region"
              aria-label={`${title}: figures`}
              tabIndex={0}
              sx={{ maxHeight: 280, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              <Table size="small" stickyHeader>
                <caption style={{ captionSide: 'top', textAlign: 'left', padding: '8px 16px' }}>
                  {title} per day, {rangeText}, newest first
                </caption>
                <TableHead>
                  <TableRow>
                    <TableCell scope="col">Date</TableCell>
                    <TableCell scope="col" align="right">
                      Value
                    </TableCell>
                    <TableCell scope="col" align="right">
                      Change
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {[...rows].reverse().map((r) => (
                    <TableRow key={r.day}>
                      <TableCell component="th" scope="row">
                        {dayOf(r.day)}
                      </TableCell>
                      <TableCell align="right">{formatValue(r.value, unit)}</TableCell>
                      <TableCell align="right">{r.change === null ? '—' : formatChange(r.change, unit)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter>
                  <TableRow>
                    <TableCell component="th" scope="row" colSpan={2} sx={{ color: 'text.primary' }}>
                      Change over the range
                    </TableCell>
                    <TableCell align="right" sx={{ color: 'text.primary' }}>
                      {formatChange(rangeChange(rows)!.change, unit)}
                    </TableCell>
                  </TableRow>
                </TableFooter>
              </Table>
            </Box>
          </Grid>
        </Grid>
      )}
    </Paper>
  );
}
