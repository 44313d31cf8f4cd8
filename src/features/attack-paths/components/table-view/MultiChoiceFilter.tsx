import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';

export interface MultiChoiceOption<V extends string | number> {
  value: V;
  label: string;
  /** A second line in the list (an environment's id). */
  detail?: string;
}

/**
 * A filter that takes several of its choices at once (the rows matching any of them): a list with a check
 * box per choice that stays open while picking, the choices picked shown as tags in the field (Backspace or a
 * tag's delete button takes one off), typed text narrowing the list. Nothing picked reads as `anyLabel`.
 * Each change is applied at once (`onChange` with every value picked, in the choices' order).
 */
export function MultiChoiceFilter<V extends string | number>({
  label,
  options,
  value,
  onChange,
  anyLabel = 'Any',
  width = 240,
  loading = false,
  error,
}: {
  label: string;
  options: readonly MultiChoiceOption<V>[];
  value: readonly V[];
  onChange: (values: V[]) => void;
  anyLabel?: string;
  width?: number;
  loading?: boolean;
  /** Why the choices could not be read (the field still shows what the URL holds). */
  error?: string;
}) {
  // What the URL holds, as choices; a value whose choice is not (yet) known shows as itself.
  const selected = useMemo(() => {
    const byValue = new Map(options.map((o) => [o.value, o]));
    return value.map((v) => byValue.get(v) ?? { value: v, label: String(v) });
  }, [options, value]);
  const order = useMemo(() => new Map(options.map((o, i) => [o.value, i])), [options]);

  return (
    <Autocomplete<MultiChoiceOption<V>, true, false, false>
      multiple
      disableCloseOnSelect
      options={options as MultiChoiceOption<V>[]}
      value={selected}
      loading={loading}
      isOptionEqualToValue={(o, v) => o.value === v.value}
      getOptionLabel={(o) => o.label}
      onChange={(_, picked) =>
        onChange(
          [...new Set(picked.map((o) => o.value))].sort(
            (a, b) => (order.get(a) ?? Number.MAX_SAFE_INTEGER) - (order.get(b) ?? Number.MAX_SAFE_INTEGER),
          ),
        )
      }
      filterOptions={(all, { inputValue }) => {
        const want = inputValue.trim().toLowerCase();
        if (want === '') return all;
        return all.filter((o) => o.label.toLowerCase().includes(want) || (o.detail ?? '').toLowerCase().includes(want));
      }}
      renderOption={({ key, ...props }, o, { selected: checked }) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1 }}>
          {checked ? (
            <CheckBoxIcon fontSize="small" color="primary" aria-hidden />
          ) : (
            <CheckBoxOutlineBlankIcon fontSize="small" aria-hidden />
          )}
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
      slotProps={{ chip: { size: 'small' } }}
      sx={{ width: { xs: '100%', sm: width } }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={label}
          placeholder={selected.length === 0 ? anyLabel : undefined}
          error={!!error}
          helperText={error}
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps?.inputLabel, shrink: true } }}
        />
      )}
    />
  );
}
