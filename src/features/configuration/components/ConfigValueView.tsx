import { formatCount } from '@/shared/count';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConfigValue } from '@/api/schemas/config';
import { durationText, fieldsFor, rruleText, type FieldSpec } from '@/features/configuration/config-form';

function FieldValue({ field, value }: { field: FieldSpec; value: unknown }) {
  if (field.type === 'boolean') {
    return (
      <Stack direction="row" spacing={0.5} component="span" sx={{ alignItems: 'center' }}>
        {value === true ? (
          <CheckIcon fontSize="small" color="success" aria-hidden />
        ) : (
          <CloseIcon fontSize="small" color="disabled" aria-hidden />
        )}
        <span>{value === true ? 'On' : 'Off'}</span>
      </Stack>
    );
  }
  const text = value === undefined || value === null ? '' : String(value);
  if (text === '')
    return (
      <Typography component="span" variant="inherit" color="text.secondary">
        Not set
      </Typography>
    );
  if (field.type === 'duration') {
    const words = durationText(text);
    // "P90D (90 days)" reads as one value: never split over lines.
    return (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        <Box component="code">{text}</Box>
        {words && <Typography component="span" variant="inherit" color="text.secondary">{` (${words})`}</Typography>}
      </Box>
    );
  }
  if (field.type === 'rrule') {
    const words = rruleText(text);
    return (
      <span>
        <Box component="code" sx={{ overflowWrap: 'anywhere' }}>
          {text}
        </Box>
        {words && <Typography component="span" variant="inherit" color="text.secondary">{` (${words})`}</Typography>}
      </span>
    );
  }
  if (field.type === 'int') return <span>{formatCount(Number(text))}</span>;
  return (
    <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Box>
  );
}

/** A parameter's value: its fields in words for the known keys, JSON otherwise. */
export function ConfigValueView({ paramKey, value, label }: { paramKey: string; value: ConfigValue; label: string }) {
  const fields = fieldsFor(paramKey, value);
  if (!fields) {
    return (
      <Box
        component="pre"
        aria-label={`${label} value as JSON`}
        sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontSize: 13, overflow: 'auto', maxHeight: 240 }}
      >
        {JSON.stringify(value, null, 2)}
      </Box>
    );
  }
  return (
    <Box
      component="dl"
      aria-label={`${label} value`}
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, max-content) 1fr' },
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      {fields.map((f) => (
        <Box key={f.name} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {f.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            <FieldValue field={f} value={value[f.name]} />
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
