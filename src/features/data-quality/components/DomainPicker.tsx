import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DomainSelector } from '@/api/schemas/data-quality';

/** The domain whose history is shown: chosen by name (the id under it), from the available AD domains. */
export function DomainPicker({
  domains,
  value,
  onChange,
  error,
}: {
  domains: readonly DomainSelector[];
  value: DomainSelector | null;
  onChange: (domain: DomainSelector) => void;
  error?: string;
}) {
  return (
    <Autocomplete
      options={domains}
      value={value}
      onChange={(_, d) => d && onChange(d)}
      disableClearable={value !== null}
      getOptionLabel={(d) => d.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(options, { inputValue }) => {
        const q = inputValue.trim().toLowerCase();
        return q ? options.filter((d) => d.name.toLowerCase().includes(q) || d.id.toLowerCase().includes(q)) : [...options];
      }}
      renderOption={(props, d) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            <Box sx={{ minWidth: 0 }}>
              <Typography>{d.name}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {d.id}
                {d.collected ? '' : ' · not collected'}
              </Typography>
            </Box>
          </li>
        );
      }}
      sx={{ minWidth: { sm: 320 }, flex: { sm: '1 1 320px' }, maxWidth: { sm: 480 } }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Domain"
          error={!!error}
          helperText={error ?? (value ? value.id : 'Type part of a name or an ID')}
        />
      )}
    />
  );
}
