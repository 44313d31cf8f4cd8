import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { filterValueProblem } from '@/components/table';

export interface PickOption {
  value: string;
  label: string;
  /** A second line in the list (an e-mail address, the raw action name). */
  detail?: string;
}

/**
 * A filter that offers choices and takes any text too: picking a choice gives `onPick(option)`; text
 * typed and confirmed (Enter, or leaving the field) gives `onPick(text)`; clearing gives `onPick(null)`.
 * `shown` is what the URL holds now, as the field shows it. A value the filter syntax cannot carry
 * (":") is refused with a message, and what was typed stays.
 */
export function PickFilter({
  label,
  options,
  shown,
  onPick,
  error,
  helperText,
  width = 220,
  loading = false,
}: {
  label: string;
  options: readonly PickOption[];
  shown: string;
  onPick: (picked: PickOption | string | null) => void;
  /** A message from the server about this filter. */
  error?: string;
  helperText?: string;
  width?: number;
  loading?: boolean;
}) {
  const [input, setInput] = useState(shown);
  const [seen, setSeen] = useState(shown);
  if (seen !== shown) {
    // The URL changed (a pick, Back, Clear filters): show what it holds.
    setSeen(shown);
    setInput(shown);
  }
  const problem = filterValueProblem(input);
  const message = problem ?? error;

  const commit = (text: string) => {
    const value = text.trim();
    if (value === shown || filterValueProblem(value)) return;
    const exact = options.find((o) => o.value === value || o.label.toLowerCase() === value.toLowerCase());
    onPick(value === '' ? null : (exact ?? value));
  };

  return (
    <Autocomplete<PickOption, false, false, true>
      freeSolo
      options={options as PickOption[]}
      loading={loading}
      value={null}
      inputValue={input}
      onInputChange={(_, text, reason) => {
        if (reason === 'reset') return;
        setInput(text);
        if (reason === 'clear') onPick(null);
      }}
      onChange={(_, picked) => {
        if (picked === null) return;
        if (typeof picked === 'string') commit(picked);
        else {
          setInput(picked.label);
          onPick(picked);
        }
      }}
      onBlur={() => commit(input)}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.label)}
      filterOptions={(all, { inputValue }) => {
        const want = inputValue.trim().toLowerCase();
        if (want === '' || want === shown.toLowerCase()) return all;
        return all.filter((o) => o.label.toLowerCase().includes(want) || (o.detail ?? o.value).toLowerCase().includes(want));
      }}
      renderOption={({ key, ...props }, o) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{o.label}</Typography>
            {o.detail && (
              <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {o.detail}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      sx={{ width: { xs: '100%', sm: width } }}
      renderInput={(params) => (
        <TextField {...params} size="small" label={label} error={!!message} helperText={message ?? helperText} />
      )}
    />
  );
}
