import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

export interface PickOption {
  value: string;
  label: string;
  /** A second line in the list (an e-mail address, the raw action name). */
  detail?: string;
}

/**
 * A filter that takes one of its choices only (the API matches values exactly, so a value that is not a
 * choice would match nothing): typed text narrows the list (by the choice's words or its detail), picking
 * a choice gives `onPick(option)`, and text confirmed (Enter, or leaving the field) that names a choice
 * exactly picks it; clearing gives `onPick(null)`. Text that names no choice is not sent: the field says
 * so, naming itself, and keeps what was typed. `shown` is what the URL holds now, as the field shows it.
 */
export function PickFilter({
  label,
  noun,
  options,
  shown,
  onPick,
  error,
  helperText,
  width = 220,
  loading = false,
}: {
  label: string;
  /** What one choice is ("action", "person"), for the message about text that names none. */
  noun: string;
  options: readonly PickOption[];
  shown: string;
  onPick: (picked: PickOption | null) => void;
  /** A message from the server about this filter. */
  error?: string;
  helperText?: string;
  width?: number;
  loading?: boolean;
}) {
  const [input, setInput] = useState(shown);
  const [seen, setSeen] = useState(shown);
  const [unmatched, setUnmatched] = useState<string | null>(null);
  if (seen !== shown) {
    // The URL changed (a pick, Back, Clear filters): show what it holds.
    setSeen(shown);
    setInput(shown);
    setUnmatched(null);
  }
  const message = unmatched ?? error;

  const commit = (text: string) => {
    const value = text.trim();
    if (value === shown) {
      setUnmatched(null);
      return;
    }
    if (value === '') {
      setUnmatched(null);
      onPick(null);
      return;
    }
    const want = value.toLowerCase();
    const exact = options.find((o) => o.value.toLowerCase() === want || o.label.toLowerCase() === want);
    if (exact) {
      setUnmatched(null);
      setInput(exact.label);
      onPick(exact);
      return;
    }
    const near = narrow(options, value).length;
    setUnmatched(
      `${label}: no ${noun} is called “${value}”. ` +
        (near > 0 ? `Pick one of the ${near} in the list that contain it.` : `Pick one from the list.`),
    );
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
        if (reason === 'clear') {
          setUnmatched(null);
          onPick(null);
        }
      }}
      onChange={(_, picked) => {
        if (picked === null) return;
        if (typeof picked === 'string') commit(picked);
        else {
          setUnmatched(null);
          setInput(picked.label);
          onPick(picked);
        }
      }}
      onBlur={() => commit(input)}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.label)}
      filterOptions={(all, { inputValue }) =>
        inputValue.trim().toLowerCase() === shown.toLowerCase() ? all : narrow(all, inputValue)
      }
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

/** The choices whose words or detail contain `text` (any case); all of them for no text. */
function narrow(options: readonly PickOption[], text: string): PickOption[] {
  const want = text.trim().toLowerCase();
  if (want === '') return [...options];
  return options.filter((o) => o.label.toLowerCase().includes(want) || (o.detail ?? o.value).toLowerCase().includes(want));
}
