import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { formatCount } from '@/shared/count';
import { formatDateTime } from '@/shared/format';
import { plural } from '@/shared/words';
import { formatChange, trendRows, type TrendFinding } from '@/features/attack-paths/components/posture/posture-series';

export interface Trends {
  start: string;
  end: string;
  data: { findings: readonly TrendFinding[]; total_finding_count_start: number; total_finding_count_end: number };
}

/**
 * The findings over the window: the total at its start and end, and per finding type its counts, the new
 * and the remediated ones and its composite risk, most changed first.
 */
export function TrendsSummary({ trends, zoneName }: { trends: Trends; zoneName: string }) {
  const rows = useMemo(() => trendRows(trends.data.findings), [trends.data.findings]);
  const { total_finding_count_start: start, total_finding_count_end: end } = trends.data;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="posture-trends-title" sx={{ p: 2, mb: 2 }}>
      <Typography variant="h2" id="posture-trends-title" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
        Findings over the range
      </Typography>
      <Typography sx={{ mt: 0.5 }}>
        {plural(start, 'finding')} at the start ({formatDateTime(trends.start)}), {formatCount(end)} at the end (
        {formatDateTime(trends.end)}): {formatChange(end - start, 'count')}.
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          No finding into {zoneName} was found in this range.
        </Typography>
      ) : (
        // On a phone the table scrolls sideways (from the keyboard too) rather than squeezing the titles.
        <Box role="region" aria-label="Finding types" tabIndex={0} sx={{ overflowX: 'auto', mt: 1 }}>
          <Table size="small" sx={{ minWidth: 640 }}>
            <caption style={{ captionSide: 'top', textAlign: 'left', padding: '8px 16px' }}>
              Finding types, most changed first
            </caption>
            <TableHead>
              <TableRow>
                <TableCell scope="col">Finding type</TableCell>
                <TableCell scope="col" align="right">
                  At the start
                </TableCell>
                <TableCell scope="col" align="right">
                  At the end
                </TableCell>
                <TableCell scope="col" align="right">
                  New
                </TableCell>
                <TableCell scope="col" align="right">
                  Remediated
                </TableCell>
                <TableCell scope="col" align="right">
                  Composite risk
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((t) => (
                <TableRow key={t.finding}>
                  <TableCell component="th" scope="row">
                    {t.display_title}
                  </TableCell>
                  <TableCell align="right">{formatCount(t.finding_count_start)}</TableCell>
                  <TableCell align="right">{formatCount(t.finding_count_end)}</TableCell>
                  <TableCell align="right">{formatCount(t.finding_count_increase)}</TableCell>
                  <TableCell align="right">{formatCount(t.finding_count_decrease)}</TableCell>
                  <TableCell align="right">{t.composite_risk.toFixed(1)}%</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
