import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@/components/visually-hidden';
import { formatProperty, propertyLabel } from '@/lib/format-property';

/** One property value: a date, a yes/no mark, chips for a list, JSON for an object, or text. */
export function PropertyValue({ name, value }: { name: string; value: unknown }) {
  const f = formatProperty(name, value);
  switch (f.kind) {
    case 'empty':
      return (
        <Typography component="span" color="text.secondary">
          —
          <Box component="span" sx={visuallyHidden}>
            none
          </Box>
        </Typography>
      );
    case 'never':
      return (
        <Typography component="span" color="text.secondary">
          Never
        </Typography>
      );
    case 'date':
      return (
        <Box component="time" dateTime={f.iso} title={f.iso} sx={{ whiteSpace: 'nowrap' }}>
          {f.text}
        </Box>
      );
    case 'boolean':
      return (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          {f.value ? (
            <CheckIcon fontSize="small" color="success" aria-hidden />
          ) : (
            <CloseIcon fontSize="small" color="disabled" aria-hidden />
          )}
          <span>{f.value ? 'Yes' : 'No'}</span>
        </Stack>
      );
    case 'list':
      return (
        <Stack
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 0.5 }}
          component="ul"
          aria-label={propertyLabel(name)}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {f.items.map((item, i) => (
            <li key={`${i}-${item}`}>
              <Chip size="small" label={item} sx={{ maxWidth: '100%' }} />
            </li>
          ))}
        </Stack>
      );
    case 'number':
      return <span>{f.text}</span>;
    case 'json':
      return (
        <Box
          component="pre"
          sx={{ m: 0, fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {f.text}
        </Box>
      );
    case 'text':
      return (
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {f.text}
        </Box>
      );
  }
}
