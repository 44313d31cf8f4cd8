import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COLLECTION_FLAG_LABELS, COLLECTION_FLAGS, type CollectionFlag } from '@/api/schemas/collection';

/** The collections (and the all-trusted-domains scope) that are switched on, as chips. */
export function CollectionFlagChips({ flags }: { flags: Record<CollectionFlag, boolean> }) {
  const on = COLLECTION_FLAGS.filter((f) => flags[f]);
  if (on.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        None
      </Typography>
    );
  }
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={0.5}
      sx={{ flexWrap: 'wrap' }}
      component="ul"
      aria-label="Collections"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {on.map((f) => (
        <li key={f}>
          <Chip size="small" variant="outlined" label={COLLECTION_FLAG_LABELS[f]} />
        </li>
      ))}
    </Stack>
  );
}
