import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { UNKNOWN_WORD, type ValueLabel } from '@/shared/value-labels';

const UNKNOWN_TITLE = 'A value this console does not know, shown as the server sent it';

/** The raw value in italics (as the pipeline shows a state it does not know) and "unknown" beside it. */
function Unknown({ label }: { label: ValueLabel }) {
  return (
    <Box component="span" title={UNKNOWN_TITLE} data-unknown-value="">
      <Box component="span" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
        <bdi>{label.value === '' ? '(empty)' : label.value}</bdi>
      </Box>{' '}
      <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.85em', whiteSpace: 'nowrap' }}>
        ({UNKNOWN_WORD})
      </Box>
    </Box>
  );
}

/**
 * A value from the server in words: the label of a known value, or for one this console does not know
 * the value as it came, in italics, with "(unknown)" beside it. `chip` shows it as a chip (its colour
 * for known values; an unknown one is always a plain outlined chip, so no colour suggests a meaning).
 */
export function KnownLabel({ label, chip }: { label: ValueLabel; chip?: Omit<ChipProps, 'label'> }) {
  if (chip) {
    return label.known ? (
      <Chip {...chip} label={label.label} />
    ) : (
      <Chip {...chip} color="default" variant="outlined" label={<Unknown label={label} />} />
    );
  }
  return label.known ? <>{label.label}</> : <Unknown label={label} />;
}
