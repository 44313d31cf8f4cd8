import { formatCount } from '@/shared/count';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { propertyLabel } from '@/lib/format-property';
import { compareText } from '@/shared/compare-text';

/** Every integer count the server returned, as a labelled number (a description list). */
export function CountsGrid({ counts }: { counts: Record<string, number> }) {
  const entries = Object.entries(counts).sort(([a], [b]) => compareText(propertyLabel(a), propertyLabel(b)));
  if (entries.length === 0) {
    return <Typography color="text.secondary">The server returned no counts for this node.</Typography>;
  }
  return (
    <Box
      component="dl"
      aria-label="Counts"
      sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}
    >
      {entries.map(([key, value]) => (
        <Paper key={key} variant="outlined" sx={{ p: 1.5 }}>
          <Typography component="dt" variant="body2" color="text.secondary" title={key}>
            {propertyLabel(key)}
          </Typography>
          <Typography component="dd" variant="h3" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
            {formatCount(value)}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
